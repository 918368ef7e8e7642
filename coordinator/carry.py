"""A change of one value keeps the rest of the entry it changes.

"Home Assistant runs on the Beelink mini PC in the shed, IP 192.168.1.40." and later "La IP
de Home Assistant ahora es 192.168.1.45.": the new statement replaces the old entry, and
the old entry's other details (the Beelink, the shed) would leave active memory with it.
When the new statement names nothing but what the old entry names and one value of a kind
the old entry holds exactly once (an IP address, a version, a time of day, a price), the
entry written is the old text with that value changed: "Home Assistant runs on the Beelink
mini PC in the shed, IP 192.168.1.45." Anything more in the new statement ("moved to the
new NUC at 192.168.1.50") is a change of more than the value: it is written as said.
"""

from __future__ import annotations

import re

from memory.dedupe import content_words

__all__ = ["carried"]

# The kinds of value a change can swap, each found whole (an IP is not read as a version).
_KINDS = {
    "ip": re.compile(r"(?<![\w.])\d{1,3}(?:\.\d{1,3}){3}(?:/\d{1,2})?(?!\w|\.\d)"),
    "version": re.compile(r"(?<![\w.])v?\d+\.\d+(?:\.\d+)?(?:[-+]\w+(?:\.\w+)*)?(?!\w|\.\d)"),
    "time": re.compile(
        # "7pm." at a sentence's end keeps its full stop; "7 p.m." is read whole
        r"(?<![\w:.])(?:[01]?\d|2[0-3])(?::[0-5]\d)(?:\s?[ap](?:\.m\.|m\b))?(?![\w:])"
        r"|(?<![\w:.])(?:1[0-2]|0?[1-9])\s?[ap](?:\.m\.|m\b)",
        re.IGNORECASE,
    ),
    "price": re.compile(
        r"[$€£]\s?\d+(?:[.,]\d{1,2})?(?!\w)|(?<![\w.,])\d+(?:[.,]\d{1,2})?\s?(?:€|eur|euros|usd|"
        r"dollars|d[oó]lares)(?!\w)",
        re.IGNORECASE,
    ),
}
# A statement that says what a value is not ("no longer at 19:00", "ya no es a las 19:00").
_NEGATED = re.compile(
    r"\b(?:not|no|never|isn't|aren't|wasn't|won't|doesn't|don't|nunca|tampoco|ni|nada)\b|n't\b",
    re.IGNORECASE,
)
# Words that tell a change and name nothing of its own.
_CHANGE = frozenset(
    content_words(
        "changed change moved switched updated update new current currently instead anymore "
        "cambió cambiado cambiamos movido nueva nuevo nuevas nuevos actual actualmente ahora "
        "ya está están pasó pasa será quedó queda desde"
    )
)


# Words that name the kind of value changed, or only link it to its subject ("El Proxmox
# ahora tiene la IP 192.168.1.11" changes the IP of "The Proxmox host is … at
# 192.168.1.10"): a statement in the other language than the entry says nothing more with
# them.
_NAMING = frozenset(
    content_words(
        "ip address addresses dirección direccion version versión release hora horario time "
        "price precio cost costs cuesta vale fee tarifa has have tiene tienen is es son are "
        "was era fue uses usa runs corre"
    )
)


def carried(old: str, new: str) -> str | None:
    """The old entry's text with the one value ``new`` changes, or None when ``new`` says
    more than a new value (or the old text holds no single value of that kind)."""
    if _NEGATED.search(new):
        return None  # "ya no es a las 19:00": not the new value, written as said
    swaps = []
    for pattern in _KINDS.values():
        said, held = list(pattern.finditer(new)), list(pattern.finditer(old))
        if len(said) == 1 and len(held) == 1 and said[0][0].strip() != held[0][0].strip():
            swaps.append((pattern, said[0][0].strip(), held[0]))
        elif said:
            return None  # two values of a kind, or one the old entry does not hold
    if len(swaps) != 1:
        return None
    pattern, value, was = swaps[0]
    rest = content_words(pattern.sub(" ", new)) - _CHANGE - _NAMING
    if not rest or not rest <= content_words(old):
        return None  # it names something the old entry does not: more than the value
    if not content_words(pattern.sub(" ", old)) - content_words(pattern.sub(" ", new)):
        return None  # nothing more to keep: the statement as said
    start, end = was.span()
    held_value = was[0]
    end -= len(held_value) - len(held_value.rstrip())  # the value, not the space after it
    return old[:start] + value + old[end:]
