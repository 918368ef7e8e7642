"""A value set apart on a line: a note, a lock and its code after ':', the reply to a question.

"porta do prédio → 42-73", "MB WAY  997739", "Netflix  ana@example.pt  azulejo53?"; "the
lockbox is behind the plant: 1 2 0 8"; "what's the wifi?" and on the next line "it's …".
A bare number needs a name of something it opens: "bus  7781", "Door: B204" pass.
"""

from __future__ import annotations

import re

from memory.secret_codes import NOT_CODE_CONTEXT, number_label, stands_alone
from memory.secret_context import (
    BETWEEN_WORDS,
    CODE,
    CODE_END,
    LABEL_NOT,
    LINE_CODE,
    OPENS,
    PAYMENT,
    SIGN_IN_PLACE,
    YEAR,
)
from memory.secret_prose import credential_like
from memory.secret_vocab import LazyPattern, pattern

__all__ = ["chat_reply", "lock_then_colon", "note_line"]

# A note line: a short name, then a wide gap, an arrow or a tab, then values and at most a
# remark in brackets. "porta do prédio da Rita → 42-73", "cancela urb. Los Pinos  179947".
_LINE = re.compile(
    r"(?m)^[ \t]*(?:[-*•][ \t]+)?(?P<label>[^\W\d][^\n]{0,40}?)"
    r"(?P<sep>[ \t]*(?:→|->|=>)[ \t]*|[ \t]{2,}|\t)"
    r"(?P<rest>[^\n]{3,80}?)[ \t]*(?:\([^)\n]*\))?[ \t]*$"
)


def note_line(text: str) -> bool:
    for m in _LINE.finditer(text):
        label = m.group("label").strip()
        if len(label.split()) > 6 or LABEL_NOT.search(label):
            continue
        parts = re.split(r"[ \t]{2,}|\t", m.group("rest").strip())
        if len(parts) > 2 or (len(parts) == 2 and "→" not in m.group("sep") and len(parts[0]) < 3):
            continue
        value = parts[-1].strip()
        if " " in value and not re.fullmatch(r"\d(?: \d){2,7}", value):
            continue
        if LINE_CODE.match(value):
            # "bus  7781", "Zimmer  204": a bare number needs a name of something it opens
            named = bool(OPENS.search(label) or SIGN_IN_PLACE.search(label))
            named = named or PAYMENT.search(label) is not None
            if YEAR.fullmatch(value):
                continue
            if re.fullmatch(r"[\d ]+|\d{1,2}[-.]\d{1,2}[-.]\d{2,4}", value) and not named:
                continue  # a number or a date
            return True
        if credential_like(value, near=True, direct=True) and not re.fullmatch(
            r"[\w.+-]+@[\w.-]+", value
        ):
            return True
    return False


# "The lockbox is behind the plant: 1 2 0 8": something a code opens, then ':' and a code.
_LOCK_COLON = re.compile(
    rf"(?i)(?P<said>[^\n:.;!?\d]{{0,80}}?)(?::|→|->|[ \t][-–—][ \t])[ \t]*"
    rf"(?P<value>{CODE}){CODE_END}"
    rf"[ \t]*(?:$|[\n.;,!(—–-]|(?:then|puis|luego|despu[ée]s|dann|poi|depois)(?!\w))"
)


_CLOCK = re.compile(
    r"(?i)(?<!\w)(?:clock|reloj|rel[óo]gio|orologio|horloge|r[ée]veil|wecker|despertador|"
    r"sveglia)(?!\w)"
)


def lock_then_colon(text: str) -> bool:
    for m in _LOCK_COLON.finditer(text):
        said, value = m.group("said"), m.group("value")
        if OPENS.search(said) is None or NOT_CODE_CONTEXT.search(said) or number_label(said):
            continue
        if YEAR.fullmatch(value) or BETWEEN_WORDS.search(said) or LABEL_NOT.search(said):
            continue
        if value[0].isalpha():
            continue  # "Door: B204": a door's name
        if _CLOCK.search(said):
            continue  # "the alarm clock: 0645": a time
        if " " in value or stands_alone(text, m.start("value"), m.end("value")):
            return True
    return False


# A question about a credential, and the reply on the next line: "A: what's the wifi?\nB: …".
_ASKED = LazyPattern(
    lambda: (
        rf"(?i)(?<!\w)(?:{pattern('network', 'password', 'wifi_key', 'pin', 'code')}|router)(?!\w)"
        r"[^\n]*\?[ \t]*\n"
    )
)
_REPLY = re.compile(
    r"(?i)^[ \t]*(?:[^\W\d][\w .'-]{0,20}:[ \t]*)?(?:(?:it'?s|es|est|c'est|é|è|ist|is|la de \w+\??)"
    r"[ \t]+)?(?P<value>\S+?)[,;]?(?:[ \t]*$|[,;][ \t].*$)"
)


def chat_reply(text: str) -> bool:
    for m in _ASKED.finditer(text):
        line_end = text.find("\n", m.end())
        line = text[m.end() : None if line_end < 0 else line_end]
        reply = _REPLY.match(line) or _REPLY.match(line.rsplit("?", 1)[-1])
        if reply is None:
            continue
        value = reply.group("value").rstrip(".,;!")
        if credential_like(value, near=True, direct=True) or LINE_CODE.match(value):
            return True
    return False
