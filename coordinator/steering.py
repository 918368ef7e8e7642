"""Does a statement steer the conversation at hand, in English or Spanish?

Some statements are about the talk itself, not about the world: what to cover and what to
leave for another day ("just talking antennas today, leave the mesh out of it", "hoy solo
hablamos del servidor, lo de la wifi otro día"), in what order ("vamos automatización por
automatización", "one by one"), a part for the assistant to play ("haz como si fueras un
inversor duro", "pretend you're the reviewer"), or how to answer while the user is where
they are ("I'm on boat wifi, keep the replies small", "estoy en la clínica con prisa,
contesta corto"). They hold for this conversation only: session context. A line that tells
what was done ("went through the invoices one by one") is the day's event, not a steer.
"""

from __future__ import annotations

import re

__all__ = ["steers_the_talk"]

_TALK = (
    r"talk\w*|discuss\w*|cover|go over|stick to|hablamos|hablemos|hablar|tratamos|tratemos|"
    r"vemos|veamos|repasamos|repasemos|nos centramos|centr[eé]monos"
)
_ONLY = r"just|only|solo|s[oó]lo|nada m[aá]s"
# Another topic put off or left out: "lo de la wifi otro día", "leave the mesh out of it".
_DEFER = re.compile(
    r"\b(?:otro d[ií]a|otro rato|en otro momento|another (?:day|time)|some other time)\b"
)
_LEAVE_OUT = re.compile(
    r"\b(?:leave (?:[\w'-]+ ){1,4}out\b|don'?t bring up|no (?:me )?(?:saques|menciones) |"
    r"d[eé]ja(?:lo|la|mos)? (?:fuera|aparte|de lado)|dejamos lo de)",
    re.IGNORECASE,
)
# The talk taken in order: "plato por plato", "automatización por automatización", "line by
# line", "una a una".
_ORDER = re.compile(
    r"\b(?!side\b)(\w{3,}) (?:por|by) \1\b|"
    r"\b(?:one by one|one at a time|un[oa] (?:a|por) un[oa])\b",
    re.IGNORECASE,
)
# A part to play: "haz como si fueras Paula", "pretend you're an investor", "act as".
_ROLE = re.compile(
    r"\b(?:haz como si (?:fueras|fueses|fuera)|haz de|ponte en (?:el papel|la piel)|"
    r"hazte pasar por|imagina que eres|pretend (?:you'?re|you are|to be)|act as|"
    r"play the (?:role|part)|imagine you'?re|you'?re now)\b",
    re.IGNORECASE,
)
# Where the user is now, and how to answer there: "I'm on boat wifi, keep the replies small".
_WHERE_I_AM = re.compile(
    r"\b(?:i'?m on|i'?m at|i'?m in|i am (?:on|at|in)|estoy en|ando|estoy con prisa)\b",
    re.IGNORECASE,
)
_ANSWER_SO = re.compile(
    r"\b(?:keep (?:the |your |it |answers|replies)|be (?:brief|quick|patient)|short answers?|"
    r"contesta|cont[eé]stame|responde|resp[oó]ndeme|s[eé] breve|ten paciencia|"
    r"tenme paciencia|corto|cortito)\b",
    re.IGNORECASE,
)


# How a thing is done: the steps of a procedure may go one by one ("apunta cómo se purga el
# aire: … y vas cerrando uno a uno", "how to bleed the radiators: … one at a time").
_HOW_IT_IS_DONE = re.compile(
    r"\b(?:how to|how you|how do you|how we|c[oó]mo se|c[oó]mo hay que|la forma de|"
    r"the way to|para (?:\w+ar|\w+er|\w+ir)\b[^,:]*[,:])",
    re.IGNORECASE,
)


def steers_the_talk(text: str) -> str | None:
    """The words of ``text`` that steer the conversation at hand, or None. Steps of a
    procedure told in order are the procedure's, not a steer."""
    if _HOW_IT_IS_DONE.search(text):
        return None
    for pattern in (_ROLE, _LEAVE_OUT, _ORDER):
        found = pattern.search(text)
        if found:
            return found.group(0)
    scope = re.search(rf"\b(?:{_ONLY})\b", text, re.IGNORECASE)
    talk = re.search(rf"\b(?:{_TALK})\b", text, re.IGNORECASE)
    later = _DEFER.search(text)
    if later and (scope or talk or re.search(r"\blo de\b", text, re.IGNORECASE)):
        return later.group(0)
    now = re.search(r"\b(?:today|right now|for now|this time|hoy|ahora|esta vez)\b", text, re.I)
    if talk and scope and now:
        return talk.group(0)
    where, answer = _WHERE_I_AM.search(text), _ANSWER_SO.search(text)
    if where and answer:
        return answer.group(0)
    return None
