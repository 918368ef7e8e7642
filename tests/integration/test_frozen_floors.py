"""Regression floors for routing, supersede and durability on the old test parts.

Runs ``benchmarks/routing.py`` on ``a_test``, ``b_test``, ``pairs_test`` and
``distill_test``. Those parts were frozen once and read by a final run; since then **all of
tests/data/routing is training data** and the shipped models are trained on it. The figures
here therefore measure how well the models keep what they were taught — a regression floor
(a rule or feature change that breaks known statements fails the build), not an estimate
of how they do on new users. Generalisation is estimated across sets
(``scripts/train_router.py --cross``, ``scripts/train_supersede.py``) and measured on
independently written sets with ``benchmarks/routing.py --routing/--pairs/--distill``; the
figures are in docs/benchmarks.md.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks"))

# Measured 2026-11-30 on training data (docs/benchmarks.md), rounded down.
FLOORS = {
    ("routing", "layer_accuracy"): 0.97,
    ("routing", "layer_kind_accuracy"): 0.95,
    ("supersede", "precision"): 0.95,
    ("supersede", "recall"): 0.85,
    ("durability", "precision"): 0.95,
    ("durability", "recall"): 0.95,
}
RECALL_FLOOR = 0.95  # every layer's routing recall


@pytest.fixture(scope="module")
def figures() -> dict[str, Any]:
    import routing

    result: dict[str, Any] = routing.measure()
    return result


@pytest.mark.slow
@pytest.mark.parametrize(("part", "name"), list(FLOORS))
def test_training_figure_holds_its_floor(figures: dict[str, Any], part: str, name: str) -> None:
    assert figures[part][name] >= FLOORS[(part, name)], (part, name, figures[part][name])


@pytest.mark.slow
def test_every_layer_keeps_its_recall(figures: dict[str, Any]) -> None:
    low = {k: v for k, v in figures["routing"]["recall"].items() if v < RECALL_FLOOR}
    assert not low


# The third, independently written sets (README_v3_routing.md, README_v3_updates.md): other
# users and worlds, read once on 2026-11-30 (layer 0.873, layer+kind 0.733; supersede P 0.783
# R 0.720; durability P 0.908 R 0.790: docs/benchmarks.md). Since 2026-12-01 every model is
# trained on them too and cues were written after reading their misses, so their figures
# are training figures: floors here (rounded down), like the old test parts above. The
# issue's targets are measured on a fresh set; the estimate of a new user holds out a whole
# writer (scripts/train_supersede.py, scripts/train_router.py --cross).
DATA = Path(__file__).resolve().parents[2] / "tests" / "data" / "routing"
# Since 2026-12-01 (later) a one-off request with nothing at hand ("draft an email to
# lucía …") is not remembered, as the fourth and fifth writers label it; this writer filed
# six such requests under the session (layer 0.979 on them since).
V3_FLOORS = {
    ("routing", "layer_accuracy"): 0.97,
    ("routing", "layer_kind_accuracy"): 0.97,
    ("supersede", "precision"): 0.96,
    ("supersede", "recall"): 0.86,
    # 0.98 (0.985 measured) since the judge reads the multilingual model's vectors: three
    # Spanish log lines now score 0.55–0.58; with this writer held out its precision is
    # 0.959 (0.958 on MiniLM's) and its recall 0.930 (0.915).
    ("durability", "precision"): 0.98,
    # 0.98 since the judge also learns from the seventh writer's lines: two of this writer's
    # facts ("Leo gets migraines when he skips breakfast", "Las ITV del Corolla tocan en
    # mayo") now score 0.54 against the 0.55 threshold; 0.97 (0.975 measured) since it learns
    # from the eighth writer's too.
    ("durability", "recall"): 0.97,
}


@pytest.fixture(scope="module")
def third() -> dict[str, Any]:
    import routing

    result: dict[str, Any] = routing.measure(
        [DATA / "frozen_v3_routing.jsonl"],
        [DATA / "frozen_v3_pairs.jsonl"],
        [DATA / "frozen_v3_distill.jsonl"],
    )
    return result


@pytest.mark.slow
@pytest.mark.parametrize(("part", "name"), list(V3_FLOORS))
def test_third_set_figure_holds_its_floor(third: dict[str, Any], part: str, name: str) -> None:
    assert third[part][name] >= V3_FLOORS[(part, name)], (part, name, third[part][name])


# The fourth, independently written sets (README_v4.md), read once on 2026-12-01 after this
# round's changes: supersede P 0.924 R 0.762, durability P 0.984 R 0.915 (docs/benchmarks.md).
# Since then the supersede cues and weights are fitted on them too (supersede P 0.979
# R 0.863 on them is a training figure): floors from here on (rounded down). How a new
# writer's pairs fare is estimated by holding one writer out (scripts/train_supersede.py).
V4_FLOORS = {
    ("supersede", "precision"): 0.97,
    ("supersede", "recall"): 0.86,
    ("durability", "precision"): 0.98,
    ("durability", "recall"): 0.91,
}


@pytest.fixture(scope="module")
def fourth() -> dict[str, Any]:
    import routing

    result: dict[str, Any] = routing.measure(
        [], [DATA / "frozen_v4_pairs.jsonl"], [DATA / "frozen_v4_distill.jsonl"]
    )
    return result


@pytest.mark.slow
@pytest.mark.parametrize(("part", "name"), list(V4_FLOORS))
def test_fourth_set_figure_holds_its_floor(fourth: dict[str, Any], part: str, name: str) -> None:
    assert fourth[part][name] >= V4_FLOORS[(part, name)], (part, name, fourth[part][name])


# The fifth, independently written sets (README_v5.md), read once before this round's
# changes and once after them (docs/benchmarks.md, "Fifth independently written sets"):
# routing layer 0.773 → 0.829, supersede P 0.877 → 0.885 R 0.844 → 0.869, durability
# P 0.946 → 0.951 R 0.795 → 0.865. Since then every model is trained on them too (routing
# layer 0.988, layer+kind 0.988 on them is a training figure): floors (rounded down). How a
# new writer fares is estimated by holding one writer out (scripts/train_router.py --cross:
# 0.910 layer on this writer held out); the targets are measured on a fresh set.
V5_FLOORS = {
    ("routing", "layer_accuracy"): 0.98,
    ("routing", "layer_kind_accuracy"): 0.98,
    ("supersede", "precision"): 0.95,  # 0.959 since memory/pair_topic.py
    ("supersede", "recall"): 0.86,
    ("durability", "precision"): 0.99,
    ("durability", "recall"): 0.98,
}


@pytest.fixture(scope="module")
def fifth() -> dict[str, Any]:
    import routing

    result: dict[str, Any] = routing.measure(
        [DATA / "frozen_v5_routing.jsonl"],
        [DATA / "frozen_v5_pairs.jsonl"],
        [DATA / "frozen_v5_distill.jsonl"],
        daily_task_done=True,  # this writer's daily "task" is a task done that day
    )
    return result


@pytest.mark.slow
@pytest.mark.parametrize(("part", "name"), list(V5_FLOORS))
def test_fifth_set_figure_holds_its_floor(fifth: dict[str, Any], part: str, name: str) -> None:
    assert fifth[part][name] >= V5_FLOORS[(part, name)], (part, name, fifth[part][name])


# The sixth, independently written sets (README_v6.md), read once before a round's changes
# and once after them (docs/benchmarks.md, "Sixth independently written sets"): routing
# layer 0.825 → 0.896, supersede P/R 0.831/0.831 both times, durability P 0.984 → 0.984,
# R 0.945 → 0.940. Training data from here on: floors (rounded down). The router is trained
# on them since (layer 0.992 on them is a training figure, not the target met). Supersede
# precision 0.858 since a statement about another person never retires the user's fact
# (0.858 also with this writer held out of the fit: scripts/train_supersede.py).
V6_FLOORS = {
    ("routing", "layer_accuracy"): 0.89,
    ("supersede", "precision"): 0.88,  # 0.887 since memory/pair_topic.py
    ("supersede", "recall"): 0.83,
    ("durability", "precision"): 0.98,
    ("durability", "recall"): 0.94,
}


@pytest.fixture(scope="module")
def sixth() -> dict[str, Any]:
    import routing

    result: dict[str, Any] = routing.measure(
        [DATA / "frozen_v6_routing.jsonl"],
        [DATA / "frozen_v6_pairs.jsonl"],
        [DATA / "frozen_v6_distill.jsonl"],
        daily_task_done=True,  # this writer's daily "task" is a task done that day
    )
    return result


@pytest.mark.slow
@pytest.mark.parametrize(("part", "name"), list(V6_FLOORS))
def test_sixth_set_figure_holds_its_floor(sixth: dict[str, Any], part: str, name: str) -> None:
    assert sixth[part][name] >= V6_FLOORS[(part, name)], (part, name, sixth[part][name])


# The seventh, independently written sets (README_v7.md), read once before a round's changes
# and once after them (docs/benchmarks.md, "Seventh independently written sets"): routing
# layer 0.921 → 0.940, layer+kind 0.800 → 0.860, supersede P 0.874 → 0.890 R 0.869 → 0.863,
# durability P 0.957 R 0.900 both times. Training data from here on: floors (rounded down).
V7_FLOORS = {
    ("routing", "layer_accuracy"): 0.93,  # 451/480
    ("routing", "layer_kind_accuracy"): 0.85,
    # 0.946 since memory/pair_topic.py, 0.952 since the subject and value checks
    # (pair_topic.another_instance, pair_slots.their_own, pair_replaced): a figure on
    # training data, not a result.
    ("supersede", "precision"): 0.95,
    ("supersede", "recall"): 0.86,
    ("durability", "precision"): 0.95,
    ("durability", "recall"): 0.90,
}


@pytest.fixture(scope="module")
def seventh() -> dict[str, Any]:
    import routing

    result: dict[str, Any] = routing.measure(
        [DATA / "frozen_v7_routing.jsonl"],
        [DATA / "frozen_v7_pairs.jsonl"],
        [DATA / "frozen_v7_distill.jsonl"],
        daily_task_done=True,  # this writer's daily "task" is a task done that day
    )
    return result


@pytest.mark.slow
@pytest.mark.parametrize(("part", "name"), list(V7_FLOORS))
def test_seventh_set_figure_holds_its_floor(seventh: dict[str, Any], part: str, name: str) -> None:
    assert seventh[part][name] >= V7_FLOORS[(part, name)], (part, name, seventh[part][name])


# The eighth, independently written sets (README_v8.md), read once before a round's changes
# and once after them (docs/benchmarks.md, "Eighth independently written sets"): routing
# layer 0.940 → 0.946, layer+kind 0.869 → 0.885, supersede P 0.887 → 0.904 R 0.831 → 0.825,
# durability P 0.984 → 0.989 R 0.900 → 0.915. Training data from here on: floors (rounded
# down).
V8_FLOORS = {
    ("routing", "layer_accuracy"): 0.94,  # 454/480
    ("routing", "layer_kind_accuracy"): 0.88,
    # 0.964 / 0.831 since the subject and value checks (pair_topic.another_instance,
    # pair_slots.their_own, pair_replaced), written after reading this set's wrong
    # supersedes: training figures, not results (0.964 with this writer held out of the fit).
    ("supersede", "precision"): 0.96,
    ("supersede", "recall"): 0.83,
    ("durability", "precision"): 0.98,
    ("durability", "recall"): 0.91,
}


@pytest.fixture(scope="module")
def eighth() -> dict[str, Any]:
    import routing

    result: dict[str, Any] = routing.measure(
        [DATA / "frozen_v8_routing.jsonl"],
        [DATA / "frozen_v8_pairs.jsonl"],
        [DATA / "frozen_v8_distill.jsonl"],
        daily_task_done=True,  # this writer's daily "task" is a task done that day
    )
    return result


@pytest.mark.slow
@pytest.mark.parametrize(("part", "name"), list(V8_FLOORS))
def test_eighth_set_figure_holds_its_floor(eighth: dict[str, Any], part: str, name: str) -> None:
    assert eighth[part][name] >= V8_FLOORS[(part, name)], (part, name, eighth[part][name])


# The ninth, independently written sets (README_v9.md), read once before a round's changes
# and once after them (docs/benchmarks.md, "Ninth independently written sets"): routing
# layer 0.940 → 0.942, layer+kind 0.846 → 0.848, supersede P 0.961 → 0.961 R 0.769 → 0.775,
# durability P 0.982 R 0.840 both times. Training data from here on: floors (rounded down).
# Since the router, the durability judge and the supersede model are fitted on them too,
# their figures here are training figures (routing 0.992 / 0.992, supersede 0.964 / 0.831,
# durability 1.000 / 0.960), not the targets met: held out of the fits, this writer
# scores layer 0.942, layer+kind 0.848, supersede 0.964 / 0.831, durability 1.000 / 0.870
# (docs/benchmarks.md, "The ninth writer's sets in the fits").
V9_FLOORS = {
    ("routing", "layer_accuracy"): 0.99,
    ("routing", "layer_kind_accuracy"): 0.99,
    ("supersede", "precision"): 0.96,
    ("supersede", "recall"): 0.83,
    ("durability", "precision"): 0.99,
    ("durability", "recall"): 0.96,
}


@pytest.fixture(scope="module")
def ninth() -> dict[str, Any]:
    import routing

    result: dict[str, Any] = routing.measure(
        [DATA / "frozen_v9_routing.jsonl"],
        [DATA / "frozen_v9_pairs.jsonl"],
        [DATA / "frozen_v9_distill.jsonl"],
        daily_task_done=True,  # compared as the seventh and eighth sets
    )
    return result


@pytest.mark.slow
@pytest.mark.parametrize(("part", "name"), list(V9_FLOORS))
def test_ninth_set_figure_holds_its_floor(ninth: dict[str, Any], part: str, name: str) -> None:
    assert ninth[part][name] >= V9_FLOORS[(part, name)], (part, name, ninth[part][name])


# The tenth, independently written sets (README_v10.md), read once before a round's changes
# and once after them (docs/benchmarks.md, "Tenth independently written sets"): routing layer
# 0.940 → 0.938, layer+kind 0.877 → 0.873, session recall 0.875 → 0.887, supersede P 0.942 →
# 0.944 R 0.812 → 0.844, durability P 1.000 → 0.995 R 0.885 → 0.925. Since the router, the
# durability judge and the supersede model are fitted on them too, their figures here are
# training figures (routing 0.994 / 0.994, supersede 0.985 / 0.844, durability 1.000 /
# 0.980), floors (rounded down), not the targets met: held out of the fits, this
# writer scores layer 0.956, layer+kind 0.881, session recall 1.00, supersede 0.985 /
# 0.844, durability 0.995 / 0.925 — with rules written after reading its misses
# (docs/benchmarks.md, "The tenth writer's sets in the fits").
V10_FLOORS = {
    ("routing", "layer_accuracy"): 0.99,
    ("routing", "layer_kind_accuracy"): 0.99,
    ("supersede", "precision"): 0.98,
    ("supersede", "recall"): 0.84,
    ("durability", "precision"): 0.99,
    # 0.97 (0.975 measured) since the judge also learns from the eleventh writer's lines
    ("durability", "recall"): 0.97,
}


@pytest.fixture(scope="module")
def tenth() -> dict[str, Any]:
    import routing

    result: dict[str, Any] = routing.measure(
        [DATA / "frozen_v10_routing.jsonl"],
        [DATA / "frozen_v10_pairs.jsonl"],
        [DATA / "frozen_v10_distill.jsonl"],
        daily_task_done=True,  # compared as the seventh to ninth sets
    )
    return result


@pytest.mark.slow
@pytest.mark.parametrize(("part", "name"), list(V10_FLOORS))
def test_tenth_set_figure_holds_its_floor(tenth: dict[str, Any], part: str, name: str) -> None:
    assert tenth[part][name] >= V10_FLOORS[(part, name)], (part, name, tenth[part][name])


# The eleventh, independently written sets (README_v11.md), read once before a round's
# changes and once after them (docs/benchmarks.md, "Eleventh independently written sets"):
# routing layer 0.946 → 0.950, layer+kind 0.881 → 0.894, session recall 0.944 → 0.972, project
# recall 0.889 → 0.889, supersede P 0.963 → 0.963 R 0.819 → 0.806, durability P 0.994 → 0.994
# R 0.885 → 0.885. Since the router, the durability judge and the supersede model are fitted
# on them too, their figures here are training figures (routing 0.988 / 0.988, project recall
# 0.989, supersede 0.963 / 0.806, durability 1.000 / 0.990), floors (rounded down), not the
# issue's targets met: held out of the fits, this writer scores layer 0.958, layer+kind
# 0.904, project recall 0.93 — with rules written after reading its misses
# (docs/benchmarks.md, "The eleventh writer's sets in the fits").
V11_FLOORS = {
    ("routing", "layer_accuracy"): 0.98,
    ("routing", "layer_kind_accuracy"): 0.98,
    ("supersede", "precision"): 0.96,
    ("supersede", "recall"): 0.80,
    ("durability", "precision"): 0.99,
    ("durability", "recall"): 0.98,
}


@pytest.fixture(scope="module")
def eleventh() -> dict[str, Any]:
    import routing

    result: dict[str, Any] = routing.measure(
        [DATA / "frozen_v11_routing.jsonl"],
        [DATA / "frozen_v11_pairs.jsonl"],
        [DATA / "frozen_v11_distill.jsonl"],
        daily_task_done=True,  # compared as the seventh to tenth sets
    )
    return result


@pytest.mark.slow
@pytest.mark.parametrize(("part", "name"), list(V11_FLOORS))
def test_eleventh_set_figure_holds_its_floor(
    eleventh: dict[str, Any], part: str, name: str
) -> None:
    assert eleventh[part][name] >= V11_FLOORS[(part, name)], (part, name, eleventh[part][name])


# The twelfth, independently written sets (README_v12.md), read once before a round's
# changes and once after them (docs/benchmarks.md, "Twelfth independently written sets"):
# routing layer 0.963 → 0.965, layer+kind 0.915 → 0.921, memory recall 0.917 → 0.905, project
# recall 0.976 → 0.988, supersede P 0.891 → 0.891 R 0.819 → 0.819, durability P 0.994 → 0.994
# R 0.880 → 0.880. Not in any fit yet: training data from here on, floors (rounded down) and
# the target it missed.
V12_FLOORS = {
    ("routing", "layer_accuracy"): 0.964,  # 463/480
    ("routing", "layer_kind_accuracy"): 0.92,
    ("supersede", "precision"): 0.89,
    ("supersede", "recall"): 0.81,
    ("durability", "precision"): 0.99,
    ("durability", "recall"): 0.88,
}


@pytest.fixture(scope="module")
def twelfth() -> dict[str, Any]:
    import routing

    result: dict[str, Any] = routing.measure(
        [DATA / "frozen_v12_routing.jsonl"],
        [DATA / "frozen_v12_pairs.jsonl"],
        [DATA / "frozen_v12_distill.jsonl"],
        daily_task_done=True,  # compared as the seventh to eleventh sets
    )
    return result


@pytest.mark.slow
@pytest.mark.parametrize(("part", "name"), list(V12_FLOORS))
def test_twelfth_set_figure_holds_its_floor(twelfth: dict[str, Any], part: str, name: str) -> None:
    assert twelfth[part][name] >= V12_FLOORS[(part, name)], (part, name, twelfth[part][name])


@pytest.mark.slow
@pytest.mark.xfail(strict=True, reason="twelfth set when read: supersede precision 0.891 (0.95)")
def test_twelfth_set_meets_the_targets(twelfth: dict[str, Any]) -> None:
    routed = twelfth["routing"]
    assert routed["layer_accuracy"] >= 0.95
    assert routed["layer_kind_accuracy"] >= 0.85
    assert min(routed["recall"].values()) >= 0.90
    assert twelfth["supersede"]["precision"] >= 0.95
    assert twelfth["supersede"]["recall"] >= 0.80
