"""What is there to do: the tasks of the daily logs, by the day they are due, and the open
to-dos of the projects.

A task that named a coming day carries ``due=YYYY-MM-DD`` (``memory.due``); one that did not
is due the day it was said. A question that asks for the owner's to-dos — "what do I have to
do today?", "what's due this week?", "any reminders for Monday?", "¿qué tengo pendiente?",
"¿qué tengo que hacer mañana?" — lists them with the day each was said and its citation;
"Due today" in the boot preamble is the same list. Text from an untrusted source is marked
(and left out of the preamble): a task is not an order someone else may give.

A project's to-dos ("para la incubadora: pedir sensor DHT22 de repuesto" in
``projects/incubadora/NOTES.md``) are bound to no day: a question that names no days
("what's left to do?", "¿qué me queda pendiente en la incubadora?") lists those still open,
only the named project's when the question names one.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date, timedelta, tzinfo
from typing import TYPE_CHECKING

from coordinator import reads
from coordinator.project_names import mentions
from coordinator.todo_done import Closeness, Closing, closing
from coordinator.todo_words import is_todo_question
from memory.due import NEXT_WEEK, THIS_WEEK, due_day, next_week, this_week
from memory.folding import fold
from memory.timeexpr import Window
from memory.trust import is_untrusted_source
from memory.visibility import allowed

if TYPE_CHECKING:
    from coordinator.services import Services
    from memory.records import Record

__all__ = [
    "PROJECT_TASK_KINDS",
    "TodoList",
    "done_since",
    "due_tasks",
    "is_todo_question",
    "open_today",
    "project_tasks",
    "todo_list",
    "untrusted_mark",
]

LIST_LIMIT = 8  # lines listed; the rest are counted
OPEN_DAYS = 14  # a task not told done stays open this long after its day
# "done since" lists what was told done at most this many days before the span asked about
# (before today when none was named), so that it stays news
DONE_DAYS = 2
PENDING_AHEAD_DAYS = 30  # "¿qué tengo pendiente?": the last week and the coming month
_PENDING = re.compile(
    r"\b(?:pendientes?|pending|to-?dos?|todo list|tareas|reminders|recordatorios|left to do|"
    r"quedan? por hacer)\b"
)
PROJECT_TASK_KINDS = frozenset({"task", "todo"})
_THE_PROJECT = re.compile(r"\b(?:the|this|my|el|este|mi) (?:project|proyecto)\b")
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


def done_since(
    services: Services, tasks: list[Record], also: Sequence[Record] = ()
) -> dict[str, Closing]:
    """The tasks a later line tells done ("called the plumber", "llamé a Ana", "epoxy
    ordered, done"), by task id: daily-log lines from the first task's day to today,
    MEMORY.md entries of those days where the session may read them, and ``also`` (a
    project's own notes)."""
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
    later += [r for r in also if r.kind not in PROJECT_TASK_KINDS and r.at is not None]
    if allowed(services.session_kind, "memory", "read"):
        # "Replaced the SD card in the NUC with a 64 GB one" filed as a lasting fact still
        # tells the to-do done; a session that may not read MEMORY.md never sees it here.
        later += [
            record
            for record in reads.memory_records(services)
            if record.at is not None and first <= record.at.date() <= last
        ]
    later.sort(key=lambda record: record.at.timestamp() if record.at else 0.0)
    found = (closing(task, later, _closeness(services)) for task in tasks)
    return {c.task.id: c for c in found if c is not None}


def _closeness(services: Services) -> Closeness:
    """The multilingual model's closeness of a task to lines (none when not installed)."""

    def score(text: str, others: Sequence[str]) -> list[float]:
        vectors = services.across_vectors(list(others), keep=False)
        query = services.across_vectors([text], keep=False)
        if vectors is None or query is None:
            return [0.0] * len(others)
        return [float(x) for x in vectors @ query[0]]

    return score


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
    """The tasks a to-do question asks for, or None when it is not one. A span that holds
    today also lists the tasks of the last two weeks still open ("still open from earlier")."""
    if not is_todo_question(question):
        return None
    first, last, named = _span(fold(question), today, window)
    span = Window(first, last, "due")
    listed = due_tasks(services, first, last, zone)
    earlier: list[Record] = []
    if first <= today <= last and first > today - timedelta(days=OPEN_DAYS):
        earlier = due_tasks(services, today - timedelta(days=OPEN_DAYS), first - timedelta(1), zone)
    closed = done_since(services, listed + earlier)
    tasks = [r for r in listed if r.id not in closed]
    still = [r for r in earlier if r.id not in closed]
    projects: list[tuple[str, Record]] = []
    if not named:
        asked = _asked_project(services, question)
        projects, project_done = project_tasks(services, asked)
        closed |= {c.task.id: c for c in project_done}
        if asked is not None:  # "what's left for the incubator?": that project's only
            tasks = [r for r in tasks if mentions(r.text, [asked])]
            still = [r for r in still if mentions(r.text, [asked])]
            mine = {r.id for r in tasks + still} | {c.task.id for c in project_done}
            closed = {
                i: c for i, c in closed.items() if i in mine or mentions(c.task.text, [asked])
            }
    # "what is pending?" names no days: the span looked at is ours, not the owner's
    where = f"on {span.describe()}" if first == last else f"from {first} to {last}"
    when = span if named else None
    lines = _task_lines(tasks, zone, with_due=first != last)
    if tasks:
        counted = "1 task" if len(tasks) == 1 else f"{len(tasks)} tasks"
        lines.insert(0, f"Due {where} — {counted}:" if named else f"Pending — {counted}:")
    if still:
        head = "Still open from earlier days:"
        if not tasks:
            head = f"Nothing due {where}; still open from earlier days:" if named else head
        lines += [head, *_task_lines(still, zone, with_due=True)]
    recent = (first if named else today) - timedelta(days=DONE_DAYS)
    done_lines = _done_lines(
        [c for c in closed.values() if c.done.at and c.done.at.astimezone(zone).date() >= recent],
        zone,
    )
    if projects:
        counted = "1 to-do" if len(projects) == 1 else f"{len(projects)} to-dos"
        lines += [f"Open in projects — {counted}:", *_project_lines(projects, zone)]
    if not tasks and not still and not projects:
        if done_lines:
            left = f"Nothing left to do {where}" if named else "Nothing pending"
            text = "\n".join([f"{left}; done since:", *done_lines])
            return TodoList(text, (), when)
        about = f"tasks due {where}" if named else "pending tasks"
        return TodoList(f"Nothing in memory about {about}.", (), when)
    if done_lines:
        lines += ["Done since:", *done_lines]
    shown = tasks[:LIST_LIMIT] + still[:LIST_LIMIT] + [r for _, r in projects[:LIST_LIMIT]]
    return TodoList("\n".join(lines), tuple(shown), when)


def project_tasks(
    services: Services, only: str | None = None
) -> tuple[list[tuple[str, Record]], list[Closing]]:
    """The to-dos of the projects (of ``only`` when given) that no later line tells done,
    oldest first as (project, entry), and those told done; nothing for a session that may
    not read projects. A line about another project closes none of a project's to-dos."""
    if not allowed(services.session_kind, "project", "read"):
        return [], []
    every = services.projects.names()
    owner: dict[str, str] = {}
    tasks: list[Record] = []
    notes: list[Record] = []
    for name in every:
        if only is not None and name != only:
            continue
        for record in reads.project_records(services, name):
            if record.kind in PROJECT_TASK_KINDS and record.active and record.at is not None:
                tasks.append(record)
                owner[record.id] = name
            else:
                notes.append(record)
    if not tasks:
        return [], []
    closed = {
        task_id: c
        for task_id, c in done_since(services, tasks, also=notes).items()
        if _about(c.done, every) in (None, owner[task_id])
    }
    found = [(owner[r.id], r) for r in tasks if r.id not in closed]
    found.sort(key=lambda pair: pair[1].at.timestamp() if pair[1].at else 0.0)
    return found, list(closed.values())


def _about(line: Record, projects: list[str]) -> str | None:
    """The project a line is about: its own, or the one it names; None for neither."""
    if line.layer == "project" and line.project:
        return line.project
    named = [m.project for m in mentions(line.text, projects) if m.full]
    return named[0] if len(named) == 1 else None


def _asked_project(services: Services, question: str) -> str | None:
    """The project a to-do question names ("for the incubadora", "en la reforma de la
    cocina", "for the bike"), else the session's active one when it asks about "the
    project"; None for the others."""
    if not allowed(services.session_kind, "project", "read"):
        return None
    named = mentions(question, services.projects.names())
    if named:  # the surest first: "for the bike" names cargo-bike when nothing else does
        return named[0].project
    if _THE_PROJECT.search(fold(question)):  # "what's left in the project?": the active one
        return services.session.project
    return None


def open_today(services: Services, today: date, zone: tzinfo) -> list[tuple[Record, bool]]:
    """The tasks due today and those of the last two weeks still open, each with whether it
    is overdue: the boot preamble's "Due today"."""
    listed = due_tasks(services, today - timedelta(days=OPEN_DAYS), today, zone)
    closed = done_since(services, listed)
    return [(r, _due(r, zone) < today) for r in listed if r.id not in closed]


def _task_lines(tasks: list[Record], zone: tzinfo, *, with_due: bool) -> list[str]:
    lines = []
    for record in tasks[:LIST_LIMIT]:
        said = record.at.astimezone(zone).date().isoformat() if record.at else "?"
        # a task that named no day is due the day it was said: "said" tells it
        due = f"due {_due(record, zone).isoformat()}, " if with_due and record.due else ""
        lines.append(
            f"- {untrusted_mark(record)}{record.text} ({due}said {said}; {record.citation})"
        )
    if len(tasks) > LIST_LIMIT:
        lines.append(f"(and {len(tasks) - LIST_LIMIT} more)")
    return lines


def _project_lines(tasks: list[tuple[str, Record]], zone: tzinfo) -> list[str]:
    lines = []
    for name, record in tasks[:LIST_LIMIT]:
        said = record.at.astimezone(zone).date().isoformat() if record.at else "?"
        lines.append(
            f"- [{name}] {untrusted_mark(record)}{record.text} (said {said}; {record.citation})"
        )
    if len(tasks) > LIST_LIMIT:
        lines.append(f"(and {len(tasks) - LIST_LIMIT} more)")
    return lines


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
