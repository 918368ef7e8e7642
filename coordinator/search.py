"""Builds the search service from settings (the composition root for search)."""

from __future__ import annotations

import hashlib
import shutil
from pathlib import Path

from coordinator.settings import Settings
from memory.search.embedders import Embedder
from memory.search.service import SearchService, SearchWeights
from memory.search.vector_index import ChromaVectorIndex, VectorIndex
from memory.workspace import Workspace

__all__ = ["KNOWN_KINDS", "build_search", "collection_name"]

KNOWN_KINDS = (
    "fact",
    "decision",
    "preference",
    "lesson",
    "pitfall",
    "convention",
    "event",
    "task",
    "session-summary",
    "skill-activation",
    "identity",
    "policy",
    "note",
    "skill",
    "configuration",
)


def collection_name(root: Path) -> str:
    """One collection per workspace, so workspaces sharing a server never meet."""
    digest = hashlib.sha256(str(root.resolve()).encode()).hexdigest()[:16]
    return f"labmem-{digest}"


def build_search(workspace: Workspace, settings: Settings, embedder: Embedder) -> SearchService:
    name = collection_name(workspace.root)
    vectors: VectorIndex
    if settings.index == "chroma-http":
        vectors = ChromaVectorIndex.server(settings.index_host, settings.index_port, name, embedder)
    else:
        chroma_dir = workspace.index_dir / "chroma"
        try:
            vectors = ChromaVectorIndex.embedded(chroma_dir, name, embedder)
        except Exception:
            # A corrupted derived index is rebuilt from the Markdown, never a crash.
            shutil.rmtree(chroma_dir, ignore_errors=True)
            vectors = ChromaVectorIndex.embedded(chroma_dir, name, embedder)
    weights = SearchWeights(
        half_life_days=settings.decay_half_life_days,
        decay_floor=settings.decay_floor,
        context=settings.context_weight,
    )
    service = SearchService(workspace.root, workspace.index_dir, embedder, vectors, weights)
    return service
