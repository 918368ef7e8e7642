"""``labmem forget ID``: remove a wrongly stored or sensitive entry for real.

From MEMORY.md, its archive, project notes and every backup; in a daily log the text is
redacted in place (the line stays, marked) and the past-day manifest records the change as
a lawful one. The derived index follows on the next sync.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from memory.clock import format_utc
from memory.document import parse_document
from memory.errors import EntryNotFoundError
from memory.files import atomic_write, locked, read_snapshot
from memory.usage import UsageLog
from memory.visibility import require

if TYPE_CHECKING:
    from coordinator.lab import Lab

__all__ = ["ForgetReport", "forget"]


@dataclass
class ForgetReport:
    id: str
    removed_from: list[str] = field(default_factory=list)
    redacted_in: list[str] = field(default_factory=list)
    backups_cleaned: int = 0


def forget(lab: Lab, entry_id: str) -> ForgetReport:
    require(lab.session_kind, "memory", "write")
    report = ForgetReport(entry_id)
    texts: list[str] = []
    stores = [lab.memory.file, lab.memory.archive_file]
    for name in lab.project_names():
        stores += [lab.projects.notes_file(name, p.name) for p in lab.projects.files(name)]
    for store in stores:
        if any(r.id == entry_id for r in store.records()):
            texts += [r.text for r in store.remove([entry_id])]
            report.removed_from.append(store.rel)
    for day, path in lab.daily.files(include_archive=True).items():
        if entry_id.encode() not in path.read_bytes():
            continue
        with locked(lab.workspace.lock_dir, "daily"):
            doc = parse_document(read_snapshot(path).text)
            loc = doc.find(entry_id, "d")
            if loc is None:
                continue
            texts.append(loc.entry.text)
            redacted = loc.entry.with_text("[forgotten]").with_meta(
                redacted=format_utc(lab.clock.now())
            )
            from dataclasses import replace

            doc.replace_at(loc.index, replace(redacted, children=(), raw=None))
            atomic_write(path, doc.render())
        if day < lab.daily.today():
            lab.daily.manifest.record(day, path, "forget")
        report.redacted_in.append(lab.workspace.relative(path))
    if not texts:
        raise EntryNotFoundError(f"no entry with id {entry_id!r} in any layer file.")
    report.backups_cleaned = _clean_backups(lab, entry_id, texts)
    UsageLog(lab.workspace.state_dir).forget(entry_id)
    if (lab.workspace.index_dir / "lexical.sqlite").exists():
        lab.reindex()
    return report


def _clean_backups(lab: Lab, entry_id: str, texts: list[str]) -> int:
    cleaned = 0
    backups = lab.workspace.backup_dir
    if not backups.is_dir():
        return 0
    for path in backups.rglob("*.bak"):
        data = path.read_text(encoding="utf-8", errors="replace")
        if entry_id not in data and not any(t and t in data for t in texts):
            continue
        lines = data.split("\n")
        kept = [
            line
            for line in lines
            if entry_id not in line and not any(t and t in line for t in texts)
        ]
        atomic_write(path, "\n".join(kept))
        cleaned += 1
    return cleaned
