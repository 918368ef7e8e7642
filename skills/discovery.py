"""Finding skills: ``skills/<name>/SKILL.md`` in the workspace, then each folder of
``LABMEM_SKILLS_PATH`` (read-only), then the bundled ones.

The first root that has a skill wins; the same name further down is shadowed, and the
catalogue says by what. A skill is known by its folder's name. Problems (a folder without
SKILL.md, unreadable or unsafe files) are collected as messages naming the file; every
other skill keeps working. Results are cached by the files' modification times, so an edit
is seen on the next call without a restart.
"""

from __future__ import annotations

import os
import platform
import shutil
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from importlib import resources
from pathlib import Path

from skills.errors import SkillManifestError
from skills.loader import RESOURCE_DIRS, load_skill
from skills.model import Skill

__all__ = ["Catalogue", "Shadowed", "SkillLibrary", "bundled_dir", "split_skills_path"]


def bundled_dir() -> Path:
    return Path(str(resources.files("skills").joinpath("bundled")))


def split_skills_path(value: str | None) -> list[Path]:
    """``LABMEM_SKILLS_PATH``: folders separated by the OS path separator (':' or ';')."""
    if not value:
        return []
    return [Path(p).expanduser() for p in value.split(os.pathsep) if p.strip()]


@dataclass(frozen=True, slots=True)
class Shadowed:
    name: str
    path: str  # the SKILL.md that is not used
    by: str  # the SKILL.md used instead

    def to_json(self) -> dict[str, str]:
        return {"name": self.name, "path": self.path, "shadowed_by": self.by}


@dataclass
class Catalogue:
    skills: dict[str, Skill] = field(default_factory=dict)
    problems: list[str] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)
    shadowed: list[Shadowed] = field(default_factory=list)
    roots: list[tuple[str, str]] = field(default_factory=list)  # (origin, folder), in order

    @property
    def suggestions(self) -> list[str]:
        return [s for skill in self.skills.values() for s in skill.suggestions]


def _gating(skill: Skill) -> tuple[str, ...]:
    needs = skill.meta.requires
    out = [f"needs the program '{b}' on PATH" for b in needs.bins if shutil.which(b) is None]
    out += [f"needs the environment variable {e}" for e in needs.env if e not in os.environ]
    system = platform.system().lower()
    if needs.os and system not in needs.os:
        out.append(f"runs on {', '.join(needs.os)}, not {system}")
    return tuple(out)


Folder = tuple[Path, str, str]  # (folder, how it is shown, origin)


class SkillLibrary:
    def __init__(
        self,
        workspace_skills: Path,
        include_bundled: bool = True,
        extra_roots: Sequence[Path] = (),
    ) -> None:
        self.root = workspace_skills
        self.include_bundled = include_bundled
        self.extra_roots = list(extra_roots)
        self._stamp: tuple[tuple[str, int], ...] | None = None
        self._catalogue = Catalogue()

    def roots(self) -> list[tuple[Path, str]]:
        """(folder, origin) in precedence order."""
        out = [(self.root, "workspace")] + [(r, "path") for r in self.extra_roots]
        if self.include_bundled:
            out.append((bundled_dir(), "bundled"))
        return out

    def _folders(self) -> list[Folder]:
        found: list[Folder] = []
        for root, origin in self.roots():
            if not root.is_dir():
                continue
            for folder in sorted(p for p in root.iterdir() if p.is_dir()):
                if folder.name.startswith((".", "_")):
                    continue
                shown = {
                    "workspace": f"skills/{folder.name}",
                    "bundled": f"bundled:{folder.name}",
                }.get(origin, str(folder))
                found.append((folder, shown, origin))
        return found

    def _current_stamp(self, folders: list[Folder]) -> tuple[tuple[str, int], ...]:
        stamp: list[tuple[str, int]] = []
        for folder, _, _ in folders:
            for name in ("SKILL.md", "TOOL.md", *RESOURCE_DIRS):
                try:
                    stamp.append((str(folder / name), (folder / name).stat().st_mtime_ns))
                except OSError:
                    stamp.append((str(folder / name), 0))
        return tuple(stamp)

    def catalogue(self) -> Catalogue:
        folders = self._folders()
        stamp = self._current_stamp(folders)
        if stamp != self._stamp:
            self._catalogue = self._load(folders)
            self._stamp = stamp
        return self._catalogue

    def _load(self, folders: list[Folder]) -> Catalogue:
        cat = Catalogue(roots=[(origin, str(root)) for root, origin in self.roots()])
        for folder, shown, origin in folders:
            manifest = folder / "SKILL.md"
            if not manifest.is_file():
                note = f"{shown}: has no SKILL.md; create it or remove the folder"
                # a collection pointed at by LABMEM_SKILLS_PATH may hold other folders
                (cat.warnings if origin == "path" else cat.problems).append(note)
                continue
            if not manifest.resolve().is_relative_to(folder.resolve()):
                cat.problems.append(
                    f"{shown}/SKILL.md:1: file: points outside the skill's folder; "
                    "replace the link with the file itself"
                )
                continue
            try:
                skill = load_skill(manifest, f"{shown}/SKILL.md", origin, folder.name)
            except (SkillManifestError, OSError) as exc:
                cat.problems.append(
                    str(exc)
                    if isinstance(exc, SkillManifestError)
                    else f"{shown}/SKILL.md:1: file: cannot be read ({exc.strerror}); "
                    "check its permissions"
                )
                continue
            if skill.name in cat.skills:
                cat.shadowed.append(Shadowed(skill.name, skill.path, cat.skills[skill.name].path))
                continue
            cat.skills[skill.name] = replace(skill, gating=_gating(skill))
            cat.warnings.extend(skill.warnings)
        owners: dict[str, list[str]] = {}
        for skill in cat.skills.values():
            for trigger in skill.meta.triggers:
                owners.setdefault(trigger.casefold(), []).append(skill.name)
        for trigger, names in sorted(owners.items()):
            if len(names) > 1:
                cat.warnings.append(
                    f"trigger '{trigger}' is shared by {', '.join(sorted(names))}; "
                    f"'{sorted(names)[0]}' wins ties (alphabetical)"
                )
        return cat
