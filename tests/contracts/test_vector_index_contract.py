"""Every vector backend passes the same suite."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import numpy as np
import pytest

from memory.search.embedders import HashingEmbedder
from memory.search.mirror import MirroredIndex
from memory.search.snapshot import SnapshotIndex
from memory.search.vector_index import ChromaVectorIndex, InMemoryVectorIndex

EMB = HashingEmbedder(dimension=64)


@pytest.fixture(params=["memory", "embedded", "server", "mirror", "snapshot"])
def index(request: pytest.FixtureRequest, tmp_path: Path) -> Any:
    name = f"labmem-test-{tmp_path.name[-20:]}".replace("_", "-")
    if request.param == "memory":
        idx: Any = InMemoryVectorIndex()
    elif request.param == "embedded":
        idx = ChromaVectorIndex.embedded(tmp_path / "chroma", name, EMB)
    elif request.param == "server":
        host, port = request.getfixturevalue("chroma_server")
        idx = ChromaVectorIndex.server(host, port, name, EMB)
    elif request.param == "snapshot":
        idx = SnapshotIndex(
            lambda: ChromaVectorIndex.embedded(tmp_path / "chroma", name, EMB),
            tmp_path / "chroma",
            tmp_path / "locks",
        )
    else:
        # The in-memory copy over chromadb, loaded from the start: it must answer exactly
        # as its store of record does, and keep that store in step.
        idx = MirroredIndex(ChromaVectorIndex.embedded(tmp_path / "chroma", name, EMB))
        idx.load()
    idx.reset({"embedder": "hashing", "dimension": "64"})
    return idx


def _add(index: Any, texts: dict[str, tuple[str, str]]) -> None:
    ids = list(texts)
    vectors = EMB.embed([t for t, _ in texts.values()])
    index.upsert(ids, vectors, [layer for _, layer in texts.values()])


DOCS = {
    "a": ("the nas stores backups", "memory"),
    "b": ("jellyfin container restarted", "daily"),
    "c": ("backups run nightly on the nas", "daily"),
    "d": ("invoice totals in cents", "project"),
}


def test_query_returns_nearest_first_with_cosine(index: Any) -> None:
    _add(index, DOCS)
    hits = index.query(EMB.embed(["the nas stores backups"])[0], 2)
    assert hits[0][0] == "a" and hits[0][1] == pytest.approx(1.0, abs=1e-4)
    assert len(hits) == 2 and hits[0][1] >= hits[1][1]


def test_layer_filter_never_returns_other_layers(index: Any) -> None:
    _add(index, DOCS)
    hits = index.query(EMB.embed(["the nas stores backups"])[0], 4, layers=["daily", "project"])
    assert {i for i, _ in hits} == {"b", "c", "d"}


def test_upsert_replaces_and_delete_removes(index: Any) -> None:
    _add(index, DOCS)
    _add(index, {"a": ("completely different words", "memory")})
    assert index.count() == 4
    index.delete(["b", "zz-unknown"])
    assert index.count() == 3
    assert set(index.vectors(["a", "b"])) == {"a"}
    vec = index.vectors(["a"])["a"]
    assert np.allclose(vec, EMB.embed(["completely different words"])[0], atol=1e-5)


def test_reset_records_identity_and_empties(index: Any) -> None:
    _add(index, DOCS)
    index.reset({"embedder": "other", "dimension": "64"})
    assert index.count() == 0 and index.identity()["embedder"] == "other"
    assert index.query(EMB.embed(["nas"])[0], 3) == []


def test_two_collections_on_one_backend_never_see_each_other(
    tmp_path: Path, chroma_server: tuple[str, int]
) -> None:
    host, port = chroma_server
    one = ChromaVectorIndex.server(host, port, "labmem-ws-one", EMB)
    two = ChromaVectorIndex.server(host, port, "labmem-ws-two", EMB)
    for idx in (one, two):
        idx.reset({"embedder": "hashing"})
    _add(one, DOCS)
    assert two.count() == 0 and two.query(EMB.embed(["nas"])[0], 5) == []
    two.reset({"embedder": "hashing"})
    assert one.count() == 4


def test_server_down_is_a_clear_error_naming_host_and_port() -> None:
    from memory.errors import IndexUnavailableError

    with pytest.raises(IndexUnavailableError, match="127.0.0.1:9"):
        ChromaVectorIndex.server("127.0.0.1", 9, "labmem-x", EMB)


def test_dump_returns_every_vector_with_its_layer(index: Any) -> None:
    _add(index, DOCS)
    _add(index, {"b": ("the jellyfin container moved", "daily")})
    index.delete(["d"])
    ids, matrix, layers = index.dump()
    assert sorted(ids) == ["a", "b", "c"]
    assert matrix.shape == (3, 64)
    row = ids.index("b")
    assert layers[row] == "daily"
    assert np.allclose(matrix[row], EMB.embed(["the jellyfin container moved"])[0], atol=1e-5)


def test_mirror_stays_in_step_with_its_store(tmp_path: Path) -> None:
    store = ChromaVectorIndex.embedded(tmp_path / "chroma", "labmem-mirror-step", EMB)
    store.reset({"embedder": "hashing"})
    mirror = MirroredIndex(store, load_after=1)
    _add(mirror, DOCS)
    query = EMB.embed(["the nas stores backups"])[0]
    first = mirror.query(query, 3)  # answered by chromadb: the copy is not loaded yet
    assert not mirror.loaded
    second = mirror.query(query, 3)  # the second query loads the copy
    assert mirror.loaded
    assert [i for i, _ in first] == [i for i, _ in second]
    _add(mirror, {"e": ("the nas stores backups offsite", "daily")})
    mirror.delete(["a"])
    assert mirror.count() == store.count() == 4
    fresh = MirroredIndex(store)
    fresh.load()
    got, want = mirror.query(query, 4), fresh.query(query, 4)
    assert [i for i, _ in got] == [i for i, _ in want]
    assert [s for _, s in got] == pytest.approx([s for _, s in want], abs=1e-5)
    assert set(mirror.score(query, ["b", "e", "zz"])) == {"b", "e"}
