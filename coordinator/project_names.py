"""Which of the workspace's projects a statement names, as people write them in prose.

A project folder is a slug (``kitchen-reno``, ``obrador-reforma``, ``cb750-restore``); a
statement names it in words: "the kitchen reno", "la reforma del obrador", "for the sensors
on the boat", "restoring the CB750". A slug's words are met in the text by their English or
Spanish stem, as an abbreviation (a slug word of four or five letters that opens a longer
word: "reno" / "renovation"), or through the other language's word (``data/en_es.tsv``:
"kitchen" / "cocina"), in any order, with a few words between them. A two-letter word of
the slug is met only where the text writes it in capitals ("the HA move" for
``ha-migration``), and a word with a number also when the text writes them apart ("la
parcela 3" for ``riego-parcela3``).

A statement that opens with the project as its topic ("for the lift, …", "para el horno,
…", "en el concurso, …", "para lo de las vacunas, …", "as for the van, …") is
``fronted``: a note about it, even when only part of the name is written.

A mention is ``full`` when every word of the slug is met: that names the project on its
own. Otherwise it is ``partial`` ("the lift" for ``garage-lift``, "el bot" for
``bot-pedidos``, "the CB750" for ``cb750-restore`` — a model people also own outside the
project, like "M365" for ``m365-migration``): evidence, never a decision on its own — the
classifier weighs it, and a statement that opens with it as its topic is a note about it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from memory.folding import fold_ascii

__all__ = ["Mention", "mentions", "slug_words"]

# Words a slug may hold that name nothing ("plan-de-obra", "state-of-the-art").
_FILLER = frozenset(
    "a an and of the for to in on my our de del la las el los y e en para mi mis con".split()
)
# Words before a name that make it a particular thing: "the lift", "el bot", "my podcast".
_DEFINITE = frozenset(
    "the my our this el la los las del al mi mis nuestro nuestra esta este".split()
)
# Words a statement opens its topic with: "for the podcast, …", "para el horno, …".
_TOPIC = frozenset("for in on about regarding para en sobre con".split())
# How far into the text the topic's name may start: "en la reforma de la cocina, …".
_FRONT = 5
_LINKS = frozenset("of de del s a an un una".split())
_WORD = re.compile(r"[a-z0-9]+")
_WRITTEN = re.compile(r"[^\W_]+")
# How many words may stand between two words of one slug ("reforma de la cocina").
_GAP = 4


@dataclass(frozen=True, slots=True)
class Mention:
    project: str
    full: bool
    words: tuple[str, ...]  # the text's words that name it, as the text spells them
    share: float  # the slug's words met, as a share of them
    definite: bool  # "the lift", "el bot", "para la reforma": a thing the user has
    fronted: bool  # the topic the statement opens with: "for the lift, …", "en el bot …"


@lru_cache(maxsize=1)
def _stemmers() -> tuple[Any, Any]:
    import Stemmer

    return Stemmer.Stemmer("english"), Stemmer.Stemmer("spanish")


@lru_cache(maxsize=65_536)
def _stems(word: str) -> tuple[str, str]:
    """A folded word's English and Spanish stems."""
    english, spanish = _stemmers()
    return english.stemWord(word), spanish.stemWord(word)


@lru_cache(maxsize=4096)
def slug_words(name: str) -> tuple[str, ...]:
    """The words of a project's name that can name it: "menu-de-otono" -> (menu, otono)."""
    found = [
        w
        for w in _WORD.findall(fold_ascii(name))
        if w not in _FILLER and (len(w) >= 3 or any(c.isdigit() for c in w))
    ]
    return tuple(dict.fromkeys(found))


@lru_cache(maxsize=4096)
def _initials(name: str) -> tuple[str, ...]:
    """The two-letter words of a project's name that are not filler ("ha" in ha-migration,
    "ui" in ui-refresh): met only where the text writes them in capitals ("the HA move")."""
    return tuple(
        w
        for w in dict.fromkeys(_WORD.findall(fold_ascii(name)))
        if len(w) == 2 and w.isalpha() and w not in _FILLER
    )


@lru_cache(maxsize=4096)
def _translations(word: str) -> frozenset[str]:
    from coordinator.bilingual import other_words

    found: set[str] = set()
    for other in other_words(word):
        found |= {w for w in _WORD.findall(fold_ascii(other)) if w not in _FILLER}
    return frozenset(found)


def _as_written(part: str, token: str) -> bool:
    return token in {part, part + "s", part + "es"}


@lru_cache(maxsize=65_536)
def _meets(part: str, token: str) -> bool:
    if part == token:
        return True
    if any(c.isdigit() for c in part):  # "cb750", "a350": only as written (any case)
        return False
    if any(a == b and len(a) >= 4 for a, b in zip(_stems(part), _stems(token), strict=True)):
        return True
    # A slug in one language, the text in the other, the word shared: "alerts" / "alertas".
    if any(len(a) >= 5 and a in _stems(token) for a in _stems(part)):
        return True
    if 4 <= len(part) <= 5 and len(token) >= len(part) + 3 and token.startswith(part):
        return True  # the slug abbreviates the word: "reno" / "renovation", "mito" / "mitochondria"
    return token in _translations(part)


def mentions(text: str, names: list[str] | tuple[str, ...]) -> list[Mention]:
    """The projects ``text`` names, the surest first (full before partial, more words met)."""
    return list(_mentions(text, tuple(names)))


@lru_cache(maxsize=256)  # routing asks about one text several times
def _mentions(text: str, names: tuple[str, ...]) -> tuple[Mention, ...]:
    written = [
        (part, original)
        for original in _WRITTEN.findall(text)
        for part in _WORD.findall(fold_ascii(original))
    ]
    tokens = [part for part, _ in written]
    found = []
    for name in names:
        parts = slug_words(name)
        initials = _initials(name)
        if not parts and not initials:
            continue
        # A one-word name is a name ("tidepool", "ledgerly"): met as written or in the
        # plural, never by its stem ("ledger" is not "ledgerly").
        meets = _meets if len(parts) + len(initials) > 1 else _as_written
        places: dict[str, list[int]] = {}
        for part in parts:
            places[part] = [i for i, token in enumerate(tokens) if meets(part, token)]
            if any(c.isdigit() for c in part):  # "parcela3" written "parcela 3"
                places[part] += [
                    i for i in range(len(tokens) - 1) if tokens[i] + tokens[i + 1] == part
                ]
        for part in initials:  # "HA" for ha-migration: only as capitals
            places[part] = [i for i, (t, w) in enumerate(written) if t == part and w.isupper()]
        met = [p for p in (*parts, *initials) if places[p]]
        if not met:
            continue
        if len(met) > 1 and not _near([places[p] for p in met]):
            met = [max(met, key=len)]
        # The words of three letters or more name it in full; initials alone are a part.
        full = bool(parts) and all(p in met for p in parts)
        first = min(places[p][0] for p in met)
        words = tuple(dict.fromkeys(written[places[p][0]][1] for p in met))
        definite = first > 0 and tokens[first - 1] in _DEFINITE
        opener = _opener(tokens)
        fronted = (
            opener <= first <= _FRONT + opener - 1
            and (tokens[0] in _TOPIC or opener > 1)
            and _one_phrase(tokens[opener:first])
        )
        share = len(met) / (len(parts) + len(initials))
        found.append(Mention(name, full, words, share, definite, fronted))
    found.sort(key=lambda m: (not m.full, -m.share, -len(m.project)))
    return tuple(found)


def _opener(tokens: list[str]) -> int:
    """How many words open the statement's topic: "lo de stalwart: …" and "para lo de las
    vacunas, …" (Spanish names its topic so), "as for the van, …", else one ("for", "en")."""
    for start in (0, 1):
        if tokens[start : start + 2] in (["lo", "de"], ["lo", "del"]) and (
            start == 0 or tokens[0] in _TOPIC
        ):
            return start + 2
    return 2 if tokens[:2] == ["as", "for"] else 1


def _one_phrase(between: list[str]) -> bool:
    """The words between "for"/"para" and the name belong to its noun phrase: articles, "of"
    and at most one other word ("for dan's podcast", "en la reforma de la cocina"), not a
    phrase of their own ("for future me: the garage …")."""
    return sum(1 for w in between if w not in _DEFINITE and w not in _LINKS) <= 1


def _near(places: list[list[int]]) -> bool:
    """Some choice of one place per slug word spans at most ``_GAP`` words between each."""
    limit = _GAP * (len(places) - 1) + len(places) - 1
    for anchor in (i for found in places for i in found):
        chosen = [min(found, key=lambda i: abs(i - anchor)) for found in places]
        if max(chosen) - min(chosen) <= limit:
            return True
    return False
