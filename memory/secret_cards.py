"""A payment card's security code said on its own: "cvv on the company amex is 9324".

The card number has its own check (Luhn, issuer lengths, ``memory/secret_formats.py``). The
three or four digits printed on the card (CVV, CVC, CSC, "cryptogramme", "Prüfnummer",
"código de seguridad", …) are a secret even without the number. A code word of the six
languages, then a number of three or four digits in the same clause, standing alone (not a
price, a time or one group of a longer number) and not after a word that makes it a count,
a year or an error ("the CVV check failed 3 times", "error 403").
"""

from __future__ import annotations

import re

from memory.secret_codes import stands_alone
from memory.secret_vocab import LazyPattern, pattern

__all__ = ["find_card_code", "find_gift_code"]

_CARD_WORDS = LazyPattern(lambda: rf"(?i)(?<!\w)(?:{pattern('card_code')})(?!\w)")
# Words that name a security code only on a card: the card must be named too.
_GENERIC_WORDS = LazyPattern(lambda: rf"(?i)(?<!\w)(?:{pattern('card_generic')})(?!\w)")
_CARD = LazyPattern(lambda: rf"(?i)(?<!\w)(?:{pattern('card')})(?!\w)")
# A number near the word that is not the code: an error, a count, a length, a year.
_NOT = re.compile(
    r"(?i)(?<!\w)(?:error|erro|errore|erreur|fehler|http|status|times|veces|fois|mal|volte|vezes|"
    r"digits?|d[íi]gitos|chiffres|stellen|cifre|characters|caracteres|zeichen|caract[èe]res|"
    r"caratteri|since|desde|seit|depuis|dal|in|en|im|em|sms|e-?mail)(?!\w)"
)
# After the number only a count's or an error's word says it is none ("899 in case the
# website asks again" is the code; "in 2019" before it is a year).
_NOT_AFTER = re.compile(
    r"(?i)^(?:error|erro|errore|erreur|fehler|times|veces|fois|mal|volte|vezes|digits?|"
    r"d[íi]gitos|chiffres|stellen|cifre|characters|caracteres|zeichen|caract[èe]res|caratteri)$"
)
_NUMBER = re.compile(r"(?<![\w.,/:+-])\d{3,4}(?![\w/:-]|[.,]\d)")
_CLAUSE_END = re.compile(r"(?<!\d)[.!?](?:\s|$)|;|\n")
_VALUE_FIRST = re.compile(
    r"(?i)(?<![\w.,/:+-])\d{3,4}\s+(?:is|es|ist|est|c'est|é|è|era)\s+(?:\S+\s+){0,2}$"
)


def _next_word(text: str, end: int) -> str:
    words = text[end : end + 30].split(None, 1)
    return words[0] if words else ""


# The code described, not named: "the three numbers on the back of the Visa", "os 3 números
# atrás do cartão", "die drei Ziffern auf der Rückseite der Karte".
# "el código de atrás de la tarjeta", "the code on the back of the card".
_ON_THE_BACK = re.compile(
    r"(?i)(?<!\w)(?:(?:3|4|three|four|tres|cuatro|tr[êe]s|quatro|drei|vier|trois|quatre|tre|"
    r"quattro)\s+(?:\w+\s+)?(?:digits?|numbers?|n[úu]meros|d[íi]gitos|ziffern|zahlen|chiffres|"
    r"numeri|cifre|cifras|algarismos)|codes?|c[óo]digos?|codici|codice|code)(?!\w)[^.\n]{0,30}?"
    r"(?<!\w)(?:back|reverse|atr[áa]s|detr[áa]s|dorso|reverso|verso|dos|r[üu]ckseite|hinten|"
    r"retro|dietro)(?!\w)"
)


def find_card_code(text: str) -> bool:
    """Whether ``text`` gives a card security code."""
    card = _CARD.search(text) is not None  # the code is described or named generically
    for words in (_CARD_WORDS, _GENERIC_WORDS, _ON_THE_BACK) if card else (_CARD_WORDS,):
        for m in words.finditer(text):
            end = _CLAUSE_END.search(text, m.end(), m.end() + 81)  # within the 80 read
            stop = min(end.start() if end else len(text), m.end() + 80)
            for number in _NUMBER.finditer(text, m.end(), stop):
                # the two words before the number and the one after: "acaba en 8856 es 681"
                # is the card's last digits, then its code
                before = " ".join(text[m.end() : number.start()].split()[-2:])
                after = _next_word(text, number.end()).strip(".,;:!?()")
                if (
                    not _NOT.search(before)
                    and not _NOT_AFTER.match(after)
                    and stands_alone(text, number.start(), number.end())
                ):
                    return True
            if _VALUE_FIRST.search(text[max(0, m.start() - 40) : m.start()]):
                return True
    return False


# A gift card's code: what redeems it is money. A gift card's word, then within the clause a
# code of dash-joined groups with letters and digits ("claim code is 03DD-28WMD6-Q4GO",
# "tarjeta de regalo … código KWKG-8N07-GWIA-AVWT"); a promotion's code ("Gutscheincode
# SOMMER2024", "promo code SPRING10") is public.
_GIFT = re.compile(
    r"(?i)(?<!\w)(?:gift ?cards?|gift codes?|e-?gift|claim codes?|redemption codes?|"
    r"redeem codes?|tarjetas? (?:de )?regalo|c[óo]digos? de (?:canje|regalo)|cheques? regalo|"
    r"cartes?[ -]cadeaux?|codes? cadeaux?|e-?carte cadeau|geschenkkarten?|geschenkcodes?|"
    r"einl[öo]secodes?|buoni? regalo|carte? regalo|gift ?card|codici? regalo|"
    r"cart[ãa]o[- ]presente|vale[- ]presente|c[óo]digo de resgate)(?!\w)"
)
_GIFT_CODE = re.compile(
    r"(?<![\w-])(?=[\w-]*\d)(?=[\w-]*[A-Za-z])[A-Za-z0-9]{3,7}(?:-[A-Za-z0-9]{3,7}){2,4}(?![\w-])"
)
# (or a number that names an order: "gift card order ORD-2024-88123")
_PROMO = re.compile(
    r"(?i)(?<!\w)(?:promo\w*|discount|descuento|rabatt|r[ée]duction|sconto|desconto|order|"
    r"pedido|tracking|invoice|factura|fattura|rechnung|commande|bestellung|ordine|encomenda|"
    r"ref\w*|number|n[úu]mero|nummer|num[ée]ro|numero|serial)(?!\w)"
)


def find_gift_code(text: str) -> bool:
    """Whether ``text`` gives a gift card's code."""
    for m in _GIFT.finditer(text):
        end = _CLAUSE_END.search(text, m.end(), m.end() + 121)
        clause = text[m.end() : end.start() if end else m.end() + 120]
        code = _GIFT_CODE.search(clause)
        said = (
            text[max(0, m.start() - 40) : m.start()] + " " + clause[: code.start()] if code else ""
        )
        if code is not None and not _PROMO.search(said):
            return True
    return False
