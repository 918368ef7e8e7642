"""What is there to do: the tasks of the daily logs, by the day they are due.

A task that named a coming day carries ``due=YYYY-MM-DD`` (``memory.due``); one that did not
is due the day it was said. A question that asks for the owner's to-dos — "what do I have to
do today?", "what's due this week?", "any reminders for Monday?", "¿qué tengo pendiente?",
"¿qué tengo que hacer mañana?" — lists them with the day each was said and its citation;
"Due today" in the boot preamble is the same list. Text from an untrusted source is marked
(and left out of the preamble): a task is not an order someone else may give.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import date, timedelta, tzinfo
from typing import TYPE_CHECKING

from coordinator import reads
from coordinator.todo_done import Closing, closing
from coordinator.todo_words import is_todo_question
from memory.due import NEXT_WEEK, THIS_WEEK, due_day, next_week, this_week
from memory.folding import fold
from memory.timeexpr import Window
from memory.trust import is_untrusted_source

if TYPE_CHECKING:
    from coordinator.services import Services
    from memory.records import Record

__all__ = [
    "TodoList",
    "done_since",
    "due_tasks",
    "is_todo_question",
    "todo_list",
    "untrusted_mark",
]

LIST_LIMIT = 8  # lines listed; the rest are counted
PENDING_AHEAD_DAYS = 30  # "¿qué tengo pendiente?": the last week and the coming month
_PENDING = re.compile(
    r"\b(?:pendientes?|pending|to-?dos?|todo list|tareas|reminders|recordatorios)\b"
)
_BOTH = re.compile(r"\b(?:today and tomorrow|hoy y manana|hoy y mañana)\b")


def untrusted_mark(record: Record) -> str:
    source = record.src.removeprefix("import:")
    return f"[untrusted: {source}] " if is_untrusted_source(source) else ""


def due_tasks(services: Services, first: date, last: date, zone: tzinfo) -> list[Record]:
    """Tasks due from ``first`` to ``last`` (local days): those said on those days with no
    other day named, and those said any day before with a ``due=`` day among them."""
    tasks: dict[str, Record] = {}
    files = services.daily.files()  # UTC days of the logs not archived
    for utc_day in sorted(files):
        if utc_day > last + timedelta(days=1):
            break
        inside = first - timedelta(days=1) <= utc_day
        if not inside and "due=" not in files[utc_day].read_text("utf-8"):
            continue  # a log said before the span matters only for its due= tasks
        for record in reads.day_records(services, utc_day):  # its own file: no local day lost
            if record.kind == "task" and record.at is not None:
                if first <= _due(record, zone) <= last:
                    tasks[record.id] = record
    return sorted(tasks.values(), key=lambda r: (_due(r, zone), r.at))


def done_since(services: Services, tasks: list[Record]) -> dict[str, Closing]:
    """The tasks a later daily-log line tells done ("called the plumber", "llamé a Ana",
    "epoxy ordered, done"), by task id: read from the first task's day to today."""
    said = [r.at for r in tasks if r.at is not None]
    if not said:
        return {}
    files = services.daily.files()
    first = min(said).date() - timedelta(days=1)
    last = services.clock.now().date() + timedelta(days=1)
    later = [
        record
        for utc_day in sorted(files)
        if first <= utc_day <= last
        for record in reads.day_records(services, utc_day)
        if record.kind != "task"
    ]
    found = (closing(task, later) for task in tasks)
    return {c.task.id: c for c in found if c is not None}


def _due(record: Record, zone: tzinfo) -> date:
    if record.due:
        try:
            return date.fromisoformat(record.due[:10])
        except ValueError:
            pass
    assert record.at is not None
    return record.at.astimezone(zone).date()


@dataclass(frozen=True, slots=True)
class TodoList:
    """The answer to a to-do question: its text, the tasks listed, the days looked at
    (None when the question named no time: "¿qué tengo pendiente?")."""

    text: str
    tasks: tuple[Record, ...]
    when: Window | None

    @property
    def found(self) -> bool:
        return bool(self.tasks)


def todo_list(
    services: Services, question: str, today: date, zone: tzinfo, window: Window | None
) -> TodoList | None:
    """The tasks a to-do question asks for, or None when it is not one."""
    if not is_todo_question(question):
        return None
    first, last, named = _span(fold(question), today, window)
    span = Window(first, last, "due")
    listed = due_tasks(services, first, last, zone)
    closed = done_since(services, listed)
    tasks = [r for r in listed if r.id not in closed]
    where = f"on {span.describe()}" if first == last else f"from {first} to {last}"
    when = span if named else None
    done_lines = _done_lines(list(closed.values()), zone)
    if not tasks:
        if done_lines:
            text = "\n".join([f"Nothing left to do {where}; done since:", *done_lines])
            return TodoList(text, (), when)
        return TodoList(f"Nothing in memory about tasks due {where}.", (), when)
    counted = "1 task" if len(tasks) == 1 else f"{len(tasks)} tasks"
    lines = [f"Due {where} — {counted}:"]
    for record in tasks[:LIST_LIMIT]:
        said = record.at.astimezone(zone).date().isoformat() if record.at else "?"
        due = f"due {_due(record, zone).isoformat()}, " if first != last else ""
        lines.append(
            f"- {untrusted_mark(record)}{record.text} ({due}said {said}; {record.citation})"
        )
    if len(tasks) > LIST_LIMIT:
        lines.append(f"(and {len(tasks) - LIST_LIMIT} more)")
    if done_lines:
        lines += ["Done since:", *done_lines]
    return TodoList("\n".join(lines), tuple(tasks[:LIST_LIMIT]), when)


def _done_lines(closed: list[Closing], zone: tzinfo) -> list[str]:
    """ "- call the plumber — done 2026-12-01: called the plumber (memory/…#L4)"."""
    lines = []
    for c in closed[:LIST_LIMIT]:
        day = c.done.at.astimezone(zone).date().isoformat() if c.done.at else "?"
        lines.append(f"- {c.task.text} — done {day}: {c.done.text} ({c.done.citation})")
    if len(closed) > LIST_LIMIT:
        lines.append(f"(and {len(closed) - LIST_LIMIT} more done)")
    return lines


def _span(folded: str, today: date, window: Window | None) -> tuple[date, date, bool]:
    """The days a to-do question asks about, and whether it named them."""
    if _BOTH.search(folded):
        return today, today + timedelta(days=1), True
    if THIS_WEEK.search(folded):
        return (*this_week(today), True)
    if NEXT_WEEK.search(folded):
        return (*next_week(today), True)
    day = due_day(folded, today)
    if day is not None:
        return day, day, True
    if window is not None:  # a past day: what was due then
        return window.start, window.end, True
    if _PENDING.search(folded):
        return today - timedelta(days=7), today + timedelta(days=PENDING_AHEAD_DAYS), False
    return today, today, True
