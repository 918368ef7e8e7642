"""One-shot commands import only what they use: a fresh process runs the command, then
reports which heavy libraries ended up in ``sys.modules``. (Speed itself is measured by
benchmarks/coordinator_speed.py, not here.)"""

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


@pytest.fixture
def workspace(home: Path) -> Path:
    from coordinator import Lab

    with Lab.open(home):
        pass
    return home


def test_help_imports_nothing_heavy(workspace: Path) -> None:
    assert _loaded(workspace, "--help") == set()


def test_a_daily_entry_imports_no_index_no_model_no_graph(workspace: Path) -> None:
    assert _loaded(workspace, "remember", "--layer", "daily", "Swapped the UPS battery.") == set()
    assert "Swapped the UPS battery." in next((workspace / "memory").glob("*.md")).read_text()
