"""MEMORY.md, the curated long-term memory, and its archive ``MEMORY-archive.md``.

Nothing leaves MEMORY.md silently: ``archive`` copies entries (with a reason and a date)
into the archive first and only then removes them, so a crash in between leaves a copy in
both files rather than none.
"""

from __future__ import annotations

from collections.abc import Sequence

from memory.clock import Clock, format_utc
from memory.curated import CuratedFile, NewEntry, Written
from memory.document import Document
from memory.entry import Entry
from memory.errors import DirtyFileError
from memory.files import Snapshot, read_snapshot
from memory.journal import Journal
from memory.layers import spec
from memory.records import Record
from memory.workspace import MEMORY_SECTIONS, Workspace

__all__ = ["KIND_SECTIONS", "LongTermMemory"]

KIND_SECTIONS = spec("memory").kind_sections

_ARCHIVE_TEMPLATE = """# MEMORY archive

Entries taken out of MEMORY.md — superseded, expired, stale or archived by hand — each with
when and why. Same visibility as MEMORY.md (main sessions only).
"""


def _memory_template() -> str:
    sections = "\n".join(f"## {s}\n" for s in MEMORY_SECTIONS)
    return f"# MEMORY\n\n{sections}"


class LongTermMemory:
    def __init__(self, workspace: Workspace, clock: Clock, keep_backups: int = 10) -> None:
        self.ws = workspace
        self.clock = clock
        self.journal = Journal(workspace.root, workspace.state_dir, workspace.lock_dir)
        self.file = CuratedFile(
            workspace.memory_file,
            rel="MEMORY.md",
            layer="memory",
            prefix=spec("memory").id_prefix or "m",
            kind_sections=KIND_SECTIONS,
            default_section=spec("memory").default_section or "Lab facts",
            template=_memory_template,
            clock=clock,
            lock_dir=workspace.lock_dir,
            backup_dir=workspace.backup_dir,
            keep_backups=keep_backups,
            journal=self.journal,
            root=workspace.root,
        )
        self.archive_file = CuratedFile(
            workspace.memory_archive,
            rel=workspace.relative(workspace.memory_archive),
            layer="memory",
            prefix="m",
            kind_sections={},
            default_section="Archived",
            template=lambda: _ARCHIVE_TEMPLATE,
            clock=clock,
            lock_dir=workspace.lock_dir,
            backup_dir=workspace.backup_dir,
            keep_backups=keep_backups,
            journal=self.journal,
            root=workspace.root,
        )

    def records(self) -> list[Record]:
        return self.file.records()

    def archived(self) -> list[Record]:
        return self.archive_file.records()

    def add(self, items: Sequence[NewEntry]) -> list[Written]:
        return self.file.add(items)

    def confirm(self, entry_id: str) -> Record:
        return self.file.confirm(entry_id)

    def supersede(self, old_id: str, item: NewEntry) -> Written:
        """Write ``item`` as the successor of ``old_id``; the old entry stays, marked."""
        return self.file.supersede(old_id, item)

    def archive(self, ids: Sequence[str], reason: str) -> list[Record]:
        """Move entries to MEMORY-archive.md with the reason; returns what was moved."""
        return self.archive_many([(i, reason) for i in ids])

    def archive_many(self, moves: Sequence[tuple[str, str]]) -> list[Record]:
        """Move entries (id, reason) to the archive in one journaled change: a run killed
        at any point leaves each entry in exactly one of the two files."""
        now = format_utc(self.clock.now())
        reasons = dict(moves)
        ids = list(reasons)
        with self.file.lock(), self.archive_file.lock():

            def take(doc: Document) -> tuple[list[Entry], list[Record]]:
                entries = self.file.entries_in(doc, ids)
                return entries, self.file.remove_in(doc, ids)

            (entries, records), memory_text, memory_snap = self.file.plan(take)

            def put(doc: Document) -> None:
                for entry in entries:
                    moved = entry.with_meta(archived=now, reason=reasons[self.file.id_of(entry)])
                    doc.insert_in_section(moved, "Archived")

            _, archive_text, archive_snap = self.archive_file.plan(put)
            self._commit_both(
                "archive",
                "archived entries",
                (memory_text, memory_snap),
                (archive_text, archive_snap),
            )
        return records

    def unarchive(self, entry_id: str) -> Record:
        """Move an archived entry back into MEMORY.md, active (no longer superseded), in the
        section of its kind — one journaled change, as ``archive_many`` in reverse."""
        with self.file.lock(), self.archive_file.lock():

            def take(doc: Document) -> list[Entry]:
                entries = self.archive_file.entries_in(doc, [entry_id])
                self.archive_file.remove_in(doc, [entry_id])
                return entries

            entries, archive_text, archive_snap = self.archive_file.plan(take)

            def put(doc: Document) -> None:
                for entry in entries:
                    back = entry.with_meta(archived=None, reason=None, superseded_by=None)
                    kind = back.get("kind") or ""
                    section = self.file.kind_sections.get(kind, self.file.default_section)
                    doc.insert_in_section(back, section)

            _, memory_text, memory_snap = self.file.plan(put)
            self._commit_both(
                "unarchive",
                "restored an entry",
                (memory_text, memory_snap),
                (archive_text, archive_snap),
            )
        return self.file.get(entry_id)

    def _commit_both(
        self,
        name: str,
        doing: str,
        memory: tuple[str, Snapshot],
        archive: tuple[str, Snapshot],
    ) -> None:
        """Write the planned MEMORY.md and archive texts in one journaled change, refusing
        when either file changed on disk since it was read (both locks held)."""
        for store, (_, snap) in ((self.file, memory), (self.archive_file, archive)):
            if read_snapshot(store.path).digest != snap.digest:
                raise DirtyFileError(
                    f"{store.rel} changed on disk while labmem {doing}; nothing was written. "
                    "Save your edits and run the command again."
                )
            store.backup()
        self.journal.commit(name, {self.file.path: memory[0], self.archive_file.path: archive[0]})
