"""Approving or discarding a draft skill — what ``labmem skills approve|discard`` and the
web review queue call.

A draft (``status: draft`` in SKILL.md) was written from a capability statement; a person
approves it (the status becomes ``active``, nothing else in the file changes) or discards
it (its folder goes). Only workspace drafts qualify: a hand-written or bundled skill is
never touched.
"""

from __future__ import annotations

import re
import shutil
from pathlib import Path
from typing import TYPE_CHECKING

from memory.errors import InvalidInputError
from memory.files import atomic_write, read_snapshot, safe_child
from memory.visibility import require

if TYPE_CHECKING:
    from coordinator.lab import Lab
    from skills.model import Skill

__all__ = ["approve_skill", "discard_skill"]

_STATUS = re.compile(r"^status:\s*[\"']?draft[\"']?\s*$", re.MULTILINE)


def _draft(lab: Lab, name: str) -> Skill:
    require(lab.session_kind, "skill", "write")
    skill = lab.skills.get(name)
    if skill.origin != "workspace" or skill.meta.status != "draft":
        raise InvalidInputError(
            f"skill {name!r} is not a draft in this workspace (status {skill.meta.status}, "
            f"{skill.origin}); only drafts are approved or discarded."
        )
    return skill


def approve_skill(lab: Lab, name: str) -> str:
    """Mark a draft skill active; returns its workspace-relative SKILL.md path."""
    skill = _draft(lab, name)
    path = _folder(lab, skill) / "SKILL.md"
    text = read_snapshot(path).text
    head, sep, body = text.partition("\n---")
    fixed, count = _STATUS.subn("status: active", head, count=1)
    if count == 0:
        raise InvalidInputError(
            f"{skill.path} has no 'status: draft' line in its front matter; edit the file by hand."
        )
    atomic_write(path, fixed + sep + body)
    return skill.path


def discard_skill(lab: Lab, name: str) -> str:
    """Remove a draft skill's folder; returns the folder's workspace-relative path."""
    folder = _folder(lab, _draft(lab, name))
    shutil.rmtree(folder)
    return lab.workspace.relative(folder)


def _folder(lab: Lab, skill: Skill) -> Path:
    # skill.path is "skills/<folder>/SKILL.md"; the folder name is checked like any name.
    return safe_child(lab.workspace.skills_dir, skill.path.split("/")[1])
