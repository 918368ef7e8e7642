"""A pasted list is several statements: each item is routed to its own layer.

"Notes from today:" followed by "- replaced the UPS battery" and "- Ana prefers Signal over
email" holds an event of the day and a lasting preference; filed as one entry, the
preference would never reach MEMORY.md. So a message whose lines are a bullet list (with an
optional heading line ending in ":") is split into its items. An item keeps the heading
("Lessons: always label the cables", "Marta is allergic to: nuts", a project's name), unless
the heading only sets the scene ("Notes from today:", "Hoy:"). What is kept whole:

- a how-to or a checklist (the router sees a skill) and context for the session: their lines
  belong together;
- numbered steps, prose paragraphs and anything that is not one bullet per line;
- a paste that holds a secret: it is refused whole, as one statement (nothing of it written);
  a long list is split (each item is held to the size limit on its own).

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

__all__ = ["blocks", "items", "scene_only"]

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
    if len(found) < (1 if heading else MIN_ITEMS) or not all(found):  # "Hecho:\n- una cosa"
        return [text]
    if refused(text) or route(text).layer in KEEP_WHOLE:
        return [text]
    said = [m.group("item").strip() for m in found if m]
    return [_with_heading(heading, item, route) for item in said]


# Headings that only set the scene ("Notes from today:", "Hoy:", "Update:"): the items are
# read without them. Any other heading says what the items are about ("Marta is allergic
# to:", "NAS settings:", "Lessons:", a project's name) and is kept in front of each.
_SCENE = re.compile(
    r"^\s*(?:my\s+|mis\s+)?(?:notes?|notas?|log|update|updates|status|summary|resumen|"
    r"today|hoy|this morning|esta ma[nñ]ana|yesterday|ayer|"
    r"lo de hoy|recap)(?:\s+(?:from|for|of|de|del|para)\s+(?:today|hoy|this morning|"
    r"esta ma[nñ]ana|the day|el d[ií]a|yesterday|ayer|this week|esta semana))?\s*:\s*$",
    re.IGNORECASE,
)


def scene_only(text: str) -> bool:
    """A heading that only sets the scene, with nothing under it ("Notas de hoy:")."""
    return "\n" not in text.strip() and bool(_SCENE.match(text) or _DONE_HEADING.match(text))


# Headings that say the items are done ("Done:", "Hecho:", "Things done today:"): each item
# is said as done ("Done: call the plumber"), an event of the day and not a to-do.
_DONE_HEADING = re.compile(
    r"^\s*(?:(?:things |stuff |tasks )?(?:done|finished|completed)(?: today| this morning)?|"
    r"(?:cosas |tareas )?(?:hecho|hechas?|hechos|terminad[oa]s?)(?: hoy| esta ma[nñ]ana)?|"
    r"lo que (?:he )?hecho(?: hoy)?)\s*:\s*$",
    re.IGNORECASE,
)


def _with_heading(heading: str | None, item: str, route: Callable[[str], Route]) -> str:
    """The item, with the heading in front unless the heading only sets the scene."""
    del route  # the heading's own words decide, whatever the router makes of the item
    if heading is not None and _DONE_HEADING.match(heading):
        spanish = re.search(r"hech|termin", heading, re.IGNORECASE)
        return f"{'Hecho' if spanish else 'Done'}: {item}"
    if heading is None or _SCENE.match(heading):
        return item
    return f"{heading} {item}"


def blocks(lines: Iterable[str]) -> Iterator[str]:
    """Lines, with a heading and the bullet lines that follow it joined into one message."""
    held: list[str] = []
    for raw in lines:
        line = raw.rstrip("\r\n")
        if held and _BULLET.match(line):
            held.append(line)
            continue
        if len(held) == 1 and not line.strip():
            continue  # a blank line between a heading and its list
        if held:
            yield "\n".join(held)
            held = []
        if _heading(line):
            held = [line]
        else:
            yield line
    if held:
        yield "\n".join(held)
