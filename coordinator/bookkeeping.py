"""Log lines the assistant writes about its own work — a session's summary, which skill
ran — and the questions they answer. Such a line says what the assistant did, not what
happened: it answers only a question about sessions or skills ("where is the telescope?"
is not answered by "Activated skill …"), and it is never a fact weighed by meaning."""

from __future__ import annotations

import re

__all__ = ["BOOKKEEPING", "left_out"]

# Each bookkeeping kind of log line, with the words of a question that asks about it.
_ASKED_BY = {
    "session-summary": re.compile(r"\b(?:sessions?|sesi[oó]n|sesiones|chats?)\b", re.IGNORECASE),
    "skill-activation": re.compile(
        r"\b(?:skills?|habilidad(?:es)?|activat\w*|activ[oó]\w*)\b", re.IGNORECASE
    ),
}
BOOKKEEPING = frozenset(_ASKED_BY)


def left_out(question: str) -> frozenset[str]:
    """The bookkeeping kinds that do not answer ``question``: all but those it asks about."""
    return frozenset(kind for kind, words in _ASKED_BY.items() if not words.search(question))
