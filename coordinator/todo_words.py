"""Is a question about the owner's to-dos? "what do I have to do today?", "what's due this
week?", "any reminders for Monday?", "¿qué tengo pendiente?" — not one that only holds
"todos" or "pending". Words only: the router and chat ask it before anything is read."""

from __future__ import annotations

import re

from memory.folding import fold

__all__ = ["is_todo_question"]

# "what's pending?", "… for Monday", "… this week" — not "what's pending on the NAS queue?"
_ENDS = r"(?=\s*(?:[?.!]|$|for\b|this\b|today|tomorrow|next\b))"
_TODO = re.compile(
    r"\b(?:what (?:do|have|must) i (?:have |need |got )?to do|what do i need to do|"
    r"what(?:'s| is|s) due|(?:is )?anything due|what are my (?:tasks|reminders|to-?dos)|"
    r"my (?:to-?dos?|todo list|reminders|tasks)|(?:any|what) reminders|to-?do list|"
    r"what did i ask you to remind me|"
    rf"what(?:'s| is|s) (?:still )?(?:pending|left to do){_ENDS}|"
    rf"(?:is )?anything (?:still )?pending{_ENDS}|what (?:else )?(?:is |do i have )?left to do|"
    r"que (?:me )?quedan? (?:por hacer|pendientes?)|que hay pendiente|"
    r"que me faltan? por hacer|que tengo para (?:hoy|manana|mañana|el|esta)|"
    r"(?:any|what) (?:pending |open )?(?:tasks|to-?dos)(?: do i have)?(?=\s*(?:[?.!]|$|for\b|"
    r"today|tomorrow|this\b|next\b))|what (?:tasks|to-?dos) do i have|"
    r"que tengo (?:que hacer|pendiente)|tengo (?:algo|tareas) (?:que hacer|pendientes?)|"
    r"que (?:tareas|recordatorios|pendientes) tengo|mis (?:tareas|recordatorios|pendientes)|"
    r"que me toca hacer|lista de tareas)\b"
)


def is_todo_question(question: str) -> bool:
    """A question about the owner's to-dos, not one that only holds "todos" or "pending"."""
    return bool(_TODO.search(fold(question)))
