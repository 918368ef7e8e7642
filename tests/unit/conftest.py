"""Unit tests embed with the hashing embedder, through the same ``Embedder`` interface as
MiniLM: fast, deterministic, no model load. A test that needs the real model (its meaning,
its figures) is marked ``integration`` and gets the configured default, MiniLM."""

from __future__ import annotations

import pytest

from memory.search.embedders import Embedder, HashingEmbedder


@pytest.fixture(autouse=True)
def _hashing_embedder_by_default(
    request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch, _isolated_env: None
) -> None:
    if request.node.get_closest_marker("integration") is None:
        monkeypatch.setenv("LABMEM_EMBEDDER", "hashing")


@pytest.fixture
def embedder() -> Embedder:
    """The unit-test embedder, for tests that build a matcher or an index themselves."""
    return HashingEmbedder()
