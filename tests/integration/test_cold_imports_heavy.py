"""Commands that need the model or the index still leave out what they do not use (the
one-shot write path and search never import langgraph; writing never opens chromadb)."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "fixtures"))
from cold_imports import loaded_heavy

pytestmark = pytest.mark.integration


@pytest.fixture
def workspace(home: Path) -> Path:
    from coordinator import Lab

    with Lab.open(home):
        pass
    return home


def test_a_routed_statement_needs_no_index_and_no_langgraph(workspace: Path) -> None:
    loaded = loaded_heavy(workspace, "remember", "I prefer answers in metric units.")
    assert "numpy" in loaded  # the router ran (the probe sees what it loads)
    assert not loaded & {"chromadb", "langgraph", "langchain_core"}
    assert "metric units" in (workspace / "MEMORY.md").read_text()


def test_search_on_a_current_index_reads_the_copy_not_chromadb(workspace: Path) -> None:
    from coordinator import Lab

    with Lab.open(workspace) as lab:
        lab.remember("The NAS battery was replaced in March.", layer="memory")
    # The first search after a write updates chromadb and saves a copy of the vectors.
    first = loaded_heavy(workspace, "search", "battery")
    assert "chromadb" in first
    assert not first & {"langgraph", "langchain_core"}
    # The next one finds the index current and reads the copy.
    again = loaded_heavy(workspace, "search", "battery")
    assert "onnxruntime" in again and "chromadb" not in again
    assert not again & {"langgraph", "langchain_core"}
