"""Near-duplicate detection by meaning, for MEMORY.md and project notes (never daily logs).

Above ``confirm`` similarity a new statement confirms the existing entry; between
``similar`` and ``confirm`` it is written and reported as similar, so the writer can
supersede on purpose. A statement that differs from its neighbour in a number, a name, a
date or a negation is never confirmed away: "the NAS is at 10.0.0.5" vs "… 10.0.0.6" is an
update, reported as similar.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

import numpy as np

from memory.folding import fold

__all__ = [
    "DedupeResult",
    "Thresholds",
    "VectorCache",
    "content_words",
    "differs_in_specifics",
    "find_duplicates",
]

_NUMBER = re.compile(r"\d+(?:[.:/,-]\d+)*")
_NAME = re.compile(r"\b[A-Z][\w-]+")
_COMMON = frozenset(
    "the a an we i our my your every all never always please use keep it this that there "
    "these those our each no not".split()
)
_NEGATION = re.compile(
    r"\b(?:not|no|never|none|nobody|nothing|without|n't|cannot|can't)\b", re.IGNORECASE
)
_MONTH = re.compile(r"\b(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\b", re.IGNORECASE)


@dataclass(frozen=True, slots=True)
class Thresholds:
    """Calibrated for all-MiniLM-L6-v2 (benchmarks/dedupe_calibration.py)."""

    confirm: float = 0.82
    similar: float = 0.50


@dataclass(frozen=True, slots=True)
class DedupeResult:
    status: str  # "new", "confirm", "similar"
    match: str | None = None  # the id confirmed
    similar: tuple[str, ...] = ()
    score: float = 0.0


def _specifics(text: str) -> tuple[frozenset[str], frozenset[str], bool, frozenset[str]]:
    return (
        frozenset(_NUMBER.findall(text)),
        frozenset(n.lower() for n in _NAME.findall(text) if n.lower() not in _COMMON),
        bool(_NEGATION.search(text)),
        frozenset(m.lower()[:3] for m in _MONTH.findall(text)),
    )


def differs_in_specifics(a: str, b: str) -> bool:
    """True if the texts name different numbers or dates, differ in negation, or swap one
    name for another (a name only one side spells out, as "VM" for "virtual machine", is
    a paraphrase, not a swap)."""
    nums_a, names_a, neg_a, months_a = _specifics(a)
    nums_b, names_b, neg_b, months_b = _specifics(b)
    if nums_a != nums_b or neg_a != neg_b or months_a != months_b:
        return True
    return bool(names_a - names_b) and bool(names_b - names_a)


def find_duplicates(
    text: str,
    candidates: Sequence[tuple[str, str]],
    embedder: Any,
    thresholds: Thresholds | None = None,
    vectors: np.ndarray | None = None,
    query: np.ndarray | None = None,
) -> DedupeResult:
    """Compare ``text`` with ``(id, text)`` candidates (active entries of the target file).

    ``vectors`` are the candidates' embeddings and ``query`` the text's, when the caller
    has them already."""
    limits = thresholds or Thresholds()
    if not candidates:
        return DedupeResult("new")
    matrix = vectors if vectors is not None else embedder.embed([t for _, t in candidates])
    scores = matrix @ (query if query is not None else embedder.embed([text])[0])
    # Meaning alone is not enough: the English model puts any two Spanish sentences close
    # together ("Ana es la técnica…" ~ "Decidimos guardar las copias…"). A restatement or
    # an update shares at least one content word with what it restates.
    words = content_words(text)
    shares = np.array([bool(words & content_words(t)) for _, t in candidates])
    scores = np.where(shares, scores, -1.0)
    order = np.argsort(-scores)
    best = int(order[0])
    best_score = float(scores[best])
    similar = tuple(candidates[i][0] for i in order if float(scores[i]) >= limits.similar)
    if best_score >= limits.confirm and not differs_in_specifics(text, candidates[best][1]):
        return DedupeResult("confirm", candidates[best][0], similar, best_score)
    if similar:
        return DedupeResult("similar", None, similar[:5], best_score)
    return DedupeResult("new", score=best_score)


_WORD = re.compile(r"[a-z0-9ñ]+")
_STOP = frozenset(
    "the a an and or but of to in on at for from by with about as is are was were be been "
    "being it its this that these those there here we i you he she they them our my your his "
    "her their me us do does did done have has had will would can could should may might "
    "not no now then than so just also very too into over under after before again more "
    "el la los las lo un una unos unas y o pero de del al en con por para sobre como es son "
    "era fue ser esta este estos estas eso esa ese hay que se su sus mi mis tu tus nuestro "
    "nuestra le les me te nos ya muy tambien mas menos sin hoy ahora".split()
)


@lru_cache(maxsize=65_536)
def content_words(text: str) -> frozenset[str]:
    """The words that carry a statement's subject, folded (case, accents) and cut to five
    letters so "drive"/"drives" and "copia"/"copias" meet; English and Spanish stop words
    are left out."""
    return frozenset(w[:5] for w in _WORD.findall(fold(text)) if w not in _STOP and len(w) > 1)


class VectorCache:
    """Embeddings by text for one session: the same entries are compared again and again."""

    def __init__(self, embedder: Any) -> None:
        self.embedder = embedder
        self._vectors: dict[str, np.ndarray] = {}

    def get(self, texts: Sequence[str]) -> np.ndarray:
        missing = [t for t in dict.fromkeys(texts) if t not in self._vectors]
        if missing:
            for text, vector in zip(missing, self.embedder.embed(missing), strict=True):
                self._vectors[text] = vector
        if not texts:
            return np.zeros((0, self.embedder.identity.dimension), dtype=np.float32)
        return np.stack([self._vectors[t] for t in texts])
