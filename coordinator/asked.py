"""The one slot a question asks for: what kind of value, of which attribute, about what.

"What time is the twins' practice now?" asks a clock time (the kind) about the twins'
practice (the subject); "¿dónde guardo el pasaporte?" a place about the passport;
"which varnish am I using on La Gaviota?" a name of the attribute *varnish* about La
Gaviota; "who is papá's caregiver?" a person of the attribute *caregiver* about papá. An
entry fills the slot when it states a value of that kind (a clock time, a weekday or date,
a place, a person, a price, an address, a version, a name…) or names the attribute, in
English or Spanish; the answer is the newest entry that fills it, not the newest entry
about the subject ("the twins' coach is Ana" does not say when they practise).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache
from typing import TYPE_CHECKING, Any

from coordinator.current import stems, values, without_present
from coordinator.slots import asked_form, form_values
from memory.folding import fold

if TYPE_CHECKING:
    from coordinator.services import Services

__all__ = [
    "Slot",
    "WordMeeter",
    "asked",
    "calendar_words",
    "gives_kind",
    "mentions_subject",
    "names_attribute",
    "word_meeter",
]


@dataclass(frozen=True, slots=True)
class Slot:
    """``kind``: the kind of value asked ("clock", "day", "when", "place", "person",
    "count", "name", or a form of ``coordinator.slots``: "address", "version", "price"…);
    ``attribute``: the stems of the noun that names what is asked ("varnish", "caregiver"),
    with its other-language words'; ``subject``: the stems of the rest of the question."""

    kind: str
    attribute: frozenset[str]
    subject: frozenset[str]
    attribute_words: frozenset[str] = frozenset()
    subject_words: frozenset[str] = frozenset()


_DAYS = (
    r"mondays?|tuesdays?|wednesdays?|thursdays?|fridays?|saturdays?|sundays?|weekends?|"
    r"weekdays?|mon|tue|tues|wed|thu|thur|thurs|fri|sat|sun|"
    r"lunes|martes|mi[eé]rcoles|jueves|viernes|s[aá]bados?|domingos?|findes?|"
    r"fines? de semana|entre semana|diario|daily|every day|todos los d[ií]as"
)
_MONTHS = (
    r"january|february|march|april|may|june|july|august|september|october|november|"
    r"december|jan|feb|mar|apr|jun|jul|aug|sep|sept|oct|nov|dec|enero|febrero|marzo|abril|"
    r"mayo|junio|julio|agosto|septiembre|setiembre|octubre|noviembre|diciembre"
)
_KINDS: dict[str, re.Pattern[str]] = {
    "clock": re.compile(
        r"\b\d{1,2}[:h]\d{2}\b|\b\d{1,2}\s?(?:am|pm|a\.m\.|p\.m\.|hs)\b|"
        r"\b(?:a las|at|de|from|desde las) \d{1,2}\b|\b(?:noon|midnight|mediod[ií]a|"
        r"medianoche)\b",
        re.IGNORECASE,
    ),
    "day": re.compile(
        rf"\b(?:{_DAYS})\b|\b\d{{1,2}}(?: de)? (?:{_MONTHS})\b|\b(?:{_MONTHS}) \d{{1,2}}\b|"
        r"\b\d{4}-\d{2}-\d{2}\b|\b\d{1,2}/\d{1,2}\b",
        re.IGNORECASE,
    ),
    # a place: a preposition and a name ("at Juniper Valley") or a place where things are
    # kept ("en el cajón de la cómoda", "in the fire safe")
    "place": re.compile(
        r"\b(?i:at|in|into|on|inside|under|behind|to|from|by|via|en|al|a|desde|dentro de|"
        r"debajo de|detr[aá]s de|junto a)\s+(?i:the |el |la |los |las |my |mi |our |a |un |una )?"
        r"(?:[A-Z][\w'’-]+|(?i:storage|drawer|shelf|box|closet|garage|basement|attic|safe|"
        r"cabinet|room|office|kitchen|fridge|freezer|locker|rack|desk|bag|car|trunk|"
        r"caj[oó]n|armario|estante|estanter[ií]a|caja|garaje|s[oó]tano|altillo|oficina|"
        r"cocina|nevera|heladera|congelador|habitaci[oó]n|cuarto|mochila|bolso|taquilla|"
        r"escritorio|ba[uú]l|maletero|dep[oó]sito|trastero)\w*)|"
        r"\b(?i:in|at|inside|en|dentro de)\s+(?i:the|el|la|los|las|my|mi|our)\s+[^\W\d_]{4,}"
    ),
    "count": re.compile(
        r"\b\d+\b|\b(?:one|two|three|four|five|six|uno|una|dos|tres|cuatro|cinco|seis)\b"
    ),
}
_KINDS["when"] = re.compile(f"{_KINDS['clock'].pattern}|{_KINDS['day'].pattern}", re.IGNORECASE)

_I = re.IGNORECASE
_ASKS: list[tuple[str, re.Pattern[str]]] = [
    (
        "clock",
        re.compile(r"\b(?:(?:at )?what time|a qu[eé] hora|what hours?|qu[eé] horario)\b", _I),
    ),
    (
        "day",
        re.compile(
            r"\b(?:(?:what|which|on what|on which) days?|(?:qu[eé]|en qu[eé]|cu[aá]l(?:es)?) "
            r"d[ií]as?)\b",
            _I,
        ),
    ),
    ("place", re.compile(r"\b(?:where|d[oó]nde|ad[oó]nde|en qu[eé] (?:lugar|sitio|sala))\b", _I)),
    ("person", re.compile(r"\b(?:who|whom|whose|qui[eé]n(?:es)?)\b", _I)),
    ("when", re.compile(r"\b(?:when|cu[aá]ndo)\b", _I)),
    ("count", re.compile(r"\b(?:how many|cu[aá]nt[oa]s)\b", _I)),
]
_WHAT = re.compile(r"\b(?:what|which|qu[eé]|cu[aá]l(?:es)?)\b", re.IGNORECASE)
# Words between the interrogative and the noun it asks ("which of the", "what is my").
_SKIP = frozenset(
    """is are was were 's s do does did am be the a an my our your his her their its of
    es son era fue el la los las lo un una mi mis tu su sus nuestro nuestra de del
    kind type sort tipo clase marca brand number numero nombre name hora time dia day""".split()
)  # "what kind of clay", "qué tipo de arcilla", "de qué marca es": the noun after
# A Spanish verb right after "qué" asks what is done, not which thing: "¿qué uso …?"
_VERBS = re.compile(
    r"^(?:uso|usa|usamos|usan|tengo|tiene|tenemos|tienen|hago|hace|hacemos|como|come|comen|"
    r"tomo|toma|tomamos|toman|compro|compra|compramos|pago|paga|pagamos|llevo|lleva|"
    r"necesito|necesita|estoy|esta|estamos|hay|pongo|pone|ponemos|guardo|guarda|vendo|"
    r"vende|corre|corren|sirve|significa|pasa|paso|dijo|dice|queda|quedan|tocan?|"
    r"do|does|did|is|are|was|were|am|can|should|would|will|have|has)$"
)


def _other_stems(words: list[str]) -> set[str]:
    from coordinator.bilingual import other_words

    found = set()
    for word in words:
        found |= stems(word)
        found |= stems(" ".join(other_words(word)))
    return found


_ROLE = re.compile(
    r"\b(?:who|quien|quienes)\s+(?:is|are|was|es|son|era|fue)\s+"
    r"(?:the|el|la|los|las|my|mi|our|nuestr[oa]s?)\s+([a-z]\w+)"
)
_POSSESSIVE = re.compile(r"(\w+)(?:'s|’s)\s+(?=(\w+))", re.IGNORECASE)
# Two things asked at once ("what's her name and where does she live?"): no one slot.
_TWO = re.compile(
    r"\b(?:and|y|or|o)\s+(?:what|which|who|where|when|how|qu[eé]|cu[aá]l|qui[eé]n|d[oó]nde|"
    r"cu[aá]ndo|c[oó]mo)\b",
    re.IGNORECASE,
)


def _attribute(question: str) -> list[str]:
    """The noun the question asks a value of: the noun after a possessive ("papá's
    caregiver", "Lucas's girlfriend"), after "who is the" ("the tech lead"), or the word
    after "what/which/qué/cuál" past articles and "is" ("which varnish"); none when a verb
    comes first ("what does Yerba eat", "¿qué uso …?", "what's running …")."""
    text = fold(without_present(question))
    for owned in _POSSESSIVE.finditer(text):
        word = owned.group(2)
        if owned.group(1) in _QUESTION_WORDS or owned.group(1) in {"it", "that", "there"}:
            continue  # "where's the boat kept": a contraction, no owner
        if not _VERBS.match(word) and word not in _SKIP and word not in _STOP:
            return [word]
    role = _ROLE.search(text)
    if role:
        return [role.group(1)]  # "who is the tech lead?", "¿quién es el jefe de …?"
    match = _WHAT.search(text)
    if match:
        words = re.findall(r"[\w-]+", text[match.end() :])
        for word in words[:6]:
            if word in _SKIP:
                continue
            if _VERBS.match(word) or word.endswith("ing"):
                break  # "what does Yerba eat", "¿qué uso para …?": no noun asked
            return [word]
    return []


_NOUN_KINDS = frozenset({"name", "person", "place", "when", "count"})
_QUESTION_WORDS = frozenset(
    """what which who whom whose where when how much many time day days hora horas dia dias
    que cual cuales quien quienes donde adonde cuando cuanto cuanta cuantos cuantas am
    ser estar esta estan estoy va van ir being doing going taking using tomando usando
    haciendo""".split()
)


def asked(question: str) -> Slot | None:
    """The slot ``question`` asks for, or None when it asks no value (a yes/no, a how-to)."""
    text = without_present(question)
    if _TWO.search(text):
        return None
    kind = asked_form(text)
    kind = {"weekday": "day"}.get(kind or "", kind)
    if kind is None:
        kind = next((name for name, pattern in _ASKS if pattern.search(text)), None)
    if kind is None:
        if not _WHAT.search(fold(text)):
            return None
        kind = "name"
    # a kind asked by its own words ("what time", "which day", "the IP") names no attribute
    attribute = _attribute(text) if kind in _NOUN_KINDS else []
    attr = frozenset(_other_stems(attribute)) - {s[:5] for s in _QUESTION_WORDS}
    subject = frozenset(stems(text) - attr - {s[:5] for s in _QUESTION_WORDS})
    said = _content(text) - _QUESTION_WORDS - set(attribute)
    said = {w for w in said if w[:5] in subject}
    return Slot(kind, attr, subject, frozenset(attribute), frozenset(said))


def gives_kind(slot: Slot, text: str, question: str = "") -> bool:
    """Does ``text`` state a value of the kind ``slot`` asks?"""
    kind = slot.kind
    pattern = _KINDS.get(kind)
    if pattern is not None and pattern.search(text):
        return True
    if kind in {"person", "name", "place"}:  # a place is often a name: "the Hypatia cluster"
        asked_words = {fold(w) for w in re.findall(r"[\w.+-]+", question)}
        given = {v for v in values(text) - asked_words if len(v) > 1}
        given -= calendar_words()
        if kind == "person":
            given = {v for v in given if not re.search(r"\d", v)}
        elif kind == "place":  # a host is a place ("mini02"); a number alone is not
            given = {v for v in given if re.search(r"[^\W\d_]", v)}
        return bool(given)
    if pattern is not None:
        return False
    try:
        return bool(form_values(kind, text))
    except StopIteration:
        return False


@cache
def calendar_words() -> frozenset[str]:
    return frozenset(fold(w) for w in re.findall(r"[a-zé]+", _DAYS + "|" + _MONTHS) if len(w) > 3)


def names_attribute(slot: Slot, text: str) -> bool:
    """Does ``text`` name the attribute asked (or its other-language word)?"""
    return bool(slot.attribute and slot.attribute & _other_stems(re.findall(r"[\w-]+", text)))


def mentions_subject(slot: Slot, text: str) -> int:
    """How many of the subject's stems ``text`` holds (a word or its other-language word)."""
    return len(slot.subject & _other_stems(re.findall(r"[\w-]+", text)))


WORD_SIM = 0.6  # two words this close in the multilingual space are one (laptop, portátil)


class WordMeeter:
    """Whether a text names the attribute or the subject of a slot: by stem or word list,
    or, when the texts are not all in one language, by a word of it close in meaning to a
    word of the question in the multilingual space ("caregiver" and "cuidadora",
    "parking" and "estaciono")."""

    def __init__(self, words: dict[str, Any] | None = None) -> None:
        self._vectors = words or {}

    def _near(self, asked: frozenset[str], text: str) -> bool:
        if not self._vectors or not asked:
            return False
        mine = [self._vectors[w] for w in asked if w in self._vectors]
        theirs = [self._vectors[w] for w in _content(text) if w in self._vectors]
        if not mine or not theirs:
            return False
        import numpy as np

        return bool((np.asarray(theirs) @ np.asarray(mine).T).max() >= WORD_SIM)

    def attribute(self, slot: Slot, text: str) -> bool:
        return names_attribute(slot, text) or self._near(slot.attribute_words, text)

    def subject(self, slot: Slot, text: str) -> bool:
        return bool(mentions_subject(slot, text)) or self._near(slot.subject_words, text)


def _content(text: str) -> set[str]:
    return {w for w in re.findall(r"[^\W\d_]{3,}", fold(text).lower()) if w not in _STOP}


_STOP = frozenset(
    """the and for with from that this are was were has have had you your our now not but
    los las del con por para que una uno unos unas est esta este hay muy mas pero como ahora
    """.split()
)


def word_meeter(services: Services, question: str, texts: list[str]) -> WordMeeter:
    """A ``WordMeeter`` for ``question`` over ``texts``: with word vectors when any of them
    is Spanish (all English: stems and the word list judge)."""
    from coordinator.crosslang import spanish_in

    slot = asked(question)
    if slot is None or not spanish_in([question, *texts]):
        return WordMeeter()
    words = sorted(slot.attribute_words | slot.subject_words | set().union(*map(_content, texts)))
    vectors = services.across_vectors(words, keep=False) if words else None
    if vectors is None:
        return WordMeeter()
    return WordMeeter(dict(zip(words, vectors, strict=True)))
