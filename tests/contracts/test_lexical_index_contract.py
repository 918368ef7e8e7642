"""Every lexical backend passes the same suite: SQLite FTS5 (answering from SQL, and from
its in-memory postings) and the in-memory twin."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from memory.search.chunking import Chunk
from memory.search.lexical import Filters, LexicalIndex, LexicalStore
from memory.search.lexical_memory import InMemoryLexicalIndex


@pytest.fixture(params=["sqlite", "sqlite-postings-in-memory", "memory"])
def index(request: pytest.FixtureRequest, tmp_path: Path) -> LexicalStore:
    if request.param.startswith("sqlite"):
        # The second: every search after writes answers from the in-memory postings.
        mirrored = request.param == "sqlite-postings-in-memory"
        store: LexicalStore = LexicalIndex(
            tmp_path / "lexical.sqlite", mirror_after=0 if mirrored else 10**9
        )
        request.addfinalizer(store.close)
        return store
    return InMemoryLexicalIndex()


def _chunk(
    cid: str,
    text: str,
    *,
    layer: str = "daily",
    path: str = "memory/2026-11-29.md",
    seq: int = 0,
    kind: str = "event",
    day: str | None = "2026-11-29",
    project: str | None = None,
    archived: bool = False,
) -> Chunk:
    return Chunk(
        id=cid,
        text=text,
        embed_text=text,
        path=path,
        line_start=seq + 1,
        line_end=seq + 1,
        layer=layer,
        kind=kind,
        date=day,
        project=project,
        entry_id=cid,
        source="user",
        tags="",
        archived=archived,
        hash=f"h-{cid}-{len(text)}",
        seq=seq,
    )


CHUNKS = [
    _chunk("a", "The NAS stores the nightly backups", seq=0),
    _chunk("b", "Restarted the Jellyfin container", seq=1),
    _chunk("c", "Backups of backups: the NAS mirrors the backups offsite", seq=2),
    _chunk(
        "d",
        "The staging database is wiped every night",
        layer="project",
        path="projects/site/NOTES.md",
        kind="pitfall",
        day=None,
        project="site",
    ),
    _chunk(
        "e",
        "Old backups went to tape",
        path="memory/archive/2024/2024-01-02.md",
        day="2024-01-02",
        archived=True,
    ),
]


def test_search_ranks_by_bm25_and_respects_k(index: LexicalStore) -> None:
    index.upsert(CHUNKS)
    hits = index.search("backups nas", 10)
    # "backups" is in most chunks, so "nas" decides; the shorter chunk wins; "e" is archived
    assert [i for i, _ in hits] == ["a", "c"]
    assert hits[0][1] > hits[1][1] > 0
    assert [i for i, _ in index.search("backups nas", 1)] == ["a"]
    assert [i for i, _ in index.search("jellyfin", 5)] == ["b"]
    assert index.search("the of a", 5) == []  # only stop words
    assert index.search("zebra", 5) == []


def test_both_backends_give_the_same_scores(tmp_path: Path) -> None:
    sqlite, memory = LexicalIndex(tmp_path / "x.sqlite"), InMemoryLexicalIndex()
    try:
        for store in (sqlite, memory):
            store.upsert(CHUNKS)
        for query in ("backups nas", "staging database night", "jellyfin backups"):
            want = sqlite.search(query, 10, include_archived=True)
            got = memory.search(query, 10, include_archived=True)
            assert [i for i, _ in got] == [i for i, _ in want]
            assert [s for _, s in got] == pytest.approx([s for _, s in want], rel=1e-6)
    finally:
        sqlite.close()


def test_filters_layers_and_archive(index: LexicalStore) -> None:
    index.upsert(CHUNKS)
    assert "e" in {i for i, _ in index.search("backups", 10, include_archived=True)}
    assert index.search("night", 10, layers=["daily"]) != []
    assert {i for i, _ in index.search("night", 10, layers=["project"])} == {"d"}
    assert {i for i, _ in index.search("night", 10, filters=Filters(kinds=("pitfall",)))} == {"d"}
    assert index.search("night", 10, filters=Filters(project="other")) == []
    since = Filters(since="2026-01-01")
    assert {i for i, _ in index.search("backups", 10, include_archived=True, filters=since)} == {
        "a",
        "c",
    }
    until = Filters(until="2025-01-01")
    assert {i for i, _ in index.search("backups", 10, include_archived=True, filters=until)} == {
        "e"
    }
    assert set(index.ids_where(["daily"], False, None)) == {"a", "b", "c"}
    assert set(index.ids_where(["daily"], True, None)) == {"a", "b", "c", "e"}
    assert index.ids_where(["project"], False, Filters(kinds=("pitfall",))) == ["d"]
    assert index.ids_where(["skill"], True, None) == []


def test_upsert_replaces_delete_removes(index: LexicalStore) -> None:
    index.upsert(CHUNKS)
    index.upsert([replace(CHUNKS[1], text="x", embed_text="Moved the zebra", hash="new")])
    assert index.count() == 5
    assert [i for i, _ in index.search("zebra", 5)] == ["b"]
    assert index.search("jellyfin", 5) == []
    assert index.chunks(["b", "zz"])["b"].hash == "new" and "zz" not in index.chunks(["zz"])
    index.delete(["b", "zz-unknown"])
    assert index.count() == 4 and index.search("zebra", 5) == []
    assert index.hashes_for(["projects/site/NOTES.md"]) == {"d": CHUNKS[3].hash}
    assert set(index.all_hashes()) == {"a", "c", "d", "e"}


def test_pending_vectors(index: LexicalStore) -> None:
    index.upsert(CHUNKS)
    index.mark_pending(["c", "a", "b", "a"])
    assert index.pending() == ["a", "b", "c"] and index.pending_count() == 3
    assert index.pending(limit=2) == ["a", "b"]
    index.clear_pending(["a"])
    index.delete(["b"])  # a deleted chunk has no vector to compute
    assert index.pending() == ["c"]
    index.upsert([CHUNKS[2]])  # re-indexed: the caller marks it again if needed
    assert index.pending() == []


def test_meta_file_stats_and_reset(index: LexicalStore) -> None:
    index.set_meta({"embedder": "hashing", "chunking": "5"})
    index.set_file_stats({"MEMORY.md": (1, 2), "memory/2026-11-29.md": (3, 4)}, gone=[])
    index.set_file_stats({"MEMORY.md": (5, 6)}, gone=["memory/2026-11-29.md"])
    assert index.get_meta() == {"embedder": "hashing", "chunking": "5"}
    assert index.file_stats() == {"MEMORY.md": (5, 6)}
    index.upsert(CHUNKS)
    index.mark_pending(["a"])
    index.compact()
    assert index.count() == 5
    index.reset()
    assert index.count() == 0 and index.pending_count() == 0
    assert index.get_meta() == {} and index.file_stats() == {}
    assert index.search("backups", 5, include_archived=True) == []


def test_neighbours_are_the_adjacent_chunks_of_the_same_file(index: LexicalStore) -> None:
    index.upsert(CHUNKS)
    assert set(index.neighbours([CHUNKS[1]])) == {"a", "c"}
    assert set(index.neighbours([CHUNKS[0]])) == {"b"}
    assert index.neighbours([CHUNKS[3]]) == {}


def test_search_service_answers_alike_over_either_backend(tmp_path: Path) -> None:
    from datetime import UTC, datetime

    from memory.search.embedders import HashingEmbedder
    from memory.search.service import SearchService
    from memory.search.vector_index import InMemoryVectorIndex
    from memory.workspace import Workspace

    root = tmp_path / "lab"
    Workspace(root).init()
    (root / "projects" / "site").mkdir(parents=True)
    (root / "projects" / "site" / "NOTES.md").write_text(
        "# site\n\n## Pitfalls\n\n- The staging database is wiped every night.\n\n"
        "## Notes\n\n- Deploys go out on Tuesdays.\n",
        encoding="utf-8",
    )
    (root / "memory" / "2026-11-29.md").write_text(
        "# 2026-11-29\n\n- 13:05:12Z [event] The staging database ran out of disk.\n",
        encoding="utf-8",
    )
    answers = []
    for name, lexical in (("sqlite", None), ("memory", InMemoryLexicalIndex())):
        service = SearchService(
            root,
            tmp_path / f"index-{name}",
            HashingEmbedder(dimension=64),
            InMemoryVectorIndex(),
            lexical=lexical,
        )
        service.sync()
        assert service.lexical.count() == 3 and service.lexical.pending_count() == 0
        now = datetime(2026, 11, 29, 14, tzinfo=UTC)
        layers = ["daily", "project"]
        hits = service.search("staging database", layers=layers, now=now)
        pitfalls = service.search("staging database", layers=layers, now=now, kinds=["pitfall"])
        assert [h.kind for h in pitfalls] == ["pitfall"]
        answers.append([(h.path, h.kind, round(h.score, 6)) for h in hits])
        service.close()
    assert answers[0] == answers[1] and len(answers[0]) >= 2
