"""The copy of the vectors on disk: current only while nothing wrote since it was saved."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from memory.search.embedders import HashingEmbedder
from memory.search.snapshot import GENERATION, SNAPSHOT, SnapshotIndex
from memory.search.vector_index import InMemoryVectorIndex, VectorIndex

EMB = HashingEmbedder(dimension=32)


class Store:
    """One shared store of record (what chromadb is to every process), counting opens."""

    def __init__(self) -> None:
        self.index = InMemoryVectorIndex()
        self.index.reset({"embedder": "hashing"})
        self.opens = 0

    def open(self) -> VectorIndex:
        self.opens += 1
        return self.index


def snapshot(store: Store, tmp_path: Path) -> SnapshotIndex:
    """A new process's view of the index."""
    return SnapshotIndex(store.open, tmp_path / "chroma", tmp_path / "locks")


def add(index: SnapshotIndex, **texts: str) -> None:
    index.upsert(list(texts), EMB.embed(list(texts.values())), ["daily"] * len(texts))


def nearest(index: SnapshotIndex, text: str) -> str:
    return index.query(EMB.embed([text])[0], 1)[0][0]


def test_a_saved_copy_answers_without_opening_the_store(tmp_path: Path) -> None:
    store = Store()
    writer = snapshot(store, tmp_path)
    add(writer, a="the nas stores backups", b="jellyfin restarted")
    writer.close()
    assert (tmp_path / "chroma" / SNAPSHOT).exists()
    store.opens = 0
    reader = snapshot(store, tmp_path)
    assert nearest(reader, "jellyfin restarted") == "b"
    assert reader.count() == 2 and reader.identity() == {"embedder": "hashing"}
    assert store.opens == 0 and not reader.opened


def test_a_write_elsewhere_makes_the_copy_stale(tmp_path: Path) -> None:
    store = Store()
    first = snapshot(store, tmp_path)
    add(first, a="the nas stores backups")
    first.close()
    reader = snapshot(store, tmp_path)
    assert reader.count() == 1
    other = snapshot(store, tmp_path)  # another process writes
    add(other, c="the printer jammed again")
    # The reader's copy and the one on disk are older than the write: it reads again.
    assert reader.count() == 2
    assert nearest(reader, "the printer jammed again") == "c"


def test_a_write_cut_off_before_the_copy_was_saved_is_never_hidden(tmp_path: Path) -> None:
    store = Store()
    writer = snapshot(store, tmp_path)
    add(writer, a="the nas stores backups")
    writer.close()
    killed = snapshot(store, tmp_path)
    add(killed, b="jellyfin restarted")  # ...and the process dies before close()
    reader = snapshot(store, tmp_path)
    assert reader.count() == 2  # the old copy on disk is not taken for current
    reader.close()
    assert snapshot(store, tmp_path).count() == 2


def test_a_broken_copy_is_read_from_the_store_and_saved_again(tmp_path: Path) -> None:
    store = Store()
    writer = snapshot(store, tmp_path)
    add(writer, a="the nas stores backups", b="jellyfin restarted")
    writer.close()
    (tmp_path / "chroma" / SNAPSHOT).write_bytes(b"PK\x03\x04 not a zip at all")
    reader = snapshot(store, tmp_path)
    assert reader.count() == 2 and reader.opened
    reader.close()
    store.opens = 0
    assert snapshot(store, tmp_path).count() == 2 and store.opens == 0


def test_a_copy_is_not_saved_over_a_newer_write(tmp_path: Path) -> None:
    store = Store()
    slow = snapshot(store, tmp_path)
    assert slow.count() == 0  # reads: its copy is loaded
    add(slow, a="the nas stores backups")
    fast = snapshot(store, tmp_path)
    add(fast, b="jellyfin restarted")
    assert not slow.save()  # its copy lacks b: saving it would hide b
    assert fast.save()
    assert snapshot(store, tmp_path).count() == 2


def test_the_copy_follows_its_own_writes_and_a_reset(tmp_path: Path) -> None:
    store = Store()
    index = snapshot(store, tmp_path)
    add(index, a="the nas stores backups", b="jellyfin restarted")
    assert index.count() == 2  # loaded
    index.delete(["a"])
    add(index, c="the printer jammed again")
    ids, matrix, _ = index.dump()
    assert sorted(ids) == ["b", "c"] and matrix.shape == (2, 32)
    assert sorted(store.index.dump()[0]) == ["b", "c"]
    index.reset({"embedder": "other"})
    assert index.count() == 0 and index.identity() == {"embedder": "other"}
    assert int((tmp_path / "chroma" / GENERATION).read_text()) == 4
    index.close()
    assert snapshot(store, tmp_path).identity() == {"embedder": "other"}


def test_vectors_read_back_exactly(tmp_path: Path) -> None:
    store = Store()
    writer = snapshot(store, tmp_path)
    add(writer, a="the nas stores backups")
    writer.close()
    got = snapshot(store, tmp_path).vectors(["a", "zz"])
    assert list(got) == ["a"]
    assert np.array_equal(got["a"], EMB.embed(["the nas stores backups"])[0])


def test_saving_gives_up_at_once_while_another_process_holds_the_index(
    tmp_path: Path,
) -> None:
    from filelock import FileLock

    store = Store()
    index = snapshot(store, tmp_path)
    add(index, a="the nas stores backups")
    (tmp_path / "locks").mkdir(exist_ok=True)
    with FileLock(str(tmp_path / "locks" / "index.lock")):
        assert index.save() is False
    assert index.save() is True


@pytest.mark.parametrize("content", ["", "not a number\n"])
def test_an_unreadable_generation_counts_as_zero(tmp_path: Path, content: str) -> None:
    store = Store()
    index = snapshot(store, tmp_path)
    add(index, a="the nas stores backups")
    (tmp_path / "chroma" / GENERATION).write_text(content)
    assert snapshot(store, tmp_path).count() == 1
