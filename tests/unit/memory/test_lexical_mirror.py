"""The in-memory postings score exactly as FTS5 does and never hide a write."""

from __future__ import annotations

import random
import sqlite3
from pathlib import Path

import pytest

from memory.search.chunking import Chunk
from memory.search.lexical import LexicalIndex

WORDS = (
    "router nas backup restic zfs pool disk fan café cafe niño nino gel pcr sample "
    "freezer rack label kit buffer plate reader centrifuge pipette tips"
).split()


def _chunk(n: int, text: str, layer: str = "daily", archived: bool = False) -> Chunk:
    return Chunk(
        id=f"c{n}",
        text=text,
        embed_text=text,
        path=f"memory/2026-11-{1 + n % 28:02d}.md",
        line_start=n,
        line_end=n,
        layer=layer,
        kind="event",
        date="2026-11-01",
        project=None,
        entry_id=f"d-{n}",
        source=None,
        tags="",
        archived=archived,
        hash=f"h{n}-{len(text)}",
        seq=n,
    )


def _corpus(rng: random.Random, start: int, n: int) -> list[Chunk]:
    layers = ["daily", "memory", "project", "skill"]
    return [
        _chunk(
            i,
            " ".join(rng.choice(WORDS) for _ in range(rng.randint(1, 25))),
            layer=rng.choice(layers),
            archived=rng.random() < 0.1,
        )
        for i in range(start, start + n)
    ]


def _same(sql: list[tuple[str, float]], warm: list[tuple[str, float]]) -> None:
    """Equal scores, rank by rank, and the same ids once ties are set aside."""
    assert [round(s, 9) for _, s in sql] == [round(s, 9) for _, s in warm]
    by_score: dict[float, set[str]] = {}
    for chunk_id, score in sql:
        by_score.setdefault(round(score, 9), set()).add(chunk_id)
    cut = round(sql[-1][1], 9) if sql else None
    for chunk_id, score in warm:
        if round(score, 9) != cut:  # ties at the cut may pick either row
            assert chunk_id in by_score[round(score, 9)]


def _queries(rng: random.Random) -> list[tuple[str, list[str] | None, bool]]:
    out: list[tuple[str, list[str] | None, bool]] = []
    for _ in range(40):
        query = " ".join(rng.choice(WORDS) for _ in range(rng.randint(1, 4)))
        layers = rng.choice([None, ["daily"], ["daily", "project", "skill"], ["memory"]])
        out.append((query, layers, rng.random() < 0.3))
    return out


def test_in_memory_postings_score_like_fts5_through_writes(tmp_path: Path) -> None:
    rng = random.Random(7)
    path = tmp_path / "lexical.sqlite"
    cold = LexicalIndex(path, mirror_after=10**9)  # always SQL
    warm = LexicalIndex(path, mirror_after=0)  # in-memory postings from the first search
    other = LexicalIndex(path, mirror_after=10**9)  # another process
    warm.upsert(_corpus(rng, 0, 300))

    def check() -> None:
        for query, layers, archived in _queries(rng):
            _same(
                cold.search(query, 15, layers, archived), warm.search(query, 15, layers, archived)
            )

    check()
    assert warm._mirror is not None
    warm.upsert(_corpus(rng, 250, 100))  # own writes: 50 changed, 50 new
    warm.delete([f"c{i}" for i in range(0, 300, 7)])
    check()
    other.upsert(_corpus(rng, 1000, 80))  # another connection's write is seen
    other.delete([f"c{i}" for i in range(1, 300, 5)])
    check()
    assert warm.search("café", 5) == warm.search("cafe", 5)  # diacritics fold, as in FTS5
    for index in (cold, warm, other):
        index.close()


def test_a_failed_write_leaves_the_index_and_its_postings_as_they_were(tmp_path: Path) -> None:
    index = LexicalIndex(tmp_path / "lexical.sqlite", mirror_after=0)
    index.upsert([_chunk(1, "router fan"), _chunk(2, "router disk")])
    before = index.search("router", 5)
    with pytest.raises(sqlite3.IntegrityError):
        index.upsert([_chunk(3, "router pool"), _chunk(3, "router pool again")])  # one id twice
    assert index.count() == 2 and index.search("router", 5) == before
    assert index.search("pool", 5) == []
    index.close()
