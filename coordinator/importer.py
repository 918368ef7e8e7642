"""``Lab.import_entries``: many entries at once, each checked, one bad item never aborting.

Expensive checks (the secret scan) run once over the whole batch; each file is written
once per batch.
"""

from __future__ import annotations

import hashlib
import re
from collections import defaultdict
from collections.abc import Callable, Iterable, Mapping
from datetime import UTC, datetime
from typing import Any, Literal

from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    ValidationError,
    ValidationInfo,
    field_validator,
)

from coordinator.receipt import ImportReport
from memory.clock import format_utc, parse_instant
from memory.curated import NewEntry
from memory.daily_log import DailyEntry, DailyLog
from memory.entry_text import clean_entry_text, fold_lines, split_entry_text
from memory.errors import MemoryFrameworkError
from memory.hygiene import check_texts, metadata_problems
from memory.layers import spec
from memory.longterm import LongTermMemory
from memory.trust import is_untrusted_source
from memory.visibility import allowed
from projects.notes import ProjectNotes, check_project_name

__all__ = ["ImportItem", "import_items", "routed"]

_KIND = re.compile(r"^[a-z][a-z0-9-]{0,39}$")
_PREFIX = {name: str(spec(name).id_prefix) for name in ("daily", "memory", "project")}


class ImportItem(BaseModel):
    """One line of an import file (docs/contracts.md §3)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    layer: Literal["daily", "memory", "project", "auto"]  # auto: the Coordinator's router decides
    text: str
    time: datetime
    kind: str | None = None
    source: str | None = None
    project: str | None = None
    tags: tuple[str, ...] = ()
    id: str | None = Field(default=None, pattern=r"^[dmp]-[A-Za-z0-9][A-Za-z0-9_.-]{3,60}$")

    @field_validator("time", mode="before")
    @classmethod
    def _utc(cls, value: Any) -> Any:
        return parse_instant(value) if isinstance(value, str) else value

    @field_validator("kind")
    @classmethod
    def _kind(cls, value: str | None) -> str | None:
        # The kind is written into the daily head "[kind]": "a\nb" or "x]y" would break it.
        if value is not None and not _KIND.match(value):
            raise ValueError(
                f"kind {value!r} is not valid; use lowercase letters, digits and '-' "
                "(e.g. fact, decision, event)"
            )
        return value

    @field_validator("id")
    @classmethod
    def _id_prefix(cls, value: str | None, info: ValidationInfo) -> str | None:
        layer = info.data.get("layer")
        if value is not None and layer in _PREFIX and not value.startswith(_PREFIX[layer] + "-"):
            raise ValueError(
                f"id {value!r} does not fit the {layer} layer; its ids start with "
                f"'{_PREFIX[layer]}-' (or leave the id out)"
            )
        return value

    @property
    def item_id(self) -> str:
        """The explicit id, or one derived from the item itself: importing the same item
        again finds it and writes nothing (imports are idempotent by item)."""
        if self.id is not None:
            return self.id
        key = "\x1f".join(
            [
                self.layer,
                self.project or "",
                format_utc(self.time),
                self.resolved_kind,
                self.src,
                fold_lines(self.text),
            ]
        )
        prefix = "d" if self.untrusted else _PREFIX.get(self.layer, "d")  # quarantined: daily
        return f"{prefix}-{hashlib.sha256(key.encode()).hexdigest()[:12]}"

    @property
    def resolved_kind(self) -> str:
        return self.kind or ("event" if self.layer == "daily" else "fact")

    @property
    def untrusted(self) -> bool:
        return is_untrusted_source(self.source)

    @property
    def src(self) -> str:
        return f"import:{self.source}" if self.source else "import"


def _parse(raw: ImportItem | Mapping[str, Any]) -> ImportItem:
    if isinstance(raw, ImportItem):
        return raw
    return ImportItem.model_validate(raw)


def routed(
    raw: ImportItem | Mapping[str, Any], route: Callable[[str], tuple[str, str, str | None]]
) -> ImportItem | Mapping[str, Any]:
    """An ``auto`` item with the layer the router chose: MEMORY.md, a named project's notes,
    or else the day's log (a session note, a procedure or a project without a name is never
    dropped). Anything that does not parse is left as it is, to be refused with its reason."""
    try:
        item = _parse(raw)
    except ValidationError:
        return raw
    if item.layer != "auto":
        return item
    layer, kind, project = route(item.text)
    if layer == "memory" or (layer == "project" and project):
        return item.model_copy(
            update={"layer": layer, "kind": item.kind or kind, "project": project}
        )
    daily_kind = kind if layer == "daily" else "note"
    return item.model_copy(
        update={"layer": "daily", "kind": item.kind or daily_kind, "project": None}
    )


_MISSING_FIX = {
    "time": 'give each item its ISO-8601 time, e.g. "time": "2026-11-29T10:00:00Z" (naive is UTC)',
    "layer": 'give "layer": daily, memory, project, or auto to let labmem choose',
    "text": 'give the entry\'s words as "text"',
}


def _invalid(exc: ValidationError) -> str:
    """One line for an item that is not an import item: the field, the rule and the fix."""
    err = exc.errors()[0]
    field = ".".join(str(p) for p in err.get("loc", ())) or "item"
    if err.get("type") == "missing":
        fix = _MISSING_FIX.get(field, f'give "{field}"')
        return f"{field}: missing; {fix}"
    if err.get("type") == "extra_forbidden":
        known = ", ".join(ImportItem.model_fields)
        return f"{field}: not an import field; the fields are {known}"
    msg = str(err.get("msg", "")).removeprefix("Value error, ")
    return f"{field}: {msg}"


def _refusal(item: ImportItem, session_kind: str, now: datetime) -> str | None:
    if item.layer == "auto":
        return "layer auto is routed by Lab.import_entries; give daily, memory or project here"
    layer = "daily" if item.untrusted else item.layer
    if not allowed(session_kind, layer, "append"):
        return f"a {session_kind} session may not write the {layer} layer"
    if item.time > now:
        return f"time {item.time.isoformat()} is in the future"
    if (item.layer == "project" and not item.untrusted) or item.project is not None:
        try:
            check_project_name(item.project or "")
        except MemoryFrameworkError as exc:
            return str(exc)
    return None


def _known_ids(
    daily: DailyLog, memory: LongTermMemory, projects: ProjectNotes
) -> dict[str, tuple[str, str]]:
    """Every id in the workspace → (its text, its citation): an import never reuses one."""
    known: dict[str, tuple[str, str]] = {}
    records = memory.records() + memory.archived()
    for name in projects.names():
        records += projects.records(name)
    for day, path in daily.files(include_archive=True).items():
        records += daily.read_path(day, path)
    for record in records:
        known.setdefault(record.id, (record.text, record.citation))
    return known


def _dedupe_ids(
    items: list[tuple[int, ImportItem]],
    known: dict[str, tuple[str, str]],
    refusals: list[dict[str, Any]],
) -> tuple[list[tuple[int, ImportItem]], int]:
    """Drop items already imported (same id, same text); refuse an id that names another
    entry. Returns the items to write, each with its id set, and how many were present.

    The stored form of a text is worked out only when two ids meet: most items have an id
    of their own, and comparing texts is what costs."""
    out: list[tuple[int, ImportItem]] = []
    seen: dict[str, tuple[ImportItem, str]] = {}
    present = 0
    for index, item in items:
        item_id = item.item_id
        if item_id in known:
            other_text, where = known[item_id]
        elif item_id in seen:
            earlier, where = seen[item_id]
            other_text = _stored_text(earlier)
        else:
            seen[item_id] = (item, f"import item {index}")
            out.append((index, item.model_copy(update={"id": item_id})))
            continue
        if other_text == _stored_text(item):
            present += 1
            continue
        refusals.append(
            {
                "index": index,
                "reason": f"id {item_id!r} is already used by {where} for another "
                "entry; ids are never reused. Leave the id out or choose a new one.",
            }
        )
    return out, present


def _stored_text(item: ImportItem) -> str:
    """The item's text as its layer stores it: what an entry read back holds."""
    if item.layer == "daily" or item.untrusted:
        return split_entry_text(item.text)[0]
    return clean_entry_text(item.text)


def import_items(
    raw_items: Iterable[ImportItem | Mapping[str, Any]],
    *,
    session_kind: str,
    daily: DailyLog,
    memory: LongTermMemory,
    projects: ProjectNotes,
    max_bytes: int,
) -> ImportReport:
    refusals: list[dict[str, Any]] = []
    items: list[tuple[int, ImportItem]] = []
    for index, raw in enumerate(raw_items):
        try:
            items.append((index, _parse(raw)))
        except ValidationError as exc:
            refusals.append({"index": index, "reason": _invalid(exc)})
    reasons = check_texts([item.text for _, item in items], max_bytes)
    meta_reasons = metadata_problems(
        [
            {"source": item.source, "id": item.id, "tags": item.tags, "project": item.project}
            for _, item in items
        ]
    )
    now = daily.clock.now()
    accepted: list[tuple[int, ImportItem]] = []
    for (index, item), reason, meta_reason in zip(items, reasons, meta_reasons, strict=True):
        reason = reason or meta_reason
        reason = reason or _refusal(item, session_kind, now)
        if reason is not None:
            refusals.append({"index": index, "reason": reason})
        else:
            accepted.append((index, item))
    fresh, present = _dedupe_ids(accepted, _known_ids(daily, memory, projects), refusals)
    by_day: dict[Any, list[tuple[int, ImportItem]]] = defaultdict(list)
    curated: dict[str | None, list[tuple[int, ImportItem]]] = defaultdict(list)
    for index, item in fresh:
        if item.layer == "daily" or item.untrusted:
            # Untrusted text never enters MEMORY.md or project notes directly: it goes to
            # that day's log marked trust=untrusted (quarantine), for a person to review.
            by_day[item.time.astimezone(UTC).date()].append((index, item))
        else:
            curated[item.project if item.layer == "project" else None].append((index, item))
    written = confirmed = quarantined = 0
    batches = {day: sorted(pairs, key=lambda pair: pair[1].time) for day, pairs in by_day.items()}
    results = daily.import_days(
        {day: [_daily_entry(item) for _, item in batch] for day, batch in batches.items()}
    )
    for day, batch in sorted(batches.items()):
        for (index, item), result in zip(batch, results[day], strict=True):
            if isinstance(result, str):
                refusals.append({"index": index, "reason": result})
            elif item.untrusted:
                quarantined += 1
            else:
                written += 1
    for project, batch in curated.items():
        store = memory.file if project is None else projects.notes_file(project)
        news = [
            NewEntry(item.text, item.resolved_kind, item.src, item.tags, item.time, item.id)
            for _, item in batch
        ]
        for outcome in store.add(news):
            written += outcome.status == "written"
            confirmed += outcome.status == "confirmed"
    refusals.sort(key=lambda r: int(r["index"]))
    return ImportReport(written, len(refusals), confirmed, refusals, quarantined, present)


def _daily_entry(item: ImportItem) -> DailyEntry:
    extra = {"trust": "untrusted"} if item.untrusted else {}
    tags = tuple(item.tags)
    if item.project and item.project not in tags:
        # A log line names no project of its own: the name stays with it as a tag
        # ("search --tag NAME"), not dropped.
        tags = (*tags, item.project)
    return DailyEntry(
        item.text, item.resolved_kind, item.src, item.time, tags, item.id, extra=extra
    )
