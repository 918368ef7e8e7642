"""The embedded vector index with a copy on disk, so a search on a current index never
opens chromadb.

Importing and opening chromadb costs over a second, more than the rest of a one-shot
``labmem search``. Reading needs only the vectors: ``SnapshotIndex`` keeps them in memory
(it is a ``MirroredIndex``) and on disk beside chromadb's files (``labmem-vectors.npz``),
and opens chromadb only to write, or to read when the copy on disk is out of date.

A generation number (``labmem-generation``) says which copy is current. Every write takes
it one up *before* chromadb changes, so a copy from before the write — or a write cut off
halfway — never counts as current. Writers hold the index lock (the search service takes
it), and so does the saving of a copy, which makes a saved copy equal to chromadb at its
generation. chromadb stays the store of record; the copy is derived data, rebuilt from it.
"""

from __future__ import annotations

import contextlib
import json
import os
import zipfile
from collections.abc import Callable, Sequence
from pathlib import Path

import numpy as np

from memory.errors import WorkspaceError
from memory.files import locked
from memory.search.embedders import Vectors
from memory.search.mirror import MirroredIndex
from memory.search.vector_index import VectorIndex

__all__ = ["SnapshotIndex"]

SNAPSHOT = "labmem-vectors.npz"
GENERATION = "labmem-generation"


class _Opened:
    """A ``VectorIndex`` that opens the real one on first use."""

    def __init__(self, open_index: Callable[[], VectorIndex]) -> None:
        self._open_index = open_index
        self._index: VectorIndex | None = None

    @property
    def opened(self) -> bool:
        return self._index is not None

    @property
    def index(self) -> VectorIndex:
        if self._index is None:
            self._index = self._open_index()
        return self._index

    def upsert(self, ids: Sequence[str], vectors: Vectors, layers: Sequence[str]) -> None:
        self.index.upsert(ids, vectors, layers)

    def delete(self, ids: Sequence[str]) -> None:
        self.index.delete(ids)

    def query(
        self, vector: Vectors, k: int, layers: Sequence[str] | None = None
    ) -> list[tuple[str, float]]:
        return self.index.query(vector, k, layers)

    def vectors(self, ids: Sequence[str]) -> dict[str, Vectors]:
        return self.index.vectors(ids)

    def count(self) -> int:
        return self.index.count()

    def identity(self) -> dict[str, str]:
        return self.index.identity()

    def reset(self, identity: dict[str, str]) -> None:
        self.index.reset(identity)

    def dump(self) -> tuple[list[str], Vectors, list[str]]:
        return self.index.dump()

    def refresh(self) -> None:
        refresh = getattr(self._index, "refresh", None)
        if refresh is not None:
            refresh()


class SnapshotIndex(MirroredIndex):
    """chromadb (opened by ``open_index`` when needed) with its vectors copied to
    ``folder``. ``lock_dir`` holds the index lock the writers take."""

    def __init__(self, open_index: Callable[[], VectorIndex], folder: Path, lock_dir: Path) -> None:
        self._backend = _Opened(open_index)
        super().__init__(self._backend, load_after=0)
        self.folder = folder
        self.lock_dir = lock_dir
        self._generation: int | None = None  # of the copy in memory; None: no copy
        self._identity: dict[str, str] = {}
        self._saved = False  # the copy on disk is the copy in memory

    @property
    def opened(self) -> bool:
        """Whether chromadb had to be opened."""
        return self._backend.opened

    # -- generations and the copy on disk ------------------------------------------------
    def _current(self) -> int:
        try:
            return int((self.folder / GENERATION).read_text().strip() or 0)
        except (FileNotFoundError, ValueError):
            return 0

    def _next_generation(self) -> int:
        """Before a write: the generation after it, on disk first."""
        nxt = self._current() + 1
        self.folder.mkdir(parents=True, exist_ok=True)
        tmp = self.folder / f".{GENERATION}.{os.getpid()}"
        tmp.write_text(f"{nxt}\n")
        os.replace(tmp, self.folder / GENERATION)
        return nxt

    def _read_copy(self, generation: int) -> bool:
        """Load the copy on disk if it is of ``generation``."""
        try:
            with np.load(self.folder / SNAPSHOT, allow_pickle=False) as data:
                meta = json.loads(str(data["meta"]))
                if int(meta["generation"]) != generation:
                    return False
                ids = [str(i) for i in data["ids"]]
                matrix = np.asarray(data["matrix"], dtype=np.float32)
                layers = [str(x) for x in data["layers"]]
        except (FileNotFoundError, KeyError, ValueError, OSError, zipfile.BadZipFile):
            return False  # absent or broken: chromadb answers and a new copy is saved
        self._fill(ids, matrix, layers)
        self._identity = {str(k): str(v) for k, v in meta["identity"].items()}
        self._generation = generation
        self._saved = True
        return True

    def _fill(self, ids: list[str], matrix: Vectors, layers: list[str]) -> None:
        self._masks.clear()
        self._ids = ids
        self._layers = layers
        self._row = {chunk_id: n for n, chunk_id in enumerate(ids)}
        self._matrix = matrix
        self._codes = np.array([self._code(layer) for layer in layers], dtype=np.int16)
        self._count = len(ids)
        self._loaded = True

    def load(self) -> None:
        """The current copy: from disk when it is there, else read out of chromadb."""
        generation = self._current()
        if self._read_copy(generation):
            return
        ids, matrix, layers = self._backend.dump()
        self._fill(list(ids), np.array(matrix, dtype=np.float32, copy=True), list(layers))
        self._identity = self._backend.identity()
        # Read before the dump: a write during it moves the generation on, so this copy
        # is never taken for the newer one.
        self._generation = generation
        self._saved = False

    def _fresh(self) -> None:
        """Reload the copy if another process wrote since it was made."""
        if not self._loaded or self._generation != self._current():
            self.load()

    def save(self) -> bool:
        """Write the copy in memory to disk if it is current and not there yet (a process
        that wrote without reading first reads everything back to save it)."""
        if self._loaded and (self._saved or self._generation is None):
            return False
        if not self._loaded and not self._backend.opened:
            return False  # never read nor written: nothing to save
        try:
            with locked(self.lock_dir, "index", timeout=0.5):
                return self._save_locked()
        except WorkspaceError:
            return False  # another process is writing: the next reader saves a copy

    def _save_locked(self) -> bool:
        if not self._loaded:
            self.load()  # wrote without reading: read it all back, no writer can interleave
            if self._saved:
                return False
        elif self._generation != self._current():
            return False  # someone wrote since: they save theirs
        self.folder.mkdir(parents=True, exist_ok=True)
        meta = {"generation": self._generation, "identity": self._identity}
        tmp = self.folder / f".{SNAPSHOT}.{os.getpid()}.tmp"
        try:
            with tmp.open("wb") as out:
                np.savez(
                    out,
                    meta=np.array(json.dumps(meta)),
                    ids=np.array(self._ids, dtype=np.str_),
                    matrix=self._matrix,
                    layers=np.array(self._layers, dtype=np.str_),
                )
            os.replace(tmp, self.folder / SNAPSHOT)
        finally:
            with contextlib.suppress(FileNotFoundError):
                tmp.unlink()
        self._saved = True
        return True

    def close(self) -> None:
        self.save()

    # -- writes: generation first, then chromadb, then the copy --------------------------
    def _before_write(self) -> bool:
        """Move the generation on; whether the copy in memory follows this write."""
        follows = self._loaded and self._generation == self._current()
        generation = self._next_generation()
        self._generation = generation if follows else None
        self._loaded = follows
        self._saved = False
        return follows

    def upsert(self, ids: Sequence[str], vectors: Vectors, layers: Sequence[str]) -> None:
        if self._before_write():
            super().upsert(ids, vectors, layers)
        else:
            self._backend.upsert(ids, vectors, layers)

    def delete(self, ids: Sequence[str]) -> None:
        if self._before_write():
            super().delete(ids)
        else:
            self._backend.delete(ids)

    def reset(self, identity: dict[str, str]) -> None:
        self._generation = self._next_generation()
        super().reset(identity)  # chromadb first, then the copy: empty
        self._identity = dict(identity)
        self._saved = False
        self._loaded = True

    # -- reads: from the copy --------------------------------------------------------------
    def query(
        self, vector: Vectors, k: int, layers: Sequence[str] | None = None
    ) -> list[tuple[str, float]]:
        self._fresh()
        return super().query(vector, k, layers)

    def score(self, vector: Vectors, ids: Sequence[str]) -> dict[str, float]:
        self._fresh()
        return super().score(vector, ids)

    def vectors(self, ids: Sequence[str]) -> dict[str, Vectors]:
        self._fresh()
        return super().vectors(ids)

    def count(self) -> int:
        self._fresh()
        return len(self._ids)

    def identity(self) -> dict[str, str]:
        self._fresh()
        return dict(self._identity)

    def dump(self) -> tuple[list[str], Vectors, list[str]]:
        self._fresh()
        return list(self._ids), self._matrix.copy(), list(self._layers)

    def refresh(self) -> None:
        """Another process may have rebuilt the index: open it again, drop the copy."""
        self._backend.refresh()
        self._loaded = False
        self._generation = None
