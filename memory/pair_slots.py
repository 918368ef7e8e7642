"""Who a remembered fact is about, compared with a new statement, in English and Spanish.

A remembered fact is about someone ("Dana's car", "el jefe de Inés", "Tom lives…"); a new
statement replaces it only when it gives a new value for that same holder. ``other_person``
tells the statements about someone else apart, whatever they share with the fact: one that
opens with a relation the fact does not name ("my sister finally got rid of her fit",
"mis padres se mudan al centro", "jess's mate kirsty just started…"), or that gives the
fact's own attribute another possessor ("Mei's supervisor is switching…", "la madre de pau
se ha mudado…"). Relations are a closed class of nouns, so this reads no name lists.
"""

from __future__ import annotations

import re

from memory.folding import fold

__all__ = ["other_person", "relations", "their_own"]

_WORD = re.compile(r"[a-zñ0-9]+(?:[./:@+-][a-zñ0-9]+)*")
# Nouns that name a person by their relation to someone: a closed class in both languages,
# folded. Spanish ones are compared without their gender ending ("hermana"/"hermano").
_ENGLISH_RELATIONS = frozenset(
    "sister brother mum mom mother dad father parent son daughter kid child children cousin "
    "uncle aunt nephew niece grandma grandpa grandmother grandfather wife husband partner "
    "girlfriend boyfriend fiance fiancee friend mate neighbour neighbor colleague coworker "
    "flatmate roommate housemate in-law".split()
)
_SPANISH_RELATIONS = frozenset(
    "hermano hermana madre padre hijo hija primo prima tio tia sobrino sobrina abuelo abuela "
    "mama papa mami papi mujer marido esposo esposa pareja novio novia amigo amiga vecino "
    "vecina compañero compañera companero companera suegro suegra cuñado cuñada cunado "
    "cunada colega".split()
)
_SPANISH_ENDING = re.compile(r"(?:as|os|es|a|o|e)$")
_POSSESSIVE = re.compile(r"\b([a-zñ]+)'s\s+([a-zñ]+)")
_NOT_POSSESSOR = frozenset("it that there here he she what who where this one let".split())
_RELATION_OF = re.compile(r"\b([a-zñ]+)\s+(?:de|del)\s+([a-zñ]+)")
_ARTICLES = frozenset("el la los las un una mi mis su sus tu tus nuestro nuestra".split())


def _lemma(word: str) -> str:
    """A word without plural and Spanish gender endings: "hermanas" -> "herman"."""
    if len(word) > 4:
        return _SPANISH_ENDING.sub("", word)
    return word.rstrip("s") or word


def _words(text: str) -> list[str]:
    return _WORD.findall(fold(text).replace("’", "'"))


# One name for a relation in both languages and its synonyms ("sister"/"hermana",
# "wife"/"mujer"/"esposa"), so a fact said in one language meets its change in the other.
_SAME_RELATION = {
    "sister": "herman",
    "brother": "herman",
    "mum": "madr",
    "mam": "madr",
    "pap": "padr",
    "mom": "madr",
    "mother": "madr",
    "dad": "padr",
    "father": "padr",
    "son": "hij",
    "daughter": "hij",
    "kid": "hij",
    "child": "hij",
    "children": "hij",
    "cousin": "prim",
    "uncle": "ti",
    "aunt": "ti",
    "nephew": "sobrin",
    "niece": "sobrin",
    "grandma": "abuel",
    "grandpa": "abuel",
    "grandmother": "abuel",
    "grandfather": "abuel",
    "wife": "spouse",
    "husband": "spouse",
    "mujer": "spouse",
    "marid": "spouse",
    "espos": "spouse",
    "partner": "spouse",
    "parej": "spouse",
    "girlfriend": "novi",
    "boyfriend": "novi",
    "fiance": "novi",
    "fiancee": "novi",
    "friend": "amig",
    "mate": "amig",
    "neighbour": "vecin",
    "neighbor": "vecin",
    "colleague": "coleg",
    "coworker": "coleg",
    "compañer": "coleg",
    "companer": "coleg",
    "flatmate": "roommate",
    "housemate": "roommate",
}


def _relation(word: str) -> str | None:
    """The relation a word names, one name for both languages; None for other words."""
    for form in (word, word[:-1], word[:-2]) if word.endswith("s") else (word,):
        if form in _ENGLISH_RELATIONS:
            return _SAME_RELATION.get(form, form)
        if form in _SPANISH_RELATIONS:
            lemma = form.rstrip("aoe")
            return _SAME_RELATION.get(lemma, lemma)
    return None


def relations(text: str) -> set[str]:
    """The relation nouns a text names, as lemmas: {"herman"}, {"sister"}."""
    return {r for r in map(_relation, _words(text)) if r}


_LEADING = frozenset(
    "my mi mis our nuestro nuestra nuestros nuestras the el la los las a los".split()
)


def _opening_relation(text: str) -> str | None:
    """The relation a statement opens with, its subject: "my sister finally…", "mis padres
    se mudan…", "la hermana de íñigo…", "jess's mate kirsty…"."""
    spoken = re.findall(r"[a-zñ0-9']+", fold(text).replace("’", "'"))
    words = [w for w in spoken if w not in _LEADING]
    if words and words[0].endswith("'s"):
        words = words[1:]
    return _relation(words[0]) if words else None


_TIMES = frozenset(
    "today tonight tomorrow yesterday week month year weekend monday tuesday wednesday "
    "thursday friday saturday sunday".split()
)


def _a_person(owner: str, text: str) -> bool:
    """A possessor is a person when a relation names them or their name is written with a
    capital ("Mei's supervisor", "Ana's car"); "the office's printer", "tonight's backup",
    "the lab's server" are things."""
    if _relation(owner):
        return True
    if owner in _TIMES:
        return False
    for before, word in re.findall(r"(\w+\s+)?(\w+)['’]s\b", text):
        if fold(word) == owner and word[:1].isupper():
            return fold(before.strip()) not in {"the", "this", "that", "our", "my", "el", "la"}
    return False


def other_person(old: str, new: str) -> bool:
    """The new statement is about someone the fact is not: a relation it does not name, or
    the fact's own attribute held by another possessor."""
    old_words = set(_words(old))
    old_lemmas = {_lemma(w) for w in old_words} | old_words
    opening = _opening_relation(new)
    if opening and opening not in relations(old):
        return True
    folded = fold(new).replace("’", "'")
    for owner, thing in _POSSESSIVE.findall(folded):
        if owner in _NOT_POSSESSOR or owner in old_words or not _a_person(owner, new):
            continue
        if _lemma(thing) in old_lemmas:
            return True
    for thing, owner in _RELATION_OF.findall(folded):
        if owner in _ARTICLES or owner in old_words:
            continue
        if relations(thing) and _lemma(thing) in old_lemmas:
            return True
    return False


_THEIR = re.compile(r"\b(?:his|her|their|su|sus)\s+([a-zñ0-9-]+)(?:\s+([a-zñ0-9-]+))?")
_PRONOUNS = frozenset("i we you he she they it this that there so and but".split())


def their_own(old: str, new: str) -> bool:
    """The new statement opens with someone the fact does not name and gives *their* thing
    of the fact's kind a value: "Doris switched her doctor to Dr. Osei" (Walt's doctor),
    "bob at the club replaced his APC with an Eaton" (Walt's UPS is an APC)."""
    old_words = set(_words(old))
    old_lemmas = {_lemma(w) for w in old_words} | old_words
    spoken = [w for w in _words(new) if w not in _LEADING]
    if not spoken or spoken[0] in old_lemmas or spoken[0] in _PRONOUNS:
        return False
    if _relation(spoken[0]) or re.search(r"(?:ed|ing)$", spoken[0]):
        return False  # "my sister…" is other_person's; "replaced his…" opens with a verb
    folded = fold(new).replace("’", "'")
    head = " ".join(spoken[:5])
    return any(
        m.start() < len(head) + 8 and _lemma(thing) in old_lemmas
        for m in _THEIR.finditer(folded)
        for thing in m.groups()
        if thing
    )
