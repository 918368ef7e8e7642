"""The workspace: where each layer lives on disk, and ``init`` that lays it out."""

from __future__ import annotations

import os
from dataclasses import dataclass
from datetime import date
from pathlib import Path

from memory.errors import WorkspaceError
from memory.layers import spec

__all__ = ["MEMORY_SECTIONS", "NOTES_SECTIONS", "Workspace"]

MEMORY_SECTIONS = spec("memory").section_titles
NOTES_SECTIONS = spec("project").section_titles

_MEMORY_TEMPLATE = """# MEMORY

Curated long-term memory of this lab: durable facts, decisions, lessons, preferences and
policies. Loaded only in main sessions. One entry per list item; the comment at the end of
an item holds its id, kind, date and source (optional when you write one by hand).

{sections}"""

_GITIGNORE = """# labmem: the search index is derived from the Markdown and can be rebuilt
.labmem/index/
.labmem/state/locks/
# temp files of an interrupted write (labmem doctor reports them)
.*.tmp
"""


@dataclass(frozen=True, slots=True)
class Workspace:
    """Paths of one workspace. It does NOT read or write layer contents."""

    root: Path

    @property
    def memory_file(self) -> Path:
        return self.root / "MEMORY.md"

    @property
    def daily_dir(self) -> Path:
        return self.root / "memory"

    @property
    def archive_dir(self) -> Path:
        return self.daily_dir / "archive"

    @property
    def memory_archive(self) -> Path:
        return self.archive_dir / "MEMORY-archive.md"

    @property
    def skills_dir(self) -> Path:
        return self.root / "skills"

    @property
    def projects_dir(self) -> Path:
        return self.root / "projects"

    @property
    def index_dir(self) -> Path:
        return self.root / ".labmem" / "index"

    @property
    def state_dir(self) -> Path:
        return self.root / ".labmem" / "state"

    @property
    def lock_dir(self) -> Path:
        return self.state_dir / "locks"

    @property
    def backup_dir(self) -> Path:
        return self.state_dir / "backups"

    def daily_file(self, day: date) -> Path:
        return self.daily_dir / f"{day.isoformat()}.md"

    def relative(self, path: Path) -> str:
        """Workspace-relative POSIX path, as citations use."""
        return path.relative_to(self.root).as_posix()

    def is_initialised(self) -> bool:
        return self.memory_file.exists() and self.daily_dir.is_dir()

    def init(self) -> list[str]:
        """Create what is missing; never overwrite. Returns the paths created."""
        created: list[str] = []
        if self.root.exists() and not self.root.is_dir():
            raise WorkspaceError(
                f"{self.root} exists and is not a folder; choose another path for the workspace."
            )
        try:
            self.root.mkdir(parents=True, exist_ok=True)
            for folder in (
                self.daily_dir,
                self.skills_dir,
                self.projects_dir,
                self.index_dir,
                self.state_dir,
            ):
                if not folder.is_dir():
                    folder.mkdir(parents=True, exist_ok=True)
                    created.append(self.relative(folder) + "/")
            if not self.memory_file.exists():
                sections = "\n".join(f"## {name}\n" for name in MEMORY_SECTIONS)
                _create(self.memory_file, _MEMORY_TEMPLATE.format(sections=sections))
                created.append("MEMORY.md")
            gitignore = self.root / ".gitignore"
            if not gitignore.exists():
                _create(gitignore, _GITIGNORE)
                created.append(".gitignore")
        except PermissionError as exc:
            raise WorkspaceError(
                f"cannot write to {exc.filename or self.root}: permission denied. Choose a "
                "writable folder (LABMEM_HOME or --home) or fix its permissions."
            ) from None
        return created


def _create(path: Path, text: str) -> None:
    # O_EXCL: two `init`s at once never overwrite each other's file.
    try:
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o644)
    except FileExistsError:
        return
    with os.fdopen(fd, "w", encoding="utf-8") as handle:
        handle.write(text)
