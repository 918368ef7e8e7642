"""Session start: the preamble a session begins with (DESIGN §2, CONTRACTS §2).

MEMORY.md (main sessions only, within a token budget — truncation is reported, never
silent), the daily logs of the user's today and yesterday, the active project's notes, the
skills' names and triggers (never their bodies), and the current date and time.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from datetime import timedelta
from typing import TYPE_CHECKING

from memory.files import read_snapshot
from memory.visibility import allowed

if TYPE_CHECKING:
    from coordinator.lab import Lab

__all__ = ["Preamble", "build_preamble", "estimate_tokens"]


def estimate_tokens(text: str) -> int:
    """About 4 characters a token for English prose: close enough for a budget."""
    return max(1, len(text) // 4) if text else 0


@dataclass
class Preamble:
    now: str
    sections: dict[str, str] = field(default_factory=dict)
    truncated: list[str] = field(default_factory=list)
    skills: list[tuple[str, list[str]]] = field(default_factory=list)

    @property
    def text(self) -> str:
        parts = [f"Current date and time: {self.now}"]
        for title, body in self.sections.items():
            parts.append(f"## {title}\n\n{body.strip()}")
        if self.skills:
            lines = [f"- {name}: {', '.join(t) or '(no triggers)'}" for name, t in self.skills]
            parts.append("## Skills (load on demand)\n\n" + "\n".join(lines))
        if self.truncated:
            parts.append("Note: " + "; ".join(self.truncated))
        return "\n\n".join(parts) + "\n"


def build_preamble(lab: Lab, project: str | None = None) -> Preamble:
    zone = lab.settings.zone()
    now = lab.clock.now().astimezone(zone)
    pre = Preamble(now=now.isoformat(timespec="seconds"))
    if allowed(lab.session_kind, "memory", "read"):
        _memory(lab, pre)
    if allowed(lab.session_kind, "daily", "read"):
        today = now.date()
        for label, day in (("Yesterday", today - timedelta(days=1)), ("Today", today)):
            records = lab.daily_records_local(day)
            if records:
                pre.sections[f"{label} ({day.isoformat()})"] = "\n".join(
                    f"- {r.at:%H:%M}Z [{r.kind}] {r.body}" for r in records if r.at
                )
    if project and allowed(lab.session_kind, "project", "read"):
        pre.sections[f"Project {project}"] = lab.projects.read_text(project)
    pre.skills = skill_triggers(lab)
    return pre


def _memory(lab: Lab, pre: Preamble) -> None:
    text = read_snapshot(lab.workspace.memory_file).text
    budget = lab.settings.memory_budget_tokens
    if estimate_tokens(text) <= budget:
        pre.sections["MEMORY.md"] = text
        return
    kept: list[str] = []
    used = 0
    lines = text.split("\n")
    for line in lines:
        cost = estimate_tokens(line + "\n")
        if used + cost > budget:
            break
        kept.append(line)
        used += cost
    dropped = sum(1 for line in lines[len(kept) :] if line.startswith("- "))
    pre.sections["MEMORY.md"] = "\n".join(kept)
    pre.truncated.append(
        f"MEMORY.md is over its {budget}-token budget; {dropped} entries after line "
        f"{len(kept)} were not loaded (search finds them; distillation trims the file)"
    )


_TRIGGERS = re.compile(r"^triggers:\s*\n((?:\s+-\s.*\n?)+)", re.MULTILINE)


def skill_triggers(lab: Lab) -> list[tuple[str, list[str]]]:
    """Names and trigger phrases of the workspace's skills, read from their front matter."""
    out: list[tuple[str, list[str]]] = []
    folder = lab.workspace.skills_dir
    if not folder.is_dir():
        return out
    for skill in sorted(p for p in folder.iterdir() if (p / "SKILL.md").is_file()):
        try:
            text = (skill / "SKILL.md").read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError):
            continue
        match = _TRIGGERS.search(text)
        triggers = (
            [t.strip()[1:].strip().strip("'\"") for t in match.group(1).splitlines() if t.strip()]
            if match
            else []
        )
        out.append((skill.name, triggers))
    return out
