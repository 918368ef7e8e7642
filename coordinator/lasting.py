"""Does a statement say how something is, lastingly, rather than what happened or is to do?

"Pi-hole runs in an LXC container on Proxmox at 192.168.1.53." says how a machine is set
up: it holds next month as today. "Moved Pi-hole to the NUC this morning", "Pi-hole se
cayó otra vez", "need to update Pi-hole" tell what happened or is still to do: they belong
to the day they were said. In English and Spanish: a verb in the present, no verb in the
past, no time of the day or of a happening ("today", "again", "ayer", "otra vez"), nothing
still to do, nothing in progress ("is rebooting", "está actualizando").
"""

from __future__ import annotations

import re

from coordinator.tense import says_past, still_to_do, tells_done
from memory.folding import fold

__all__ = ["reads_as_lasting"]

# A verb in the present: an auxiliary, or a third person after a word that is not an article
# or a preposition ("Pi-hole runs", "el NAS corre", "Proxmox tiene"); not a plural after
# one ("two tokens", "las cajas").
_LITTLE = (
    r"the|a|an|of|for|with|in|on|at|to|and|or|my|our|some|more|new|all|two|three|\d+|"
    r"el|la|los|las|un|una|unos|unas|de|del|con|para|por|en|al|y|o|mi|mis|su|sus|sin|muy|que"
)
_PRESENT = re.compile(
    r"\b(?:is|are|has|have|does|do|can|isn'?t|aren'?t|doesn'?t|can'?t|'s|"
    r"es|son|esta|estan|tiene|tienen|hay|va|van)\b|"
    rf"\b(?!(?:{_LITTLE})\b)[\w.-]+\s+(?:[a-z]{{2,}}[^s'\W]s|[a-zñ]{{3,}}(?:a|e|an|en))\b"
)
_HAPPENING = re.compile(
    r"\b(?:today|tonight|yesterday|this (?:morning|afternoon|evening|week)|last (?:night|week)|"
    r"again|just|earlier|finally|hoy|ayer|anoche|esta (?:ma[nñ]ana|tarde|noche|semana)|"
    r"otra vez|de nuevo|acab(?:o|a|amos) de|por fin|"
    r"(?:is|are|am|was|were|'m|'re|im) \w+ing|(?:estoy|esta|estamos|estan) \w+(?:ando|iendo)|"
    # still wanting something: "still needs the 48h point", "le falta el cable"
    r"still needs?|needs? (?:a|an|the|more|new|to)|falta|faltan|necesita)\b"
)


def reads_as_lasting(text: str) -> bool:
    """True when ``text`` says, in the present, how something is, with nothing that
    happened, happens now or is still to do."""
    folded = fold(text)
    if tells_done(text) or still_to_do(text) or "?" in text:
        return False
    if says_past(text) or _HAPPENING.search(folded):
        return False
    return bool(_PRESENT.search(folded))
