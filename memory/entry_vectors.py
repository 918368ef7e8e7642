"""Embeddings of curated entries, kept between processes (derived, rebuildable).

Dedupe compares a new statement with every active entry of MEMORY.md or a project's notes,
so a one-shot ``labmem remember`` would embed them all again on every run. This file
(``.labmem/index/entry-vectors.npz``) keeps each vector under the sha256 of its text, for
one embedder identity. It is derived data: a different model, or a missing, broken or
foreign file, starts empty, and deleting it costs one re-embedding. ``forget`` drops the
vectors of the texts it removes (``forget_texts``).

It does NOT decide what is a duplicate (``memory.dedupe`` does) and holds no text.
"""

from __future__ import annotations

import hashlib
import io
import os
import tempfile
import time
import weakref
from collections.abc import Iterable, Sequence
from functools import lru_cache
from pathlib import Path
from typing import Any

import numpy as np

__all__ = ["PassingVectors", "StoredVectors", "forget_texts", "text_key"]

LIMIT = 50_000  # vectors kept; past it the file starts over (a cache, not a record)
PASSING = 4096  # vectors of texts seen in passing kept in a process (PassingVectors)
SAVE_EVERY = 2.0  # seconds: a warm process saves new vectors at most this often, and on close

_OPEN: weakref.WeakSet[StoredVectors] = weakref.WeakSet()  # to forget in this process too


@lru_cache(maxsize=65_536)
def text_key(text: str) -> str:
    """The sha256 of ``text`` (dedupe asks for every active entry's on each write)."""
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def _read(path: Path) -> tuple[str, dict[str, np.ndarray]]:
    """(embedder identity, vectors by text key); ("", {}) for a missing or broken file."""
    try:
        with np.load(path, allow_pickle=False) as data:
            keys, matrix = data["keys"], data["vectors"]
            return str(data["identity"]), {str(k): matrix[n] for n, k in enumerate(keys)}
    except (OSError, ValueError, KeyError, EOFError):
        return "", {}


def _write(path: Path, identity: str, vectors: dict[str, np.ndarray], dimension: int) -> None:
    buffer = io.BytesIO()
    matrix = (
        np.stack(list(vectors.values())).astype(np.float32)
        if vectors
        else np.zeros((0, dimension), dtype=np.float32)
    )
    keys = np.array(list(vectors), dtype="U64")
    np.savez(buffer, identity=np.array(identity), keys=keys, vectors=matrix)
    # Derived data: written whole and renamed into place, but not fsynced — a file lost or
    # torn by a crash reads as broken and starts empty (one re-embedding), and an fsync on
    # every curated write cost more than the embedding it saves.
    name = ""
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, name = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
        with os.fdopen(fd, "wb") as handle:
            handle.write(buffer.getvalue())
        os.replace(name, path)
    except OSError:  # a cache that cannot be saved is only slower next time
        if name:
            Path(name).unlink(missing_ok=True)


def forget_texts(path: Path, texts: Iterable[str]) -> int:
    """Drop the vectors of ``texts``, whichever model made them, from the file and from this
    process's caches (which would otherwise save them again); how many the file held."""
    keys = {text_key(t) for t in texts}
    for cache in list(_OPEN):
        if cache.path == path:
            cache.drop(keys)
    identity, vectors = _read(path)
    gone = [key for key in keys if key in vectors]
    for key in gone:
        del vectors[key]
    if gone:
        dimension = next(iter(vectors.values())).shape[0] if vectors else 0
        _write(path, identity, vectors, dimension)
    return len(gone)


class StoredVectors:
    """``get(texts)`` like ``memory.dedupe.VectorCache``, backed by a file.

    New vectors are saved at once the first time, then at most every ``SAVE_EVERY`` seconds
    and on ``save()`` (the services call it on close): a warm process writing a statement
    a second does not rewrite the file each time. A save merges what this process embedded
    into the file as it is now, so two processes never drop each other's vectors."""

    def __init__(self, path: Path, embedder: Any) -> None:
        self.path = path
        self.embedder = embedder
        self._identity = str(embedder.identity.key)
        self._vectors: dict[str, np.ndarray] | None = None
        self._added: set[str] = set()  # embedded here, not saved yet
        self._saved_at: float | None = None
        _OPEN.add(self)

    def _load(self) -> dict[str, np.ndarray]:
        if self._vectors is None:
            identity, vectors = _read(self.path)
            self._vectors = vectors if identity == self._identity else {}
        return self._vectors

    def get(self, texts: Sequence[str]) -> np.ndarray:
        known = self._load()
        keys = [text_key(t) for t in texts]
        missing = {k: t for k, t in zip(keys, texts, strict=True) if k not in known}
        if missing:
            if len(known) + len(missing) > LIMIT:
                known.clear()
            vectors = self.embedder.embed(list(missing.values()))
            for key, vector in zip(missing, vectors, strict=True):
                known[key] = np.asarray(vector, dtype=np.float32)
            self._added.update(missing)
            if self._saved_at is None or time.monotonic() - self._saved_at >= SAVE_EVERY:
                self.save()
        if not texts:
            return np.zeros((0, self.embedder.identity.dimension), dtype=np.float32)
        return np.stack([known[k] for k in keys])

    def save(self) -> None:
        """Merge the vectors embedded here since the last save into the file."""
        self._saved_at = time.monotonic()
        if not self._added:
            return
        known = self._load()
        identity, on_disk = _read(self.path)
        if identity != self._identity:
            on_disk = {}
        for key in self._added:
            if key in known:
                on_disk[key] = known[key]
        if len(on_disk) > LIMIT:
            on_disk = {key: known[key] for key in self._added if key in known}
        _write(self.path, self._identity, on_disk, self.embedder.identity.dimension)
        self._added.clear()

    def drop(self, keys: Iterable[str]) -> None:
        """Forget these text keys here (``forget`` removed their texts)."""
        known = self._load()
        for key in keys:
            known.pop(key, None)
            self._added.discard(key)


class PassingVectors:
    """Vectors of texts seen in passing (questions, log lines), by text, kept for
    this process only; the oldest go first past ``PASSING``."""

    def __init__(self, embedder: Any) -> None:
        self.embedder = embedder
        self._known: dict[str, Any] = {}

    def get(self, texts: Sequence[str]) -> Any:
        missing = list(dict.fromkeys(t for t in texts if t not in self._known))
        if missing:
            for text, vector in zip(missing, self.embedder.embed(missing), strict=True):
                self._known[text] = np.asarray(vector, dtype=np.float32)
            while len(self._known) > PASSING:
                del self._known[next(iter(self._known))]
        if not texts:
            return np.zeros((0, self.embedder.identity.dimension), dtype=np.float32)
        return np.stack([self._known[t] for t in texts])
