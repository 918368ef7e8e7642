"""A pasted list is several statements: each item is routed to its own layer.

"Notes from today:" followed by "- replaced the UPS battery" and "- Ana prefers Signal over
email" holds an event of the day and a lasting preference; filed as one entry, the
preference would never reach MEMORY.md. So a message whose lines are a bullet list (with an
optional heading line ending in ":") is split into its items. An item keeps the heading
when the heading decides where it goes ("Lessons: always label the cables", a project's
name), not when it only sets the scene ("Notes from today:"). What is kept whole:

- a how-to or a checklist (the router sees a skill) and context for the session: their lines
  belong together;
- numbered steps, prose paragraphs and anything that is not one bullet per line;
- a paste that holds a secret: it is refused whole, as one statement (nothing of it written).

Unattended input (a pipe, ``--script``) arrives a line at a time; :func:`blocks` joins a
heading line and the bullet lines under it back into one message first, so a pasted list
is read the same way on a terminal and from a file.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Iterator
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from coordinator.router import Route

__all__ = ["blocks", "items"]

_BULLET = re.compile(r"^\s*(?:[-*•·–]|\[[ xX]?\])\s+(?P<item>\S.*)$")
MIN_ITEMS = 2
KEEP_WHOLE = frozenset({"skill", "session"})


def _heading(line: str) -> bool:
    stripped = line.strip()
    return stripped.endswith(":") and not stripped.startswith("/") and len(stripped) <= 80


def items(text: str, route: Callable[[str], Route], refused: Callable[[str], bool]) -> list[str]:
    """The statements a message holds: its list items, or the message itself (kept whole
    when the guard refuses it, so that nothing of it is written)."""
    lines = [line.rstrip() for line in text.splitlines() if line.strip()]
    if len(lines) < MIN_ITEMS:
        return [text]
    heading = lines[0].strip() if _heading(lines[0]) else None
    rest = lines[1:] if heading else lines
    found = [_BULLET.match(line) for line in rest]
    if len(found) < MIN_ITEMS or not all(found):
        return [text]
    if refused(text) or route(text).layer in KEEP_WHOLE:
        return [text]
    said = [m.group("item").strip() for m in found if m]
    return [_with_heading(heading, item, route) for item in said]


def _with_heading(heading: str | None, item: str, route: Callable[[str], Route]) -> str:
    """The item, headed when the heading decides where it goes ("Lessons:", a project's
    name) — not when it only sets the scene ("Notes from today:")."""
    if heading is None:
        return item
    headed = f"{heading} {item}"
    full, alone = route(headed), route(item)
    ruled = full.reason.startswith("rule:")
    if ruled and (full.layer, full.kind, full.project) != (alone.layer, alone.kind, alone.project):
        return headed
    return item


def blocks(lines: Iterable[str]) -> Iterator[str]:
    """Lines, with a heading and the bullet lines that follow it joined into one message."""
    held: list[str] = []
    for raw in lines:
        line = raw.rstrip("\r\n")
        if held and _BULLET.match(line):
            held.append(line)
            continue
        if held:
            yield "\n".join(held)
            held = []
        if _heading(line):
            held = [line]
        else:
            yield line
    if held:
        yield "\n".join(held)
