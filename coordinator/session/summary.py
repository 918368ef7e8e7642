"""The session summary written to the daily log at every close of an interactive session.

Extractive by default: what was decided, remembered, asked and left open. What was stored
is cited by kind, id, citation and layer, never quoted: the daily log is open to shared and
subagent sessions, and a MEMORY.md entry's text must never reach them (docs/contracts.md §2).
It is written deterministically by the close itself — never left to a model's choice — and
every line passes the same hygiene check as any write, so a refused secret never reaches it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from coordinator.graph.writer import store
from memory.daily_log import DailyEntry, Placed
from memory.errors import SecretDetectedError
from memory.hygiene import check_texts

if TYPE_CHECKING:
    from coordinator.services import Services

__all__ = ["compact_session", "summary_lines", "write_summary"]

MAX_LINES = 12


def _flat(text: str, limit: int = 200) -> str:
    """One line: a summary child never breaks out into a top-level entry or heading."""
    return " ".join(text.split())[:limit]


def _cite(event: dict[str, Any]) -> str:
    """What was stored, named by kind, id, citation and layer — never by its text. MEMORY.md
    and project notes are rewritten (entries move), so they are cited by file and the id,
    which stays; a daily log only grows, so its line number stays true."""
    citation = str(event.get("citation") or "")
    if citation and event.get("layer") in {"memory", "project"}:
        citation = citation.split("#", 1)[0]
    where = f" → {citation}" if citation else ""
    return f"[{event.get('kind')}] {event.get('id')}{where} ({event.get('layer')})"


def summary_lines(services: Services) -> tuple[str, list[str]]:
    session = services.session
    events = session.events
    remembered = [
        e for e in events if e.get("status") in {"written", "confirmed", "similar", "superseded"}
    ]
    questions = [e for e in events if e.get("type") == "ask"]
    turns = sum(1 for t in session.history if t.role == "user")
    # An MCP client's calls are not chat turns: "0 turns, 1 remembered" read as a contradiction.
    said = f"{_count(turns, 'turn')}, " if turns else ""
    head = (
        f"Session {session.id} ({session.kind}): {said}{len(remembered)} "
        f"remembered, {_count(len(questions), 'question')}"
        + (f", project {session.project}" if session.project else "")
        + "."
    )
    lines: list[str] = []
    for event in remembered:
        label = "decided" if event.get("kind") == "decision" else "remembered"
        if event.get("kind") == "task":
            label = "open"
        if event.get("status") == "confirmed":
            label = "confirmed"
        lines.append(f"{label}: {_cite(event)}")
    for event in questions:
        lines.append(f"asked: {_flat(event['text'])}")
    for name in session.variables.get("skills", {}):
        lines.append(f"activated: skill {name}")
    for kind, text, _ in session.notes:
        if kind == "task":
            lines.append(f"open: {_flat(text)}")
    if session.task and session.task_state != "done":
        lines.append(f"open: {_flat(session.task)}")
    seen: set[str] = set()
    unique = []
    for line in lines:
        key = line.split(" (", 1)[0] if line.startswith("open: ") else line
        if key not in seen:
            seen.add(key)
            unique.append(line)
    return head, unique[:MAX_LINES]


def _count(n: int, noun: str) -> str:
    return f"{n} {noun}" if n == 1 else f"{n} {noun}s"


def write_summary(services: Services) -> Placed | None:
    extractive, lines = summary_lines(services)
    head = extractive
    if services.model is not None:
        from coordinator.assistant import model_summary

        written = model_summary(services, services.model, extractive, lines)
        if written:
            head = f"Session {services.session.id} ({services.session.kind}): {_flat(written, 400)}"
    checks = check_texts([head, *lines], services.settings.max_entry_bytes)
    if checks[0] is not None:  # a model summary that trips the guard is not written
        head = extractive
    safe = [line for line, problem in zip(lines, checks[1:], strict=True) if problem is None]
    children = tuple(f"  - {line}" for line in safe)

    def entry(lines: tuple[str, ...]) -> DailyEntry:
        source = f"session:{services.session.id}"
        return DailyEntry(head, "session-summary", source, services.clock.now(), children=lines)

    try:
        return services.daily.append([entry(children)])[0]
    except SecretDetectedError:
        # Lines that pass one by one can read as a secret together ("asked: what's the
        # wifi password?" above another line): the summary is kept without them, and the
        # session still closes.
        return services.daily.append([entry(())])[0]


def compact_session(services: Services, keep: int) -> int:
    """Flush statements not yet stored to the daily log, then fold old turns."""
    cut = services.session.compaction_cut(keep)
    for turn in services.session.unstored_before(cut):
        store(
            services,
            turn.content,
            layer="daily",
            source=f"session:{services.session.id}",
            why="flushed before compaction",
        )
    folded, _ = services.session.compact(keep)
    return len(folded)
