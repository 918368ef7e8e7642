"""The in-memory twin of ``LexicalIndex``: the same catalogue and the same BM25 scores as
SQLite FTS5, held in dictionaries. For tests and throw-away indexes; nothing persists."""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from memory.search.chunking import Chunk
from memory.search.lexical import Filters, terms

__all__ = ["InMemoryLexicalIndex"]

# FTS5's bm25() defaults
_K1 = 1.2
_B = 0.75


@dataclass(slots=True)
class _Row:
    rowid: int
    chunk: Chunk
    terms: Counter[str]
    length: int


def _passes(chunk: Chunk, filters: Filters | None) -> bool:
    if not filters:
        return True
    if filters.project and chunk.project != filters.project:
        return False
    if filters.kinds and chunk.kind not in filters.kinds:
        return False
    if filters.since and (chunk.date is None or chunk.date < filters.since):
        return False
    return not (filters.until and (chunk.date is None or chunk.date > filters.until))


class InMemoryLexicalIndex:
    def __init__(self) -> None:
        self._rows: dict[str, _Row] = {}
        self._meta: dict[str, str] = {}
        self._files: dict[str, tuple[int, int]] = {}
        self._pending: set[str] = set()
        self._next = 1
        self._writes = 0

    def close(self) -> None:
        pass

    def version(self) -> tuple[int, int]:
        return self._writes, 0

    # -- catalogue -------------------------------------------------------------------------
    def get_meta(self) -> dict[str, str]:
        return dict(self._meta)

    def set_meta(self, values: dict[str, str]) -> None:
        self._writes += 1
        self._meta.update(values)

    def file_stats(self) -> dict[str, tuple[int, int]]:
        return dict(self._files)

    def set_file_stats(self, stats: dict[str, tuple[int, int]], gone: Iterable[str]) -> None:
        self._writes += 1
        self._files.update(stats)
        for path in gone:
            self._files.pop(path, None)

    def hashes_for(self, paths: Sequence[str]) -> dict[str, str]:
        wanted = set(paths)
        return {i: r.chunk.hash for i, r in self._rows.items() if r.chunk.path in wanted}

    def all_hashes(self) -> dict[str, str]:
        return {i: r.chunk.hash for i, r in self._rows.items()}

    def count(self) -> int:
        return len(self._rows)

    def upsert(self, chunks: Sequence[Chunk]) -> None:
        self._writes += 1
        self.delete([c.id for c in chunks])
        for chunk in chunks:
            words = terms(chunk.lexical_text)
            self._rows[chunk.id] = _Row(self._next, chunk, Counter(words), len(words))
            self._next += 1

    def delete(self, ids: Sequence[str]) -> None:
        self._writes += 1
        for chunk_id in ids:
            self._rows.pop(chunk_id, None)
            self._pending.discard(chunk_id)

    # -- vectors still to compute -----------------------------------------------------------
    def mark_pending(self, ids: Sequence[str]) -> None:
        self._writes += 1
        self._pending.update(ids)

    def clear_pending(self, ids: Sequence[str]) -> None:
        self._writes += 1
        self._pending.difference_update(ids)

    def pending(self, limit: int | None = None) -> list[str]:
        ordered = sorted(self._pending)
        return ordered[: int(limit)] if limit else ordered

    def pending_count(self) -> int:
        return len(self._pending)

    def compact(self) -> None:
        pass  # nothing deleted lingers in a dictionary

    def reset(self) -> None:
        self._writes += 1
        self._rows.clear()
        self._meta.clear()
        self._files.clear()
        self._pending.clear()

    def chunks(self, ids: Sequence[str]) -> dict[str, Chunk]:
        return {i: self._rows[i].chunk for i in ids if i in self._rows}

    def ids_where(
        self, layers: Sequence[str], include_archived: bool, filters: Filters | None
    ) -> list[str]:
        return [
            i
            for i, r in self._rows.items()
            if r.chunk.layer in layers
            and (include_archived or not r.chunk.archived)
            and _passes(r.chunk, filters)
        ]

    def neighbours(self, chunks: Sequence[Chunk]) -> dict[str, Chunk]:
        wanted = {(c.path, c.seq + d) for c in chunks for d in (-1, 1)}
        return {i: r.chunk for i, r in self._rows.items() if (r.chunk.path, r.chunk.seq) in wanted}

    # -- search ----------------------------------------------------------------------------
    def search(
        self,
        query: str,
        k: int,
        layers: Sequence[str] | None = None,
        include_archived: bool = False,
        filters: Filters | None = None,
    ) -> list[tuple[str, float]]:
        words = sorted(set(terms(query)))
        if not words or not self._rows:
            return []
        # Like FTS5: document frequencies and the mean length cover the whole table.
        total = len(self._rows)
        mean = sum(r.length for r in self._rows.values()) / total
        idf: dict[str, float] = {}
        for word in words:
            n = sum(1 for r in self._rows.values() if word in r.terms)
            idf[word] = max(math.log((total - n + 0.5) / (n + 0.5)), 1e-6)
        scored: list[tuple[float, int, str]] = []
        for chunk_id, row in self._rows.items():
            chunk = row.chunk
            if not any(w in row.terms for w in words):
                continue
            if layers is not None and chunk.layer not in layers:
                continue
            if (chunk.archived and not include_archived) or not _passes(chunk, filters):
                continue
            norm = _K1 * (1 - _B + _B * row.length / mean) if mean else _K1
            score = sum(
                idf[w] * row.terms[w] * (_K1 + 1) / (row.terms[w] + norm)
                for w in words
                if w in row.terms
            )
            scored.append((-score, row.rowid, chunk_id))
        scored.sort()
        return [(chunk_id, -neg) for neg, _, chunk_id in scored[:k]]
