"""``labmem skills new NAME``: a SKILL.md skeleton that passes ``labmem skills lint``."""

from __future__ import annotations

from pathlib import Path

from memory.files import safe_child
from memory.hygiene import check_name
from skills.errors import SkillManifestError

__all__ = ["new_skill"]

TEMPLATE = """---
name: {name}
description: One sentence saying what this skill does and when to use it
triggers:
  - {phrase}
---

# {name}

## Workflow

1. First step (name the command or tool to use).
2. Next step.

## Inputs

- what the user must provide

## Outputs

- what the skill produces
"""


def new_skill(skills_dir: Path, name: str) -> Path:
    import re

    if not re.match(r"^[a-z0-9][a-z0-9-]{0,63}$", name):
        raise SkillManifestError(
            f"skills/{name}",
            1,
            "name",
            "is not a valid skill name",
            "use lowercase letters, digits and '-' (e.g. backup-rotation)",
        )
    check_name(name, "skill name")
    folder = safe_child(skills_dir, name)
    path = folder / "SKILL.md"
    if path.exists():
        raise SkillManifestError(
            f"skills/{name}/SKILL.md",
            1,
            "file",
            "already exists",
            "edit it, or choose another name",
        )
    folder.mkdir(parents=True, exist_ok=True)
    path.write_text(TEMPLATE.format(name=name, phrase=name.replace("-", " ")), encoding="utf-8")
    return path
