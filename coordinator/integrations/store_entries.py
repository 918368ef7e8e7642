"""The entries behind each store namespace, parsed once per file version.

Every operation stats the namespace's files and re-parses only those whose size or
modification time changed, so a get or a search over 10k entries does not re-read
the Markdown. Markdown stays the source of truth: this is a cache of it, nothing more.

An entry answers to the keys in its ``key`` comment key and to its id. It is *current*
when it is neither superseded (``superseded_by``, or named by a later daily entry's
``supersedes``) nor forgotten (``redacted``); only current entries are returned.

It does NOT write (``LabmemStore`` writes through ``Lab``) and does NOT check visibility.
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass, field
from datetime import UTC, date, datetime
from pathlib import Path
from typing import TYPE_CHECKING

from coordinator.integrations.store_values import Place, decode_keys
from memory.document import parse_document
from memory.entry import Entry
from memory.files import read_snapshot
from memory.layers import kind_of_section
from memory.records import Record, resolve

if TYPE_CHECKING:
    from coordinator.lab import Lab

__all__ = ["EntryCatalogue", "StoredEntry"]

EPOCH = datetime(1970, 1, 1, tzinfo=UTC)
_DAY_FILE = re.compile(r"^\d{4}-\d{2}-\d{2}\.md$")


@dataclass(frozen=True, slots=True)
class StoredEntry:
    entry: Entry
    record: Record
    keys: tuple[str, ...]

    @property
    def id(self) -> str:
        return self.record.id

    @property
    def key(self) -> str:
        """The key the entry is listed under: its first store key, else its id."""
        return self.keys[0] if self.keys else self.record.id

    def answers_to(self, key: str) -> bool:
        return key in self.keys or (not self.keys and key == self.record.id)

    @property
    def created(self) -> datetime:
        return self.record.at or EPOCH

    @property
    def updated(self) -> datetime:
        confirmed = _instant(self.record.confirmed)
        return max(self.created, confirmed) if confirmed else self.created


def _instant(value: str | None) -> datetime | None:
    if not value:
        return None
    try:
        return datetime.fromisoformat(value.replace("Z", "+00:00"))
    except ValueError:
        return None


@dataclass
class _Parsed:
    """One file version: its entries, indexed by key and id, and the ids it supersedes."""

    signature: tuple[int, int]
    entries: list[StoredEntry]
    by_key: dict[str, list[StoredEntry]] = field(default_factory=dict)
    by_id: dict[str, StoredEntry] = field(default_factory=dict)
    replaces: frozenset[str] = frozenset()

    @classmethod
    def of(cls, signature: tuple[int, int], entries: list[StoredEntry]) -> _Parsed:
        by_key: dict[str, list[StoredEntry]] = {}
        for e in entries:
            for key in e.keys or (e.id,):
                by_key.setdefault(key, []).append(e)
        replaces = frozenset(e.record.supersedes for e in entries if e.record.supersedes)
        return cls(signature, entries, by_key, {e.id: e for e in entries}, replaces)


class EntryCatalogue:
    def __init__(self, lab: Lab) -> None:
        self.lab = lab
        self._files: dict[str, _Parsed] = {}
        self._fresh: dict[Place, tuple[list[tuple[str, _Parsed]], frozenset[str]]] = {}

    def refresh(self) -> None:
        """Forget which files were checked: the next call stats them again. The store calls
        it before each operation and after each write."""
        self._fresh.clear()

    # -- files -----------------------------------------------------------------------------
    def files(self, place: Place) -> list[tuple[str, str]]:
        """(workspace-relative path, absolute path) of the namespace's files, in order."""
        root = str(self.lab.workspace.root)
        if place.layer == "memory":
            return [("MEMORY.md", f"{root}/MEMORY.md")]
        if place.layer == "daily":
            try:
                names = sorted(n for n in os.listdir(f"{root}/memory") if _DAY_FILE.match(n))
            except FileNotFoundError:
                return []
            return [(f"memory/{n}", f"{root}/memory/{n}") for n in names]
        if place.layer == "project" and place.name and self.lab.projects.exists(place.name):
            return [
                (self.lab.workspace.relative(p), str(p))
                for p in self.lab.projects.files(place.name)
            ]
        return []

    def entries(self, place: Place) -> list[StoredEntry]:
        """Current entries of the namespace, in file order (daily: oldest day first)."""
        files, replaced = self._checked(place)
        return [e for _, parsed in files for e in parsed.entries if _current(e, replaced)]

    def find(self, place: Place, key: str) -> StoredEntry | None:
        """The current entry answering to ``key`` (the latest, should several)."""
        if self._absent(place, key):
            return None  # a new key: no need to read every entry of the namespace
        files, replaced = self._checked(place)
        for _, parsed in reversed(files):
            for e in reversed(parsed.by_key.get(key, ())):
                if _current(e, replaced):
                    return e
        return None

    def _absent(self, place: Place, key: str) -> bool:
        """True when no file of the namespace can hold ``key``: its longest run of letters
        and digits (kept as they are by every encoding of a key) is in none of them. An
        id-shaped key may be a hand-written entry's derived id, which no file spells out."""
        if place.layer == "daily":
            return False  # many small files, parsed once each and kept by their stat
        core = max(_ALNUM.findall(key), key=len, default="")
        if len(core) < 3 or _ID_SHAPED.match(key):
            return False
        for _, path in self.files(place):
            try:
                with open(path, encoding="utf-8", errors="replace") as handle:
                    if core in handle.read():
                        return False
            except FileNotFoundError:
                continue
        return True

    def every(self, place: Place, key: str) -> list[StoredEntry]:
        """Every entry carrying ``key``, current or not (a delete forgets them all)."""
        paths = self.files(place)
        if place.layer == "memory":
            archive = "memory/archive/MEMORY-archive.md"  # pruned versions go too
            paths.append((archive, f"{self.lab.workspace.root}/{archive}"))
        out: list[StoredEntry] = []
        for rel, path in paths:
            out += [
                e
                for e in self._parse(place, rel, path)
                if e.answers_to(key) and "redacted" not in e.entry.meta
            ]
        return out

    def at(self, place: Place, rel: str, entry_id: str | None) -> StoredEntry | None:
        """The current entry ``entry_id`` of file ``rel`` (for a search hit)."""
        files, replaced = self._checked(place)
        for name, parsed in files:
            if name == rel:
                found = parsed.by_id.get(entry_id or "")
                return found if found is not None and _current(found, replaced) else None
        return None

    def _checked(self, place: Place) -> tuple[list[tuple[str, _Parsed]], frozenset[str]]:
        """The namespace's files, stat-checked once per operation, and (daily) the ids that
        later entries supersede."""
        fresh = self._fresh.get(place)
        if fresh is None:
            files = []
            for rel, path in self.files(place):
                self._parse(place, rel, path)
                if rel in self._files:
                    files.append((rel, self._files[rel]))
            replaced: frozenset[str] = frozenset()
            if place.layer == "daily":
                replaced = frozenset().union(*(parsed.replaces for _, parsed in files))
            fresh = self._fresh[place] = (files, replaced)
        return fresh

    # -- parsing ---------------------------------------------------------------------------
    def _parse(self, place: Place, rel: str, path: str) -> list[StoredEntry]:
        try:
            st = os.stat(path)
        except FileNotFoundError:
            self._files.pop(rel, None)
            return []
        signature = (st.st_mtime_ns, st.st_size)
        cached = self._files.get(rel)
        if cached is not None and cached.signature == signature:
            return cached.entries
        text = read_snapshot(Path(path)).text
        mtime = datetime.fromtimestamp(st.st_mtime, tz=UTC)
        day = _day_of(rel) if place.layer == "daily" else None
        prefix = {"memory": "m", "daily": "d", "project": "p"}[place.layer]
        entries = []
        for loc in parse_document(text).located():
            record = resolve(
                loc,
                layer=place.layer,
                path=rel,
                prefix=prefix,
                default_kind=kind_of_section(place.layer, loc.section),
                file_day=day,
                fallback_at=None if day else mtime,
                project=place.name if place.layer == "project" else None,
            )
            entries.append(StoredEntry(loc.entry, record, decode_keys(loc.entry.get("key"))))
        self._files[rel] = _Parsed.of(signature, entries)
        return entries


_ALNUM = re.compile(r"[A-Za-z0-9]+")
_ID_SHAPED = re.compile(r"^[a-z]{1,2}-[0-9a-f]{4,}$")


def _current(entry: StoredEntry, replaced: frozenset[str]) -> bool:
    return entry.record.active and "redacted" not in entry.entry.meta and entry.id not in replaced


def _day_of(rel: str) -> date | None:
    try:
        return date.fromisoformat(rel.rsplit("/", 1)[-1][:10])
    except ValueError:
        return None
