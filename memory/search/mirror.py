"""An in-memory copy of a vector index, for exact scoring in a warm process.

chromadb stays the store of record for vectors. A process that searches more than once
(chat, the MCP server, the web view, a Python program) keeps every vector in one numpy
matrix as well: exact cosine over 10k vectors takes well under a millisecond, and reading
vectors back by id (for neighbours and candidates the ANN query did not return) costs a
dictionary lookup instead of a round trip. A one-shot command never loads it: the first
query goes to the backend, the copy is loaded on the second.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import numpy.typing as npt

from memory.search.embedders import Vectors
from memory.search.vector_index import VectorIndex

__all__ = ["MirroredIndex"]


class MirroredIndex:
    """A ``VectorIndex`` over another one, with a lazily loaded in-memory copy."""

    def __init__(self, inner: VectorIndex, load_after: int = 1) -> None:
        self.inner = inner
        self._load_after = load_after
        self._queries = 0
        self._count: int | None = None
        self._loaded = False
        self._row: dict[str, int] = {}
        self._ids: list[str] = []
        self._layers: list[str] = []
        self._codes = np.zeros(0, dtype=np.int16)
        self._layer_code: dict[str, int] = {}
        self._matrix = np.zeros((0, 0), dtype=np.float32)
        self._masks: dict[tuple[str, ...], npt.NDArray[np.bool_]] = {}  # rows in these layers

    @property
    def loaded(self) -> bool:
        return self._loaded

    def close(self) -> None:
        """Nothing to release: the copy lives as long as the object."""

    # -- the copy --------------------------------------------------------------------------
    def load(self) -> None:
        ids, matrix, layers = self.inner.dump()
        self._ids = list(ids)
        self._layers = list(layers)
        self._row = {chunk_id: n for n, chunk_id in enumerate(self._ids)}
        self._matrix = np.array(matrix, dtype=np.float32, copy=True)
        self._codes = np.array([self._code(layer) for layer in self._layers], dtype=np.int16)
        self._count = len(self._ids)
        self._masks.clear()
        self._loaded = True

    def _code(self, layer: str) -> int:
        return self._layer_code.setdefault(layer, len(self._layer_code))

    def _put(self, ids: Sequence[str], vectors: Vectors, layers: Sequence[str]) -> None:
        self._masks.clear()
        fresh = [n for n, chunk_id in enumerate(ids) if chunk_id not in self._row]
        for n, chunk_id in enumerate(ids):
            row = self._row.get(chunk_id)
            if row is not None:
                self._matrix[row] = vectors[n]
                self._layers[row] = layers[n]
                self._codes[row] = self._code(layers[n])
        if not fresh:
            return
        start = len(self._ids)
        block = np.asarray(vectors, dtype=np.float32)[fresh]
        self._matrix = block if start == 0 else np.concatenate([self._matrix, block])
        for offset, n in enumerate(fresh):
            self._row[ids[n]] = start + offset
            self._ids.append(ids[n])
            self._layers.append(layers[n])
        self._codes = np.concatenate(
            [self._codes, np.array([self._code(layers[n]) for n in fresh], dtype=np.int16)]
        )

    def _drop(self, ids: Sequence[str]) -> None:
        self._masks.clear()
        rows = sorted({self._row[i] for i in ids if i in self._row})
        if not rows:
            return
        keep = np.ones(len(self._ids), dtype=bool)
        keep[rows] = False
        self._matrix = self._matrix[keep]
        self._codes = self._codes[keep]
        self._ids = [i for i, k in zip(self._ids, keep, strict=True) if k]
        self._layers = [x for x, k in zip(self._layers, keep, strict=True) if k]
        self._row = {chunk_id: n for n, chunk_id in enumerate(self._ids)}

    # -- VectorIndex -----------------------------------------------------------------------
    def upsert(self, ids: Sequence[str], vectors: Vectors, layers: Sequence[str]) -> None:
        self.inner.upsert(ids, vectors, layers)
        if self._loaded:
            self._put(ids, vectors, layers)
            self._count = len(self._ids)
        else:
            self._count = None

    def delete(self, ids: Sequence[str]) -> None:
        self.inner.delete(ids)
        if self._loaded:
            self._drop(ids)
            self._count = len(self._ids)
        else:
            self._count = None

    def query(
        self, vector: Vectors, k: int, layers: Sequence[str] | None = None
    ) -> list[tuple[str, float]]:
        self._queries += 1
        if not self._loaded and self._queries > self._load_after:
            self.load()
        if not self._loaded:
            return self.inner.query(vector, k, layers)
        if not self._ids:
            return []
        scores = self._matrix @ np.asarray(vector, dtype=np.float32).reshape(-1)
        if layers is not None:
            key = tuple(layers)
            mask = self._masks.get(key)
            if mask is None:
                wanted = [self._layer_code[x] for x in layers if x in self._layer_code]
                mask = self._masks[key] = np.isin(self._codes, wanted)
            scores = np.where(mask, scores, -np.inf)
        k = min(k, len(self._ids))
        top = np.argpartition(-scores, k - 1)[:k]
        top = top[np.argsort(-scores[top], kind="stable")]
        return [(self._ids[i], float(scores[i])) for i in top if np.isfinite(scores[i])]

    def score(self, vector: Vectors, ids: Sequence[str]) -> dict[str, float]:
        """Exact cosine of the query against these ids (those that have a vector)."""
        if not self._loaded:
            found = self.inner.vectors(ids)
            q = np.asarray(vector, dtype=np.float32).reshape(-1)
            return {i: float(np.dot(v, q)) for i, v in found.items()}
        rows = [self._row[i] for i in ids if i in self._row]
        if not rows:
            return {}
        scores = self._matrix[rows] @ np.asarray(vector, dtype=np.float32).reshape(-1)
        return {self._ids[r]: float(s) for r, s in zip(rows, scores, strict=True)}

    def vectors(self, ids: Sequence[str]) -> dict[str, Vectors]:
        if not self._loaded:
            return self.inner.vectors(ids)
        return {i: self._matrix[self._row[i]] for i in ids if i in self._row}

    def count(self) -> int:
        if self._count is None:
            self._count = self.inner.count()
        return self._count

    def identity(self) -> dict[str, str]:
        return self.inner.identity()

    def refresh(self) -> None:
        """Re-open the inner index (another process may have rebuilt it); drop the copy."""
        inner_refresh = getattr(self.inner, "refresh", None)
        if inner_refresh is not None:
            inner_refresh()
        self._loaded = False
        self._count = None

    def reset(self, identity: dict[str, str]) -> None:
        self.inner.reset(identity)
        self._masks.clear()
        self._count = 0
        self._ids, self._layers, self._row = [], [], {}
        self._codes = np.zeros(0, dtype=np.int16)
        self._matrix = np.zeros((0, 0), dtype=np.float32)

    def dump(self) -> tuple[list[str], Vectors, list[str]]:
        return self.inner.dump()
