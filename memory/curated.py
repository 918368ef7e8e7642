"""A curated file — MEMORY.md or a project's NOTES.md: sectioned entries, rewritten in place.

Every change is a read → modify → atomic rewrite under the file's lock, with a backup first.
If a person saves the file between our read and our write we notice (hash) and re-read;
after a few tries we give up with ``DirtyFileError`` and nothing is written.

It does NOT check secrets or sizes (callers do, in batches) and does NOT decide visibility.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field, replace
from datetime import datetime
from functools import lru_cache
from pathlib import Path
from typing import TypeVar

from memory.clock import Clock, format_utc
from memory.document import Document, Located, parse_document
from memory.entry import Entry, encode_value
from memory.entry_text import clean_entry_text
from memory.errors import DirtyFileError, EntryNotFoundError
from memory.files import Snapshot, backup, locked, read_snapshot, rewrite
from memory.hygiene import normalise as _normalise
from memory.ids import new_id
from memory.journal import Journal
from memory.layers import kind_of_section
from memory.records import Record, resolve
from memory.secrets import find_secrets

# Each write compares the new text with every entry's normalised text.
normalise = lru_cache(maxsize=65536)(_normalise)

__all__ = ["CuratedFile", "NewEntry", "Written"]

T = TypeVar("T")
_TRIES = 3


@dataclass(frozen=True, slots=True)
class NewEntry:
    text: str
    kind: str
    src: str
    tags: tuple[str, ...] = ()
    at: datetime | None = None
    id: str | None = None
    extra: dict[str, str] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class Written:
    """What happened to one new entry: ``written`` or ``confirmed`` (an equal one existed)."""

    status: str
    record: Record


class CuratedFile:
    def __init__(
        self,
        path: Path,
        *,
        rel: str,
        layer: str,
        prefix: str,
        kind_sections: dict[str, str],
        default_section: str,
        template: Callable[[], str],
        clock: Clock,
        lock_dir: Path,
        backup_dir: Path,
        keep_backups: int = 10,
        project: str | None = None,
        journal: Journal | None = None,
        root: Path | None = None,
    ) -> None:
        self.journal = journal
        self.root = root
        self.path = path
        self.rel = rel
        self.layer = layer
        self.prefix = prefix
        self.kind_sections = kind_sections
        self.default_section = default_section
        self.template = template
        self.clock = clock
        self.lock_dir = lock_dir
        self.backup_dir = backup_dir
        self.keep_backups = keep_backups
        self.project = project

    # -- reading ---------------------------------------------------------------------------
    def records(self, document: Document | None = None) -> list[Record]:
        if document is None:
            snap = read_snapshot(self.path, self.root)
            document = parse_document(snap.text or self.template())
        mtime = self._mtime()
        return [self._resolve(loc, mtime) for loc in document.located()]

    def _resolve(self, loc: Located, mtime: datetime | None) -> Record:
        return resolve(
            loc,
            layer=self.layer,
            path=self.rel,
            prefix=self.prefix,
            default_kind=kind_of_section(self.layer, loc.section),
            fallback_at=mtime,
            project=self.project,
        )

    def get(self, entry_id: str) -> Record:
        for record in self.records():
            if record.id == entry_id:
                return record
        raise EntryNotFoundError(f"no entry with id {entry_id!r} in {self.rel}.")

    # -- writing ---------------------------------------------------------------------------
    def add(self, items: Sequence[NewEntry]) -> list[Written]:
        """Add entries; an exact or normalised duplicate of an active one confirms it."""
        items = [replace(item, text=clean_entry_text(item.text)) for item in items]
        return self._modify(lambda doc: self._add_in(doc, items))

    def supersede(self, old_id: str, item: NewEntry) -> Written:
        """Write ``item`` as the successor of ``old_id`` and mark the old entry, in one
        rewrite of the file; the old entry stays (its history is kept)."""
        item = replace(item, text=clean_entry_text(item.text))
        item = replace(item, extra=dict(item.extra, supersedes=old_id))

        def change(doc: Document) -> Written:
            self._locate(doc, old_id)  # fail before changing anything if the id is unknown
            written = self._add_in(doc, [item])[0]
            if written.record.id != old_id:
                loc = self._locate(doc, old_id)
                doc.replace_at(loc.index, loc.entry.with_meta(superseded_by=written.record.id))
            return written

        return self._modify(change)

    def _add_in(self, doc: Document, items: Sequence[NewEntry]) -> list[Written]:
        now = format_utc(self.clock.now())
        results: list[tuple[str, int]] = []
        existing = self.records(doc)
        by_text = {normalise(r.text): r.id for r in existing if r.active and r.text.strip()}
        taken = {r.id for r in existing}
        for item in items:
            same = by_text.get(normalise(item.text))
            if same is not None:
                results.append(("confirmed", self._confirm_in(doc, same, now)))
                continue
            entry_id = item.id or new_id(self.prefix, taken)
            taken.add(entry_id)
            meta = {
                "id": entry_id,
                "kind": item.kind,
                "at": format_utc(item.at) if item.at else now,
                "src": item.src,
            }
            if item.tags:
                meta["tags"] = ",".join(item.tags)
            meta.update(item.extra)
            entry = Entry(item.text, {k: encode_value(v) for k, v in meta.items()})
            section = self.kind_sections.get(item.kind, self.default_section)
            doc.insert_in_section(entry, section)
            by_text[normalise(item.text)] = entry_id
            results.append(("written", -1))
        return self._resolve_results(doc, items, results, by_text)

    def confirm(self, entry_id: str) -> Record:
        def change(doc: Document) -> Record:
            index = self._confirm_in(doc, entry_id, format_utc(self.clock.now()))
            return self._record_at(doc, index)

        return self._modify(change)

    def update(self, entry_id: str, **values: str | None) -> Record:
        """Set (or with None remove) metadata keys of one entry."""

        def change(doc: Document) -> Record:
            loc = self._locate(doc, entry_id)
            doc.replace_at(loc.index, loc.entry.with_meta(**values))
            return self._record_at(doc, loc.index)

        return self._modify(change)

    def remove(self, ids: Sequence[str]) -> list[Record]:
        """Take entries out of the file and return them as they were (for the archive)."""
        return self._modify(lambda doc: self.remove_in(doc, ids))

    def remove_in(self, doc: Document, ids: Sequence[str]) -> list[Record]:
        """Take the entries out of ``doc``; every id must be there."""
        wanted = set(ids)
        records = [r for r in self.records(doc) if r.id in wanted]
        missing = wanted - {r.id for r in records}
        if missing:
            raise EntryNotFoundError(
                f"no entry with id {sorted(missing)[0]!r} in {self.rel}; "
                "list ids with 'labmem show memory'."
            )
        for loc in sorted(
            (loc for loc in doc.located() if self.id_of(loc.entry) in wanted),
            key=lambda loc: loc.index,
            reverse=True,
        ):
            doc.remove_at(loc.index)
        return records

    def entries_in(self, doc: Document, ids: Sequence[str]) -> list[Entry]:
        wanted = set(ids)
        return [loc.entry for loc in doc.located() if self.id_of(loc.entry) in wanted]

    def raw_entries(self, ids: Sequence[str]) -> list[Entry]:
        doc = parse_document(read_snapshot(self.path, self.root).text or self.template())
        return self.entries_in(doc, ids)

    def append_raw(self, entries: Sequence[Entry], section: str | None = None) -> None:
        """Append entries as they are (the archive takes entries with all their metadata)."""

        def change(doc: Document) -> None:
            for entry in entries:
                doc.insert_in_section(entry, section)

        self._modify(change)

    def fix_metadata(self) -> int:
        """Give hand-written entries a real id, kind, date and source. Returns how many."""

        def change(doc: Document) -> int:
            fixed = 0
            taken = {r.id for r in self.records(doc)}
            for loc, record in zip(list(doc.located()), self.records(doc), strict=True):
                if not record.missing or find_secrets(loc.entry.body):
                    continue  # a line holding a secret is reported by doctor, never rewritten
                values: dict[str, str | None] = {}
                if "id" in record.missing:
                    values["id"] = new_id(self.prefix, taken)
                    taken.add(values["id"] or "")
                if "kind" in record.missing:
                    values["kind"] = record.kind
                if "at" in record.missing and record.at:
                    values["at"] = format_utc(record.at)
                if "src" in record.missing:
                    values["src"] = "hand"
                doc.replace_at(loc.index, loc.entry.with_meta(**values))
                fixed += 1
            return fixed

        return self._modify(change)

    # -- internals -------------------------------------------------------------------------
    def _modify(self, change: Callable[[Document], T]) -> T:
        with self.lock():
            for _ in range(_TRIES):
                snap = read_snapshot(self.path, self.root)
                doc = parse_document(snap.text or self.template())
                result = change(doc)
                text = doc.render()
                if text == snap.text:
                    return result
                self.backup(snap.text.encode("utf-8") if snap.digest else None)
                try:
                    rewrite(self.path, text, snap.digest)
                except DirtyFileError:
                    continue
                return result
        raise DirtyFileError(
            f"{self.rel} kept changing on disk while labmem tried to write it; nothing was "
            "written. Close it in your editor (or wait for the other writer) and retry."
        )

    @contextmanager
    def lock(self) -> Iterator[None]:
        """This file's lock; a change a killed run committed to the journal is finished
        first, so nothing is written over a half-applied multi-file change."""
        with locked(self.lock_dir, self.rel.replace("/", "__")):
            if self.journal is not None:
                self.journal.recover()
            yield

    def plan(self, change: Callable[[Document], T]) -> tuple[T, str, Snapshot]:
        """Apply ``change`` to the file as read, without writing: (result, new text, what
        was read). For multi-file changes; the caller holds ``lock()``."""
        snap = read_snapshot(self.path, self.root)
        doc = parse_document(snap.text or self.template())
        result = change(doc)
        return result, doc.render(), snap

    def backup(self, data: bytes | None = None) -> None:
        """Keep the file as it is (``data``: as it was just read) before a rewrite."""
        if data is None and not self.path.exists():
            return
        backup(self.path, self.backup_dir / self.rel.replace("/", "__"), self.keep_backups, data)

    def _mtime(self) -> datetime | None:
        from datetime import UTC

        try:
            return datetime.fromtimestamp(self.path.stat().st_mtime, tz=UTC)
        except FileNotFoundError:
            return None

    def id_of(self, entry: Entry) -> str:
        return entry.id or entry.derived_id(self.prefix)

    def _locate(self, doc: Document, entry_id: str):  # type: ignore[no-untyped-def]
        loc = doc.find(entry_id, self.prefix)
        if loc is None:
            raise EntryNotFoundError(
                f"no entry with id {entry_id!r} in {self.rel}; list ids with 'labmem show'."
            )
        return loc

    def _confirm_in(self, doc: Document, entry_id: str, now: str) -> int:
        loc = self._locate(doc, entry_id)
        count = int(loc.entry.get("confirms") or 0) + 1
        doc.replace_at(loc.index, loc.entry.with_meta(confirmed=now, confirms=str(count)))
        return int(loc.index)

    def _record_at(self, doc: Document, index: int) -> Record:
        for loc in doc.located():
            if loc.index == index:
                return self._resolve(loc, self._mtime())
        raise EntryNotFoundError(f"entry vanished from {self.rel} during the write")

    def _resolve_results(
        self,
        doc: Document,
        items: Sequence[NewEntry],
        results: list[tuple[str, int]],
        by_text: dict[str, str],
    ) -> list[Written]:
        wanted = {by_text[normalise(item.text)] for item in items}
        mtime = self._mtime()
        by_id = {
            self.id_of(loc.entry): self._resolve(loc, mtime)
            for loc in doc.located()
            if self.id_of(loc.entry) in wanted
        }
        out: list[Written] = []
        for item, (status, _index) in zip(items, results, strict=True):
            out.append(Written(status, by_id[by_text[normalise(item.text)]]))
        return out
