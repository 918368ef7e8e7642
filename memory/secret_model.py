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
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

import numpy as np

from memory.hashed_features import best_probability, hashed_indexes
from memory.secret_shapes import could_be_value as _could_be_value
from memory.secret_shapes import fold_word as _fold
from memory.secret_shapes import value_features as _value_features

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
    return hashed_indexes(names, DIMENSIONS)


@lru_cache(maxsize=1)
def _weights() -> np.ndarray:
    weights: np.ndarray = np.load(WEIGHTS).astype(np.float64)
    return weights


def model_score(text: str) -> float:
    """The highest probability, over the text's candidate values, that one is a secret."""
    return best_probability((c.features for c in candidates(text)), _weights(), DIMENSIONS)
