"""Builds the embedder and the search service from settings (``Services`` calls these).

The query side, with its visibility checks, is ``coordinator.reads.search``."""

from __future__ import annotations

import hashlib
import os
import shutil
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from coordinator.settings import Settings
    from memory.search.embedders import Embedder
    from memory.search.service import SearchService
    from memory.search.vector_index import ChromaVectorIndex
    from memory.workspace import Workspace

__all__ = ["build_search", "collection_name", "embedder_for"]


def embedder_for(settings: Settings) -> tuple[Embedder, str | None]:
    """The configured embedder, and a warning if it degraded to lexical."""
    from memory.search.embedders import make_embedder

    return make_embedder(
        settings.embedder,
        settings.embedder_base_url,
        settings.embedder_model,
        settings.embedder_api_key,
    )


def collection_name(root: Path) -> str:
    """One collection per workspace, so workspaces sharing a server never meet."""
    digest = hashlib.sha256(str(root.resolve()).encode()).hexdigest()[:16]
    return f"labmem-{digest}"


def build_search(workspace: Workspace, settings: Settings, embedder: Embedder) -> SearchService:
    from memory.search.service import SearchService, SearchWeights
    from memory.search.vector_index import ChromaVectorIndex, VectorIndex

    name = collection_name(workspace.root)
    vectors: VectorIndex
    if settings.index == "chroma-http":
        vectors = ChromaVectorIndex.server(settings.index_host, settings.index_port, name, embedder)
    else:
        from memory.search.snapshot import SnapshotIndex

        chroma_dir = workspace.index_dir / "chroma"
        vectors = SnapshotIndex(
            lambda: _open_embedded(workspace, chroma_dir, name, embedder),
            chroma_dir,
            workspace.lock_dir,
        )
    weights = SearchWeights(
        half_life_days=settings.decay_half_life_days,
        decay_floor=settings.decay_floor,
        context=settings.context_weight,
        mmr=settings.mmr_lambda,
    )
    threads = settings.embed_threads or len(os.sched_getaffinity(0))
    return SearchService(
        workspace.root, workspace.index_dir, embedder, vectors, weights, threads=threads
    )


def _open_embedded(
    workspace: Workspace, chroma_dir: Path, name: str, embedder: Embedder
) -> ChromaVectorIndex:
    """chromadb in ``chroma_dir``, opened when a search must write or read past the copy
    on disk."""
    from memory.files import locked
    from memory.search.vector_index import ChromaVectorIndex

    # chromadb creates its tables on first open without a lock of its own: two processes
    # opening a new folder at once fail ("table collections already exists"), and the
    # one that failed would then delete the folder the other is using. One at a time.
    with locked(workspace.lock_dir, "index-open"):
        try:
            return ChromaVectorIndex.embedded(chroma_dir, name, embedder)
        except Exception:
            # A corrupted derived index is rebuilt from the Markdown, never a crash.
            shutil.rmtree(chroma_dir, ignore_errors=True)
            return ChromaVectorIndex.embedded(chroma_dir, name, embedder)
