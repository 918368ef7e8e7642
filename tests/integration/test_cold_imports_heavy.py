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


def test_a_warm_session_sees_what_another_process_indexed(workspace: Path) -> None:
    import os
    import subprocess

    from coordinator import Lab

    with Lab.open(workspace) as lab:
        lab.remember("The NAS battery was replaced in March.", layer="memory")
        assert lab.search("battery")  # this session now holds the copy of the vectors
        env = {**os.environ, "LABMEM_HOME": str(workspace)}
        for args in (
            ["remember", "--layer", "daily", "Flashed new firmware onto the garage sensor."],
            ["search", "firmware"],  # the other process embeds the new line: a write
        ):
            done = subprocess.run(
                [sys.executable, "-c", "from coordinator.cli import main; main()", *args],
                env=env,
                capture_output=True,
                text=True,
                timeout=120,
            )
            assert done.returncode == 0, done.stderr
        hits = lab.search("updated the sensor's software", layers=["daily"])
        hit = next(h for h in hits if "firmware" in h.text)
        # Its vector, stored by the other process, is in this session's copy: found by
        # meaning too, not from a copy older than the other process's write.
        ids = lab._services.search_service.vectors.dump()[0]
        assert f"{hit.path}#{hit.id}" in ids
