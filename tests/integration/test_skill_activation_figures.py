"""Activation figures on the test part of tests/data/skills, tests/data/skills_v2 … v9.

The nine sets (nine writers) have been read while the matcher was built, and the learned
activation (``skills/activation.py``) is trained on all nine, so these are development
figures, not a measure of how it does on skills and requests it has never seen
(``scripts/train_skill_activation.py --cross`` gives the leave-one-set-out figures). The
build fails when they drop below those recorded in docs/benchmarks.md. The targets (top-1
≥ 0.85 and false activations ≤ 0.03 together) are met on skills_v9 only (trained on):
on the others those tests are expected failures, strict, so they turn into failures to
fix the day they are.
"""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks"))

DATA = Path(__file__).resolve().parents[2] / "tests" / "data"
# (set, part, positives, negatives, top-1 floor, false activations ceiling)
RECORDED = {
    # the first writer wrote short imperatives most: the capped fit holds more of them back
    # (0.859 before; held out, 0.740 -> 0.689)
    # eight writers in the fit, a request for another skill's task counting less: 0.793 -> 0.739
    # nine writers, the request's form learned from its words: 0.739 -> 0.793
    "skills": ("test", 92, 31, 0.79, 0.033),  # measured 0.793 (73/92), 0.032 (1/31)
    # The model fitted on five (now six) writers holds false activations at 4 % on every set and
    # reads a close fit as a topic, not a task: on the sets it is trained on, top-1 fell on
    # v2 (0.706) and v4 (0.746); held out, it rose on v3-v5 (docs/benchmarks.md).
    "skills_v2": ("frozen", 180, 80, 0.76, 0.013),  # measured 0.761 (137/180), 0.013 (1/80)
    # fitted on six writers the threshold is lower (0.871): one more of v3's "none" activates
    "skills_v3": ("frozen", 186, 74, 0.81, 0.0),  # measured 0.812 (151/186), 0.000 (0/74)
    # the fourth writer's set, read once before a round's changes (0.602, 0.114) and once
    # after (0.552, 0.051): training data from here on
    "skills_v4": ("frozen", 181, 79, 0.81, 0.013),  # measured 0.818 (148/181), 0.013 (1/79)
    # the fifth writer's set, read once before a round's changes (0.583, 0.050) and once
    # after (0.717, 0.062): training data from here on
    "skills_v5": ("frozen", 180, 80, 0.8, 0.0),  # measured 0.800 (144/180), 0.000 (0/80)
    # the sixth writer's set, read once before a round's changes (0.701, 0.026) and once
    # after (0.690, 0.026): training data from here on (held out of the fit, 0.707 / 0.026)
    # the threshold now holds at 3 % on every training set: 0.777 -> 0.766 here
    "skills_v6": ("frozen", 184, 76, 0.79, 0.014),  # measured 0.793 (146/184), 0.013 (1/76)
    # the seventh writer's set, read once before a round's changes (0.629, 0.041) and once
    # after (0.672, 0.041): training data from here on
    "skills_v7": ("frozen", 186, 74, 0.78, 0.014),  # measured 0.785 (146/186), 0.014 (1/74)
    # the eighth writer's set, read once before a round's changes (0.737, 0.041) and once
    # after (0.742, 0.041): training data from here on, in the fit since (held out, 0.747 / 0.027)
    "skills_v8": ("frozen", 186, 74, 0.81, 0.028),  # measured 0.817 (152/186), 0.027 (2/74)
    # the ninth writer's set, read once before a round's changes (0.811, 0.013) and once
    # after (0.811, 0.013): training data from here on, in the fit since (held out, 0.854 /
    # 0.013)
    "skills_v9": ("frozen", 185, 75, 0.87, 0.014),  # measured 0.870 (161/185), 0.013 (1/75)
    # the tenth writer's set, read once before a round's changes (0.758, 0.000) and once
    # after (0.802, 0.000): training data from here on
    "skills_v10": ("frozen", 182, 78, 0.80, 0.0),  # measured 0.802 (146/182), 0.000 (0/78)
}

pytestmark = pytest.mark.integration  # figures of the real models


@pytest.fixture(scope="module", params=sorted(RECORDED))
def figures(request: pytest.FixtureRequest) -> Iterator[tuple[str, dict[str, Any]]]:
    import skill_triggers

    from memory.search.embedders import MiniLMEmbedder

    name, default = request.param, skill_triggers.DATA
    skill_triggers.DATA = DATA / name
    try:
        yield name, skill_triggers.collection_figures(RECORDED[name][0], MiniLMEmbedder())
    finally:
        skill_triggers.DATA = default


@pytest.mark.slow
def test_figures_do_not_drop(figures: tuple[str, dict[str, Any]]) -> None:
    name, found = figures
    _, positives, negatives, top1, false = RECORDED[name]
    assert (found["positives"], found["negatives"]) == (positives, negatives)
    assert found["top1"] >= top1
    assert found["false_activations"] <= false + 1e-9


# the sets where the targets are not met yet, with their figures
MISSED = {
    "skills": "0.793 / 0.032",
    "skills_v2": "0.761 / 0.013",
    "skills_v3": "0.812 / 0.000",
    "skills_v4": "0.818 / 0.013",
    "skills_v5": "0.800 / 0.000",
    "skills_v6": "0.793 / 0.013",
    "skills_v7": "0.785 / 0.014",
    "skills_v8": "0.817 / 0.027",
    "skills_v10": "0.802 / 0.000",
}


@pytest.mark.slow
def test_figures_meet_the_targets(
    figures: tuple[str, dict[str, Any]], request: pytest.FixtureRequest
) -> None:
    name, found = figures
    if name in MISSED:
        request.node.add_marker(pytest.mark.xfail(strict=True, reason=f"{name}: {MISSED[name]}"))
    assert found["top1"] >= 0.85 and found["false_activations"] <= 0.03
