"""A learned second opinion: a value that looks like a credential, bound to a key word near it.

Every token that could be a value (a digit, a symbol between letters, mixed case), and every
run of digit groups said apart ("73 57", "6927 0215"), with a word of the credential
vocabulary (memory/secret_vocab.py) or an account's word (account, admin, e-mail, cuenta,
correo, Konto, compte, conta, …) within a dozen words is described as a pair: the key word's
family (password, code, network, token, what a code opens, an account), its side and
distance, the words and marks between them (':', '→', "is", quotes, a line break), the value's
shape (length, character classes, digits only, entropy), the words right around it, and
whether the text names a price, a time, an id or a public value. Logistic regression over
hashed features (``memory/data/secret_pairs.npy``, fitted by ``scripts/train_secret_pairs.py``
on every labelled set); a text's score is its best pair's.

It reads how a value is bound to an account, a device or a lock, not a list of phrasings, so
it catches phrasings the rules were never written for. The guard asks it only about the texts
the prefilter keeps and the rules pass, and refuses at a threshold chosen leaving each writer
out (``THRESHOLD``). Inference is numpy only.
"""

from __future__ import annotations

import bisect
import math
import re
from collections import Counter
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING

from memory.hashed_features import best_probability, hashed_indexes
from memory.secret_codes import AMOUNT_WORD, NOT_CODE_CONTEXT, number_label
from memory.secret_context import BETWEEN_WORDS, LABEL_NOT, PUBLIC, THING_WORDS, TYPED
from memory.secret_formats import chat_messages, mask_public_material
from memory.secret_shapes import could_be_value, fold_word, random_letters, value_features
from memory.secret_spoken import spoken_as_digits
from memory.secret_vocab import (
    TABLES,
    LazyPattern,
    fold,
    pattern,
    word_pattern,
)

if TYPE_CHECKING:
    import numpy as np

__all__ = [
    "DIMENSIONS",
    "THRESHOLD",
    "WEIGHTS",
    "Pair",
    "guard_views",
    "pair_features",
    "pair_score",
    "pairs",
]

DIMENSIONS = 1 << 15
WEIGHTS = Path(__file__).resolve().parent / "data" / "secret_pairs.npy"
# A text whose best pair scores this much is refused (see docs/benchmarks.md: false refusals
# stay at or under 0.011 on every writer's set left out of the fit, and hand-written
# look-alikes of prices, hours and versions stay under it).
THRESHOLD = 0.85
_WINDOW = 12
_TOKEN = re.compile(r"\S+")
# What stands for a value, not a value: "${DB_PASSWORD}", "%APPDATA%", "{{ secret }}", "<token>".
# A file ("MEMORY.md#L14", "notes/wifi.txt"), a typed value ("json:0", "env:DB_PASS") or a
# numbered name ("turn-1", "step-12") or a path ("/admin/login2024") is no value either.
_REFERENCE = re.compile(
    # a fingerprint's or digest's prefix ("SHA256:km5y…"), a count's adjective ("40-polige",
    # "4-digit"), a mask ("LUCIA****"), a password manager's name ("1Password")
    r"(?i:^(?:sha\d{0,3}|md5):|^\d{1,3}-[^\W\d_]+$|\*\*\*|●|^1password|^keepass|^bitwarden)|"
    r"^(?:[$%<{]|~?/[\w.~-]+/|[a-z]{2,10}:(?!//)|[A-Z][A-Z0-9]*_[A-Z0-9_]+$|[a-z]+(?:-[a-z]+)*-\d{1,3}$)|(?i:^[\w./-]+\.(?:md|txt|pdf|docx?|xlsx?|csv|json|"
    r"ya?ml|py|js|ts|html?|png|jpe?g|zip|log|conf|cfg|ini|toml|sh|kdbx)(?:#\S*)?$)"
)
# Between a key word and a value: the value is a name, a port or a number of something else.
# More digits than any code: a tracking number, an account's or a parcel's.
_LONG_NUMBER = re.compile(r"\d{13,}")
_NAMED = word_pattern(
    "name, named, called, nombre, llamado, llamada, nome, chamado, chamada, nom, appelé, "
    "appelée, chiamato, chiamata, heißt, chama, chiama, llama, s'appelle, appelle, ssid, port, "
    "puerto, porta, porto, " + THING_WORDS
)
_ORDER = re.compile(
    r"(?i)^\W*(?:\w+\W+){0,2}(?:order|pedido|invoice|factura|fatura|tracking|commande|ordine|"
    r"encomenda|bestellung|rechnung|facture|fattura)(?!\w)"
)
_PHONE = word_pattern(
    "tel, tlf, tfno, phone, telephone, mobile, cell, móvil, celular, handy, telefon, teléfono, "
    "telefono, telefone, telemóvel, téléphone, portable, cellulare, fax, whatsapp"
)
# A registry's name right after a code's word: "codice AIC 099488275", "código SKU 4471",
# "code EAN …" name a thing (unless the name is a credential's: "code PIN", "código PUK").
_REGISTRY = re.compile(r"\s*(?P<name>[A-Z]{2,5})\s*:?\s*")
# A product's name written with capitals inside or a mark ("FRITZ!Box", "iPhone", "PlayStation").
_PRODUCT = re.compile(r"^[^\W\d_]+(?:[!+][^\W\d_]+|[a-z]+[A-Z][^\W\d_]*)$|^[a-z][A-Z]\w+$")
# "key: …" opening a line is a field's name (a store's key in metadata), not a key's value.
_LABEL_KEY = re.compile(r"(?i)(?<![^\n])keys?:")
_TRIM = "\"'`“”«»„‘’()[]{}<>,;.!?:"
# Every word of the credential vocabulary, folded: a registry's name that is one ("PIN",
# "PUK", "CVV", "WPA") is a credential's, not a thing's.
_CREDENTIAL_WORDS = frozenset(
    fold(word)
    for table in TABLES.values()
    for kind in table.values()
    for form in kind
    for word in form.strip("*").replace("-", " ").split()
)
_FAMILIES: dict[str, tuple[str, ...]] = {
    "pw": ("password", "passphrase", "code_word", "answer", "credentials", "login", "connection"),
    "pin": ("pin", "code", "combination", "card_code", "card_generic", "recovery", "totp"),
    "net": ("network", "wifi_key"),
    "tok": ("token", "seed", "vault"),
    "opens": ("entry", "container", "keybox", "padlock", "lock", "alarm", "device", "voicemail"),
}
# Getting in or typing, in any person: a value bound to the act ("use 509576 to get into the
# drone settings", "punch 51116# on the keypad", "on rentre en tapant 03977").
_ACT = (
    # (not "get into the habit of", "get in line", "get into trouble")
    r"(?:get(?:s|ting)?|got) in(?:to)?(?! (?:the )?(?:habit|line|shape|trouble|bed|touch))|"
    r"log(?:s|ged|ging)? ?(?:in|on)(?:to)?|"
    r"sign(?:s|ed|ing)? ?in(?:to)?|unlock\w*|punch(?:es|ed)?|type[sd]?|typing|key(?:s|ed)? in|"
    r"entr(?:ar|a|as|o|e|es|en|an|á|ás|ad)|acced\w*|desbloque\w*|teclea\w*|marcar|marcas|"
    # dialling, not a reading or a brand: "se marca *2498", "marca-se o 1696", not "la sonda
    # marca 3 grados", "la marca es 2024"
    r"se marca|marca(?=-se)|"
    r"einlogg\w*|anmeld\w*|entsperr\w*|eintipp\w*|tipp(?:e|en|st|t)|"
    r"entr(?:er|ez|ons)|rentr\w*|d[ée]verrouill\w*|tap(?:e|es|er|ez|ant)|"
    # typing digits, not "digital" or "digitize"
    r"entrar[ae]?|accedere|accedi|sblocc\w*|digit(?!al|i[sz])\w*|"
    r"entrar|acessar|aceder|desbloquei\w*|"
    # setting a code: "le puse 967", "I set it to 4471", "j'ai mis 0815", "ho messo 2211"
    r"(?:le |lo |la )?pus(?:e|imos|o|ieron)|j'ai mis|ho messo|abbiamo messo|"
    r"coloquei|pusemos|eingestellt auf|gestellt auf|"
    # what an account or a lock still takes: "the old email still works with …", "locked with"
    r"works? with|worked with|funciona con|funciona com|funktioniert mit|marche avec|"
    r"fonctionne avec|funziona con|locked with|cerrad[oa] con|abgeschlossen mit"
)
_CUES = LazyPattern(
    lambda: (
        "(?i)"
        + "|".join(
            rf"(?P<{name}>(?<!\w){pattern(*kinds)}(?!\w))" for name, kinds in _FAMILIES.items()
        )
        + rf"|(?P<acct>(?<!\w){pattern('account')}(?!\w))"
        + rf"|(?P<act>(?<!\w)(?:{_ACT})(?!\w))"
    ),
)


@dataclass(frozen=True, slots=True)
class Pair:
    """A candidate value and the features of it with its nearest key words."""

    start: int
    end: int
    features: tuple[str, ...]


def _entropy(value: str) -> int:
    counts = Counter(value)
    n = len(value)
    bits = -sum(c / n * math.log2(c / n) for c in counts.values())
    return min(5, int(bits))


_SENTENCE_BREAK = re.compile(r"[.!?](?:\s|$)")


def _between(text: str) -> list[str]:
    out = []
    if ":" in text:
        out.append("sep::")
    if "=" in text:
        out.append("sep:=")
    if "→" in text or "->" in text:
        out.append("sep:arrow")
    if "\n" in text:
        out.append("sep:newline")
    if any(q in text for q in "\"'“”«»"):
        out.append("sep:quote")
    if _SENTENCE_BREAK.search(text):
        out.append("sep:sentence")  # the value is told in another sentence
    elif "," in text or ";" in text:
        out.append("sep:clause")  # in another clause of the same sentence
    words = [fold_word(w.strip(_TRIM)) for w in text.split()]
    words = [w for w in words if w]
    out.append(f"nwords:{min(len(words), 6)}")
    out += [f"btw:{w}" for w in words[:6]]
    return out


def _text_flags(text: str) -> list[str]:
    """What the whole text says about its numbers: an id, a price, a public value, a port."""
    out = []
    if NOT_CODE_CONTEXT.search(text):
        out.append("txt:not_code")
    if PUBLIC.search(text):
        out.append("txt:public")
    if BETWEEN_WORDS.search(text):
        out.append("txt:talk")
    return out


_TYPED = re.compile(rf"(?i)(?<!\w)(?:{TYPED})(?!\w)")


def _context(text: str, start: int, end: int, flags: list[str]) -> list[str]:
    before = text[max(0, start - 30) : start]
    out = list(flags)
    if LABEL_NOT.search(before):
        out.append("near:label")
    if _TYPED.search(text[max(0, start - 60) : start]):
        out.append("near:typed")
    two = [fold_word(w.strip(_TRIM)) for w in text[max(0, start - 60) : start].split()[-2:]]
    if len(two) == 2:
        out.append(f"l2:{two[0]}_{two[1]}")
    nxt = [fold_word(w.strip(_TRIM)) for w in text[end : end + 60].split()[:2]]
    if len(nxt) == 2:
        out.append(f"r2:{nxt[0]}_{nxt[1]}")
    return out


def pairs(text: str) -> list[Pair]:
    """Every candidate value with a key word within the window, with its pair features."""
    cues = [
        (m.start(), m.end(), m.lastgroup or "")
        for m in _CUES.finditer(text)
        if not _LABEL_KEY.match(text, m.start())
    ]
    if not cues and not (ALONE and _ALONE_HINT.search(text)):
        return []
    tokens = list(_TOKEN.finditer(text))
    starts = [t.start() for t in tokens]
    # the token each key word stands in (in order, as the key words are): a value reads only
    # the key words within the window, found by bisection
    cue_at = [max(0, bisect.bisect_right(starts, c_start) - 1) for c_start, _, _ in cues]
    flags = _text_flags(text)
    out: list[Pair] = []
    for i, start, end, value, groups in _values(tokens):
        if not could_be_value(value) or _REFERENCE.search(value) or _LONG_NUMBER.fullmatch(value):
            continue
        near: list[tuple[int, int, int, str]] = []  # (distance, cue start, cue end, family)
        first = bisect.bisect_left(cue_at, i - _WINDOW)
        last = bisect.bisect_right(cue_at, i + _WINDOW)
        for at, (c_start, c_end, family) in zip(cue_at[first:last], cues[first:last], strict=True):
            if c_start < end and start < c_end:
                continue  # the value is the key word itself
            distance = i - at if c_start < start else at - i
            if 0 <= abs(distance) <= _WINDOW:
                near.append((abs(distance), c_start, c_end, family))
        kind = _value_class(value, groups)
        if not near:
            if ALONE and kind in _ALONE_CLASSES and not _alone_not_a_value(text, start, end, value):
                out.append(Pair(start, end, _alone_features(text, start, end, value, kind, flags)))
            continue
        near.sort()
        dist, c_start, c_end, family = near[0]
        before = c_end <= start
        side = "L" if before else "R"
        feats = ["bias", *value_features(value), f"ent:{_entropy(value)}", f"v:{kind}"]
        feats += [f"cue:{family}:{side}:{min(dist, 6)}", f"cue:{family}", f"side:{side}"]
        feats += sorted({f"fam:{f}" for _, _, _, f in near})
        gap = text[c_end:start] if before else text[end:c_start]
        if _not_a_key(text, tokens, i, (start, end, value), (c_start, family, gap, before)):
            continue
        feats += _between(gap)
        left = text[max(0, start - 40) : start].split()[-1:]
        right = text[end : end + 40].split()[:1]
        feats += [f"l1:{fold_word(w.strip(_TRIM))}" for w in left]
        feats += [f"r1:{fold_word(w.strip(_TRIM))}" for w in right]
        if not right:
            feats.append("last")
        feats += _context(text, start, end, flags)
        out.append(Pair(start, end, tuple(feats)))
    return out


# A value with no key word near it is still read when its shape is a password's (a word and
# digits, digits inside letters, mixed case, a symbol): "mum's netflix … it's ginger2001",
# "NAS admin — orchid.thunder.87". The scorer weighs it by its shape and the words around it.
ALONE = True
_ALONE_CLASSES = frozenset({"word_digits", "mixed_digits", "mixed_case", "symbols"})
_ALONE_HINT = re.compile(r"[^\W\d_]\d|\d[^\W\d_]|[a-z][A-Z]|[^\W\d_][!#$%&*@+=?~.^_-][^\W_]")


def _alone_not_a_value(text: str, start: int, end: int, value: str) -> bool:
    if _VERSION.fullmatch(value) or _NAMED_VERSION.fullmatch(value):
        return True  # "Python3.11", "v2.1-Final"
    if _plain_quantity(text, start, end, value) or _MEANS.match(text, end):
        return True
    if _ORDER.search(text[end : end + 30]) or _NAMED.search(text[max(0, start - 20) : start]):
        return True
    if all(ch.isalpha() or ch in "'’-" for ch in value) and not random_letters(value):
        return True  # "mum's", "it's", "l'été", "e-mail": a word
    return "@" in value or "/" in value or value.count(".") >= 2 and value[-1:].isalpha()


def _alone_features(
    text: str, start: int, end: int, value: str, kind: str, flags: list[str]
) -> tuple[str, ...]:
    feats = ["bias", "cue:none", *value_features(value), f"ent:{_entropy(value)}", f"v:{kind}"]
    feats += [f"none:v:{kind}"]
    left = text[max(0, start - 40) : start].split()[-1:]
    right = text[end : end + 40].split()[:1]
    feats += [f"l1:{fold_word(w.strip(_TRIM))}" for w in left]
    feats += [f"r1:{fold_word(w.strip(_TRIM))}" for w in right]
    if left and left[0][-1:] in ":→-—=":
        feats.append("none:after_mark")
    if not right:
        feats.append("last")
    feats += _context(text, start, end, flags)
    return tuple(feats)


def _not_a_key(
    text: str,
    tokens: list[re.Match[str]],
    i: int,
    candidate: tuple[int, int, str],
    cue: tuple[int, str, str, bool],
) -> bool:
    """The candidate is a value, but not the key word's: a name, a port, a product's model,
    an order's number, a quantity, a price, an hour or a phone number."""
    start, end, value = candidate
    c_start, family, gap, before = cue
    word = _WORD_AT.match(text, c_start)
    cue_end = word.end() if word else c_start
    if before and _NAMED.search(gap):
        return True  # "port: 5432", "the product code is 4471": a value, not the key's
    if i and _THING.fullmatch(tokens[i - 1].group(0).strip(_TRIM)):
        return True  # "Tresor geliefert, Lieferschein 19447": another thing's number
    if family == "pin" and _names_a_thing(text, c_start, cue_end):
        return True  # "booking code", "código de reserva", "Artikelcode": a thing's code
    registry = _REGISTRY.fullmatch(gap) if before else None
    if registry and fold_word(registry.group("name")) not in _CREDENTIAL_WORDS:
        return True  # "codice AIC 099488275": a registry's number for a thing
    if family == "net" and _NAMED.search(text[max(0, c_start - 25) : c_start]):
        return True  # "il nome della rete wifi è Casa-5G": the network's name
    if value.isdigit() and i and _PRODUCT.search(tokens[i - 1].group(0)):
        return True  # "FRITZ!Box 7590", "iPhone 15": a product's model number
    if _ORDER.search(text[end : end + 30]):
        return True  # "645174 (para el pedido)": a number for an order
    if _VERSION.fullmatch(value):
        return True  # "policy v2.1-Final", "firmware 7.57": a version
    if _plain_quantity(text, start, end, value):
        return True  # "1299 €", "1714 days ago", "fattura n. 3319", "the alarm clock: 0645"
    if value.isdigit() and any(
        AMOUNT_WORD.match(w.strip(_TRIM)) for w in text[max(0, start - 30) : start].split()[-3:]
    ):
        return True  # "the gift card's balance is 1200": a sum
    if _phone_number(text, start, value):
        return True  # "Telefono del veterinario: 0575 547438": a phone number
    if _postcode(text, start, end, value):
        return True  # "livré au 12 rue Victor Hugo, 69002 Lyon": an address's postcode
    return _said_of_another(text, tokens, i, candidate, cue)


def _said_of_another(
    text: str,
    tokens: list[re.Match[str]],
    i: int,
    candidate: tuple[int, int, str],
    cue: tuple[int, str, str, bool],
) -> bool:
    """The candidate is a place's or a count's number, a year, a port, a figure typed into a
    sheet, what a code means, the thing a password is for, or part of a hint."""
    start, end, value = candidate
    c_start, _family, gap, before = cue
    if value.replace(" ", "").isdigit() and _numbered(text, start, clause=bool(_BREAK.search(gap))):
        return True  # "get into room 3108 via the side door", "acabada en 5115", "error code 4012"
    if before and _COUNT.search(gap):
        return True  # "token count for that prompt was 4096": a count
    if _INTO_DOCUMENT.match(text, end):
        return True  # "entra 1200 en la hoja": a figure typed into a sheet
    if _YEAR.fullmatch(value) and (
        len(gap.split()) > 2 or (gap.strip() and i and tokens[i - 1].group(0)[:1].isupper())
    ):
        return True  # "… de large, devis 2019", "an iPad Air 2022": a year, not the key's
    if _PORT_WORD.match(text, c_start) and NOT_CODE_CONTEXT.search(text):
        return True  # "accesso al NAS dalla rete locale, porta 5001": a network's port
    if before and _FOR.fullmatch(gap):
        return True  # "reset the password for Office365": what the password is for
    if _MEANS.match(text, end):
        return True  # "code 2500 on the boiler means low pressure": a code's meaning
    if before and _SAME.search(gap):
        return True  # "la clave … es la misma del Spotify pero con 2025 al final": a hint
    return False


_BREAK = re.compile(r"[,;]\s")
_WORD_AT = re.compile(r"\w*")
# A code's word's complement: "code de réservation", "código de área", "codice del prodotto".
_OF_THING = re.compile(
    r"(?i)\s+(?:of|for|de la|de|del|do|da|della|dello|di|du|des)\s+(?:the\s+|l['’])?"
)
_THING = word_pattern(THING_WORDS)


def _names_a_thing(text: str, c_start: int, c_end: int) -> bool:
    """A code's word that names a thing's code: a thing's word right before it ("booking
    code", "Flug-Code") or as its complement ("código de reserva", "code de l'article")."""
    before = text[max(0, c_start - 25) : c_start].split()[-1:]
    if before and _THING.fullmatch(before[0].strip(_TRIM).rstrip("-")):
        return True
    of = _OF_THING.match(text, c_end)
    if of is None:
        return False
    after = text[of.end() : of.end() + 30].split()[:1]
    return bool(after) and _THING.fullmatch(after[0].strip(_TRIM)) is not None


_IS = re.compile(r"(?i)is|es|ist|est|è|é|era|was|:")


def _numbered(text: str, start: int, *, clause: bool) -> bool:
    """The number a word right before it names ("room 3108"); after a clause's break, the
    subject of "is" too ("…, the room is 3108", not "the PIN on my office extension is …")."""
    words = text[max(0, start - 40) : start].split()
    subject = clause and len(words) >= 2 and _IS.fullmatch(words[-1]) is not None
    return (
        number_label(" ".join(words[-2:] if subject else words[-1:]))
        or number_label(" ".join(words[-3:]), explicit=True)
        or any(_ERROR.fullmatch(w.strip(_TRIM)) for w in words[-2:])
    )


_ERROR = word_pattern(
    "error, errors, erro, errore, erreur, fehler*, status, http, exit, return, ticket, case, caso"
)
_COUNT = word_pattern(
    "count, counts, limit, length, size, total, max, maximum, minimum, min, anzahl, länge, "
    "limite, longitud, tamaño, taille, longueur, lunghezza, dimensione, tamanho, comprimento, "
    "conteo, recuento, nombre de, numero di, número de"
)


_YEAR = re.compile(r"(?:19|20)\d\d")
_PORT_WORD = re.compile(r"(?i)(?:port|porta|porto|puerto)(?!\w)")
_NAMED_VERSION = re.compile(r"[^\W\d_]+\d+(?:\.\d+)+")
_FOR = re.compile(r"(?i)\s+(?:for|f[üu]rs?|pour|per|para)\s+")
# What a code means, said after it (up to four words between).
_MEANS = re.compile(
    r"(?i)(?:\s+\S+){0,4}?\s+(?:means?|meant|significa|significan|bedeutet|hei(?:ß|ss)t|signifie|"
    r"vuol dire|quer dizer|indicates?|indica)(?!\w)"
)


# Where a figure is typed that is no lock: a sheet, a cell, a form's field.
_INTO_DOCUMENT = re.compile(
    r"(?i)\s+(?:in|into|on|en|na|no|in|nel|nella|dans|sur|auf|im|in der|in die)\s+"
    r"(?:the\s+|la\s+|el\s+|le\s+|il\s+|a\s+|o\s+|die\s+|das\s+|den\s+)?"
    r"(?:sheet|spreadsheet|cell|column|row|form|field|box|hoja|planilla|celda|columna|fila|"
    r"casilla|formulario|campo|tabelle|zelle|spalte|zeile|formular|feld|feuille|cellule|"
    r"colonne|ligne|formulaire|champ|foglio|cella|colonna|riga|modulo|planilha|c[ée]lula|"
    r"coluna|linha|formul[áa]rio|calculator|calculadora|taschenrechner|rechner|calculatrice|"
    r"calcolatrice)(?!\w)"
)
# A value said to be another's, changed: a hint at a password, not the password.
_SAME = word_pattern(
    "same, misma, mismo, igual, gleiche, gleich, dasselbe, même, stessa, stesso, mesma, mesmo, "
    "like the, como la, como el, wie das, comme le, comme la, come la, come il"
)


# A group of one to four digits, the last of a run perhaps closing a clause.
_GROUP = re.compile(r"\d{1,4}[,.;]?")


def _values(tokens: list[re.Match[str]]) -> list[tuple[int, int, int, str, int]]:
    """(token index, start, end, value, digit groups) for every token, and for every run of
    digit groups said apart ("73 57", "0 6 5 1", "6927 0215") the run as one value."""
    out: list[tuple[int, int, int, str, int]] = []
    run: list[int] = []
    long_run: set[int] = set()
    for i, tok in enumerate([*tokens, None]):
        raw = tok.group(0) if tok is not None else ""
        if (
            tok is not None
            and _GROUP.fullmatch(raw)
            and not (run and tokens[run[-1]].group(0)[-1] in ",.;")
        ):
            run.append(i)
        else:
            if len(run) >= 2:
                digits = "".join(tokens[j].group(0).strip(_TRIM) for j in run)
                if 4 <= len(digits) <= 8:
                    value = " ".join(tokens[j].group(0).strip(_TRIM) for j in run)
                    first, last = tokens[run[0]], tokens[run[-1]]
                    out.append((run[0], first.start(), last.end(), value, len(run)))
                elif len(digits) > 8:  # a phone number or a card said in groups: no part is a code
                    long_run.update(run)
            run = [i] if tok is not None and _GROUP.fullmatch(raw) else []
        if tok is None:
            break
        value = raw.strip(_TRIM) if raw[-1:] not in "#*!?" else raw.lstrip(_TRIM)
        out.append((i, tok.start(), tok.end(), value, 1))
    return [value for value in out if value[0] not in long_run or value[4] > 1]


_STREET = word_pattern(
    "street, st, road, rd, avenue, ave, lane, drive, boulevard, calle, c/, avenida, av, avda, "
    "paseo, plaza, camino, carrer, rua, travessa, largo, praça, rue, avenue, bd, chemin, "
    "place, allée, via, viale, piazza, corso, vicolo, straße, str, weg, gasse, platz, allee"
)
_CITY_AFTER = re.compile(r"\s+[A-ZÀ-Ý][^\W\d_]+")


def _postcode(text: str, start: int, end: int, value: str) -> bool:
    """Four or five digits after a street's name and before a town's: a postcode."""
    if not (value.isdigit() and 4 <= len(value) <= 5) or not _CITY_AFTER.match(text, end):
        return False
    return _STREET.search(text, max(0, start - 50), start) is not None


# After a phone's word: up to three words, ':', then the number's groups so far.
_PHONE_GAP = re.compile(r"(?:\s+[^\s\d:]+){0,3}\s*:\s*[+\d\s().-]*|[+\d\s().-]*")


def _phone_number(text: str, start: int, value: str) -> bool:
    """A number after a phone's word: seven digits or more, or any part of the number a
    labelled phone's word gives ("teléfono del enólogo: +54 9 261 992-1014"), unless a key
    word names the phone's own code."""
    if any(ch.isalpha() for ch in value):
        return False
    said = list(_PHONE.finditer(text, max(0, start - 40), start))
    if not said or _CUES.search(text, max(0, said[-1].start() - 25), said[-1].start()):
        return False  # none, or a phone's code: "el pin del móvil: 4471", "PUK de la SIM"
    digits = sum(ch.isdigit() for ch in value)
    if digits >= 7 and digits == len(value.lstrip("+").replace(" ", "").replace("-", "")):
        return True
    return _PHONE_GAP.fullmatch(text, said[-1].end(), start) is not None


# A number's unit or currency after it, a currency or a number's mark before it, a clock's
# time: a quantity, a price, a numbered document or an hour, not a code.
_UNIT_AFTER = re.compile(
    r"(?i)\s*(?:€|eur|euros?|\$|£|usd|dollars?|pesos?|reais|francs?|chf|kr|"
    r"(?:days?|d[íi]as|jours?|giorni|tage?n?|weeks?|semanas?|semaines?|settimane|wochen|"
    r"months?|meses|mois|mesi|monate?n?|years?|años|anos|ans|anni|jahren?|hours?|horas?|"
    r"heures?|ore|stunden?|minutes?|minutos?|minuti|minuten|times|veces|vezes|fois|volte|mal|"
    r"people|personas|pessoas|personnes|persone|personen|kg|km|mb|gb|tb|ms|mm|cm|"
    r"(?-i:Go|Mo|To|Ko)|m|metres?|meters?|metros|m[èe]tres|metri|ft|feet|pies|inch(?:es)?|pulgadas|"
    r"pouces|zoll|pollici|polegadas|degrees|grados|grad|degr[ée]s|gradi|graus|°c?|w|v|mah|"
    r"ghz|mhz|hz)(?!\w))"
)
_VERSION = re.compile(r"(?i)v?\d{1,3}(?:\.\d{1,4}){1,3}(?:[-+][a-z]\w*)?")
_MARK_BEFORE = re.compile(r"(?i)(?:[€$£]|(?<!\w)(?:n|no|nr|núm|num)[.º°]|(?<!\w)n[º°])\s*$")
_CLOCK = re.compile(
    r"(?i)(?<!\w)(?:at|à|a las|às|as|alle|um|clock|réveil|reveil|despertador|sveglia|wecker|"
    r"from|de|desde|until|till|hasta|bis|jusqu'à|fino alle|até)\W*$"
)


_TOLD_HOUR = re.compile(
    r"(?i)(?<!\w)(?:at|à|a las|às|alle|um)\s+(?:[01]\d|2[0-3])[:.h]?[0-5]\d(?!\w)"
)


def _plain_quantity(text: str, start: int, end: int, value: str) -> bool:
    """A price, a count with its unit, a numbered document or a time of day."""
    if any(ch.isalpha() for ch in value) or not any(ch.isdigit() for ch in value):
        return False
    if _UNIT_AFTER.match(text, end) or _MARK_BEFORE.search(text, max(0, start - 6), start):
        return True
    clock = re.fullmatch(r"([01]\d|2[0-3])[:.h]?([0-5]\d)", value)
    if clock is None:
        return False
    if _CLOCK.search(text, max(0, start - 14), start):
        return True
    # Another hour told as one ("opens at 0730 and … to 1800"): a round hour is one too.
    return clock.group(2) in ("00", "15", "30", "45") and _TOLD_HOUR.search(text) is not None


def _value_class(value: str, groups: int) -> str:
    """A coarse class of the value's shape: digits by length, digit groups, a word with
    digits, mixed case."""
    if groups > 1:
        return "groups"
    digits = sum(ch.isdigit() for ch in value)
    letters = sum(ch.isalpha() for ch in value)
    if digits == len(value):
        return "d3" if digits <= 3 else "d4" if digits == 4 else "d6" if digits <= 6 else "d9"
    if digits and not letters:
        return "dsym"
    if letters >= 3 and digits:
        return "word_digits" if value[:3].isalpha() else "mixed_digits"
    if any(ch.isupper() for ch in value[1:]) and any(ch.islower() for ch in value):
        return "mixed_case"
    return "symbols"


def pair_features(names: tuple[str, ...]) -> np.ndarray:
    """Hashed indexes of feature names."""
    return hashed_indexes(names, DIMENSIONS)


@lru_cache(maxsize=1)
def _weights() -> np.ndarray:
    import numpy as np

    weights: np.ndarray = np.load(WEIGHTS).astype(np.float64)
    return weights


def pair_score(text: str) -> float:
    """The probability that ``text`` gives a credential's value (its best pair's)."""
    found = pairs(text)
    if not found:
        return 0.0
    return best_probability((p.features for p in found), _weights(), DIMENSIONS)


def guard_views(text: str) -> list[str]:
    """The texts the guard asks the scorer about: ``text`` with public material masked (a chat
    export also as its messages alone), and the same with digits said one at a time or spelt
    out written as the value ("… es cuatro cuatro ocho dos" read as 4482), as the rules read
    it."""
    masked = mask_public_material(text)
    views = [masked]
    messages = chat_messages(masked)
    if messages is not None:  # a chat export: also its messages alone, one a line
        views.append(messages)
    views += [said for view in views if (said := spoken_as_digits(view)) != view]
    return views
