"""The answers scenario (tests/data/answers) is consistent: what its labels claim holds."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

DATA = Path(__file__).resolve().parents[1] / "data" / "answers"


@pytest.mark.parametrize("part", ["scenario_train.json", "scenario_test.json", "frozen_v3.json"])
def test_scenario_labels_hold(part: str) -> None:
    data = json.loads((DATA / part).read_text(encoding="utf-8"))
    statements = data["statements"]
    times = [s["at"] for s in statements]
    assert times == sorted(times) and len(set(times)) == len(times)
    by_id = {s["id"]: s for s in statements}
    assert len(by_id) == len(statements)
    assert data["questions"]
    for q in data["questions"]:
        assert q["type"] in {"current_value", "temporal", "answerable", "unanswerable"}, q["id"]
        if q["type"] == "unanswerable":
            assert q["expect"] == [], q["id"]
            continue
        assert q["expect"], q["id"]
        for sid in q["expect"]:
            assert by_id[sid]["at"] < q["asked_at"], (q["id"], sid)  # said before asked
            if q["type"] == "current_value":
                assert q["expect_value"] in by_id[sid]["text"], (q["id"], sid)
