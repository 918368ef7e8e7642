"""Vector indexes: one narrow interface, an in-memory reference and chromadb (embedded/server).

The service above decides what to embed and how to fuse; a backend only stores vectors
with a ``layer`` tag and answers nearest-neighbour queries. Both backends pass the same
contract suite (``tests/contracts``).
"""

from __future__ import annotations

import contextlib
from collections.abc import Sequence
from pathlib import Path
from typing import Any, Protocol

import numpy as np

from memory.errors import IndexUnavailableError
from memory.search.embedders import Embedder, Vectors

__all__ = ["ChromaVectorIndex", "InMemoryVectorIndex", "VectorIndex"]


class VectorIndex(Protocol):
    def upsert(self, ids: Sequence[str], vectors: Vectors, layers: Sequence[str]) -> None: ...

    def delete(self, ids: Sequence[str]) -> None: ...

    def query(
        self, vector: Vectors, k: int, layers: Sequence[str] | None = None
    ) -> list[tuple[str, float]]:
        """(id, cosine similarity) best first; ``layers`` limits the layers searched."""
        ...

    def vectors(self, ids: Sequence[str]) -> dict[str, Vectors]: ...

    def count(self) -> int: ...

    def identity(self) -> dict[str, str]: ...

    def reset(self, identity: dict[str, str]) -> None:
        """Drop every vector and record the identity of what will be stored."""
        ...

    def dump(self) -> tuple[list[str], Vectors, list[str]]:
        """Every (id, vector, layer), as a list of ids, one matrix and a list of layers."""
        ...


class InMemoryVectorIndex:
    """Exact cosine search over a dict of vectors: the reference for the contract suite."""

    def __init__(self) -> None:
        self._vectors: dict[str, Vectors] = {}
        self._layers: dict[str, str] = {}
        self._identity: dict[str, str] = {}

    def upsert(self, ids: Sequence[str], vectors: Vectors, layers: Sequence[str]) -> None:
        for chunk_id, vector, layer in zip(ids, vectors, layers, strict=True):
            self._vectors[chunk_id] = np.asarray(vector, dtype=np.float32)
            self._layers[chunk_id] = layer

    def delete(self, ids: Sequence[str]) -> None:
        for chunk_id in ids:
            self._vectors.pop(chunk_id, None)
            self._layers.pop(chunk_id, None)

    def query(
        self, vector: Vectors, k: int, layers: Sequence[str] | None = None
    ) -> list[tuple[str, float]]:
        ids = [i for i in self._vectors if layers is None or self._layers[i] in layers]
        if not ids:
            return []
        matrix = np.stack([self._vectors[i] for i in ids])
        scores = matrix @ np.asarray(vector, dtype=np.float32).reshape(-1)
        top = np.argsort(-scores)[:k]
        return [(ids[i], float(scores[i])) for i in top]

    def vectors(self, ids: Sequence[str]) -> dict[str, Vectors]:
        return {i: self._vectors[i] for i in ids if i in self._vectors}

    def count(self) -> int:
        return len(self._vectors)

    def identity(self) -> dict[str, str]:
        return dict(self._identity)

    def reset(self, identity: dict[str, str]) -> None:
        self._vectors.clear()
        self._layers.clear()
        self._identity = dict(identity)

    def dump(self) -> tuple[list[str], Vectors, list[str]]:
        ids = list(self._vectors)
        dim = len(next(iter(self._vectors.values()))) if ids else 0
        matrix = np.stack([self._vectors[i] for i in ids]) if ids else np.zeros((0, dim))
        return ids, matrix.astype(np.float32), [self._layers[i] for i in ids]


def _embedding_function(embedder: Embedder) -> Any:
    """Our embedder as a registered chromadb EmbeddingFunction (never chromadb's default)."""
    from chromadb.api.types import EmbeddingFunction
    from chromadb.utils.embedding_functions import register_embedding_function

    @register_embedding_function
    class LabmemEmbeddingFunction(EmbeddingFunction):  # type: ignore[type-arg]
        """Labmem passes vectors itself; chromadb only calls this for its own checks. A
        function rebuilt from a collection's config (chromadb does so on every open) loads
        its model only if it is ever called: loading MiniLM there cost ~0.3 s per open."""

        def __init__(self, inner: Embedder | None, key: str = "") -> None:
            self._inner = inner
            self._key = inner.identity.key if inner is not None else key

        def __call__(self, input: Sequence[str]) -> list[Any]:
            if self._inner is None:
                from memory.search.embedders import HashingEmbedder, MiniLMEmbedder

                hashing = self._key.startswith("hashing")
                self._inner = HashingEmbedder() if hashing else MiniLMEmbedder()
            return list(self._inner.embed(list(input)))

        @staticmethod
        def name() -> str:
            return "labmem"

        def get_config(self) -> dict[str, Any]:
            return {"embedder": self._key}

        @staticmethod
        def build_from_config(config: dict[str, Any]) -> LabmemEmbeddingFunction:
            return LabmemEmbeddingFunction(None, str(config.get("embedder", "")))

        def default_space(self) -> Any:
            return "cosine"

    return LabmemEmbeddingFunction(embedder)


class ChromaVectorIndex:
    """chromadb, embedded (``PersistentClient``) or a server (``HttpClient``), one code path.

    Layer filters use oversampling plus a post-filter first, because chromadb's ``where``
    costs ~160 ms at 100k vectors; ``where`` is the fallback when too few hits survive.
    """

    def __init__(
        self, client: Any, collection: str, embedder: Embedder, where: str = "chromadb"
    ) -> None:
        self._client = client
        self._name = collection
        self._ef = _embedding_function(embedder)
        self._where = where
        self._collection = self._open()

    @classmethod
    def embedded(cls, path: Path, collection: str, embedder: Embedder) -> ChromaVectorIndex:
        import chromadb
        from chromadb.config import Settings as ChromaSettings

        if not (path / "chroma.sqlite3").exists():
            # chromadb caches one client per path in the process; a folder deleted under it
            # (someone removed .labmem/index) must not be served from that stale client.
            from chromadb.api.shared_system_client import SharedSystemClient

            SharedSystemClient.clear_system_cache()
        path.mkdir(parents=True, exist_ok=True)
        client = chromadb.PersistentClient(
            path=str(path), settings=ChromaSettings(anonymized_telemetry=False)
        )
        return cls(client, collection, embedder, where=str(path))

    @classmethod
    def server(cls, host: str, port: int, collection: str, embedder: Embedder) -> ChromaVectorIndex:
        import chromadb
        from chromadb.config import Settings as ChromaSettings

        try:
            client = chromadb.HttpClient(
                host=host, port=port, settings=ChromaSettings(anonymized_telemetry=False)
            )
            client.heartbeat()
        except Exception as exc:
            raise IndexUnavailableError(
                f"cannot reach the chromadb server at {host}:{port} ({type(exc).__name__}); "
                "start it (chroma run --host {host} --port {port}) or set LABMEM_INDEX=embedded. "
                "Your Markdown is untouched.".replace("{host}", host).replace("{port}", str(port))
            ) from None
        return cls(client, collection, embedder, where=f"{host}:{port}")

    def _open(self) -> Any:
        try:
            return self._client.get_or_create_collection(
                self._name, embedding_function=self._ef, metadata={"hnsw:space": "cosine"}
            )
        except Exception as exc:
            raise IndexUnavailableError(
                f"chromadb at {self._where} failed to open collection {self._name}: {exc}"
            ) from None

    def upsert(self, ids: Sequence[str], vectors: Vectors, layers: Sequence[str]) -> None:
        for start in range(0, len(ids), 4000):
            stop = start + 4000
            self._collection.upsert(
                ids=list(ids[start:stop]),
                embeddings=np.asarray(vectors[start:stop], dtype=np.float32),
                metadatas=[{"layer": layer} for layer in layers[start:stop]],
            )

    def delete(self, ids: Sequence[str]) -> None:
        for start in range(0, len(ids), 4000):
            self._collection.delete(ids=list(ids[start : start + 4000]))

    def query(
        self, vector: Vectors, k: int, layers: Sequence[str] | None = None
    ) -> list[tuple[str, float]]:
        total = self.count()
        if total == 0:
            return []
        embedding = np.asarray(vector, dtype=np.float32).reshape(1, -1)
        wide = min(total, k * 4 if layers else k)
        hits = self._run(embedding, wide, None)
        if layers is not None:
            hits = [(i, s, layer) for i, s, layer in hits if layer in layers]
            if len(hits) < min(k, total) and wide < total:
                hits = self._run(embedding, k, {"layer": {"$in": list(layers)}})
        return [(i, s) for i, s, _ in hits[:k]]

    def _run(
        self, embedding: Any, k: int, where: dict[str, Any] | None
    ) -> list[tuple[str, float, str]]:
        result = self._collection.query(
            query_embeddings=embedding,
            n_results=max(1, k),
            where=where,
            include=["distances", "metadatas"],
        )
        ids = result["ids"][0]
        distances = result["distances"][0]
        metas = result["metadatas"][0]
        return [
            (i, 1.0 - float(d), str((m or {}).get("layer", "")))
            for i, d, m in zip(ids, distances, metas, strict=True)
        ]

    def vectors(self, ids: Sequence[str]) -> dict[str, Vectors]:
        if not ids:
            return {}
        got = self._collection.get(ids=list(ids), include=["embeddings"])
        return {
            i: np.asarray(v, dtype=np.float32)
            for i, v in zip(got["ids"], got["embeddings"], strict=True)
        }

    def count(self) -> int:
        return int(self._collection.count())

    def dump(self) -> tuple[list[str], Vectors, list[str]]:
        ids: list[str] = []
        rows: list[Any] = []
        layers: list[str] = []
        page = 5000
        for offset in range(0, self.count(), page):
            got = self._collection.get(
                include=["embeddings", "metadatas"], limit=page, offset=offset
            )
            ids += got["ids"]
            rows += list(got["embeddings"])
            layers += [str((m or {}).get("layer", "")) for m in got["metadatas"]]
        dim = len(rows[0]) if rows else 0
        matrix = np.asarray(rows, dtype=np.float32) if rows else np.zeros((0, dim), np.float32)
        return ids, matrix, layers

    def identity(self) -> dict[str, str]:
        meta = self._collection.metadata or {}
        return {k[len("labmem:") :]: str(v) for k, v in meta.items() if k.startswith("labmem:")}

    def refresh(self) -> None:
        """Open the collection again: another process may have rebuilt (replaced) it."""
        self._collection = self._open()

    def reset(self, identity: dict[str, str]) -> None:
        with contextlib.suppress(Exception):  # an absent collection: nothing to drop
            self._client.delete_collection(self._name)
        meta: dict[str, Any] = {"hnsw:space": "cosine"}
        meta.update({f"labmem:{k}": v for k, v in identity.items()})
        self._collection = self._client.get_or_create_collection(
            self._name, embedding_function=self._ef, metadata=meta
        )
