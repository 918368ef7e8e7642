"""What is there to do: the tasks of the daily logs, by the day they are due.

A task that named a coming day carries ``due=YYYY-MM-DD`` (``memory.due``); one that did not
is due the day it was said. "What do I have to do today?", "what's due tomorrow?", "any
reminders for Monday?", "¿qué tengo pendiente?", "¿qué toca mañana?" list them, with the day
each was said and its citation. The same list heads the boot preamble ("Due today").
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import date, timedelta, tzinfo
from typing import TYPE_CHECKING

from coordinator import reads
from memory.due import due_day
from memory.folding import fold
from memory.timeexpr import Window

if TYPE_CHECKING:
    from coordinator.services import Services
    from memory.records import Record

__all__ = ["TodoList", "due_tasks", "is_todo_question", "todo_list"]

LOOK_BACK_DAYS = 30  # how far back a task said earlier is looked for
_TODO = re.compile(
    r"\b(?:what (?:do|should|must) i (?:have to |need to |got to )?do|what(?:'s| is|s) due|"
    r"anything due|what(?:'s| is|s) on my (?:plate|list|agenda)|to-?dos?|reminders?|"
    r"remind me (?:about|of)|"
    r"pending|que tengo (?:que hacer|pendiente)|pendientes?|tareas?|recordatorios?|"
    r"que (?:hay|tengo) que hacer|que me toca|que toca)\b"
)
_PENDING = re.compile(r"\b(?:pending|pendientes?|to-?dos?|tareas)\b")


def is_todo_question(question: str) -> bool:
    return bool(_TODO.search(fold(question)))


def due_tasks(services: Services, first: date, last: date, zone: tzinfo) -> list[Record]:
    """Tasks due from ``first`` to ``last`` (local days), said in the last weeks."""
    tasks: list[Record] = []
    day = first - timedelta(days=LOOK_BACK_DAYS)
    while day <= last:
        for record in reads.local_day_records(services, day):
            if record.kind != "task" or record.at is None:
                continue
            due = _due(record, zone)
            if first <= due <= last:
                tasks.append(record)
        day += timedelta(days=1)
    return sorted(tasks, key=lambda r: (_due(r, zone), r.at))


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
    """The answer to a to-do question: its text, the tasks listed and the days looked at."""

    text: str
    tasks: list[Record]
    span: Window

    @property
    def found(self) -> bool:
        return bool(self.tasks)


def todo_list(
    services: Services, question: str, today: date, zone: tzinfo, window: Window | None
) -> TodoList | None:
    """The tasks a to-do question asks for, or None when it is not one."""
    if not is_todo_question(question):
        return None
    named = due_day(question, today)
    if named is not None:
        first = last = named
    elif window is not None:
        first, last = window.start, window.end
    elif _PENDING.search(fold(question)):
        first, last = today - timedelta(days=7), today + timedelta(days=LOOK_BACK_DAYS)
    else:
        first = last = today
    span = Window(first, last, "due")
    tasks = due_tasks(services, first, last, zone)
    if not tasks:
        return TodoList(f"Nothing due {_describe(span)} in memory.", [], span)
    counted = "1 task" if len(tasks) == 1 else f"{len(tasks)} tasks"
    lines = [f"Due {_describe(span)} — {counted}:"]
    for record in tasks:
        said = record.at.astimezone(zone).date().isoformat() if record.at else "?"
        due = _due(record, zone).isoformat()
        when = f"due {due}, " if first != last else ""
        lines.append(f"- {record.text} ({when}said {said}; {record.citation})")
    return TodoList("\n".join(lines), tasks, span)


def _describe(span: Window) -> str:
    if span.start == span.end:
        return f"on {span.describe()}"
    return f"from {span.start.isoformat()} to {span.end.isoformat()}"
