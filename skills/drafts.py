"""Draft skills from capability statements ("to rotate the backup disk, run …").

A draft is a SKILL.md with ``status: draft`` that a person reviews. A hand-written skill
(anything not marked draft) is never overwritten: the statement goes to a separate
``<name>-draft`` folder instead.
"""

from __future__ import annotations

import re
import unicodedata
from datetime import datetime
from pathlib import Path

import yaml

from memory.entry_text import clean_entry_text
from memory.files import atomic_write, read_snapshot, safe_child
from memory.hygiene import check_text
from skills.errors import SkillManifestError
from skills.loader import spec_warnings, split_front_matter
from skills.model import SkillFrontMatter

__all__ = ["check_draft", "draft_name", "write_draft"]

_GOAL = re.compile(r"^\s*(?:how to|to|para|c[oó]mo)\s+(?P<goal>[^,:]{3,80})[,:]", re.IGNORECASE)


def draft_name(text: str) -> str:
    """A folder name from the statement's goal ("to rotate the disks, …" → rotate-the-disks),
    in the specification's alphabet: accents dropped ("configuración" → configuracion)."""
    match = _GOAL.match(text)
    goal = match.group("goal") if match else " ".join(text.split()[:6])
    plain = unicodedata.normalize("NFKD", goal.lower())
    plain = "".join(ch for ch in plain if not unicodedata.combining(ch))
    slug = re.sub(r"[^a-z0-9]+", "-", plain).strip("-")
    return re.sub(r"-+", "-", (slug or "procedure")[:48]).strip("-") or "procedure"


def _template(name: str, text: str, now: datetime) -> str:
    front = {
        "name": name,
        "description": " ".join(text.split())[:180],
        "status": "draft",
        "triggers": [name.replace("-", " ")],
        "created": now.strftime("%Y-%m-%dT%H:%M:%SZ"),
    }
    dumped = yaml.safe_dump(front, sort_keys=False, allow_unicode=True, width=1000)
    return f"""---
{dumped}---

# {name}

## Workflow

- {text}

## Inputs

## Outputs
"""


def check_draft(content: str, folder: str, shown: str) -> None:
    """A draft must pass the checks labmem applies to every skill, spec nits included."""
    data, _, _ = split_front_matter(content, shown)
    meta = SkillFrontMatter.model_validate(data)
    problems = spec_warnings(meta, content, shown, folder)
    if problems:
        raise SkillManifestError(shown, 1, "draft", problems[0], "nothing was written")


def write_draft(skills_dir: Path, text: str, now: datetime) -> tuple[str, int]:
    """Create or extend a draft skill; returns (workspace-relative path, line of the step).

    A text holding a secret is refused before anything is named after it.
    """
    check_text(text, max_bytes=len(text.encode("utf-8", errors="surrogatepass")) + 1)
    text = clean_entry_text(text)  # one line: a step can never add a heading or a key
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
    check_draft(content, name, f"skills/{name}/SKILL.md")
    atomic_write(path, content)
    line = content.split("\n").index(f"- {text}") + 1
    return f"skills/{name}/SKILL.md", line
