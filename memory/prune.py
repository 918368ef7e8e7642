"""Which MEMORY.md entries leave for the archive, and why. Nothing is deleted here.

Superseded entries, entries past their ``valid_until``, stale entries (not confirmed for
``stale_days`` and never used) and — when MEMORY.md is over its size budget — the entries
of lowest value. One run may remove at most ``max_ratio`` of the entries; a plan over that
is not applied (the report says so).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date, datetime, timedelta

from memory.clock import parse_instant
from memory.records import Record

__all__ = ["PrunePlan", "plan_pruning"]


@dataclass
class PrunePlan:
    remove: list[tuple[str, str]]  # (id, reason)
    total: int
    limit: int
    aborted: str | None = None


def _last_seen(record: Record) -> datetime | None:
    if record.confirmed:
        try:
            return parse_instant(record.confirmed)
        except ValueError:
            return record.at
    return record.at


def _tokens(record: Record) -> int:
    return max(1, len(record.text) // 4 + 12)


def plan_pruning(
    records: Sequence[Record],
    used: dict[str, int],
    now: datetime,
    stale_days: int,
    budget_tokens: int,
    max_ratio: float,
) -> PrunePlan:
    today: date = now.date()
    remove: list[tuple[str, str]] = []
    keep: list[Record] = []
    for record in records:
        last = _last_seen(record)
        if record.superseded_by:
            remove.append((record.id, f"superseded by {record.superseded_by}"))
        elif record.valid_until and record.valid_until[:10] < today.isoformat():
            remove.append((record.id, f"expired (valid until {record.valid_until[:10]})"))
        elif (
            last is not None
            and now - last > timedelta(days=stale_days)
            and used.get(record.id, 0) == 0
            and record.src != "hand"
        ):
            remove.append((record.id, f"stale: not confirmed since {last.date()}, never used"))
        else:
            keep.append(record)
    size = sum(_tokens(r) for r in keep)
    if size > budget_tokens:

        def value(r: Record) -> tuple[int, int, str]:
            last = _last_seen(r)
            return (used.get(r.id, 0), r.confirms, last.isoformat() if last else "")

        for record in sorted(keep, key=value):
            if size <= budget_tokens:
                break
            remove.append(
                (record.id, f"over the MEMORY.md budget of {budget_tokens} tokens (lowest value)")
            )
            size -= _tokens(record)
    limit = int(len(records) * max_ratio)
    plan = PrunePlan(remove, len(records), limit)
    if len(remove) > limit:
        plan.aborted = (
            f"pruning would archive {len(remove)} of {len(records)} entries, over "
            f"the limit of {limit} ({max_ratio:.0%}); nothing was archived. Review "
            "with 'labmem review' or raise LABMEM_MAX_PRUNE_RATIO."
        )
    return plan
