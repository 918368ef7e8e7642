"""What the web view reads, parsed once per change of the workspace.

A ``Snapshot`` holds the records of every layer the session may read, keyed on a cheap
fingerprint of the files (path, mtime, size): pages render from it, and any write — by
this server, the CLI or an editor — changes the fingerprint, so the next page re-reads.
It does NOT write anything and does NOT bypass visibility: layers the session kind may not
read (docs/contracts.md §2) are never loaded.
"""

from __future__ import annotations

import os
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import date
from pathlib import Path
from typing import TYPE_CHECKING, Any

from memory.document import parse_document
from memory.files import read_snapshot
from memory.records import Record
from memory.visibility import allowed

if TYPE_CHECKING:
    from coordinator.lab import Lab

__all__ = ["ArchivedEntry", "Snapshot", "SnapshotCache", "fingerprint"]


@dataclass(frozen=True, slots=True)
class ArchivedEntry:
    record: Record
    archived: str | None
    reason: str | None


@dataclass
class Snapshot:
    session_kind: str
    memory: list[Record] = field(default_factory=list)
    archive: list[ArchivedEntry] = field(default_factory=list)
    projects: dict[str, list[Record]] = field(default_factory=dict)
    days: dict[date, list[Record]] = field(default_factory=dict)
    day_paths: dict[date, str] = field(default_factory=dict)
    by_id: dict[str, Record] = field(default_factory=dict)
    cache: dict[str, Any] = field(default_factory=dict)  # derived views, per snapshot

    def can_read(self, layer: str) -> bool:
        return allowed(self.session_kind, layer, "read")

    def all_records(self) -> list[Record]:
        out = list(self.memory)
        for records in self.projects.values():
            out += records
        for records in self.days.values():
            out += records
        return out

    def counts(self) -> dict[str, Counter[str]]:
        """Entries per layer, per kind and per project (active entries only)."""
        layers: Counter[str] = Counter()
        kinds: Counter[str] = Counter()
        projects: Counter[str] = Counter()
        for record in self.all_records():
            if not record.active:
                continue
            layers[record.layer] += 1
            kinds[record.kind] += 1
            if record.project:
                projects[record.project] += 1
        return {"layers": layers, "kinds": kinds, "projects": projects}

    def history(self, entry_id: str) -> list[Record]:
        """The supersede chain through ``entry_id``, oldest first (MEMORY.md and archive)."""
        pool = dict(self.by_id)
        for item in self.archive:
            pool.setdefault(item.record.id, item.record)
        if entry_id not in pool:
            return []
        chain = [pool[entry_id]]
        seen = {entry_id}
        while chain[0].supersedes and chain[0].supersedes in pool:
            older = pool[chain[0].supersedes]
            if older.id in seen:
                break
            seen.add(older.id)
            chain.insert(0, older)
        while chain[-1].superseded_by and chain[-1].superseded_by in pool:
            newer = pool[chain[-1].superseded_by]
            if newer.id in seen:
                break
            seen.add(newer.id)
            chain.append(newer)
        return chain


def fingerprint(lab: Lab) -> tuple[tuple[str, int, int], ...]:
    """(path, mtime, size) of every layer file. State files (usage counts, the manifest,
    the distillation checkpoint) are small and read fresh by the pages that show them."""
    ws = lab.workspace
    found: list[tuple[str, int, int]] = []
    stack = [ws.memory_file, ws.daily_dir, ws.projects_dir, ws.skills_dir]
    while stack:
        path = stack.pop()
        try:
            if path.is_dir() and not path.is_symlink():
                stack.extend(Path(e.path) for e in os.scandir(path))
                continue
            st = path.stat()
        except (FileNotFoundError, NotADirectoryError):
            continue
        found.append((str(path), st.st_mtime_ns, st.st_size))
    return tuple(sorted(found))


def _archive(lab: Lab) -> list[ArchivedEntry]:
    path = lab.workspace.memory_archive
    text = read_snapshot(path).text
    if not text:
        return []
    records = lab.memory.archive_file.records(parse_document(text))
    entries = [loc.entry for loc in parse_document(text).located()]
    return [
        ArchivedEntry(record, entry.get("archived"), entry.get("reason"))
        for record, entry in zip(records, entries, strict=True)
    ]


Stamp = tuple[tuple[str, int, int], ...]


def _stamp(paths: list[Path]) -> Stamp:
    out = []
    for path in paths:
        try:
            st = path.stat()
        except FileNotFoundError:
            continue
        out.append((str(path), st.st_mtime_ns, st.st_size))
    return tuple(out)


class SnapshotCache:
    """One snapshot, rebuilt when the fingerprint changes — re-parsing only the files that
    changed (a write to today's log re-reads that one file, not the whole workspace)."""

    def __init__(self, lab: Lab) -> None:
        self.lab = lab
        self._key: object = None
        self._snap: Snapshot | None = None
        self._files: dict[str, tuple[Stamp, Any]] = {}
        self.previous: Snapshot | None = None  # the one before the latest change

    def _cached(self, key: str, paths: list[Path], read: Callable[[], Any]) -> Any:
        stamp = _stamp(paths)
        hit = self._files.get(key)
        if hit is not None and hit[0] == stamp:
            return hit[1]
        value = read()
        self._files[key] = (stamp, value)
        return value

    def get(self) -> Snapshot:
        key = fingerprint(self.lab)
        if self._snap is None or key != self._key:
            self.previous = self._snap
            self._snap = self._load()
            self._key = key
        return self._snap

    def _load(self) -> Snapshot:
        lab = self.lab
        ws = lab.workspace
        snap = Snapshot(lab.session_kind)
        if snap.can_read("memory"):
            snap.memory = self._cached("memory", [ws.memory_file], lab.memory_records)
            snap.archive = self._cached("archive", [ws.memory_archive], lambda: _archive(lab))
        if snap.can_read("project"):
            for name in lab.project_names():
                snap.projects[name] = self._cached(
                    f"project:{name}",
                    lab.projects.files(name),
                    lambda name=name: lab.project_records(name),  # type: ignore[misc]
                )
        if snap.can_read("daily"):
            for day, path in lab.daily.files().items():
                snap.days[day] = self._cached(
                    f"day:{day}",
                    [path],
                    lambda day=day, path=path: lab.daily.read_path(day, path),  # type: ignore[misc]
                )
                snap.day_paths[day] = ws.relative(path)
        for record in snap.all_records():
            snap.by_id.setdefault(record.id, record)
        return snap
