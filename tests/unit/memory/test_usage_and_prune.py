"""Usage counts move rank only within the bounds docs/search.md gives (Usage); pruning
plans never exceed the cap."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

from memory.prune import plan_pruning
from memory.records import Record
from memory.usage import UsageLog, rank_factor


def test_rank_factor_rules() -> None:
    assert rank_factor(0, 0) == 1.0
    assert rank_factor(10, 0) == 0.75  # served again and again, never used
    assert rank_factor(0, 1) > 1.0
    assert rank_factor(0, 10) > rank_factor(0, 1)
    assert rank_factor(0, 10) <= 1.8
    assert rank_factor(0, 10_000) == 1.8


def test_usage_log_counts_and_forgets(tmp_path: Path) -> None:
    log = UsageLog(tmp_path)
    log.served(["m-a", "m-a", "m-b"])  # one search serving m-a counts once
    log.used(["m-b"])
    data = log.load()
    assert data["m-a"] == {"served": 1, "used": 0} and data["m-b"]["used"] == 1
    log.forget("m-b")
    assert "m-b" not in log.load()


def _record(i: int, text: str = "x", **kw: object) -> Record:
    base = dict(
        id=f"m-{i}",
        layer="memory",
        kind="fact",
        text=text,
        body=text,
        at=datetime(2026, 1, 1, tzinfo=UTC),
        src="user",
        path="MEMORY.md",
        line_start=i,
        line_end=i,
        section=None,
        project=None,
        tags=(),
        confirmed=None,
        confirms=0,
        supersedes=None,
        superseded_by=None,
        trust=None,
        valid_until=None,
        missing=(),
    )
    base.update(kw)
    return Record(**base)  # type: ignore[arg-type]


def test_budget_archives_lowest_value_first_and_never_used_stale_only() -> None:
    now = datetime(2026, 11, 29, tzinfo=UTC)
    records = [_record(i, "word " * 40) for i in range(10)]
    used = {"m-3": 5}
    plan = plan_pruning(records, used, now, stale_days=10_000, budget_tokens=200, max_ratio=1.0)
    removed = [i for i, _ in plan.remove]
    # 10 entries of 62 tokens each = 620 > 200: the 7 of lowest value go, the used one stays
    assert len(removed) == 7 and "m-3" not in removed
    assert all("budget" in reason for _, reason in plan.remove)
    stale = plan_pruning(records, used, now, stale_days=30, budget_tokens=10**6, max_ratio=1.0)
    assert {i for i, _ in stale.remove} == {f"m-{i}" for i in range(10)} - {"m-3"}


def test_plan_over_the_cap_is_aborted() -> None:
    now = datetime(2026, 11, 29, tzinfo=UTC)
    records = [_record(i, superseded_by="m-99") for i in range(4)] + [_record(9)]
    plan = plan_pruning(records, {}, now, stale_days=10_000, budget_tokens=10**6, max_ratio=0.25)
    assert plan.aborted and "over the limit of 1" in plan.aborted
