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


# Two frozen parts so far, each read once after the rules were tuned. The first (test_v1:
# recall 81/86 = 0.942, false refusals 2/62 = 0.032) has been tuned on since and counts as
# train. The second, written independently of everything before it (frozen_v2, 299 items):
# recall 124/159 = 0.780, false refusals 1/140 = 0.007 (docs/benchmarks.md). The targets are
# missed, so the target test is a strict expected failure (it turns red the day they are met,
# to drop the marker), and the floor test fails the build below what was measured.
@pytest.mark.xfail(
    strict=True, reason="frozen part measured recall 0.780 / false refusals 0.007 (recall missed)"
)
def test_frozen_test_part_meets_recall_and_false_refusal_targets() -> None:
    recall, false_refusals = _rates(_load("frozen_v2.jsonl"))
    assert recall >= 0.98, f"recall {recall:.3f} on the frozen test part"
    assert false_refusals <= 0.02, f"false refusals {false_refusals:.3f} on the frozen test part"


def test_frozen_test_part_does_not_fall_below_the_measured_figures() -> None:
    recall, false_refusals = _rates(_load("frozen_v2.jsonl"))
    assert recall >= 124 / 159, f"recall {recall:.3f} on the frozen test part"
    assert false_refusals <= 1 / 140, f"false refusals {false_refusals:.3f} on the frozen part"


def test_train_part_and_extra_cases_are_all_classified() -> None:
    recall, false_refusals = _rates(_load("train.jsonl", "train_extra.jsonl", "test_v1.jsonl"))
    assert (recall, false_refusals) == (1.0, 0.0)


@pytest.mark.parametrize("name", ["train.jsonl", "train_extra.jsonl"])
def test_findings_name_the_kind_never_the_value(name: str) -> None:
    rows = [row for row in _load(name) if row["label"] == "secret"]
    for row, kinds in zip(rows, scan_batch([row["text"] for row in rows]), strict=True):
        for kind in kinds:
            for part in row["value"].split():
                assert len(part) < 4 or part not in kind, (kind, row["kind"])


def test_corpus_files_are_the_frozen_split() -> None:
    names = ("train.jsonl", "test_v1.jsonl", "frozen_v2.jsonl")
    counts = {name: len(_load(name)) for name in names}
    assert counts == {"train.jsonl": 257, "test_v1.jsonl": 148, "frozen_v2.jsonl": 299}
