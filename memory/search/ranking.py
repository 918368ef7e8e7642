"""Scoring pieces of hybrid search: hits, weights, filters, normalisation and decay."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import date, datetime
from typing import Any

from memory.records import Record, citation
from memory.search.chunking import Chunk

__all__ = [
    "KIND_WEIGHTS",
    "Hit",
    "SearchWeights",
    "decay",
    "minmax",
    "mmr_order",
    "passes",
    "to_hit",
]

KIND_WEIGHTS = {
    "pitfall": 1.15,
    "lesson": 1.1,
    "decision": 1.1,
    "preference": 1.05,
    "policy": 1.05,
    "convention": 1.05,
    "skill-activation": 0.8,
    # A summary repeats what a session asked ("asked: what is the Plex IP?"): it shares the
    # words of the next such question and must not rank above the fact that answers it.
    "session-summary": 0.7,
}


@dataclass(frozen=True, slots=True)
class Hit:
    citation: str
    path: str
    line_start: int
    line_end: int
    layer: str
    kind: str
    id: str | None
    date: str | None
    source: str | None
    project: str | None
    score: float
    text: str

    @classmethod
    def of_record(cls, record: Record, score: float = 1.0, day: str | None = None) -> Hit:
        """An entry read from its file, served as a hit (a listed day, a curated entry found
        by meaning): what citations and JSON are made of."""
        source = record.src.removeprefix("import:")
        return cls(
            record.citation, record.path, record.line_start, record.line_end, record.layer,
            record.kind, record.id, day, source, record.project, score, record.text,
        )  # fmt: skip

    @property
    def untrusted(self) -> bool:
        """From the web, a tool, another agent… (docs/contracts.md §2): text to show, never
        to follow."""
        from memory.trust import is_untrusted_source

        return is_untrusted_source(self.source)

    def to_json(self) -> dict[str, object]:
        return {
            "citation": self.citation,
            "path": self.path,
            "line_start": self.line_start,
            "line_end": self.line_end,
            "layer": self.layer,
            "kind": self.kind,
            "id": self.id,
            "date": self.date,
            "source": self.source,
            "project": self.project,
            "score": round(self.score, 4),
            "trust": "untrusted" if self.untrusted else None,
            "text": self.text,
        }


@dataclass(frozen=True, slots=True)
class SearchWeights:
    lexical: float = 0.45
    dense: float = 0.55
    candidates: int = 100
    half_life_days: float = 30.0
    decay_floor: float = 0.9
    context: float = 0.5  # share of the best adjacent daily-log entry's score an entry gets
    mmr: float = 0.0  # 0: off; else MMR's lambda (1 = relevance only, lower = more diverse)
    kind_weights: dict[str, float] = field(default_factory=lambda: dict(KIND_WEIGHTS))


def decay(chunk: Chunk, now: datetime, weights: SearchWeights) -> float:
    """Daily-log hits fade with age towards a floor; other layers are evergreen."""
    half_life = weights.half_life_days
    if chunk.layer != "daily" or not half_life or not chunk.date:
        return 1.0
    age = max(0.0, (now.date() - date.fromisoformat(chunk.date)).days)
    floor = weights.decay_floor
    return floor + (1.0 - floor) * math.pow(0.5, age / half_life)


def passes(
    chunk: Chunk,
    project: str | None,
    kinds: Sequence[str] | None,
    since: date | None,
    until: date | None,
    tags: Sequence[str] | None,
) -> bool:
    if project is not None and chunk.project != project:
        return False
    if kinds and chunk.kind not in kinds:
        return False
    if (since or until) and chunk.date is None:
        return False
    if since and chunk.date and date.fromisoformat(chunk.date) < since:
        return False
    if until and chunk.date and date.fromisoformat(chunk.date) > until:
        return False
    if tags and not set(tags) & set(filter(None, chunk.tags.split(","))):
        return False
    return True


def minmax(values: list[float]) -> list[float]:
    low, high = min(values), max(values)
    if high - low < 1e-12:
        return [1.0 if high > 0 else 0.0 for _ in values]
    return [(v - low) / (high - low) for v in values]


def to_hit(chunk: Chunk, score: float) -> Hit:
    return Hit(
        citation=citation(chunk.path, chunk.line_start, chunk.line_end),
        path=chunk.path,
        line_start=chunk.line_start,
        line_end=chunk.line_end,
        layer=chunk.layer,
        kind=chunk.kind,
        id=chunk.entry_id,
        date=chunk.date,
        source=chunk.source,
        project=chunk.project,
        score=score,
        text=chunk.text,
    )


def mmr_order(scores: list[float], vectors: list[Any], k: int, lam: float) -> list[int]:
    """Maximal marginal relevance: indices of ``k`` items, each chosen for its score minus
    its similarity to what was already chosen (``lam`` weighs relevance)."""
    import numpy as np

    if not scores:
        return []
    top = max(scores) or 1.0
    rel = [score / top for score in scores]
    matrix = np.stack(vectors)
    chosen: list[int] = []
    left = list(range(len(scores)))
    while left and len(chosen) < k:

        def gain(i: int) -> float:
            if not chosen:
                return rel[i]
            overlap = float(np.max(matrix[chosen] @ matrix[i]))
            return lam * rel[i] - (1.0 - lam) * overlap

        best = max(left, key=gain)
        chosen.append(best)
        left.remove(best)
    return chosen
