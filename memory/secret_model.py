"""A learned second opinion on secrets said in prose: logistic regression over a value's context.

Each token that could be a secret value (it holds a digit, a symbol between letters, or mixed
case) is described by its shape and by the words around it: the words themselves and their
character 4-grams, so a misspelt or inflected keyword ("pasword", "Kennwörter", "contrasena")
still shares most of its features with the word the model saw. Features are hashed into a
fixed number of weights (``memory/data/secret_model.npy``, fitted by
``scripts/train_secret_model.py``). A text's score is the highest of its tokens' scores.

Inference is numpy only and runs only on the texts the prefilter keeps.
"""

from __future__ import annotations

import re
import unicodedata
import zlib
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

import numpy as np

__all__ = ["Candidate", "candidates", "features", "model_score", "DIMENSIONS"]

DIMENSIONS = 1 << 16
WEIGHTS = Path(__file__).resolve().parent / "data" / "secret_model.npy"

_TOKEN = re.compile(r"\S+")
_TRIM = "\"'`“”«»„‘’()[]{}<>,;.!?:"
_LEFT, _RIGHT = 6, 4


@dataclass(frozen=True, slots=True)
class Candidate:
    """A token that could be a secret value: where it is and its features."""

    start: int
    end: int
    features: tuple[str, ...]


def _fold(word: str) -> str:
    decomposed = unicodedata.normalize("NFKD", word.lower())
    return "".join(ch for ch in decomposed if not unicodedata.combining(ch))


def _shape(value: str) -> str:
    out: list[str] = []
    for ch in value:
        cls = "a" if ch.islower() else "A" if ch.isupper() else "9" if ch.isdigit() else ch
        if not out or out[-1] != cls:
            out.append(cls)
    return "".join(out)[:10]


def _could_be_value(value: str) -> bool:
    if not 3 <= len(value) <= 64:
        return False
    digit = any(ch.isdigit() for ch in value)
    letters = [ch for ch in value if ch.isalpha()]
    symbol = any(not ch.isalnum() for ch in value)
    mixed = any(ch.isupper() for ch in letters[1:]) and any(ch.islower() for ch in letters)
    return digit or (bool(letters) and symbol) or mixed


def _value_features(value: str) -> list[str]:
    digits = sum(ch.isdigit() for ch in value)
    letters = sum(ch.isalpha() for ch in value)
    classes = "".join(
        flag
        for flag, present in (
            ("l", any(ch.islower() for ch in value)),
            ("u", any(ch.isupper() for ch in value)),
            ("d", digits > 0),
            ("s", any(not ch.isalnum() for ch in value)),
        )
        if present
    )
    size = next(b for b in (3, 4, 5, 6, 8, 10, 12, 16, 24, 32, 99) if len(value) <= b)
    out = [f"len:{size}", f"cls:{classes}", f"shape:{_shape(value)}", f"cls_len:{classes}{size}"]
    if value.isdigit():
        out.append(f"digits:{len(value)}")
        if re.fullmatch(r"(?:19|20)\d\d", value):
            out.append("year")
    if re.fullmatch(r"\d{1,2}(?:-\d{1,2}){2,}", value):
        out.append("dashed_digits")
    if value[-1] in "#*":
        out.append("keypad_mark")
    if re.fullmatch(r"[0-9a-f]{7,}", value) and letters:
        out.append("hex")
    if letters >= 4 and digits:
        out.append("word_and_digits")
    return out


def _context_features(words: list[str], side: str) -> list[str]:
    out: list[str] = []
    for n, word in enumerate(words):
        folded = _fold(word.strip(_TRIM))
        if not folded:
            continue
        out.append(f"{side}:{folded}")
        if n == (len(words) - 1 if side == "L" else 0):
            out.append(f"{side}1:{folded}")
        padded = f"<{folded}>"
        out += [f"{side}g:{padded[i : i + 4]}" for i in range(max(1, len(padded) - 3))]
        if any(ch.isdigit() for ch in word):
            out.append(f"{side}:has_digits")
    return out


def candidates(text: str) -> list[Candidate]:
    """Every token of ``text`` that could be a secret value, with its features."""
    tokens = list(_TOKEN.finditer(text))
    out: list[Candidate] = []
    for i, tok in enumerate(tokens):
        raw = tok.group(0)
        value = raw.strip(_TRIM) if raw[-1:] not in "#*!?" else raw.lstrip(_TRIM)
        if not _could_be_value(value):
            continue
        left = [t.group(0) for t in tokens[max(0, i - _LEFT) : i]]
        right = [t.group(0) for t in tokens[i + 1 : i + 1 + _RIGHT]]
        feats = ["bias", *_value_features(value)]
        feats += _context_features(left, "L") + _context_features(right, "R")
        if not left:
            feats.append("first")
        out.append(Candidate(tok.start(), tok.end(), tuple(feats)))
    return out


def features(names: tuple[str, ...]) -> np.ndarray:
    """Hashed indexes of feature names."""
    return np.fromiter(
        (zlib.crc32(name.encode("utf-8")) % DIMENSIONS for name in names), dtype=np.int64
    )


@lru_cache(maxsize=1)
def _weights() -> np.ndarray:
    weights: np.ndarray = np.load(WEIGHTS).astype(np.float64)
    return weights


def model_score(text: str) -> float:
    """The highest probability, over the text's candidate values, that one is a secret."""
    found = candidates(text)
    if not found:
        return 0.0
    weights = _weights()
    best = max(float(weights[features(c.features)].sum()) for c in found)
    return 1.0 / (1.0 + float(np.exp(-best)))
