"""The value a new statement says it replaces, against a remembered fact, in English and
Spanish.

A change often names what it leaves behind: "1:1s are on google meet now instead of zoom",
"las contraseñas ahora caducan cada 12 meses en vez de 6", "cambiamos de Kleos a Aranzadi",
"replaced pihole with adguard home", "the phone line opens at 8 now, not 8:30". When the
value it leaves is not in the remembered fact ("Priya's 1:1s are Thursdays at 4pm": no zoom;
"la contraseña mínima es de 14 caracteres": no 6), the change is to something else the fact
does not speak of, and the fact still holds. ``replaces_another_value`` says so.

It reads a closed class of phrases that introduce the old value; no word lists of values.
"""

from __future__ import annotations

import re

from memory.folding import fold

__all__ = ["replaced_values", "replaces_another_value"]

# What may stand between the phrase and the value: articles, possessives, quantifiers.
_SKIP = (
    r"(?:(?:the|a|an|my|our|his|her|their|old|all|every|both|el|la|los|las|un|una|mi|mis|"
    r"su|sus|viej[oa]|tod[oa]s?|with|con|two|three|four|five|six|dos|tres|cuatro|cinco|seis)\s+)*"
)
# The value and up to two more words of its phrase ("the barn tubes with …").
_ENDS = r"(?:with|for|by|to|from|and|on|in|at|now|con|por|a|al|y|en|ahora)\b"
_VALUE = rf"([a-zñ0-9][\w.:+/-]*(?:\s+(?!{_ENDS})[a-zñ0-9][\w.:+/-]*){{0,2}})"
_PHRASES = re.compile(
    r"\b(?:instead of|rather than|in place of|en vez de|en lugar de|"
    r"(?:replace|replaced|replacing|swapped|swapping|swap|ditched|sustitui\w*|sustituy\w*|"
    r"reemplac\w*|reemplaz[oa]\w*)|"
    r"(?:changed|changing|switched|switching|moved|moving|migrated|migrating|went|upgraded)\s+"
    r"(?:\w+\s+)?from|"
    r"now,?\s+not|adios(?: a)?|goodbye(?: to)?|bye(?: bye)?)\s+"
    rf"{_SKIP}{_VALUE}"
)
# Spanish from-to: "cambiamos de Kleos a Aranzadi", "pasé de la 19 al metro"; "cambiar de X"
# alone names what changed ("cambiado de número"), not the value left behind.
_FROM_TO = re.compile(
    r"\b(?:cambi\w*|pas(?:e|o|amos|aron|ado)|migr\w*|mud\w*)\s+de\s+"
    rf"{_SKIP}{_VALUE}(?:\s+[\w.-]+){{0,2}}\s+(?:a|al|por)\b"
)
# Words that are not a value: pronouns and words a phrase can be followed by.
_NOT_A_VALUE = frozenset(
    "it that this them those one ones what something anything everything eso esto ello lo la "
    "los las le todo nada algo her him his me us with con by por for to a al the".split()
)
_WORD = re.compile(r"[a-zñ0-9]+")


def _forms(text: str) -> set[str]:
    """A text's words, each also with its neighbour run together ("Pi-hole" / "pihole",
    "VS Code" / "vscode") and cut to five letters, so plurals and gender meet, and the
    initials of each run of two to four words ("Nginx Proxy Manager" / "npm")."""
    words = _WORD.findall(fold(text))
    found = set(words) | {a + b for a, b in zip(words, words[1:], strict=False)}
    found |= {
        "".join(w[0] for w in words[i : i + n])
        for n in (2, 3, 4)
        for i in range(len(words) - n + 1)
    }
    return found | {w[:5] for w in found if len(w) > 5}


def replaced_values(text: str) -> list[str]:
    """The values ``text`` says it leaves behind: ["zoom"], ["6"], ["kleos"]."""
    found = []
    folded = fold(text).replace("’", "'")
    for match in [*_PHRASES.finditer(folded), *_FROM_TO.finditer(folded)]:
        value = match.group(1).strip(".:/-")
        if value and value.split()[0] not in _NOT_A_VALUE:
            found.append(value)
    return found


def replaces_another_value(old: str, new: str) -> bool:
    """``new`` names a value it replaces, and no value it names is in ``old``: the change is
    to another of the subject's things, or another subject's."""
    left = replaced_values(new)
    if not left:
        return False
    forms = _forms(old)
    for value in left:
        words = _WORD.findall(value)
        if any(w in forms or w[:5] in forms for w in words):
            return False
        # An abbreviation of a word the fact spells out: "tue-thu" for "Tuesday to Thursday".
        if any(len(w) >= 3 and f.startswith(w) for w in words if w.isalpha() for f in forms):
            return False
        if "".join(words) in forms:
            return False
    return True
