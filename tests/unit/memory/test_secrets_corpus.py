"""The labelled secrets corpus: the frozen test part must keep recall ≥ 0.98 and false
refusals ≤ 0.02 (tests/data/secrets/README.md says how the corpus was written and split)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from memory.secrets import scan_batch

DATA = Path(__file__).resolve().parents[2] / "data" / "secrets"


def _load(*names: str) -> list[dict[str, str]]:
    rows = []
    for name in names:
        rows += [json.loads(line) for line in (DATA / name).read_text().splitlines() if line]
    return rows


def _rates(rows: list[dict[str, str]]) -> tuple[float, float]:
    flagged = [bool(f) for f in scan_batch([row["text"] for row in rows])]
    secrets = [hit for row, hit in zip(rows, flagged, strict=True) if row["label"] == "secret"]
    clean = [hit for row, hit in zip(rows, flagged, strict=True) if row["label"] == "clean"]
    return sum(secrets) / len(secrets), sum(clean) / len(clean)


# The frozen part was read once, after the rules were tuned: recall 81/86 = 0.942, false
# refusals 2/62 = 0.032 (docs/benchmarks.md). That misses the targets, so the target test is a
# strict expected failure (it turns red the day the targets are met, to drop the marker), and
# the floor test fails the build if the frozen part drops below what was measured.
@pytest.mark.xfail(
    strict=True, reason="frozen part measured recall 0.942 / false refusals 0.032 (targets missed)"
)
def test_frozen_test_part_meets_recall_and_false_refusal_targets() -> None:
    recall, false_refusals = _rates(_load("test.jsonl"))
    assert recall >= 0.98, f"recall {recall:.3f} on the frozen test part"
    assert false_refusals <= 0.02, f"false refusals {false_refusals:.3f} on the frozen test part"


def test_frozen_test_part_does_not_fall_below_the_measured_figures() -> None:
    recall, false_refusals = _rates(_load("test.jsonl"))
    assert recall >= 81 / 86, f"recall {recall:.3f} on the frozen test part"
    assert false_refusals <= 2 / 62, f"false refusals {false_refusals:.3f} on the frozen test part"


def test_train_part_and_extra_cases_are_all_classified() -> None:
    recall, false_refusals = _rates(_load("train.jsonl", "train_extra.jsonl"))
    assert (recall, false_refusals) == (1.0, 0.0)


@pytest.mark.parametrize("name", ["train.jsonl", "train_extra.jsonl"])
def test_findings_name_the_kind_never_the_value(name: str) -> None:
    rows = [row for row in _load(name) if row["label"] == "secret"]
    for row, kinds in zip(rows, scan_batch([row["text"] for row in rows]), strict=True):
        for kind in kinds:
            for part in row["value"].split():
                assert len(part) < 4 or part not in kind, (kind, row["kind"])


def test_corpus_files_are_the_frozen_split() -> None:
    counts = {name: len(_load(name)) for name in ("train.jsonl", "test.jsonl")}
    assert counts == {"train.jsonl": 257, "test.jsonl": 148}
