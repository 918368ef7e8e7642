"""What a new statement is about, against a remembered fact's subject and value, in English
and Spanish.

A fact links a subject to a value: "Dmitri's accountant is Ruth Lam", "El coche de Lucía es
un Dacia Duster". A new statement replaces it only when it gives the subject a new value.
Two shapes say it does not, whatever words the two share:

- ``about_the_value``: the statement is about the fact's value itself — it opens with it and
  says something else of it ("Ruth's office moved to Yonge", "el Duster ya tiene 190.000 km",
  "whitworths' rep is Gary now"). Unless it retires the value ("Ruth retired", "lexicon's not
  my main client anymore", "Laura se ha ido") or names the fact's subject again ("mi jefa
  ahora es Carmen").
- ``someone_else``: the statement opens with someone the fact does not name, doing something
  ("Sam's registered with Dr Okafor", "Fer se mudó a la Narvarte", "a Rubén lo han hecho jefe
  de cocina", "Marc's accountant is retiring"). A new value said as the subject keeps its
  possessive ("Clare's my accountant now"), so it still reaches the model.

Both read word order only: the fact's subject is what comes before its linking verb (a closed
class: "is", "has", "uses", "es", "tiene", "usa", "se llama" …); no name lists.
"""

from __future__ import annotations

import re

from memory.folding import fold

__all__ = [
    "a_thing_of",
    "about_the_value",
    "another_attribute_of",
    "another_instance",
    "someone_else",
]

_WORD = re.compile(r"[a-zñ0-9]+(?:[./:@+-][a-zñ0-9]+)*(?:'s\b|'(?![a-zñ]))?")
# Words before what a statement is about: articles, possessives, openers.
_OPENERS = frozenset(
    "the a an el la los las lo un una unos unas my mi mis our nuestro nuestra so ok okay "
    "heads up fyi btw well bueno pues oye and y also lol just en in at".split()
)
# The verbs that link a fact's subject to its value: a closed class in both languages.
_LINK = frozenset(
    "is are was were has have had uses use runs run lives works keeps sells drives plays "
    "studies es son esta estan era fue tiene tienen usa usan vive trabaja lleva llevan va "
    "van corre hace come toma conduce abre cuesta cuestan se".split()
)
# The value is gone: retired, left, sold, replaced, dead.
_GONE = (
    r"stepped down|stood down|packed it in|moved on|left|quit|stopped|closed|retired|given up|"
    r"gave up|cancel+ed|sold(?! out)|replaced|ditched|dropped|gone|died|dead|muri\w*|"
    r"handed (?:it )?(?:on|over|down)|gave away|(?:lo|la) he pasado|(?:lo|la) hemos pasado|"
    r"se (?:lo|la) (?:he|hemos) dado|se (?:ha )?ido|se fue|se (?:ha )?bajado|se bajo|termino|"
    r"ha terminado|se (?:ha )?jubilado|se jubilo|dej\w+|cerr\w+|vendi\w*|quit\w*|sustitu\w*|"
    r"reemplaz\w*|en (?:vez|lugar) de|instead"
)
_GONE_WORDS = re.compile(rf"\b(?:{_GONE})\b")
# … or the statement says it no longer holds: "lexicon's not my main client anymore".
_RETIRES = re.compile(rf"\b(?:not|no|never|nunca|anymore|any more|no longer|ex|{_GONE})\b|n't\b")
# Words that only join a subject's parts: "el jefe de Inés", "the head of sales".
_JOINING = frozenset("de del of for".split())
# Words that open a statement without being what it is about.
_NOT_A_HOLDER = frozenset(
    "i me yo we nosotros it its they he she you there this that these those what who when "
    "how como que now ahora ya today hoy yesterday ayer anoche tonight tonight's also "
    "tambien all todo everything".split()
)
_DIGIT = re.compile(r"\d")
_ARTICLES = frozenset("the a an el la los las un una my mi mis our nuestro nuestra".split())
# After a possessive holder, words that make it the user's own value said first:
# "Clare's my accountant now", "Bundobust's our go-to".
_MINE = frozenset("my our mi mis nuestro nuestra".split())


def _words(text: str) -> list[str]:
    return _WORD.findall(fold(text).replace("’", "'"))


def _bare(word: str) -> str:
    return word[:-2] if word.endswith("'s") else word.rstrip("'")


def _stem(word: str) -> str:
    word = _bare(word)
    return word[:5] if len(word) > 5 else word.rstrip("s") or word


def _parts(old: str) -> tuple[list[str], set[str]] | None:
    """The fact's subject words, and the names in its value (written with a capital or a
    digit: "Ruth Lam", "Dacia Duster", "DS920+"), split at its first linking verb."""
    words = [_bare(w) for w in _words(old)]
    named = {fold(w) for w in re.findall(r"[\w+-]+", old) if w[:1].isupper() or _DIGIT.search(w)}
    for index, word in enumerate(words[1:], 1):
        if word in _LINK:
            return words[:index], {w for w in words[index + 1 :] if w in named}
    return None


def _opening(new: str) -> tuple[int, list[str]]:
    """The index of the word a statement opens with, past articles and openers."""
    words = _words(new)
    index = 0
    while index < len(words) and _bare(words[index]) in _OPENERS:
        index += 1
    return index, words


def about_the_value(old: str, new: str) -> bool:
    """``new`` opens with ``old``'s value and says something else of it (whether it changes
    a value of the same kind is ``memory.supersede.about_its_value``'s to say)."""
    parts = _parts(old)
    index, words = _opening(new)
    if parts is None or index >= len(words):
        return False
    subject = {_stem(w) for w in parts[0] if w not in _OPENERS and w not in _JOINING}
    value = {_stem(w) for w in parts[1]}
    topic = _stem(words[index])
    if topic in subject or topic not in value:
        return False
    if _RETIRES.search(fold(new).replace("’", "'")):
        return False
    return not subject & {_stem(w) for w in words[index + 1 :]}


def someone_else(old: str, new: str) -> bool:
    """``new`` opens with someone ``old`` does not name, doing something: a possessive or
    contracted holder ("Sam's registered", "Marc's accountant") or a Spanish reflexive or
    object one ("Fer se mudó", "a Rubén lo han hecho")."""
    index, words = _opening(new)
    if index >= len(words):
        return False
    holder = words[index]
    old_words = [_stem(w) for w in _words(old) if _bare(w) not in _OPENERS]
    if _bare(holder) in _NOT_A_HOLDER or _stem(holder) in old_words:
        return False
    # It names the fact's own holder as well, a name: a change between the two ("Ffion's
    # taken over the honey sales from Gwen").
    names = [w for w in re.findall(r"[\w-]+", old) if fold(w) not in _OPENERS]
    if (
        names
        and names[0][:1].isupper()
        and _stem(fold(names[0])) in {_stem(w) for w in words[index + 1 :]}
    ):
        return False
    following = _bare(words[index + 1]) if index + 1 < len(words) else ""
    if holder.endswith("'s"):
        # A bare holder: "the laptop's on 6.8 now" is a thing, "sam's switched" someone.
        after_article = index > 0 and _bare(words[index - 1]) in _ARTICLES
        return not after_article and following not in _MINE and bool(following)
    personal = index > 0 and _bare(words[index - 1]) == "a"
    return following == "se" or (personal and following in {"lo", "la", "le", "les"})


# Words after "X's" that make it "X is/has …", not X's own thing: "handover's at 6:30",
# "jen's too busy", "maisie's given up violin".
_NOT_A_THING = frozenset(
    "not on at in a an the my our now been got gone just still also back off up down out "
    "all being getting going doing done taken over fine ok good great too very so really "
    "no never always".split()
)


def another_attribute_of(old: str, new: str) -> bool:
    """``new`` opens with something ``old`` names and gives one of its things the fact does
    not speak of: "Sam's hours at the Brudenell went up" (Sam works there as a sound tech),
    "biscuit's weight is 5.2kg now" (Biscuit takes a tablet), "polo's insurance renewal is
    due" (the car is a Polo)."""
    index, words = _opening(new)
    if index + 1 >= len(words) or not words[index].endswith(("'s", "'")):
        return False  # "whitworths' rep" is a possessive too
    old_stems = {_stem(w) for w in _words(old)}
    thing = _bare(words[index + 1])
    if _stem(words[index]) not in old_stems or _stem(thing) in old_stems:
        return False
    if thing in _NOT_A_THING or _DIGIT.search(thing) or re.search(r"(?:ed|ing|en)$", thing):
        return False
    if {"now", "ahora"} & {_bare(w) for w in words[index + 2 : index + 4]}:
        return False  # "tina's operations director now": she is, now
    written = re.findall(r"[\w-]+", new)
    if any(fold(w) == thing and w[:1].isupper() for w in written):
        return False  # a name: "Firewall's OPNsense now"
    return not _GONE_WORDS.search(fold(new).replace("’", "'"))


# Words that join a subject's parts or say a change, not what the subject is.
_NOT_A_PART = frozenset(
    "of on for in at de del en para con with to new nuevo nueva nuevos nuevas now ahora ya "
    "old viejo vieja se".split()
)


# Words that say a change or its time: a subject ends before them.
_CHANGE_OR_TIME = frozenset(
    "ya no not now ahora desde since from today hoy then entonces finally al final".split()
)


def _subject(text: str) -> list[str] | None:
    """The words before a statement's first linking verb, when it opens with them in one
    clause and says no change before it: "the support bot LoRA rank" (is 16), "el aparato
    de TENS nuevo" (es un Compex); not "desde enero la sesión" (cuesta 45€)."""
    clause = re.split(r"[,;:()!?]| - ", fold(text).replace("’", "'"))[0]
    words = [_bare(w) for w in _WORD.findall(clause)]
    for index, word in enumerate(words[:7]):
        if word in _CHANGE_OR_TIME:
            return None
        # "se" links only in "se llama"; "la pistola barata se rompió" says an event.
        if index and word in _LINK and (word != "se" or words[index + 1 : index + 2] == ["llama"]):
            return [w for w in words[:index] if w]
    return None


def _said(text: str) -> set[str]:
    """Stems of a text's words and of their hyphenated parts, and the initials of each run
    of two or three words ("access points" / "aps")."""
    words = [_bare(w) for w in _words(text)]
    parts = [p for w in words for p in re.split(r"[-./]", w) if p]
    said = {_stem(w) for w in words + parts}
    for n in (2, 3):
        said |= {"".join(w[0] for w in parts[i : i + n]) for i in range(len(parts) - n + 1)}
    return said


def _unsaid(parts: set[str], said: set[str]) -> set[str]:
    """The parts no said word is, begins or abbreviates ("ferm" for "fermentation")."""
    return {
        p
        for p in parts
        if p not in said
        and not any(len(w) >= 3 and (w.startswith(p) or p.startswith(w)) for w in said)
        and not (p.endswith("s") and p[:-1] in said)
    }


def another_instance(old: str, new: str) -> bool:
    """``new`` states a value for a sibling of ``old``'s subject: the same thing told apart
    by another word — "Winter thermostat setting is 70°F" / "Summer thermostat setting is
    76°F", "The support bot LoRA rank is 16" / "lora dropout on the support bot is 0.05",
    "El aparato de ultrasonidos es …" / "el aparato de TENS nuevo es …". Both subjects
    share a word, and each has one the other text never says. The fact's holders (names
    written with a capital, "Walt's") are left out: a change is often told in the first
    person. A statement that names the fact's value is about it ("new soldering setup is a
    Pinecil, the hakko went to my grandson")."""
    old_subject, new_subject, slots = _subject(old), _subject(new), _parts(old)
    if not old_subject or not new_subject or slots is None:
        return False
    if {_stem(w) for w in slots[1]} & _said(new):
        return False  # it names the fact's value: "new brother printer …, the hp is gone"
    holders = {fold(w) for w in re.findall(r"[\w-]+", old) if w[:1].isupper()}
    holders |= {_bare(w) for w in _words(old) if w.endswith(("'s", "'"))}
    old_parts = {_stem(w) for w in old_subject if w not in holders and w not in _NOT_A_PART}
    new_parts = {_stem(w) for w in new_subject if w not in _NOT_A_PART}
    old_parts -= {_stem(w) for w in _OPENERS}
    new_parts -= {_stem(w) for w in _OPENERS}
    if not old_parts & new_parts:
        return False
    return bool(_unsaid(old_parts, _said(new))) and bool(_unsaid(new_parts, _said(old)))


# A thing named with its owner: "las baterías del SAI", "the password on my email", "el
# aceite al tractor", "los certificados en nginx", "la clave del wifi nuevo en bitwarden".
_DETERMINER = (
    r"the|a|an|my|our|his|her|their|el|la|los|las|un|una|unos|unas|mi|mis|su|sus|"
    r"nuestro|nuestra|nuestros|nuestras"
)
_THING_OF = re.compile(
    rf"\b(?:{_DETERMINER}) ((?:[a-zñ]{{3,}} )?[a-zñ]{{3,}}) "
    r"(?:of|on|in|for|at|from|de|del|en|al|a la|a los|a las)"
    r" ((?:[\w.'+-]+ ){0,4}[\w.'+-]+)"
)
# A change meant to last: "a partir de ahora", "from now on".
_FROM_NOW = re.compile(
    r"\b(?:from now on|going forward|starting|a partir de|de ahora en adelante|desde ahora)\b"
)
# A new value given to the thing: "… a Iberdrola", "… to Fastmail", "… con Movistar".
_GIVEN = re.compile(
    r"\b(?:a|al|to|into|con|with|por|for) (?:(?:the|a|an|el|la|los|las|un|una) )?([\w.+-]+)"
)


def a_thing_of(old: str, new: str) -> bool:
    """``new`` speaks of a thing ``old`` never names, held by something ``old`` names, and
    says nothing that replaces a value: "he cambiado las baterías del SAI APC" (the SAI is an
    APC of 1500VA), "le he cambiado el aceite al tractor", "changed the password on my email",
    "el número del móvil de la clínica ahora acaba en 812" — the fact's subject keeps its
    value. A new value by name ("cambié el proveedor de luz a naturgy", "the bungalow in
    Much Hadham"), a value gone ("el Sagrado Corazón ya no", "lo he dejado") or a lasting
    change ("a partir de ahora") may change the fact. Whether the values it states are of
    the fact's kind is ``memory.supersede.part_changed``'s to say."""
    folded = fold(new).replace("’", "'")
    if _RETIRES.search(folded) or _FROM_NOW.search(folded):
        return False
    old_stems = {_stem(w) for w in _words(old) if _bare(w) not in _OPENERS}
    tokens = re.findall(r"[\w-]+", new)
    written = {fold(w) for w in tokens[1:] if w[:1].isupper()}
    if {_stem(w) for w in written} - old_stems:
        return False  # a name the fact does not hold: a new value
    given = [m.group(1) for m in _GIVEN.finditer(folded) if not _DIGIT.search(m.group(1))]
    if any(_stem(w) not in old_stems and w not in _OPENERS | _NOT_A_PART for w in given):
        return False
    for match in _THING_OF.finditer(folded):
        things, owner = match.group(1).split(), match.group(2)
        if any(_stem(w) in old_stems or w in _NOT_A_PART for w in things):
            continue
        owners = re.split(r"[,;:!?]", owner)[0].split()
        if {_stem(w) for w in owners if _bare(w) not in _OPENERS} & old_stems:
            return True
    return False
