"""Builds the search service from settings (the composition root for search)."""

from __future__ import annotations

import hashlib
import os
import shutil
from collections.abc import Sequence
from datetime import date
from pathlib import Path
from typing import TYPE_CHECKING

from coordinator.settings import Settings
from memory.errors import InvalidInputError
from memory.layers import KNOWN_KINDS
from memory.search.embedders import Embedder
from memory.search.service import Hit, SearchService, SearchWeights
from memory.search.vector_index import ChromaVectorIndex, VectorIndex
from memory.usage import UsageLog
from memory.visibility import check_layer, require, visible_layers
from memory.workspace import Workspace

if TYPE_CHECKING:
    from coordinator.lab import Lab

__all__ = [
    "KNOWN_KINDS",
    "build_search",
    "collection_name",
    "embedder_for",
    "run_search",
]


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
        mmr=settings.mmr_lambda,
    )
    threads = settings.embed_threads or len(os.sched_getaffinity(0))
    return SearchService(
        workspace.root, workspace.index_dir, embedder, vectors, weights, threads=threads
    )


def _date(value: date | str | None) -> date | None:
    if value is None or isinstance(value, date):
        return value
    try:
        return date.fromisoformat(value)
    except ValueError:
        raise InvalidInputError(f"{value!r} is not a date; use YYYY-MM-DD.") from None


def run_search(
    lab: Lab,
    query: str,
    *,
    k: int,
    layers: Sequence[str] | None,
    project: str | None,
    kinds: Sequence[str] | None,
    since: date | str | None,
    until: date | str | None,
    tags: Sequence[str] | None,
    include_archive: bool,
) -> list[Hit]:
    """Check the request against visibility and the known names, sync, search, and count
    what was served (usage ranks used entries higher)."""
    if any(0xD800 <= ord(ch) <= 0xDFFF for ch in query):
        # Bytes that were not UTF-8 on the command line arrive as lone surrogates.
        raise InvalidInputError("the query is not valid UTF-8; send UTF-8 text.")
    visible = visible_layers(lab.session_kind, "search")
    if layers is None:
        wanted = [layer for layer in visible if layer != "session"]
    else:
        wanted = [check_layer(layer) for layer in layers]
        for layer in wanted:
            require(lab.session_kind, layer, "search")
    if not wanted:
        require(lab.session_kind, "daily", "search")
    service = lab.search_service
    names = lab.projects.names()
    if project is not None and project not in names:
        raise InvalidInputError(
            f"unknown project {project!r}; known projects: {', '.join(names) or 'none'}."
        )
    if kinds:
        # Only kinds seen in layers this session may search: naming a kind that exists
        # only in MEMORY.md would tell a shared session what MEMORY.md holds.
        valid = set(KNOWN_KINDS) | service.known(visible)[0]
        for kind in kinds:
            if kind not in valid:
                raise InvalidInputError(
                    f"unknown kind {kind!r}; use one of: {', '.join(sorted(valid))}."
                )
    service.sync(budget=lab.settings.index_budget_s)
    usage = UsageLog(lab.workspace.state_dir)
    hits = service.search(
        query,
        k=k,
        layers=wanted,
        now=lab.clock.now(),
        project=project,
        kinds=kinds,
        since=_date(since),
        until=_date(until),
        tags=tags,
        include_archive=include_archive,
        boosts=usage.factors(),
    )
    # Only curated entries are ranked by use, so only they are counted: a search that
    # serves daily-log lines writes no state.
    usage.served(h.id for h in hits if h.id and h.layer in ("memory", "project"))
    return hits
