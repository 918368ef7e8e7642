"""A statement about a named thing is never small talk.

Small talk (greetings, thanks, a word about the day) is not stored, so a wrong "small talk"
loses what was said: "Jellyfin transcodes with Intel Quick Sync." was dropped so. A
statement whose subject is a named thing — a product, a machine or a person written with
capitals ("Jellyfin", "El Pi-hole", "the R730"), a number, an address, a version — followed
by a verb of its own ("transcodes", "filtra", "backs up", "is", "tiene") states something
about that thing; it is kept, in English and Spanish.

Not such a statement: a question, an exclamation, thanks or a greeting ("Thanks Ana",
"Buenos días, Marta"), something happening right now ("the kids are calling"), a request
opening with its verb ("convert 45 psi to bar").
"""

from __future__ import annotations

import re

__all__ = ["named_subject"]

_DET = r"(?:(?i:the|our|my|el|la|los|las|mi|mis|nuestr[oa]s?|este|esta)\s+)"
# A name as written: with a digit, a capital inside or all capitals ("R730", "IoT", "NUC",
# "Pi-hole", "192.168.1.53"), or a capitalized word after an article ("the Synology").
_STRONG = (
    r"(?:[^\W_]*\d[\w.:/-]*|[A-ZÁÉÍÓÚÑ]+[a-z]*[A-Z][\w-]*|[A-ZÁÉÍÓÚÑ]{2,}\b|[A-Z][a-z]+-[a-z]+)"
)
_CAPITAL = r"(?:[A-ZÁÉÍÓÚÑ][\w-]+)"
# One or two words of a name: "Home Assistant", "Quick Sync".
_NAME = rf"(?:(?:{_STRONG}|{_CAPITAL})(?:\s+(?:{_STRONG}|{_CAPITAL}))?)"
_ADVERB = (
    r"(?:(?:also|now|still|only|always|never|just|usually|"
    r"tambi[eé]n|ahora|ya|siempre|s[oó]lo|solo|no|se|lo|la|le|nos)\s+)?"
)
# A verb of its own: an English third person ("transcodes", "backs"), an auxiliary, or a
# Spanish present or past ("filtra", "corre", "tienen", "está", "se ha", "usó").
_EN_VERB = (
    r"(?:is|are|was|were|has|have|had|can|will|does|do|doesn'?t|isn'?t|won'?t|can'?t|"
    r"[a-z]{2,}[^s'\W]s|[a-z]{2,}ed)"
)
_ES_VERB = (
    r"(?:es|est[aá]n?|son|era|fue|tiene|tienen|hay|va|van|ha|han|"
    r"[a-zñ]{2,}(?:a|e|an|en|[oó]|aba|[ií]a))"
)
_SUBJECT_VERB = re.compile(
    rf"^\s*{_DET}?(?P<name>{_NAME})\s+{_ADVERB}(?P<verb>{_EN_VERB}|{_ES_VERB})\b"
)
_ANY_NAME = re.compile(rf"(?<=\w)\W+(?:{_STRONG}|{_CAPITAL})|^\s*{_STRONG}")
# Not a statement to keep, whatever it names.
_NOT_STATED = re.compile(
    r"[?¿!¡]|"
    r"\b(?i:thanks?|thank you|thx|cheers|hello|hi|hey|bye|goodbye|good (?:morning|night|"
    r"evening|afternoon)|gracias|hola|adi[oó]s|buen(?:os|as|a)? (?:d[ií]as|tardes|noches)|"
    r"hasta (?:luego|ma[nñ]ana|pronto)|see you|happy|feliz|congrats|enhorabuena|lol|jaja\w*)\b|"
    # a word about the day or the news opening the line: "Great news from Ana", "Buena semana"
    r"^\s*(?i:great|good|nice|lovely|awesome|cool|wow|ok|okay|genial|buen[oa]?s?|qu[eé])\b|"
    # happening as it is said: "the kids are calling", "Ana está llegando"
    r"\b(?i:is|are|am|est[aá]n?|estoy)\s+\w+(?:ing|ando|iendo)\b"
)


def named_subject(text: str) -> str | None:
    """The name a declarative statement is about, when its subject is a named thing with a
    verb of its own; else None. A capitalized first word counts as a name only when the
    sentence names something else too ("Jellyfin transcodes with Intel Quick Sync"), as any
    sentence opens with a capital ("Great news", "Hold on")."""
    if _NOT_STATED.search(text):
        return None
    match = _SUBJECT_VERB.search(text)
    if not match:
        return None
    name = match.group("name")
    opening = match.start("name") == len(text) - len(text.lstrip())
    # two capitalized words in a row are a name ("Home Assistant"), not a sentence's opening
    strong = re.fullmatch(rf"{_STRONG}(?:\s+\S+)?|{_CAPITAL}\s+{_CAPITAL}", name)
    if opening and not strong and not _ANY_NAME.search(text[match.end("name") :]):
        return None
    return name
