"""Questions about the owner: "what do you know about me?" lists MEMORY.md's identity
entries and preferences; "¿cómo me llamo?", "what do I do for a living?", "where am I
from?" ask for one attribute of the owner and are answered by the identity entry that
states it ("Mi nombre es Carmen y trabajo como técnica de laboratorio en Valencia.").

Such a question shares no word with its answer ("llamo" / "nombre", "living" / "trabajo"),
and nothing else names the owner: the search finds no subject, and the answer would say
"nothing". Both are read in a session that may read MEMORY.md only.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from coordinator import reads
from memory.folding import fold
from memory.visibility import allowed

if TYPE_CHECKING:
    from datetime import tzinfo

    from coordinator.answer import Answer
    from coordinator.services import Services
    from memory.records import Record

__all__ = ["ABOUT_ME_LIMIT", "about_me"]

# "What do you know about me?", "¿qué sabes de mí?", "who am I?" — "mí" (me) is not "mi"
# (my): "¿qué sabes de mi hermana?" asks about the sister, and "who am I supposed to call
# …?" about someone else — so the question ends there.
_ABOUT_ME = re.compile(
    r"(?:\b(?:what do you (?:know|remember) about me|tell me about (?:me|myself)|who am i)|"
    r"\bqu[eé] (?:sabes|recuerdas) (?:de|sobre) m[ií]|\bqui[eé]n soy(?: yo)?|"
    r"\bh[aá]blame (?:de|sobre) m[ií])\s*[?!.]*\s*$",
    re.IGNORECASE,
)
_ABOUT_ME_KINDS = ("identity", "preference")
ABOUT_ME_LIMIT = 8  # entries listed; the rest are counted

# One attribute of the owner, asked in the first person (folded text), and what an entry
# that states it says (folded text). The question ends there: "what's my name on the
# forum?" asks about an account, not the owner.
_END = r"\s*[?!.]*\s*$"
_OWN = (
    (  # the name
        re.compile(
            r"\b(?:what(?:'s| is) my (?:full |first |last )?name|what am i called|"
            r"como me llamo|cual es mi (?:nombre|apellido)|como es mi nombre)" + _END
        ),
        re.compile(
            r"\b(?:name|called|nombre|llamo|me llaman|apellido)\b|\b(?:i'?m|i am|soy) [A-Z]"
        ),
    ),
    (  # the work
        re.compile(
            r"\b(?:what do i do(?: for (?:a living|work))?|what(?:'s| is) my (?:job|profession|"
            r"occupation|line of work)|where do i work|who do i work for|what do i work as|"
            r"a que me dedico|en que trabajo|de que trabajo|donde trabajo|para quien trabajo|"
            r"cual es mi (?:trabajo|profesion|oficio|empleo))" + _END
        ),
        re.compile(
            r"\b(?:work|works|working|job|profession|employed|trabajo|trabajaba|profesion|"
            r"oficio|empleo|me dedico)\b|\b(?:i'?m an?|i am an?|soy) [a-z]+(?:ist|er|or|ian|"
            r"ero|era|ista|ico|ica|or|ora|ente|ante)\b"
        ),
    ),
    (  # the home
        re.compile(
            r"\b(?:where do i live|where(?:'s| is) my home|what city do i live in|"
            r"donde vivo|en que (?:ciudad|pais|barrio) vivo|cual es mi (?:ciudad|casa))" + _END
        ),
        re.compile(r"\b(?:live|lives|living in|home is|based in|vivo|vivimos|resido|mi casa)\b"),
    ),
    (  # the origin
        re.compile(r"\b(?:where am i from|where was i born|de donde soy|donde naci)" + _END),
        re.compile(r"\b(?:from|born|grew up|naci|soy de|originari[oa]|me crie)\b"),
    ),
    (  # the birthday and the age
        re.compile(
            r"\b(?:when(?:'s| is) my birthday|how old am i|when was i born|"
            r"cuando (?:es|cae) mi cumpleanos|cuantos anos tengo|cuando naci)" + _END
        ),
        re.compile(r"\b(?:birthday|born|years old|cumpleanos|naci|anos)\b"),
    ),
)


def about_me(services: Services, question: str, zone: tzinfo) -> Answer | None:
    """The answer to a question about the owner, or None: another question, a session that
    may not read MEMORY.md, or no entry that states what is asked (the search decides)."""
    if _ABOUT_ME.search(question):
        return _listing(services, question, zone)
    folded = fold(question)
    for asked, states in _OWN:
        if asked.search(folded):
            return _attribute(services, question, zone, states)
    return None


def _listing(services: Services, question: str, zone: tzinfo) -> Answer | None:
    """The active identity entries, then preferences, newest first."""
    from coordinator.answer import Answer, record_hit

    records = [r for r in _memory(services) if r.kind in _ABOUT_ME_KINDS]
    if not records:
        return None
    records.sort(key=lambda r: (_ABOUT_ME_KINDS.index(r.kind), -_when(r)))
    shown = records[:ABOUT_ME_LIMIT]
    lines = [f"- {r.text} ({r.citation})" for r in shown]
    if len(records) > len(shown):
        lines.append(f"(and {len(records) - len(shown)} more)")
    text = "\n".join(["What MEMORY.md says about you:", *lines])
    return Answer(question, text, [record_hit(r, zone) for r in shown], True, None)


def _attribute(
    services: Services, question: str, zone: tzinfo, states: re.Pattern[str]
) -> Answer | None:
    """The newest identity entry that states the attribute asked, first; up to two older."""
    from coordinator.answer import Answer, record_hit

    records = [
        r
        for r in _memory(services)
        if r.kind == "identity" and (states.search(r.text) or states.search(fold(r.text)))
    ]
    if not records:
        return None
    records.sort(key=_when, reverse=True)
    shown = records[:3]
    lines = [f"{shown[0].text} ({shown[0].citation})", "Sources:"]
    lines += [f"- {r.text} ({r.citation})" for r in shown]
    return Answer(question, "\n".join(lines), [record_hit(r, zone) for r in shown], True, None)


def _memory(services: Services) -> list[Record]:
    if not allowed(services.session_kind, "memory", "read"):
        return []
    return [r for r in reads.memory_records(services) if r.active]


def _when(record: Record) -> float:
    return record.at.timestamp() if record.at else 0.0
