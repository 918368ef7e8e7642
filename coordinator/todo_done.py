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

import os
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING

from coordinator.tense import still_to_do, tells_done
from memory.folding import fold
from memory.trust import is_untrusted_source

if TYPE_CHECKING:
    from memory.records import Record

__all__ = ["ACROSS", "Closeness", "Closing", "closing"]

# A line in the other language names nothing the task names word for word: the
# multilingual model's closeness decides, with the line telling something done. Task / done
# pairs written for the purpose: "comprar guantes de nitrilo" / "bought nitrile gloves" 0.88,
# "renovar el seguro del coche" / "renewed the car insurance" 0.82, "pay the gas bill" /
# "pagué la factura del gas" 0.76; another object up to 0.76 ("buy nitrile gloves" /
# "compré guantes de látex").
ACROSS = 0.80
Closeness = Callable[[str, Sequence[str]], Sequence[float]]

_WORD = re.compile(r"[a-z0-9ñ]+")
# What a task is for or about, not what is done: "buy sugar syrup | for the bees", "call
# the plumber | about the garage sink", "llamar al electricista | por lo del enchufe".
_PURPOSE = re.compile(
    r"\b(?:for|para|so that|para que|about|regarding|sobre|acerca de|por lo de|"
    r"por lo del|por el tema)\b"
)
# Getting in touch: "call Paco about the tank" is done by "talked to Paco" or "hablé con
# Paco"; the one to reach is what the task names, whatever it is about.
_CONTACT = frozenset(
    """call phone ring talk speak email text message contact ask llamar hablar telefonear
    contactar preguntar""".split()
)
# Words that name nothing done: articles, pronouns, the to-do's own framing.
_SKIP = frozenset(
    """the a an to of for on in at with and or my our his her their some more new it them
    this that these those i we me us you today tomorrow tonight later again also just please
    remind reminder todo need needs must should have has gotta going will todo
    el la los las un una unos unas de del al a en con y o mi mis su sus nuestro nuestra
    lo le les hoy manana mañana luego otra vez tambien por favor recuerdame recordar tengo que
    tenemos hay necesito pendiente ya next week month morning afternoon evening night
    monday tuesday wednesday thursday friday saturday sunday lunes martes miercoles jueves
    viernes sabado domingo semana proximo proxima viene pasado tarde noche don dont forget
    olvides olvidar remember acuerdate recuerda recordarme acordarme avisame no te se""".split()
)
_DONE_WORDS = re.compile(
    r"\b(?:done|finished|completed|taken care of|hecho|hecha|listo|terminado|"
    r"terminada|resuelto|resuelta|ya esta(?:n)?(?: list[oa]s?)?)\b"
)  # not "lista" alone: "leche: en la lista" is on the list, not done
# "Done: call the plumber" — a line labelled done may name the task as it was said.
_DONE_LABEL = re.compile(r"^\s*(?:done|hecho|finished|completed|terminado|listo)\s*[:\-–]")
# When a task is due names no thing to do: "… a Miguel el jueves 26", "on the 3rd",
# "el 2 de diciembre", "by 2026-12-04".
_MONTHS = (
    "enero|febrero|marzo|abril|mayo|junio|julio|agosto|septiembre|setiembre|octubre|"
    "noviembre|diciembre|january|february|march|april|may|june|july|august|september|"
    "october|november|december|jan|feb|mar|apr|jun|jul|aug|sept?|oct|nov|dec"
)
_DAYS = (
    "lunes|martes|mi[eé]rcoles|jueves|viernes|s[aá]bado|domingo|monday|tuesday|wednesday|"
    "thursday|friday|saturday|sunday"
)
_WHEN = re.compile(
    rf"\b(?:{_DAYS})(?:\s+(?:the\s+)?\d{{1,2}}(?:st|nd|rd|th)?)?\b"
    rf"|\b\d{{1,2}}(?:st|nd|rd|th)?\s+(?:de\s+|of\s+)?(?:{_MONTHS})\b"
    rf"|\b(?:{_MONTHS})\s+\d{{1,2}}(?:st|nd|rd|th)?\b"
    r"|\b(?:el|on the|on|by the|by|para el|antes del?)\s+\d{1,2}(?:st|nd|rd|th)?\b(?![.,]?\d)"
    rf"(?:\s+(?:de|of)\s+(?:{_MONTHS})\b)?"
    r"|\b\d{4}-\d{2}-\d{2}\b|\b\d{1,2}/\d{1,2}(?:/\d{2,4})?\b",
    re.IGNORECASE,
)
# A to-do's own label names nothing to do: "to-do: back up the VMs", "TODO - call Ana",
# "Pendiente: llamar al fontanero".
_LABEL = re.compile(
    r"^\s*(?:[-*•]\s*)?(?:\[\s?\]\s*)?(?:to-?do|todo|task|reminder|pendiente|tarea|por hacer)"
    r"\s*[:\-–]\s*",
    re.IGNORECASE,
)
# A topic the task opens with, before a colon: "para la incubadora: pedir sensor …", "for
# the bike: order brake pads" — what is to be done comes after it.
_TOPIC = re.compile(
    r"^\s*(?:for|re|about|on|para|sobre|en|del?)\b[^:\n]{1,40}:\s*(?=\S)", re.IGNORECASE
)
_TOPIC_WORDS = frozenset("for re about on para sobre en de del".split())
# A name in the task ("Call Daniel", "Llamar a Gabriel"): a capital after the first word.
# Between a verb and its thing: a quantifier ("backed up all the VMs", "compré todas las
# puntas"), or a particle the task says too ("cleaned out both filters" for "clean out the
# filters"): another particle changes the act ("switched off the pump" for "switch on the
# pump", "called off the plumber", "logged out of the portal").
_BETWEEN = frozenset(
    "all both every each whole entire todos todas toda todo ambos ambas cada".split()
)
_PARTICLES = frozenset("out off down over back".split())
_NAME = re.compile(r"(?<=\s)[A-ZÁÉÍÓÚÑ][a-záéíóúñü]+\b")
_NOT_YET = re.compile(r"\b(?:not|isn'?t|wasn'?t|yet|todavia|aun|aún|falta|faltan)\b")
_NOT_DONE_ES = re.compile(  # "no llamé", "no lo he pedido"
    r"\bno\s+(?:l[oae]s?\s+)?(?:(?:he|hemos)\s+[a-zñ]+(?:ado|ido)|[a-zñ]+[éó])(?=\W|$)"
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
    "do": "did",
    "see": "saw",
    "ver": "vi",
    "dar": "di",
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
    ``closeness`` (the multilingual model's), also one in the other language. A line from
    an untrusted source closes nothing: a web page does not tick off the owner's to-dos."""
    unlabelled = _LABEL.sub("", task.text)
    topic = _TOPIC.match(unlabelled)
    said = _WHEN.sub(" ", unlabelled[topic.end() :] if topic else unlabelled)
    # what the topic names ("for the bike: …") a line that says what it was for must name
    purpose = [w for w in _words(topic[0]) if w not in _TOPIC_WORDS] if topic else []
    words = _words(said)
    if not words:
        return None
    verb, things = words[0], _things(words)
    names = frozenset(fold(name) for name in _NAME.findall(said))
    needed = _things(_words(_PURPOSE.split(fold(said), maxsplit=1)[0])) or things
    if verb in _CONTACT:
        needed = things[:1]  # the one to reach: "llamar a Paco por el depósito"
    strangers: list[Record] = []  # lines telling something done in other words
    for record in later:
        if record.kind == "task" or record.id == task.id or _untrusted(record):
            continue
        if task.at is not None and record.at is not None and record.at <= task.at:
            continue
        if _closes(verb, things, record.text, needed, names) and _for_it(purpose, record.text):
            return Closing(task, record)
        if closeness is not None and _stranger(words, record.text):
            strangers.append(record)
    if strangers and closeness is not None:
        scores = closeness(task.text, [r.text for r in strangers])
        best = max(range(len(strangers)), key=lambda i: scores[i])
        if scores[best] >= ACROSS:
            return Closing(task, strangers[best])
    return None


def _things(words: list[str]) -> list[str]:
    """What a task's words after its verb name, without how many ("buy 2 packs of tips")."""
    rest = words[1:]
    return rest[1:] if rest and rest[0].isdigit() else rest


def _untrusted(record: Record) -> bool:
    return record.trust == "untrusted" or is_untrusted_source(record.src.removeprefix("import:"))


def _stranger(words: list[str], text: str) -> bool:
    """A line that tells something done and shares less than half the task's words (the
    other language's: "nitrilo"/"nitrile" at most)."""
    stems = {w[:5] for w in _words(text)}
    if 2 * sum(w[:5] in stems for w in words) >= len(words):
        return False
    return _tells_done(text) is not None


@lru_cache(maxsize=8192)
def _tells_done(text: str) -> str | None:
    """How ``text`` says something is done — "word" ("done", "hecho"), "tense" ("called",
    "llamé") — or None, also when it says something is still to do."""
    folded = fold(text)
    if _NOT_YET.search(folded) or _NOT_DONE_ES.search(text.lower()) or still_to_do(text):
        return None
    if _DONE_WORDS.search(folded):
        return "word"
    return "tense" if tells_done(text) else None


def _closes(
    verb: str,
    things: list[str],
    text: str,
    needed: list[str] | None = None,
    names: frozenset[str] = frozenset(),
) -> bool:
    said = _words(text)
    if not said or not things:
        return False

    def named(thing: str, words: list[str]) -> bool:
        return any(_same(thing, w, names) for w in words)

    needed = needed if needed is not None else things
    if not all(named(t, said) for t in needed):
        return False  # every thing named, but for what it is for ("… for the bees")
    how = _tells_done(text)
    if how is None:
        return False
    content = [w for w in said if len(w) > 2 and not any(c.isdigit() for c in w)]
    for i, w in enumerate(content):
        if _verb_form(verb, w):
            if _bare(verb, w) and not _DONE_LABEL.match(fold(text)):
                return False  # "finished the report, call the plumber after lunch"
            # "called the plumber", "llamé a Ana", "bought 10 kg of sugar syrup" — the
            # task's thing right after the verb: not "called the bank about Ana's visa"
            skipped = _BETWEEN | (_PARTICLES & set(things))
            after = [w for w in content[i + 1 :] if w not in skipped]
            if after and named(after[0], things):
                return True
            break  # the verb after its thing: "sensor DHT22 pedido, listo" (below)
    if how == "word":
        # "seguro del coche: hecho", "epoxy ordered, done", "DHT22 de repuesto pedido,
        # listo" — nothing else said but the task's own verb: not "centrifuge run finished
        # at 5pm" for "fix the centrifuge"
        rest = [w for w in said if not named(w, things) and not _done_form(verb, w)]
        return all(_DONE_WORDS.fullmatch(w) for w in rest)
    return False


def _done_form(verb: str, word: str) -> bool:
    """``word`` is the task's verb as done ("pedido", "ordered", "paid"), not as said, and
    not a verb of getting in touch: "the plumber called, done" is the plumber's call."""
    return verb not in _CONTACT and word != verb and _verb_form(verb, word)


def _for_it(purpose: list[str], text: str) -> bool:
    """A line that says what it was for ("… for the car") names the task's topic."""
    if not purpose or not _PURPOSE.search(fold(text)):
        return True
    said = _words(text)
    return any(_same(p, w, frozenset()) for p in purpose for w in said)


def _same(thing: str, word: str, names: frozenset[str]) -> bool:
    """``word`` names ``thing``: the same word but for an ending ("filtros"/"filtro",
    "batteries"/"battery", "electricista"/"electrician"), a name exactly ("Gabriel", not
    "Gabriela"); not another word of the same start ("antibodies"/"antibiotics")."""
    if thing == word:
        return True
    if thing in names or word in names:
        return False
    shared = len(os.path.commonprefix([thing, word]))
    short, long = sorted((thing, word), key=len)
    if len(short) < 5:  # "gel"/"geles", "nas"/"nas's": a plural, no more
        return shared == len(short) and len(long) - shared <= 2 and long.endswith("s")
    return shared >= 5 and len(long) - shared <= 3


def _bare(verb: str, word: str) -> bool:
    """``word`` is the verb as the task says it ("call", "llamar"), not a past form."""
    twins = {verb, *_OTHER.get(verb, ()), *_CONTACT}
    return word in twins and _PAST.get(word) != word  # "put", "set": the past form too


# An errand's verb in the other language: "Llamar a Ana" is done by "Called Ana".
_OTHER = {
    "llamar": ("call", "phone", "ring"),
    "comprar": ("buy",),
    "pagar": ("pay",),
    "enviar": ("send", "email"),
    "mandar": ("send", "email"),
    "pedir": ("order",),
    "encargar": ("order",),
    "renovar": ("renew",),
    "reservar": ("book",),
    "limpiar": ("clean",),
    "arreglar": ("fix", "repair"),
    "reparar": ("fix", "repair"),
    "devolver": ("return",),
    "recoger": ("pick", "collect"),
    "imprimir": ("print",),
    "firmar": ("sign",),
    "revisar": ("check",),
    "cambiar": ("change", "replace"),
    "regar": ("water",),
    "escribir": ("write", "email"),
}
for _es, _ens in list(_OTHER.items()):
    for _en in _ens:
        _OTHER.setdefault(_en, ())
        _OTHER[_en] = (*_OTHER[_en], _es)

_EN_ENDINGS = ("", "s", "ed", "d", "ing")
_ES_FIRST_PERSON = ("e", "é", "amos", "ado", "ada", "i", "í", "imos", "ido", "ida")


def _verb_form(verb: str, word: str) -> bool:
    """``word`` is a form of ``verb`` or of its other-language twin ("llamar"/"called"), or
    of another way to get in touch ("call"/"talked", "llamar"/"hablé")."""
    others = (*_OTHER.get(verb, ()), *(_CONTACT if verb in _CONTACT else ()))
    return _own_form(verb, word) or any(_own_form(other, word) for other in others)


def _own_form(verb: str, word: str) -> bool:
    """``word`` is a form of ``verb`` the owner says of themself: "call"/"called",
    "buy"/"bought", "llamar"/"llamé" ("llame" folded), "pagar"/"pagué", "he pedido" — not
    "payment" for "pay" nor "llamó" (someone else called)."""
    if _PAST.get(verb) == word or word == verb:
        return True
    if len(verb) > 3 and verb.endswith(("ar", "er", "ir")):
        stem = verb[:-2]
        stems = {stem}
        if stem.endswith("c"):
            stems.add(stem[:-1] + "qu")  # buscar → busqué
        if stem.endswith("g"):
            stems.add(stem + "u")  # pagar → pagué
        if stem.endswith("z"):
            stems.add(stem[:-1] + "c")  # empezar → empecé
        if any(word == s + end for s in stems for end in _ES_FIRST_PERSON):
            return True  # ... else an English verb in -er: "order"/"ordered"
    forms = {verb + end for end in _EN_ENDINGS}
    if verb.endswith("e"):
        forms |= {verb + "d", verb[:-1] + "ing"}
    if verb.endswith("y"):
        forms |= {verb[:-1] + "ied", verb[:-1] + "ies"}
    if len(verb) >= 3 and verb[-1] not in "aeiouwy" and verb[-2] in "aeiou":
        forms |= {verb + verb[-1] + "ed", verb + verb[-1] + "ing"}  # stop → stopped
    return word in forms


def _words(text: str) -> list[str]:
    return list(_cached_words(text))


@lru_cache(maxsize=8192)  # every task of a list reads the same later lines
def _cached_words(text: str) -> tuple[str, ...]:
    # a digit is kept: "capítulo 2" is not "capítulo 3"
    return tuple(
        w for w in _WORD.findall(fold(text)) if w not in _SKIP and (len(w) > 1 or w.isdigit())
    )
