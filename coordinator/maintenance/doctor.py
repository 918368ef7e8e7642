"""``labmem doctor``: what is wrong or missing in a workspace, and ``--fix`` for the safe part."""

from __future__ import annotations

import os
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import date, datetime
from pathlib import Path
from typing import Any

from coordinator.lab import Lab
from coordinator.maintenance.forget import pending_forgets
from memory.document import parse_document
from memory.errors import InvalidInputError
from memory.files import digest, read_snapshot
from memory.search.chunking import layer_of
from memory.secret_lines import file_secrets
from memory.state import corrupt_copies
from memory.visibility import require

__all__ = ["DoctorReport", "run_doctor"]

_TEMP_GRACE_S = 60  # a younger temp file may belong to a write still running


@dataclass
class DoctorReport:
    problems: list[str] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)
    fixed: list[str] = field(default_factory=list)
    info: list[str] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not self.problems

    def to_json(self) -> dict[str, Any]:
        return {
            "ok": self.ok,
            "problems": self.problems,
            "warnings": self.warnings,
            "fixed": self.fixed,
            "info": self.info,
        }


def run_doctor(lab: Lab, fix: bool = False, accept: Sequence[str] = ()) -> DoctorReport:
    """Check the workspace; ``accept`` names past days whose hand edit the owner made on
    purpose: their log is recorded in the manifest as it is now, before the checks."""
    # It reads every layer, MEMORY.md included: the owner's check, never a shared session's.
    require(lab.session_kind, "memory", "read")
    report = DoctorReport()
    report.info.append(f"workspace: {lab.workspace.root}")
    report.fixed += accept_days(lab, accept)
    for name in lab.recovered:
        report.fixed.append(f"finished an interrupted '{name}' change from its journal")
    for entry_id in pending_forgets(lab.workspace.state_dir):
        report.problems.append(
            f"forget of {entry_id} was interrupted; run 'labmem forget {entry_id} --yes' "
            "again to finish it"
        )
    _check_secrets(lab, report)
    _check_curated(lab, report, fix)
    _check_daily(lab, report)
    _check_ids(lab, report)
    _check_leftovers(lab, report, fix)
    _check_index(lab, report)
    return report


def accept_days(lab: Lab, days: Sequence[str]) -> list[str]:
    """Record the named past days' logs as they are now; a day whose log is gone is dropped
    from the manifest. All or none: every name is checked before anything is recorded.
    Returns what was done, a line per day."""
    files = lab.daily.files(include_archive=True)
    sealed = lab.daily.manifest.load()
    chosen: dict[date, bytes] = {}
    gone: list[date] = []
    done: list[str] = []
    for text in days:
        try:
            day = datetime.strptime(text, "%Y-%m-%d").date()
        except ValueError:
            raise InvalidInputError(
                f"--accept {text!r} is not a date; name the day as YYYY-MM-DD."
            ) from None
        if day.isoformat() not in sealed:
            raise InvalidInputError(
                f"--accept {text}: no sealed past daily log for that day; 'labmem doctor' "
                "lists the days whose log changed."
            )
        if day not in files:
            gone.append(day)
            done.append(f"accepted that the {text} log is gone (dropped from the manifest)")
            continue
        data = files[day].read_bytes()
        if digest(data) == sealed[day.isoformat()].get("sha256"):
            done.append(f"the {text} log is unchanged; nothing to accept")
            continue
        chosen[day] = data
        done.append(f"accepted the edit of the {text} log as it is now")
    if chosen:
        lab.daily.manifest.record_many(chosen, "accepted")
    if gone:
        lab.daily.manifest.forget_days(gone)
    return done


def _check_secrets(lab: Lab, report: DoctorReport) -> None:
    """Hand-written lines holding a secret: where and which kind, never the value."""
    root = lab.workspace.root
    for rel in sorted(_layer_files(root)):
        for found in file_secrets(root, rel):
            report.problems.append(found.describe())


def _layer_files(root: Path) -> list[str]:
    paths = [root / "MEMORY.md"]
    for folder in ("memory", "projects", "skills"):
        if (root / folder).is_dir():
            paths += [p for p in (root / folder).rglob("*.md") if not p.is_symlink()]
    rels = [p.relative_to(root).as_posix() for p in paths if p.is_file()]
    return [rel for rel in rels if layer_of(rel) is not None]


def _check_ids(lab: Lab, report: DoctorReport) -> None:
    """Every id names one entry: a second entry with an id would be forgotten with it."""
    records = lab.memory.records() + lab.memory.archived()
    for name in lab.project_names():
        records += lab.projects.records(name)
    for day, path in lab.daily.files(include_archive=True).items():
        records += lab.daily.read_path(day, path)
    seen: dict[str, str] = {}
    for record in records:
        if "id" in record.missing:
            continue  # a derived id of a hand-written entry; --fix gives it a real one
        if record.id in seen:
            report.problems.append(
                f"id {record.id} is used twice ({seen[record.id]} and {record.citation}); "
                "give one of them a new id by hand"
            )
        else:
            seen[record.id] = record.citation


def _check_leftovers(lab: Lab, report: DoctorReport, fix: bool) -> None:
    """Temp files of writes that were killed, and state files found corrupt."""
    root = lab.workspace.root
    for path in sorted(_temp_files(root)):
        rel = lab.workspace.relative(path)
        if fix and time.time() - path.stat().st_mtime > _TEMP_GRACE_S:
            path.unlink(missing_ok=True)
            report.fixed.append(f"{rel}: removed the temp file of an interrupted write")
        else:
            report.warnings.append(
                f"{rel}: temp file of an interrupted write (the file it was for is intact); "
                "'labmem doctor --fix' removes it"
            )
    gitignore = root / ".gitignore"
    if gitignore.is_file() and ".*.tmp" not in gitignore.read_text(errors="replace").split():
        if fix:
            with open(gitignore, "a", encoding="utf-8") as handle:
                handle.write("\n# temp files of an interrupted write\n.*.tmp\n")
            report.fixed.append(".gitignore: now ignores temp files (.*.tmp)")
        else:
            report.warnings.append(
                ".gitignore does not ignore temp files of interrupted writes; "
                "'labmem doctor --fix' adds '.*.tmp'"
            )
    for path in corrupt_copies(lab.workspace.state_dir):
        report.warnings.append(
            f"{lab.workspace.relative(path)}: a state file that was corrupt, moved aside; "
            "labmem rebuilt the state. Delete it once you have looked at it"
        )


def _temp_files(root: Path) -> list[Path]:
    found: list[Path] = []
    for folder, dirs, files in os.walk(root):
        if Path(folder) == root / ".labmem":
            dirs[:] = [d for d in dirs if d != "index"]  # chromadb's own files
        found += [Path(folder) / f for f in files if f.startswith(".") and f.endswith(".tmp")]
    return found


def _check_index(lab: Lab, report: DoctorReport) -> None:
    try:
        service = lab.services.search_service
    except Exception as exc:  # the index is derived: report, never crash
        report.warnings.append(f"search index unavailable: {exc}")
        return
    if lab.search_warning:
        report.warnings.append(lab.search_warning)
    ident = service.embedder.identity
    report.info.append(f"embedder: {ident.name} ({ident.dimension}-d)")
    for problem in service.consistency():
        report.warnings.append(f"index: {problem}")


def _check_curated(lab: Lab, report: DoctorReport, fix: bool) -> None:
    for store in [holder.store for holder in lab.services.curated_files()]:
        try:
            records = store.records()
        except Exception as exc:  # a broken file is reported, never a crash
            report.problems.append(f"{store.rel}: cannot be read ({exc})")
            continue
        secret_lines = {f.line for f in file_secrets(lab.workspace.root, store.rel)}
        lacking = [r for r in records if r.missing and r.line_start not in secret_lines]
        if not lacking:
            continue
        if fix and secret_lines:
            # Rewriting would copy the secret into a backup: the person removes it first.
            report.warnings.append(
                f"{store.rel}: not fixed while it holds a secret (see the problems above); "
                "remove it, then run 'labmem doctor --fix' again"
            )
            continue
        if fix:
            count = store.fix_metadata()
            report.fixed.append(f"{store.rel}: filled in metadata of {count} entries")
            continue
        for record in lacking:
            report.warnings.append(
                f"{record.citation}: hand-written entry lacks {', '.join(record.missing)} "
                "(run 'labmem doctor --fix')"
            )


def _check_daily(lab: Lab, report: DoctorReport) -> None:
    files = lab.daily.files(include_archive=True)
    for problem in lab.daily.manifest.altered(files):
        named = problem.split(":", 1)[0]
        report.problems.append(
            f"past daily log altered: {problem} (changed on purpose? "
            f"'labmem doctor --accept {named}' records it as it is now)"
        )
    for day, path in files.items():
        snap = read_snapshot(path)
        doc = parse_document(snap.text)
        rel = lab.workspace.relative(path)
        line = 0
        for part in doc.parts:
            if isinstance(part, str):
                line += 1
                stripped = part.strip()
                if stripped and not stripped.startswith("#"):
                    report.warnings.append(
                        f"{rel}#L{line}: text outside any entry (kept, not searchable as an "
                        "entry); make it a '- ' list item"
                    )
            else:
                line += 1 + len(part.children)
                if part.clock is None:
                    report.warnings.append(
                        f"{rel}#L{line - len(part.children)}: entry without its 'HH:MM:SSZ "
                        f"[kind]' prefix; it is dated {day.isoformat()} 00:00Z"
                    )
