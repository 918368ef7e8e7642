"""Finding skills: ``skills/<name>/SKILL.md`` in the workspace, then the bundled ones.

A workspace skill with the same name as a bundled one wins. Problems (a folder without
SKILL.md, invalid YAML, duplicate names, two skills sharing a trigger) are collected as
messages naming the file; every other skill keeps working. Results are cached by the files'
modification times, so an edit is seen on the next call without a restart.
"""

from __future__ import annotations

import os
import platform
import shutil
from dataclasses import dataclass, field, replace
from importlib import resources
from pathlib import Path

from skills.errors import SkillManifestError
from skills.loader import load_skill
from skills.model import Skill

__all__ = ["Catalogue", "SkillLibrary", "bundled_dir"]


def bundled_dir() -> Path:
    return Path(str(resources.files("skills").joinpath("bundled")))


@dataclass
class Catalogue:
    skills: dict[str, Skill] = field(default_factory=dict)
    problems: list[str] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)


def _gating(skill: Skill) -> tuple[str, ...]:
    needs = skill.meta.requires
    out = [f"needs the program '{b}' on PATH" for b in needs.bins if shutil.which(b) is None]
    out += [f"needs the environment variable {e}" for e in needs.env if e not in os.environ]
    system = platform.system().lower()
    if needs.os and system not in needs.os:
        out.append(f"runs on {', '.join(needs.os)}, not {system}")
    return tuple(out)


class SkillLibrary:
    def __init__(self, workspace_skills: Path, include_bundled: bool = True) -> None:
        self.root = workspace_skills
        self.include_bundled = include_bundled
        self._stamp: tuple[tuple[str, int], ...] | None = None
        self._catalogue = Catalogue()

    def _folders(self) -> list[tuple[Path, str, str]]:
        found: list[tuple[Path, str, str]] = []
        if self.root.is_dir():
            for folder in sorted(p for p in self.root.iterdir() if p.is_dir()):
                found.append((folder, f"skills/{folder.name}", "workspace"))
        if self.include_bundled:
            for folder in sorted(p for p in bundled_dir().iterdir() if p.is_dir()):
                found.append((folder, f"bundled:{folder.name}", "bundled"))
        return found

    def _current_stamp(self, folders: list[tuple[Path, str, str]]) -> tuple[tuple[str, int], ...]:
        stamp: list[tuple[str, int]] = []
        for folder, _, _ in folders:
            for name in ("SKILL.md", "TOOL.md"):
                try:
                    stamp.append((str(folder / name), (folder / name).stat().st_mtime_ns))
                except FileNotFoundError:
                    stamp.append((str(folder / name), 0))
        return tuple(stamp)

    def catalogue(self) -> Catalogue:
        folders = self._folders()
        stamp = self._current_stamp(folders)
        if stamp != self._stamp:
            self._catalogue = self._load(folders)
            self._stamp = stamp
        return self._catalogue

    def _load(self, folders: list[tuple[Path, str, str]]) -> Catalogue:
        cat = Catalogue()
        for folder, shown, origin in folders:
            manifest = folder / "SKILL.md"
            if not manifest.is_file():
                cat.problems.append(f"{shown}: has no SKILL.md; create it or remove the folder")
                continue
            try:
                skill = load_skill(manifest, f"{shown}/SKILL.md", origin, folder.name)
            except SkillManifestError as exc:
                cat.problems.append(str(exc))
                continue
            if skill.name in cat.skills:
                if cat.skills[skill.name].origin == "workspace" and origin == "bundled":
                    continue  # the workspace overrides a bundled skill of the same name
                cat.problems.append(
                    f"{shown}/SKILL.md: duplicate skill name '{skill.name}' "
                    f"(also {cat.skills[skill.name].path}); rename one"
                )
                continue
            cat.skills[skill.name] = replace(skill, gating=_gating(skill))
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
