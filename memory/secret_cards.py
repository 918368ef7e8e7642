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

__all__ = ["find_card_code"]

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
_ON_THE_BACK = re.compile(
    r"(?i)(?<!\w)(?:3|4|three|four|tres|cuatro|tr[êe]s|quatro|drei|vier|trois|quatre|tre|quattro)"
    r"\s+(?:\w+\s+)?(?:digits?|numbers?|n[úu]meros|d[íi]gitos|ziffern|zahlen|chiffres|numeri|"
    r"cifre|cifras|algarismos)(?!\w)[^.\n]{0,30}?(?<!\w)(?:back|reverse|atr[áa]s|detr[áa]s|"
    r"dorso|reverso|verso|dos|r[üu]ckseite|hinten|retro|dietro)(?!\w)"
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
                before = text[m.end() : number.start()].split()[-2:]
                around = " ".join(before) + " " + _next_word(text, number.end())
                if not _NOT.search(around) and stands_alone(text, number.start(), number.end()):
                    return True
            if _VALUE_FIRST.search(text[max(0, m.start() - 40) : m.start()]):
                return True
    return False
