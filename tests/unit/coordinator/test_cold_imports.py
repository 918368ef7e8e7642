"""One-shot commands import only what they use: a fresh process runs the command, then
reports which heavy libraries ended up in ``sys.modules``. (Speed itself is measured by
benchmarks/coordinator_speed.py, not here.)"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "fixtures"))
from cold_imports import loaded_heavy


@pytest.fixture
def workspace(home: Path) -> Path:
    from coordinator import Lab

    with Lab.open(home):
        pass
    return home


def test_help_imports_nothing_heavy(workspace: Path) -> None:
    assert loaded_heavy(workspace, "--help") == set()


def test_a_daily_entry_imports_no_index_no_model_no_graph(workspace: Path) -> None:
    assert (
        loaded_heavy(workspace, "remember", "--layer", "daily", "Swapped the UPS battery.") == set()
    )
    assert "Swapped the UPS battery." in next((workspace / "memory").glob("*.md")).read_text()


@pytest.mark.parametrize(
    "args",
    [
        ("search", "   "),
        ("search", "nas", "--since", "2026-13-01"),
        ("search", "nas", "--project", "nope"),
    ],
)
def test_a_bad_search_is_refused_before_the_model_or_the_index_load(
    workspace: Path, args: tuple[str, ...]
) -> None:
    assert not loaded_heavy(workspace, *args) & {"onnxruntime", "chromadb"}
