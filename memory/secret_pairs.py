"""A learned second opinion: a value that looks like a credential, bound to a key word near it.

Every token that could be a value (a digit, a symbol between letters, mixed case) with a word
of the credential vocabulary (memory/secret_vocab.py) within a dozen words is described as a
pair: the key word's family (password, code, network, token, what a code opens), its side and
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
from memory.secret_codes import NOT_CODE_CONTEXT
from memory.secret_context import BETWEEN_WORDS, LABEL_NOT, PUBLIC, TYPED
from memory.secret_shapes import could_be_value, fold_word, value_features
from memory.secret_vocab import LazyPattern, pattern

if TYPE_CHECKING:
    import numpy as np

__all__ = ["DIMENSIONS", "THRESHOLD", "WEIGHTS", "Pair", "pair_features", "pair_score", "pairs"]

DIMENSIONS = 1 << 15
WEIGHTS = Path(__file__).resolve().parent / "data" / "secret_pairs.npy"
# A text whose best pair scores this much is refused (see docs/benchmarks.md: the threshold
# that kept false refusals at or under 0.02 on every writer's set left out of the fit).
THRESHOLD = 0.8
_WINDOW = 12
_TOKEN = re.compile(r"\S+")
# What stands for a value, not a value: "${DB_PASSWORD}", "%APPDATA%", "{{ secret }}", "<token>".
# A file ("MEMORY.md#L14", "notes/wifi.txt"), a typed value ("json:0", "env:DB_PASS") or a
# numbered name ("turn-1", "step-12") is no value either.
_REFERENCE = re.compile(
    r"^(?:[$%<{]|[a-z]{2,10}:(?!//)|[A-Z][A-Z0-9]*_[A-Z0-9_]+$|[a-z]+(?:-[a-z]+)*-\d{1,3}$)|(?i:^[\w./-]+\.(?:md|txt|pdf|docx?|xlsx?|csv|json|"
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
_CUES = LazyPattern(
    lambda: (
        "(?i)"
        + "|".join(
            rf"(?P<{name}>(?<!\w){pattern(*kinds)}(?!\w))" for name, kinds in _FAMILIES.items()
        )
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
    flags = _text_flags(text)
    out: list[Pair] = []
    for i, tok in enumerate(tokens):
        raw = tok.group(0)
        value = raw.strip(_TRIM) if raw[-1:] not in "#*!?" else raw.lstrip(_TRIM)
        if not could_be_value(value) or _REFERENCE.match(value):
            continue
        near: list[tuple[int, int, int, str]] = []  # (distance, cue start, cue end, family)
        for c_start, c_end, family in cues:
            if c_start < tok.end() and tok.start() < c_end:
                continue  # the value is the key word itself
            at = max(0, bisect.bisect_right(starts, c_start) - 1)
            distance = i - at if c_start < tok.start() else at - i
            if 0 <= abs(distance) <= _WINDOW:
                near.append((abs(distance), c_start, c_end, family))
        if not near:
            continue
        near.sort()
        dist, c_start, c_end, family = near[0]
        before = c_end <= tok.start()
        side = "L" if before else "R"
        feats = ["bias", *value_features(value), f"ent:{_entropy(value)}"]
        feats += [f"cue:{family}:{side}:{min(dist, 6)}", f"cue:{family}", f"side:{side}"]
        feats += sorted({f"fam:{f}" for _, _, _, f in near})
        gap = text[c_end : tok.start()] if before else text[tok.end() : c_start]
        if before and _NAMED.search(gap):
            continue  # "port: 5432", "the product code is 4471": a value, not the key's
        if family == "net" and _NAMED.search(text[max(0, c_start - 25) : c_start]):
            continue  # "il nome della rete wifi è Casa-5G": the network's name
        if value.isdigit() and i and _PRODUCT.search(tokens[i - 1].group(0)):
            continue  # "FRITZ!Box 7590", "iPhone 15": a product's model number
        if _ORDER.search(text[tok.end() : tok.end() + 30]):
            continue  # "645174 (para el pedido)": a number for an order
        feats += _between(gap)
        left = text[max(0, tok.start() - 40) : tok.start()].split()[-1:]
        right = text[tok.end() : tok.end() + 40].split()[:1]
        feats += [f"l1:{fold_word(w.strip(_TRIM))}" for w in left]
        feats += [f"r1:{fold_word(w.strip(_TRIM))}" for w in right]
        if not right:
            feats.append("last")
        feats += _context(text, tok.start(), tok.end(), flags)
        out.append(Pair(tok.start(), tok.end(), tuple(feats)))
    return out


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
