"""Project notes ``projects/<name>/``: NOTES.md by default; every ``.md`` there belongs."""

from __future__ import annotations

import re
from pathlib import Path

from memory.clock import Clock
from memory.curated import CuratedFile
from memory.errors import EntryNotFoundError, InvalidInputError
from memory.files import read_snapshot, safe_child
from memory.hygiene import check_name
from memory.layers import spec
from memory.records import Record
from memory.workspace import NOTES_SECTIONS, Workspace

__all__ = ["KIND_SECTIONS", "ProjectNotes", "check_project_name"]

_NAME = re.compile(r"^[a-z0-9][a-z0-9._-]{0,63}$")
KIND_SECTIONS = spec("project").kind_sections


def check_project_name(name: str) -> str:
    if not _NAME.match(name) or ".." in name:
        raise InvalidInputError(
            f"project name {name!r} is not valid: use 1–64 lowercase letters, digits, '.', "
            "'_' or '-', starting with a letter or digit (e.g. 'invoice-parser')."
        )
    return check_name(name, "project name")


class ProjectNotes:
    def __init__(self, workspace: Workspace, clock: Clock, keep_backups: int = 10) -> None:
        self.ws = workspace
        self.clock = clock
        self.keep_backups = keep_backups

    def folder(self, name: str) -> Path:
        return safe_child(self.ws.projects_dir, check_project_name(name))

    def exists(self, name: str) -> bool:
        try:
            return self.folder(name).is_dir()
        except InvalidInputError:
            return False

    def names(self) -> list[str]:
        if not self.ws.projects_dir.is_dir():
            return []
        return sorted(
            p.name for p in self.ws.projects_dir.iterdir() if p.is_dir() and _NAME.match(p.name)
        )

    def create(self, name: str) -> bool:
        """Create the project's folder and NOTES.md; False if it already existed."""
        folder = self.folder(name)
        if (folder / "NOTES.md").exists():
            return False
        folder.mkdir(parents=True, exist_ok=True)
        self.notes_file(name).append_raw([])
        return True

    def notes_file(self, name: str, file: str = "NOTES.md") -> CuratedFile:
        folder = self.folder(name)
        path = safe_child(folder, file)
        if not file.endswith(".md"):
            raise InvalidInputError(f"project note file {file!r} must end in .md")
        return CuratedFile(
            path,
            rel=self.ws.relative(path),
            layer="project",
            prefix=spec("project").id_prefix or "p",
            kind_sections=KIND_SECTIONS,
            default_section=spec("project").default_section or "Notes",
            template=lambda: _template(name),
            clock=self.clock,
            lock_dir=self.ws.lock_dir,
            backup_dir=self.ws.backup_dir,
            keep_backups=self.keep_backups,
            project=name,
            root=self.ws.root,
        )

    def files(self, name: str) -> list[Path]:
        folder = self.folder(name)
        if not folder.is_dir():
            raise EntryNotFoundError(
                f"no project {name!r}; known projects: {', '.join(self.names()) or 'none'}. "
                f"Create it with 'labmem remember … --layer project --project {name}'."
            )
        return sorted(p for p in folder.glob("*.md") if p.is_file() and safe_child(folder, p.name))

    def records(self, name: str) -> list[Record]:
        out: list[Record] = []
        for path in self.files(name):
            out.extend(self.notes_file(name, path.name).records())
        return out

    def read_text(self, name: str) -> str:
        parts = []
        for path in self.files(name):
            parts.append(f"<!-- {self.ws.relative(path)} -->\n" + read_snapshot(path).text)
        return "\n".join(parts)


def _template(name: str) -> str:
    sections = "\n".join(f"## {s}\n" for s in NOTES_SECTIONS)
    return f"# {name}\n\nNotes of the project {name}.\n\n{sections}"
