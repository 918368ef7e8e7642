"""The build fails when a figure on the frozen test parts drops below its floor.

Runs ``benchmarks/routing.py`` (the one command that reads the frozen parts) and compares
with the floors recorded in docs/benchmarks.md. A floor is the measured frozen figure,
rounded down: it guards against regressions; it is not a target reached by tuning.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks"))

# Measured 2026-11-29 (docs/benchmarks.md). Below the issue's targets where noted there.
FLOORS = {
    ("routing", "layer_accuracy"): 0.80,  # target 0.95
    ("routing", "layer_kind_accuracy"): 0.65,  # target 0.85
    ("supersede", "precision"): 0.95,
    ("supersede", "recall"): 0.54,  # target 0.80
    ("durability", "precision"): 0.95,
    ("durability", "recall"): 0.78,  # target 0.85
}
RECALL_FLOOR = 0.62  # every layer's routing recall (target 0.90)


@pytest.fixture(scope="module")
def figures() -> dict[str, Any]:
    import routing

    result: dict[str, Any] = routing.measure()
    return result


@pytest.mark.slow
@pytest.mark.parametrize(("part", "name"), list(FLOORS))
def test_frozen_figure_holds_its_floor(figures: dict[str, Any], part: str, name: str) -> None:
    assert figures[part][name] >= FLOORS[(part, name)], (part, name, figures[part][name])


@pytest.mark.slow
def test_every_layer_keeps_its_recall(figures: dict[str, Any]) -> None:
    low = {k: v for k, v in figures["routing"]["recall"].items() if v < RECALL_FLOOR}
    assert not low


TARGETS = {
    ("routing", "layer_accuracy"): 0.95,
    ("routing", "layer_kind_accuracy"): 0.85,
    ("supersede", "precision"): 0.95,
    ("supersede", "recall"): 0.80,
    ("durability", "precision"): 0.95,
    ("durability", "recall"): 0.85,
}


@pytest.mark.slow
@pytest.mark.xfail(
    strict=True,
    reason="frozen part measured layer 0.809, layer+kind 0.657, supersede recall 0.545, "
    "durability recall 0.787, session recall 0.625 (targets missed)",
)
def test_frozen_figures_meet_the_issue_targets(figures: dict[str, Any]) -> None:
    missed = {
        key: figures[key[0]][key[1]] for key in TARGETS if figures[key[0]][key[1]] < TARGETS[key]
    }
    low = {k: v for k, v in figures["routing"]["recall"].items() if v < 0.90}
    assert not missed and not low, (missed, low)
