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
from memory.secret_codes import AMOUNT_WORD, NOT_CODE_CONTEXT
from memory.secret_context import BETWEEN_WORDS, LABEL_NOT, PUBLIC, TYPED
from memory.secret_formats import mask_public_material
from memory.secret_shapes import could_be_value, fold_word, value_features
from memory.secret_spoken import spoken_as_digits
from memory.secret_vocab import LazyPattern, pattern

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
    r"^(?:[$%<{]|~?/[\w.~-]+/|[a-z]{2,10}:(?!//)|[A-Z][A-Z0-9]*_[A-Z0-9_]+$|[a-z]+(?:-[a-z]+)*-\d{1,3}$)|(?i:^[\w./-]+\.(?:md|txt|pdf|docx?|xlsx?|csv|json|"
    r"ya?ml|py|js|ts|html?|png|jpe?g|zip|log|conf|cfg|ini|toml|sh|kdbx)(?:#\S*)?$)"
)
# Between a key word and a value: the value is a name, a port or a number of something else.
_NAMED = re.compile(
    r"(?i)(?<!\w)(?:name|named|called|nombre|llamad[ao]|nome|chamad[ao]|nom|appel[ée]e?|"
    r"chiamat[ao]|hei(?:ß|ss)t|ssid|port|puerto|porta|porto|products?|producto|produto|"
    r"prodotto|produit|produkt|model|modelo|modell|serial|order|pedido)(?!\w)"
)
_ORDER = re.compile(
    r"(?i)^\W*(?:\w+\W+){0,2}(?:order|pedido|invoice|factura|fatura|tracking|commande|ordine|"
    r"encomenda|bestellung|rechnung|facture|fattura)(?!\w)"
)
_PHONE = re.compile(
    r"(?i)(?<!\w)(?:tel|tlf|tfno|phone|telephone|mobile|cell|móvil|movil|celular|handy|telefon|"
    r"teléfono|telefono|telefone|telem[óo]vel|téléphone|portable|cellulare|fax|whatsapp)(?!\w)"
)
# A product's name written with capitals inside or a mark ("FRITZ!Box", "iPhone", "PlayStation").
_PRODUCT = re.compile(r"^[^\W\d_]+(?:[!+][^\W\d_]+|[a-z]+[A-Z][^\W\d_]*)$|^[a-z][A-Z]\w+$")
# "key: …" opening a line is a field's name (a store's key in metadata), not a key's value.
_LABEL_KEY = re.compile(r"(?i)(?<![^\n])keys?:")
_TRIM = "\"'`“”«»„‘’()[]{}<>,;.!?:"
_FAMILIES: dict[str, tuple[str, ...]] = {
    "pw": ("password", "passphrase", "code_word", "answer", "credentials", "login", "connection"),
    "pin": ("pin", "code", "combination", "card_code", "card_generic", "recovery", "totp"),
    "net": ("network", "wifi_key"),
    "tok": ("token", "seed", "vault"),
    "opens": ("entry", "container", "keybox", "padlock", "lock", "alarm", "device", "voicemail"),
}
# Where a password is used, in the six languages: an account, an admin, a mail box.
_ACCOUNT = (
    r"accounts?|admin|administrator|e-?mail|mail|profile|cuentas?|correo|perfil|konto|"
    r"benutzerkonto|postfach|compte|courriel|messagerie|conta|perfil|profilo|posta"
)
# Getting in or typing, in any person: a value bound to the act ("use 509576 to get into the
# drone settings", "punch 51116# on the keypad", "on rentre en tapant 03977").
_ACT = (
    r"get(?:s|ting)? in(?:to)?|got in(?:to)?|log(?:s|ged|ging)? ?(?:in|on)(?:to)?|"
    r"sign(?:s|ed|ing)? ?in(?:to)?|unlock\w*|punch(?:es|ed)?|type[sd]?|typing|key(?:s|ed)? in|"
    r"entr(?:ar|a|as|o|e|es|en|an|á|ás|ad)|acced\w*|desbloque\w*|teclea\w*|marcar|marcas|"
    # dialling, not a reading or a brand: "se marca *2498", "marca-se o 1696", not "la sonda
    # marca 3 grados", "la marca es 2024"
    r"se marca|marca(?=-se)|"
    r"einlogg\w*|anmeld\w*|entsperr\w*|eintipp\w*|tipp(?:e|en|st|t)|"
    r"entr(?:er|ez|ons)|rentr\w*|d[ée]verrouill\w*|tap(?:e|es|er|ez|ant)|"
    # typing digits, not "digital" or "digitize"
    r"entrar[ae]?|accedere|accedi|sblocc\w*|digit(?!al|i[sz])\w*|"
    r"entrar|acessar|aceder|desbloquei\w*"
)
_CUES = LazyPattern(
    lambda: (
        "(?i)"
        + "|".join(
            rf"(?P<{name}>(?<!\w){pattern(*kinds)}(?!\w))" for name, kinds in _FAMILIES.items()
        )
        + rf"|(?P<acct>(?<!\w)(?:{_ACCOUNT})(?!\w))"
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
    if not cues:
        return []
    tokens = list(_TOKEN.finditer(text))
    starts = [t.start() for t in tokens]
    # the token each key word stands in (in order, as the key words are): a value reads only
    # the key words within the window, found by bisection
    cue_at = [max(0, bisect.bisect_right(starts, c_start) - 1) for c_start, _, _ in cues]
    flags = _text_flags(text)
    out: list[Pair] = []
    for i, start, end, value, groups in _values(tokens):
        if not could_be_value(value) or _REFERENCE.match(value):
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
        if not near:
            continue
        near.sort()
        dist, c_start, c_end, family = near[0]
        before = c_end <= start
        side = "L" if before else "R"
        kind = _value_class(value, groups)
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
    if before and _NAMED.search(gap):
        return True  # "port: 5432", "the product code is 4471": a value, not the key's
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
    return False


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
    r"people|personas|pessoas|personnes|persone|personen|kg|km|mb|gb|tb|ms|mm|cm)(?!\w))"
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
    """The texts the guard asks the scorer about: ``text`` with public material masked, and the
    same with digits said one at a time or spelt out written as the value ("… es cuatro cuatro
    ocho dos" read as 4482), as the rules read it."""
    masked = mask_public_material(text)
    spoken = spoken_as_digits(masked)
    return [masked] if spoken == masked else [masked, spoken]
