"""Session start: the preamble a session begins with (docs/coordinator.md "Sessions",
docs/contracts.md §2).

MEMORY.md (main sessions only, within a token budget — truncation is reported, never
silent), the daily logs of the user's today and yesterday, the active project's notes, the
skills' names and descriptions within their own token budget (never their bodies: a body
is loaded when the skill activates), and the current date and time.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from datetime import date, timedelta
from typing import TYPE_CHECKING

from coordinator.reads import daily_records_local
from memory.files import read_snapshot
from memory.secret_lines import mask_lines
from memory.visibility import allowed

if TYPE_CHECKING:
    from coordinator.services import Services

__all__ = ["Preamble", "build_preamble", "estimate_tokens"]


def estimate_tokens(text: str) -> int:
    """About 4 characters a token for English prose: close enough for a budget."""
    return max(1, len(text) // 4) if text else 0


@dataclass
class Preamble:
    now: str
    sections: dict[str, str] = field(default_factory=dict)
    truncated: list[str] = field(default_factory=list)
    skills: list[str] = field(default_factory=list)  # "- name: description" lines

    @property
    def text(self) -> str:
        parts = [f"Current date and time: {self.now}"]
        for title, body in self.sections.items():
            parts.append(f"## {title}\n\n{body.strip()}")
        if self.skills:
            parts.append("## Skills (load on demand)\n\n" + "\n".join(self.skills))
        if self.truncated:
            parts.append("Note: " + "; ".join(self.truncated))
        return "\n\n".join(parts) + "\n"


def build_preamble(services: Services, project: str | None = None) -> Preamble:
    zone = services.settings.zone()
    now = services.clock.now().astimezone(zone)
    pre = Preamble(now=now.isoformat(timespec="seconds"))
    today = now.date()
    if allowed(services.session_kind, "daily", "read"):
        _due_today(services, pre, today)  # first: what the owner asked to be told today
    if allowed(services.session_kind, "memory", "read"):
        _memory(services, pre)
    if allowed(services.session_kind, "daily", "read"):
        for label, day in (("Yesterday", today - timedelta(days=1)), ("Today", today)):
            records = daily_records_local(services, day)
            if records:
                pre.sections[f"{label} ({day.isoformat()})"] = "\n".join(
                    f"- {r.at:%H:%M}Z [{r.kind}] {r.body}" for r in records if r.at
                )
    if project and allowed(services.session_kind, "project", "read"):
        pre.sections[f"Project {project}"] = mask_lines(services.projects.read_text(project))
    if allowed(services.session_kind, "skill", "read"):
        pre.skills = skill_listing(services, pre)
    return pre


def _due_today(services: Services, pre: Preamble, today: date) -> None:
    """The tasks due today ("remind me on Monday …", a to-do said today) and those of the
    last two weeks no later line told done. Untrusted text is no task of the owner's."""
    from coordinator.todos import open_today, untrusted_mark

    zone = services.settings.zone()
    lines = []
    for r, overdue in open_today(services, today, zone):
        if r.at is None or untrusted_mark(r):
            continue
        said = r.at.astimezone(zone).date().isoformat()
        late = f"open since {(r.due or said)[:10]}, " if overdue else ""
        lines.append(f"- {r.body} ({late}said {said}; {r.citation})")
    if lines:
        pre.sections[f"Due today ({today.isoformat()})"] = "\n".join(lines)


def _without_superseded(text: str) -> str:
    """MEMORY.md as the assistant should read it: an entry another one replaced (kept in the
    file as history, ``superseded_by=``) is left out with its nested lines."""
    kept: list[str] = []
    skipping = False
    for line in text.split("\n"):
        if line.startswith(("- ", "* ", "+ ")):
            skipping = bool(_SUPERSEDED.search(line))
        elif line.strip() and not line.startswith((" ", "\t")):
            skipping = False
        if not skipping:
            kept.append(line)
    return "\n".join(kept)


_SUPERSEDED = re.compile(r"<!--[^>]*\bsuperseded_by=")


def _memory(services: Services, pre: Preamble) -> None:
    text = _without_superseded(mask_lines(read_snapshot(services.workspace.memory_file).text))
    budget = services.settings.memory_budget_tokens
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


def skill_listing(services: Services, pre: Preamble) -> list[str]:
    """One line per active skill, name, description and triggers, within
    ``skills_budget_tokens``.

    Disabled skills are left out; drafts are marked. A description is cut at a sentence or word
    boundary to at most 300 characters; skills that do not fit the budget are counted in a
    note (``labmem skills list`` shows them all)."""
    cat = services.skills.catalogue()
    budget = services.settings.skills_budget_tokens
    lines: list[str] = []
    used = 0
    usable = [s for s in cat.skills.values() if s.meta.status != "disabled"]
    for skill in usable:
        draft = " (draft, not reviewed)" if skill.meta.status == "draft" else ""
        # Triggers as the skill's manifest parsed them (block or flow list alike).
        triggers = f" (triggers: {', '.join(skill.meta.triggers)})" if skill.meta.triggers else ""
        line = f"- {skill.name}: {_short(skill.meta.description)}{draft}{triggers}"
        cost = estimate_tokens(line + "\n")
        if used + cost > budget:
            break
        lines.append(line)
        used += cost
    left = len(usable) - len(lines)
    if left:
        pre.truncated.append(
            f"the skill listing is over its {budget}-token budget; {left} of {len(usable)} "
            "skills are not listed ('labmem skills list' shows them; they still activate)"
        )
    return lines


def _short(description: str, limit: int = 300) -> str:
    text = " ".join(description.split())
    if len(text) <= limit:
        return text
    cut = text[:limit]
    end = max(cut.rfind(". "), cut.rfind("; "))
    return cut[: end + 1] if end > limit // 2 else cut.rsplit(" ", 1)[0] + " …"
