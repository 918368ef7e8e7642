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

# One attribute of the owner, asked in the first person as the whole question (folded
# text), and how an entry states it of the owner (raw text, case-insensitive but for a
# name's capital). "what's my name on the forum?" asks about an account, "the centrifuge
# shows E5, what do I do?" for help, and "My partner's name is Luis" states no name of the
# owner's.
_START = r"^\s*[¿¡]?\s*(?:and |y |so |entonces |oye,? |hey,? )?"
_END = r"\s*[?!.]*\s*$"
_OWN = (
    (  # the name
        re.compile(
            _START + r"(?:what(?:'s| is) my (?:full |first |last )?name|what am i called|"
            r"como me llamo|cual es mi (?:nombre|apellido)|como es mi nombre)" + _END
        ),
        re.compile(
            r"(?i:\b(?:my (?:full |first |last )?name is|my name's|i'?m called|call me|"
            r"me llamo|mi nombre es|me llaman)\b)|(?i:\b(?:i'?m|i am|soy))\s+[A-ZÁÉÍÓÚÑ]"
        ),
    ),
    (  # the work
        re.compile(
            _START + r"(?:what do i do (?:for (?:a living|work)|as a job)|what(?:'s| is) my "
            r"(?:job|profession|occupation|line of work)|where do i work|who do i work for|"
            r"what do i work as|a que me dedico|en que trabajo|de que trabajo|donde trabajo|"
            r"para quien trabajo|cual es mi (?:trabajo|profesion|oficio|empleo))" + _END
        ),
        re.compile(
            r"(?i)\b(?:i work|i'?m working|i am working|my (?:job|profession|work) is|"
            r"i'?m (?:an? )?\w+ (?:at|for|in) |trabajo (?:como|en|de|para)|me dedico|"
            r"mi (?:trabajo|profesi[oó]n|oficio) es|soy \w+ (?:en|de profesi[oó]n)\b)"
        ),
    ),
    (  # the home
        re.compile(
            _START + r"(?:where do i live|where(?:'s| is) my home|what city do i live in|"
            r"donde vivo|en que (?:ciudad|pais|barrio) vivo)" + _END
        ),
        re.compile(r"(?i)\b(?:i live|i'?m based|i am based|my home is|vivo en|resido en)\b"),
    ),
    (  # the origin
        re.compile(_START + r"(?:where am i from|where was i born|de donde soy|donde naci)" + _END),
        re.compile(
            r"(?i)\b(?:i'?m from|i am from|i was born|i grew up|soy de|soy originari[oa]|"
            r"nac[ií] en|me cri[eé])\b"
        ),
    ),
    (  # the birthday and the age
        re.compile(
            _START + r"(?:when(?:'s| is) my birthday|how old am i|when was i born|"
            r"cuando (?:es|cae) mi cumplea(?:ñ|n)os|cuantos a(?:ñ|n)os tengo|cuando naci)" + _END
        ),
        re.compile(
            r"(?i)\b(?:my birthday|i was born|i'?m \d+|i am \d+|mi cumplea[ñn]os|nac[ií] el|"
            r"tengo \d+ a[ñn]os)"
        ),
    ),
)


def about_me(services: Services, question: str) -> tuple[str, list[Record]] | None:
    """The answer's text and the entries it cites, for a question about the owner; None for
    another question, a session that may not read MEMORY.md, or no entry that states what
    is asked (the search decides)."""
    if _ABOUT_ME.search(question):
        return _listing(services)
    folded = fold(question)
    for asked, states in _OWN:
        if asked.search(folded):
            return _attribute(services, states)
    return None


def _listing(services: Services) -> tuple[str, list[Record]] | None:
    """The active identity entries, then preferences, newest first."""
    records = [r for r in _memory(services) if r.kind in _ABOUT_ME_KINDS]
    if not records:
        return None
    records.sort(key=lambda r: (_ABOUT_ME_KINDS.index(r.kind), -_when(r)))
    shown = records[:ABOUT_ME_LIMIT]
    lines = [f"- {r.text} ({r.citation})" for r in shown]
    if len(records) > len(shown):
        lines.append(f"(and {len(records) - len(shown)} more)")
    return "\n".join(["What MEMORY.md says about you:", *lines]), shown


def _attribute(services: Services, states: re.Pattern[str]) -> tuple[str, list[Record]] | None:
    """The newest identity entry that states the attribute asked of the owner, first; up to
    two older ones after it."""
    records = [r for r in _memory(services) if r.kind == "identity" and states.search(r.text)]
    if not records:
        return None
    records.sort(key=_when, reverse=True)
    shown = records[:3]
    lines = [f"{shown[0].text} ({shown[0].citation})", "Sources:"]
    lines += [f"- {r.text} ({r.citation})" for r in shown]
    return "\n".join(lines), shown


def _memory(services: Services) -> list[Record]:
    if not allowed(services.session_kind, "memory", "read"):
        return []
    return [r for r in reads.memory_records(services) if r.active]


def _when(record: Record) -> float:
    return record.at.timestamp() if record.at else 0.0
