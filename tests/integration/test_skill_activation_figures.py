"""Activation figures on the frozen test part of tests/data/skills (never tuned on).

The build fails when the figures drop below those recorded in docs/benchmarks.md. The
targets of the issue (top-1 ≥ 0.85, false activations ≤ 0.03) are not met yet: that test
is an expected failure, strict, so it turns into a failure to fix the day they are met.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks"))

RECORDED_TOP1 = 0.70  # measured 0.707 (65 of 92)
RECORDED_FALSE = 0.13  # measured 0.129 (4 of 31)


pytestmark = pytest.mark.integration  # figures of the real MiniLM


@pytest.fixture(scope="module")
def frozen() -> dict[str, Any]:
    from skill_triggers import collection_figures

    from memory.search.embedders import MiniLMEmbedder

    return collection_figures("test", MiniLMEmbedder())


@pytest.mark.slow
def test_frozen_figures_do_not_drop(frozen: dict[str, Any]) -> None:
    assert (frozen["positives"], frozen["negatives"]) == (92, 31)
    assert frozen["top1"] >= RECORDED_TOP1
    assert frozen["false_activations"] <= RECORDED_FALSE


@pytest.mark.slow
@pytest.mark.xfail(strict=True, reason="frozen top-1 0.707 and false activations 0.129")
def test_frozen_figures_meet_the_targets(frozen: dict[str, Any]) -> None:
    assert frozen["top1"] >= 0.85 and frozen["false_activations"] <= 0.03
