"""``Record``: an entry resolved with its place, defaults and citation — what readers get."""

from __future__ import annotations

from dataclasses import dataclass, fields
from datetime import UTC, date, datetime, time

from memory.clock import parse_instant
from memory.document import Located

__all__ = ["Record", "citation", "resolve"]

# Keys a writer fills in; a hand-written entry that lacks one is reported by doctor.
REQUIRED_KEYS = ("id", "kind", "at", "src")


def citation(path: str, start: int, end: int) -> str:
    return f"{path}#L{start}" if start == end else f"{path}#L{start}-L{end}"


@dataclass(frozen=True, slots=True)
class Record:
    id: str
    layer: str
    kind: str
    text: str
    body: str
    at: datetime | None
    src: str
    path: str
    line_start: int
    line_end: int
    section: str | None
    project: str | None
    tags: tuple[str, ...]
    confirmed: str | None
    confirms: int
    supersedes: str | None
    superseded_by: str | None
    trust: str | None
    valid_until: str | None
    missing: tuple[str, ...]
    due: str | None = None  # a task's day (YYYY-MM-DD), from "remind me … on Monday"

    @property
    def citation(self) -> str:
        return citation(self.path, self.line_start, self.line_end)

    def moved(self, line_start: int, line_end: int, at: datetime | None) -> Record:
        """The same record at other lines (or dated by another file mtime). A plain copy of
        the slots: ``dataclasses.replace`` costs ten times more, and a write re-reads every
        record of the file."""
        new = object.__new__(Record)
        for name in _SLOTS:
            object.__setattr__(new, name, getattr(self, name))
        object.__setattr__(new, "line_start", line_start)
        object.__setattr__(new, "line_end", line_end)
        object.__setattr__(new, "at", at)
        return new

    @property
    def active(self) -> bool:
        """Not superseded: still part of what retrieval returns."""
        return self.superseded_by is None

    @property
    def day(self) -> date | None:
        return self.at.date() if self.at else None


_SLOTS = tuple(f.name for f in fields(Record))


def _instant(value: str | None) -> datetime | None:
    if not value:
        return None
    try:
        return parse_instant(value)
    except ValueError:
        return None


# Records of unchanged entries, by their lines and everything else they are resolved from:
# a write re-reads the file it changes (and the store, dedupe and search read it again), and
# every entry but the new one is the same.
_RESOLVED: dict[tuple[object, ...], tuple[Record, bool]] = {}
_RESOLVED_MAX = 100_000


def resolve(
    loc: Located,
    *,
    layer: str,
    path: str,
    prefix: str,
    default_kind: str,
    file_day: date | None = None,
    fallback_at: datetime | None = None,
    project: str | None = None,
) -> Record:
    """Fill in CONTRACTS' defaults for what a hand-written entry leaves out."""
    raw = loc.entry.raw
    if raw is None:
        return _resolve(loc, layer, path, prefix, default_kind, file_day, fallback_at, project)[0]
    key = (raw, loc.section, layer, path, prefix, default_kind, file_day, project)
    known = _RESOLVED.get(key)
    if known is None:
        if len(_RESOLVED) >= _RESOLVED_MAX:
            _RESOLVED.clear()
        record, undated = _resolve(
            loc, layer, path, prefix, default_kind, file_day, fallback_at, project
        )
        _RESOLVED[key] = (record, undated)
        return record
    record, undated = known
    at = fallback_at if undated else record.at
    if record.line_start != loc.line_start or record.at != at:
        record = record.moved(loc.line_start, loc.line_end, at)
        _RESOLVED[key] = (record, undated)
    return record


def _resolve(
    loc: Located,
    layer: str,
    path: str,
    prefix: str,
    default_kind: str,
    file_day: date | None,
    fallback_at: datetime | None,
    project: str | None,
) -> tuple[Record, bool]:
    """The record, and whether its date is ``fallback_at`` (the file's mtime)."""
    entry = loc.entry
    missing = [key for key in REQUIRED_KEYS if entry.get(key) is None]
    if entry.tag is not None and "kind" in missing:
        missing.remove("kind")
    undated = False
    if entry.clock is not None and file_day is not None:
        at: datetime | None = datetime.combine(
            file_day, time.fromisoformat(entry.clock), tzinfo=UTC
        )
        if "at" in missing:
            missing.remove("at")
    else:
        at = _instant(entry.get("at"))
        if at is None and file_day:
            at = datetime.combine(file_day, time(0), tzinfo=UTC)
        elif at is None:
            at, undated = fallback_at, True
    tags = tuple(t for t in (entry.get("tags") or "").split(",") if t)
    try:
        confirms = int(entry.get("confirms") or 0)
    except ValueError:
        confirms = 0
    record = Record(
        id=entry.id or entry.derived_id(prefix),
        layer=layer,
        kind=entry.kind or default_kind,
        text=entry.text,
        body=entry.body,
        at=at,
        src=entry.get("src") or "hand",
        path=path,
        line_start=loc.line_start,
        line_end=loc.line_end,
        section=loc.section,
        project=project,
        tags=tags,
        confirmed=entry.get("confirmed"),
        confirms=confirms,
        supersedes=entry.get("supersedes"),
        superseded_by=entry.get("superseded_by"),
        trust=entry.get("trust"),
        valid_until=entry.get("valid_until"),
        missing=tuple(missing),
        due=entry.get("due"),
    )
    return record, undated
