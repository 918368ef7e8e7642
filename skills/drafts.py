"""Draft skills from capability statements ("to rotate the backup disk, run …").

A draft is a SKILL.md with ``status: draft`` that a person reviews. A hand-written skill
(anything not marked draft) is never overwritten: the statement goes to a separate
``<name>-draft`` folder instead.
"""

from __future__ import annotations

import re
from datetime import datetime
from pathlib import Path

from memory.files import atomic_write, read_snapshot, safe_child

__all__ = ["draft_name", "write_draft"]

_GOAL = re.compile(r"^\s*(?:how to|to)\s+(?P<goal>[^,:]{3,80})[,:]", re.IGNORECASE)


def draft_name(text: str) -> str:
    match = _GOAL.match(text)
    goal = match.group("goal") if match else " ".join(text.split()[:6])
    slug = re.sub(r"[^a-z0-9]+", "-", goal.lower()).strip("-")
    return (slug or "procedure")[:48].rstrip("-")


def _template(name: str, text: str, now: datetime) -> str:
    return f"""---
name: {name}
description: "{text[:180].replace('"', "'")}"
status: draft
triggers:
  - {name.replace("-", " ")}
created: {now.strftime("%Y-%m-%dT%H:%M:%SZ")}
---

# {name}

## Workflow

- {text}

## Inputs

## Outputs
"""


def write_draft(skills_dir: Path, text: str, now: datetime) -> tuple[str, int]:
    """Create or extend a draft skill; returns (workspace-relative path, line of the step)."""
    name = draft_name(text)
    folder = safe_child(skills_dir, name)
    path = folder / "SKILL.md"
    existing = read_snapshot(path).text
    if existing and "status: draft" not in existing:
        name = f"{name}-draft"
        folder = safe_child(skills_dir, name)
        path = folder / "SKILL.md"
        existing = read_snapshot(path).text
    if not existing:
        content = _template(name, text, now)
    elif f"- {text}" in existing:
        content = existing
    else:
        lines = existing.rstrip("\n").split("\n")
        at = lines.index("## Inputs") - 1 if "## Inputs" in lines else len(lines)
        lines.insert(at, f"- {text}")
        content = "\n".join(lines) + "\n"
    atomic_write(path, content)
    line = content.split("\n").index(f"- {text}") + 1
    return f"skills/{name}/SKILL.md", line
