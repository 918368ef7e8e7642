"""A to-do done later: the daily-log line that tells it, in English and Spanish.

"Call the plumber" on Monday and "called the plumber, he comes Thursday" on Tuesday: the
to-do is done, and a list of what is pending should say so instead of asking for it again.
A later line closes a task when it tells something done (``tense.tells_done``) or says
"done"/"hecho", and names what the task names: every word of its object (all but one when
it names three or more: "buy sugar syrup for the bees" / "bought 10 kg of sugar syrup"),
and its verb as well (the same stem, "call"/"called", "llamar"/"llamé", or a past form,
"buy"/"bought") unless it names all of three or more things. "The plumber called back"
names the plumber, but as the one who called: a line whose first word is the task's object
closes nothing.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from coordinator.tense import tells_done
from memory.folding import fold

if TYPE_CHECKING:
    from memory.records import Record

__all__ = ["ACROSS", "Closeness", "Closing", "closing"]

# A line in the other language names nothing the task names word for word: the
# multilingual model's closeness decides, with the line telling something done. Task / done
# pairs written for the purpose: "comprar guantes de nitrilo" / "bought nitrile gloves" 0.88,
# "renovar el seguro del coche" / "renewed the car insurance" 0.82, "pay the gas bill" /
# "pagué la factura del gas" 0.76; other objects at most 0.67 ("… home insurance").
ACROSS = 0.75
Closeness = Callable[[str, Sequence[str]], Sequence[float]]

_WORD = re.compile(r"[a-z0-9ñ]+")
# Words that name nothing done: articles, pronouns, the to-do's own framing.
_SKIP = frozenset(
    """the a an to of for on in at with and or my our his her their some more new it them
    this that these those i we me us you today tomorrow tonight later again also just please
    remind reminder todo need needs must should have has gotta going will todo
    el la los las un una unos unas de del al a en con y o mi mis su sus nuestro nuestra
    lo le les hoy manana mañana luego otra vez tambien por favor recuerdame recordar tengo que
    tenemos hay necesito pendiente ya next week month morning afternoon evening night
    monday tuesday wednesday thursday friday saturday sunday lunes martes miercoles jueves
    viernes sabado domingo semana proximo proxima viene pasado tarde noche""".split()
)
_DONE_WORDS = re.compile(
    r"\b(?:done|finished|completed|sorted|taken care of|hecho|hecha|listo|lista|terminado|"
    r"terminada|resuelto|resuelta|ya esta)\b"
)
_NOT_YET = re.compile(
    r"\b(?:not|isn't|isnt|wasn't|still|yet|again|no|todavia|aun|aún|sin|falta|otra vez)\b"
)
# Past forms that share no stem with their verb.
_PAST = {
    "buy": "bought",
    "bring": "brought",
    "send": "sent",
    "pay": "paid",
    "take": "took",
    "get": "got",
    "make": "made",
    "write": "wrote",
    "go": "went",
    "find": "found",
    "give": "gave",
    "tell": "told",
    "sell": "sold",
    "feed": "fed",
    "ring": "rang",
    "drive": "drove",
    "build": "built",
    "catch": "caught",
    "put": "put",
    "set": "set",
    "hacer": "hice",
    "ir": "fui",
    "poner": "puse",
    "traer": "traje",
    "decir": "dije",
}


@dataclass(frozen=True, slots=True)
class Closing:
    """A task and the later line that tells it done."""

    task: Record
    done: Record


def closing(
    task: Record, later: list[Record], closeness: Closeness | None = None
) -> Closing | None:
    """The first line of ``later`` (said after the task) that tells the task done; with
    ``closeness`` (the multilingual model's), also one in the other language."""
    words = _words(task.text)
    if not words:
        return None
    verb, things = words[0], words[1:]
    strangers: list[Record] = []  # lines telling something done in other words
    for record in later:
        if record.kind == "task" or record.id == task.id:
            continue
        if task.at is not None and record.at is not None and record.at <= task.at:
            continue
        if _closes(verb, things, record.text):
            return Closing(task, record)
        if closeness is not None and _stranger(words, record.text):
            strangers.append(record)
    if strangers and closeness is not None:
        scores = closeness(task.text, [r.text for r in strangers])
        best = max(range(len(strangers)), key=lambda i: scores[i])
        if scores[best] >= ACROSS:
            return Closing(task, strangers[best])
    return None


def _stranger(words: list[str], text: str) -> bool:
    """A line that tells something done and shares less than half the task's words (the
    other language's: "nitrilo"/"nitrile" at most)."""
    stems = {w[:5] for w in _words(text)}
    if 2 * sum(w[:5] in stems for w in words) >= len(words):
        return False
    return not _NOT_YET.search(fold(text)) and (
        bool(_DONE_WORDS.search(fold(text))) or tells_done(text)
    )


def _closes(verb: str, things: list[str], text: str) -> bool:
    said = _words(text)
    if not said or not things:
        return False
    stems = {w[:5] for w in said}
    matched = sum(t[:5] in stems for t in things)
    if matched < len(things) - (len(things) >= 3):
        return False  # every thing named, or all but one of three or more
    folded = fold(text)
    if _NOT_YET.search(folded):
        return False
    if _DONE_WORDS.search(folded):
        return True  # "seguro del coche: hecho", "epoxy ordered, done"
    if said[0][:5] in {t[:5] for t in things}:
        return False  # "the plumber called back": the object is this line's subject
    if not tells_done(text):
        return False
    whole = matched == len(things) >= 3
    return whole or any(_same_verb(verb, w) for w in said)


def _same_verb(verb: str, word: str) -> bool:
    if _PAST.get(verb) == word:
        return True
    stem = verb
    if len(verb) > 4 and verb.endswith(("ar", "er", "ir")):
        stem = verb[:-2]  # "llamar" → "llam"; "pagar"/"pagué", "buscar"/"busqué": "pa", "bus"
        if stem.endswith(("g", "c", "z")):
            stem = stem[:-1]
    # "call"/"called", "llamar"/"llamé" (folded "llame")
    size = min(len(stem), 4)
    return size >= 2 and len(word) > size and word[:size] == stem[:size]


def _words(text: str) -> list[str]:
    return [w for w in _WORD.findall(fold(text)) if w not in _SKIP and len(w) > 1]
