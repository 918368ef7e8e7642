"""Commands that need the model or the index still leave out what they do not use (the
one-shot write path and search never import langgraph; writing never opens chromadb)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

HEAVY = ("chromadb", "langgraph", "onnxruntime", "langchain_core", "numpy")

PROBE = r"""
import json, sys
from coordinator.cli import cli
try:
    cli.main(args=sys.argv[1:], prog_name="labmem", standalone_mode=False)
except SystemExit:
    pass
heavy = sorted({name.split(".")[0] for name in sys.modules} & set(json.loads(os.environ["HEAVY"])))
print("HEAVY=" + json.dumps(heavy), file=sys.stderr)
"""


def _loaded(home: Path, *args: str) -> set[str]:
    env = {**os.environ, "LABMEM_HOME": str(home), "HEAVY": json.dumps(HEAVY)}
    done = subprocess.run(
        [sys.executable, "-c", "import os\n" + PROBE, *args],
        capture_output=True,
        text=True,
        env=env,
        timeout=120,
    )
    line = next(x for x in done.stderr.splitlines() if x.startswith("HEAVY="))
    return set(json.loads(line.removeprefix("HEAVY=")))


pytestmark = pytest.mark.integration


@pytest.fixture
def workspace(home: Path) -> Path:
    from coordinator import Lab

    with Lab.open(home):
        pass
    return home


def test_a_routed_statement_needs_no_index_and_no_langgraph(workspace: Path) -> None:
    loaded = _loaded(workspace, "remember", "I prefer answers in metric units.")
    assert "numpy" in loaded  # the router ran (the probe sees what it loads)
    assert not loaded & {"chromadb", "langgraph", "langchain_core"}
    assert "metric units" in (workspace / "MEMORY.md").read_text()


def test_search_loads_the_index_but_not_langgraph(workspace: Path) -> None:
    loaded = _loaded(workspace, "search", "battery")
    assert "chromadb" in loaded
    assert not loaded & {"langgraph", "langchain_core"}
