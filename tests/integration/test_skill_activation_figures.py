"""Activation figures on the test part of tests/data/skills.

Both parts of that set have been read while the matcher was built, so these are
development figures, not a measure of how it does on skills and requests it has never
seen. The build fails when they drop below those recorded in docs/benchmarks.md. The
targets (top-1 ≥ 0.85 and false activations ≤ 0.03 together) are not met on this part:
that test is an expected failure, strict, so it turns into a failure to fix the day they
are.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks"))

RECORDED_TOP1 = 0.84  # measured 0.859 (79 of 92); one request of slack
RECORDED_FALSE = 0.033  # measured 0.032 (1 of 31)


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
@pytest.mark.xfail(strict=True, reason="top-1 0.859 with false activations 0.032 (1 of 31)")
def test_frozen_figures_meet_the_targets(frozen: dict[str, Any]) -> None:
    assert frozen["top1"] >= 0.85 and frozen["false_activations"] <= 0.03
