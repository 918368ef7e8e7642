"""Daily logs ``memory/YYYY-MM-DD.md``: append-only, named by UTC date, never deduplicated.

Only today's (UTC) file takes new entries, always at its end, one ``write`` per batch under
an inter-process lock, so concurrent writers never interleave inside an entry. Import is
the one way to write a past day (in time order, at the end of that day's file).
"""

from __future__ import annotations

import os
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from datetime import UTC, date, datetime, timedelta, tzinfo
from pathlib import Path

from memory.clock import Clock
from memory.document import parse_document
from memory.entry import Entry, encode_value, render_entry
from memory.entry_text import fold_lines, split_entry_text
from memory.errors import InvalidInputError, PastDayWriteError
from memory.files import append_whole, inside, locked, read_snapshot
from memory.hygiene import check_entries
from memory.ids import new_id
from memory.layers import spec
from memory.manifest import Manifest
from memory.records import Record, resolve
from memory.workspace import Workspace

__all__ = ["DailyEntry", "DailyLog", "Placed"]

_DAILY = spec("daily")  # id prefix and default kind, from the layer registry

_DAY_FILE = re.compile(r"^(\d{4}-\d{2}-\d{2})\.md$")


@dataclass(frozen=True, slots=True)
class DailyEntry:
    text: str
    kind: str
    src: str
    at: datetime
    tags: tuple[str, ...] = ()
    id: str | None = None
    children: tuple[str, ...] = ()
    extra: dict[str, str] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class Placed:
    id: str
    path: str
    line_start: int
    line_end: int


class DailyLog:
    def __init__(self, workspace: Workspace, clock: Clock) -> None:
        self.ws = workspace
        self.clock = clock
        self.manifest = Manifest(workspace.state_dir / "manifest.json", workspace.lock_dir)

    def today(self) -> date:
        return self.clock.now().astimezone(UTC).date()

    def files(self, include_archive: bool = False) -> dict[date, Path]:
        found: dict[date, Path] = {}
        folders = [self.ws.daily_dir]
        if include_archive and self.ws.archive_dir.is_dir():
            folders += sorted(p for p in self.ws.archive_dir.iterdir() if p.is_dir())
        for folder in folders:
            if not folder.is_dir():
                continue
            for name in os.listdir(folder):
                match = _DAY_FILE.match(name)
                if match:
                    try:
                        found[date.fromisoformat(match.group(1))] = folder / name
                    except ValueError:
                        continue
        return dict(sorted(found.items()))

    def seal_past_days(self) -> int:
        return self.manifest.seal(self.files(), self.today())

    # -- writing ---------------------------------------------------------------------------
    def append(self, entries: Sequence[DailyEntry], day: date | None = None) -> list[Placed]:
        """Append to today's log. ``day`` other than today is refused (append-only rule)."""
        today = self.today()
        if day is not None and day != today:
            raise PastDayWriteError(
                f"daily log {day.isoformat()} is not today's ({today.isoformat()} UTC); daily "
                "logs are append-only and only today's takes new entries. Use 'labmem import' "
                "to add a past record."
            )
        return self._write(today, entries)

    def import_day(self, day: date, entries: Sequence[DailyEntry]) -> list[Placed | str]:
        """Append past records in time order; an item older than the file's last entry is
        refused with a reason (a string in the result)."""
        return self.import_days({day: entries})[day]

    def import_days(
        self, batches: Mapping[date, Sequence[DailyEntry]]
    ) -> dict[date, list[Placed | str]]:
        """``import_day`` for many days under one lock: each day file is read once and
        written with one append, and the manifest is updated once for all past days."""
        out: dict[date, list[Placed | str]] = {}
        written: dict[date, bytes] = {}
        try:
            with locked(self.ws.lock_dir, "daily"):
                # A day already moved to the archive takes the entry there: one file a day.
                files = self.files(include_archive=True)
                for day in sorted(batches):
                    path = files.get(day, self.ws.daily_file(day))
                    out[day], data = self._import_locked(day, batches[day], path)
                    if data is not None:
                        written[day] = data
        finally:
            # Days written before a failure are recorded too: they were lawful imports.
            today = self.today()
            past = {day: data for day, data in written.items() if day < today}
            if past:
                self.manifest.record_many(past, "import")
        return out

    def _import_locked(
        self, day: date, entries: Sequence[DailyEntry], path: Path
    ) -> tuple[list[Placed | str], bytes | None]:
        """One day's import under the lock: the results, and the file's bytes after the
        append (None when nothing was appended)."""
        data = _read_bytes(inside(self.ws.root, path))
        records = self._records(day, path, _decode(data, path))
        instants = [r.at for r in records if r.at is not None]
        last = max(instants) if instants else None
        results: list[Placed | str] = []
        accepted: list[DailyEntry] = []
        for item in entries:
            if last is not None and item.at < last:
                results.append(
                    f"out of order: {item.at.isoformat()} is older than the last entry "
                    f"of {path.name} ({last.isoformat()}); imports append in time order"
                )
                continue
            last = item.at
            accepted.append(item)
            results.append("")
        if not accepted:
            return results, None
        placed, appended = self._append_locked(day, accepted, path, data)
        spots = iter(placed)
        return [next(spots) if r == "" else r for r in results], data + appended

    def _write(self, day: date, entries: Sequence[DailyEntry]) -> list[Placed]:
        with locked(self.ws.lock_dir, "daily"):
            return self._write_locked(day, entries)

    def _write_locked(
        self, day: date, entries: Sequence[DailyEntry], path: Path | None = None
    ) -> list[Placed]:
        if not entries:
            return []
        path = inside(self.ws.root, path or self.ws.daily_file(day))
        return self._append_locked(day, entries, path, _read_bytes(path))[0]

    def _append_locked(
        self, day: date, entries: Sequence[DailyEntry], path: Path, data: bytes
    ) -> tuple[list[Placed], bytes]:
        """Append ``entries`` to ``path`` (whose bytes are ``data``) with one write; the
        places written and the bytes appended."""
        rel = self.ws.relative(path)
        path.parent.mkdir(parents=True, exist_ok=True)
        chunks: list[str] = []
        if not data:
            chunks.append(f"# {day.isoformat()}\n\n")
            line = 3
        else:
            line = data.count(b"\n") + 1
            if not data.endswith(b"\n"):
                chunks.append("\n")
                line += 1
        placed: list[Placed] = []
        rendered = [_entry(item, item.id or new_id(_DAILY.id_prefix or "d")) for item in entries]
        check_entries(rendered)
        for item, entry in zip(entries, rendered, strict=True):
            if item.at.astimezone(UTC).date() != day:
                raise InvalidInputError(
                    f"entry time {item.at.isoformat()} is not on {day.isoformat()} (UTC)"
                )
            entry_id = entry.id or ""
            lines = render_entry(entry)
            chunks.append("\n".join(lines) + "\n")
            placed.append(Placed(entry_id, rel, line, line + len(lines) - 1))
            line += len(lines)
        appended = "".join(chunks).encode("utf-8")
        append_whole(path, appended)
        return placed, appended

    # -- reading ---------------------------------------------------------------------------
    def read(self, day: date) -> list[Record]:
        path = self.files(include_archive=True).get(day, self.ws.daily_file(day))
        return self.read_path(day, path)

    def read_local_day(self, day: date, zone: tzinfo) -> list[Record]:
        """Entries of a day in the user's time zone, read from the UTC files it overlaps."""
        start = datetime.combine(day, datetime.min.time(), tzinfo=zone)
        end = start + timedelta(days=1)
        utc_days = {
            start.astimezone(UTC).date(),
            (end - timedelta(seconds=1)).astimezone(UTC).date(),
        }
        out: list[Record] = []
        for utc_day in sorted(utc_days):
            out += [r for r in self.read(utc_day) if r.at and start <= r.at < end]
        return out

    def read_path(self, day: date, path: Path) -> list[Record]:
        snap = read_snapshot(path, self.ws.root)
        if snap.digest is None:
            return []
        return self._records(day, path, snap.text)

    def _records(self, day: date, path: Path, text: str) -> list[Record]:
        if not text:
            return []
        rel = self.ws.relative(path)
        return [
            resolve(
                loc,
                layer="daily",
                path=rel,
                prefix=_DAILY.id_prefix or "d",
                default_kind=_DAILY.default_kind,
                file_day=day,
            )
            for loc in parse_document(text).located()
        ]


def _read_bytes(path: Path) -> bytes:
    try:
        return path.read_bytes()
    except FileNotFoundError:
        return b""


def _decode(data: bytes, path: Path) -> str:
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise InvalidInputError(
            f"{path} is not valid UTF-8 (byte {exc.start}); labmem only edits UTF-8 "
            "Markdown. Re-save it as UTF-8."
        ) from None


def _entry(item: DailyEntry, entry_id: str) -> Entry:
    meta = {"id": entry_id, "src": item.src}
    if item.tags:
        meta["tags"] = ",".join(item.tags)
    meta.update(item.extra)
    head, nested = split_entry_text(item.text)
    children = nested + tuple(_child(line) for line in item.children if line.strip())
    return Entry(
        head,
        {k: encode_value(v) for k, v in meta.items()},
        children=children,
        clock=item.at.astimezone(UTC).strftime("%H:%M:%S"),
        tag=item.kind,
    )


def _child(line: str) -> str:
    """A nested line kept on one line, its indent (at least two spaces) kept."""
    indent = max(2, len(line) - len(line.lstrip(" ")))
    text = fold_lines(line).replace("<!--", "<\\!--").replace("-->", "--\\>")
    return " " * indent + text
