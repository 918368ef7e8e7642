"""Page data: plain dicts for the templates, computed from a ``Snapshot`` and the ``Lab``.

It does NOT write: every change goes through ``coordinator.web.actions``.
"""

from __future__ import annotations

import calendar
from collections import Counter, defaultdict
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date, datetime, timedelta
from typing import TYPE_CHECKING, Any, TypeVar

from coordinator.web.snapshot import Snapshot
from memory.errors import MemoryFrameworkError
from memory.records import Record

if TYPE_CHECKING:
    from coordinator.lab import Lab

__all__ = [
    "PAGE_SIZE",
    "calendar_months",
    "distill_runs",
    "overview",
    "paged",
    "sections",
    "timeline",
]

T = TypeVar("T")
PAGE_SIZE = 200  # entries per page of MEMORY.md or a project's notes
TIMELINE_DAYS = 90


@dataclass(frozen=True, slots=True)
class Bar:
    day: str
    count: int
    x: int
    y: int
    height: int


def timeline(snap: Snapshot, today: date, days: int = TIMELINE_DAYS) -> dict[str, Any]:
    """Entries remembered per day (by their ``at``), the last ``days`` days, as SVG bars."""
    per_day: Counter[date] = Counter(r.day for r in snap.all_records() if r.day is not None)
    start = today - timedelta(days=days - 1)
    counts = [per_day.get(start + timedelta(days=n), 0) for n in range(days)]
    top = max(counts) or 1
    height, width = 120, 6
    bars = [
        Bar(
            (start + timedelta(days=n)).isoformat(),
            count,
            n * width,
            height - round(count / top * height),
            round(count / top * height),
        )
        for n, count in enumerate(counts)
    ]
    return {
        "bars": bars,
        "width": days * width,
        "height": height,
        "top": top,
        "start": start.isoformat(),
        "end": today.isoformat(),
        "total": sum(counts),
    }


def _stale(record: Record, cutoff: datetime) -> bool:
    if not record.active:
        return False
    seen = record.confirmed or (record.at.isoformat() if record.at else None)
    if seen is None:
        return False
    try:
        when = datetime.fromisoformat(seen.replace("Z", "+00:00"))
    except ValueError:
        return False
    return when < cutoff


def freshness(snap: Snapshot, now: datetime, stale_days: int) -> list[dict[str, Any]]:
    cutoff = now - timedelta(days=stale_days)
    rows = []
    for name, records in sorted(snap.projects.items()):
        dated = [r.at for r in records if r.at is not None]
        rows.append(
            {
                "name": name,
                "entries": sum(r.active for r in records),
                "last": max(dated).date().isoformat() if dated else None,
                "stale": sum(_stale(r, cutoff) for r in records),
            }
        )
    return rows


def index_state(lab: Lab) -> dict[str, Any]:
    """Chunks, embedder, degraded or not — never raises (the index is derived)."""
    try:
        service = lab.services.search_service
        meta = service.lexical.get_meta()
        return {
            "ok": True,
            "built": bool(meta),
            "chunks": service.lexical.count(),
            "embedder": service.embedder.identity.name,
            "dimension": service.embedder.identity.dimension,
            "degraded": lab.search_warning,
        }
    except (MemoryFrameworkError, OSError) as exc:
        return {"ok": False, "error": str(exc), "degraded": str(exc)}


def _doctor(lab: Lab, snap: Snapshot, previous: Snapshot | None, now: bool) -> tuple[Any, bool]:
    """The doctor report: run once per workspace state when asked (or when there is none
    yet); after a change the last report is shown, marked as older than the change, so a
    page after a write does not pay for re-reading every file."""
    if lab.session_kind != "main":
        return None, False  # doctor reads every layer file; its findings are the owner's
    if "doctor" in snap.cache:
        return snap.cache["doctor"], False
    if not now and previous is not None and "doctor" in previous.cache:
        return previous.cache["doctor"], True
    from coordinator.maintenance.doctor import run_doctor

    try:
        snap.cache["doctor"] = run_doctor(lab)
    except MemoryFrameworkError as exc:
        snap.cache["doctor"] = exc
    return snap.cache["doctor"], False


def overview(
    lab: Lab, snap: Snapshot, previous: Snapshot | None = None, run_doctor_now: bool = False
) -> dict[str, Any]:
    now = lab.clock.now()
    doctor, doctor_stale = _doctor(lab, snap, previous, run_doctor_now)
    today = lab.daily.today()
    key = f"overview:{today}"  # derived from the files (and today's date): once per snapshot
    if key not in snap.cache:
        counts = snap.counts()
        snap.cache[key] = {
            "layers": sorted(counts["layers"].items()),
            "kinds": counts["kinds"].most_common(),
            "projects": sorted(counts["projects"].items()),
            "timeline": timeline(snap, today),
            "freshness": freshness(snap, now, lab.settings.stale_days),
        }
    return {
        **snap.cache[key],
        "index": index_state(lab),
        "doctor": None if isinstance(doctor, Exception) else doctor,
        "doctor_error": str(doctor) if isinstance(doctor, Exception) else None,
        "doctor_stale": doctor_stale,
        "hidden": [layer for layer in ("memory", "daily") if not snap.can_read(layer)],
    }


def paged(items: Sequence[T], page: int, name: str) -> dict[str, Any]:
    """One page of ``PAGE_SIZE`` items (the page number clamped to what exists)."""
    pages = max(1, -(-len(items) // PAGE_SIZE))
    page = min(max(page, 1), pages)
    chunk = items[(page - 1) * PAGE_SIZE : page * PAGE_SIZE]
    return {name: chunk, "page": page, "pages": pages, "total": len(items)}


def sections(records: list[Record], page: int) -> dict[str, Any]:
    """Records grouped by section (file order), one page of ``PAGE_SIZE``."""
    data = paged(records, page, "records")
    grouped: dict[str, list[Record]] = defaultdict(list)
    for record in data.pop("records"):
        grouped[record.section or "(no section)"].append(record)
    return dict(data, sections=list(grouped.items()))


def calendar_months(snap: Snapshot, sealed: set[str], today: date) -> list[dict[str, Any]]:
    """Month grids (newest first) of days with a log, each day's entry count and seal."""
    if not snap.days:
        return []
    months = sorted({(d.year, d.month) for d in snap.days} | {(today.year, today.month)})
    out = []
    for year, month in reversed(months):
        weeks = []
        for week in calendar.Calendar().monthdatescalendar(year, month):
            cells = []
            for day in week:
                records = snap.days.get(day)
                cells.append(
                    {
                        "day": day,
                        "in_month": day.month == month,
                        "count": len(records) if records is not None else None,
                        "sealed": day.isoformat() in sealed,
                        "today": day == today,
                    }
                )
            weeks.append(cells)
        out.append({"title": f"{calendar.month_name[month]} {year}", "weeks": weeks})
    return out


def distill_runs(snap: Snapshot, checkpoint: dict[str, Any]) -> dict[str, Any]:
    """Each distillation run, rebuilt from the Markdown: promotions are MEMORY.md entries
    (active or archived since) whose source is a log line, grouped by their time of
    promotion; pruning is the archive's entries with their time and reason."""
    runs: dict[str, dict[str, Any]] = defaultdict(lambda: {"promoted": [], "pruned": []})
    promoted_ids = set(checkpoint.get("promoted", {}).values())
    pool = list(snap.memory) + [item.record for item in snap.archive]
    for record in pool:
        from_log = record.src.startswith("memory/") and "#L" in record.src
        if from_log and (record.id in promoted_ids or not promoted_ids):
            when = record.at.strftime("%Y-%m-%dT%H:%M:%SZ") if record.at else "unknown"
            runs[when]["promoted"].append(record)
    for item in snap.archive:
        if item.archived:
            runs[item.archived]["pruned"].append(item)
    ordered = [{"when": when, **data} for when, data in sorted(runs.items(), reverse=True)]
    return {
        "runs": ordered,
        "last_run": checkpoint.get("last_run"),
        "days": len(checkpoint.get("days", [])),
    }
