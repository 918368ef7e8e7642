"""A value no person would write for anything but a password, said with no key word.

Upper and lower case, digits and a symbol ("%OmR8QoliSD!$"), or case and digits mixed at random
("7uSZO1mGjU8xNQB"). Digests, fingerprints, paths and numbered things ("run#3") pass.
"""

from __future__ import annotations

import re

from memory.secret_context import PUBLIC
from memory.secret_prose import credential_like

__all__ = ["random_password"]

_RANDOM = re.compile(r"(?<![\w@/.:=+-])[^\s\"'`“”«»„‘’()\[\]{}<>,;]{8,40}")
_PASSWORD_SYMBOLS = set("!#$%&*+?@^~=")


def random_password(text: str) -> bool:
    for m in _RANDOM.finditer(text):
        value = m.group(0).rstrip(".,:")
        if len(value) < 8 or "://" in value or re.search(r"[/\\]|@.*@|^0x|^(?i:sha|md)\d*:", value):
            continue
        if PUBLIC.search(text[max(0, m.start() - 40) : m.start()]):
            continue  # "fingerprint …", "key ID …": public material
        lower = sum(ch.islower() for ch in value)
        upper = sum(ch.isupper() for ch in value)
        digit = sum(ch.isdigit() for ch in value)
        if not (lower and upper and digit):
            continue
        if not credential_like(value, near=True, direct=True):
            continue  # a path, a citation, an address, a version
        symbols = {ch for ch in value if not ch.isalnum()}
        numbered = not re.search(r"[^\W\d_]\d+[^\W\d_]", value.rsplit("#", 1)[0])
        if re.search(r"#\d+$", value) and not symbols - {"#", "-", "_", "."} and numbered:
            continue  # "pUC19-GFP#2", "run#3": a numbered thing
        if symbols & _PASSWORD_SYMBOLS and lower + upper >= 4 and value[0] not in "#$@":
            if not re.fullmatch(r"[\w.+-]+@[\w-]+(?:\.[\w-]+)+", value):
                return True
        if symbols or len(value) < 12:
            continue
        # No word in it: runs of one or two letters between digits and case changes.
        words = re.findall(r"[A-Z]?[a-z]{2,}|[A-Z]{4,}", value)
        runs = re.findall(r"[a-z]+|[A-Z]+|\d+", value)
        if sum(map(len, words)) <= len(value) // 3 and len(runs) >= 6:
            return True
    return False
