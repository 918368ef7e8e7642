"""A greeting said as a question: "¿qué tal?", "how are you?", "what's up?".

A chat line that asks is answered from memory, but "how are you doing?" asks nothing of it:
searching for it prints "Nothing in memory about that" and the session summary then keeps
"asked: ¿qué tal?" in the daily log. A line is chit-chat when every word in it belongs to
the small closed class of greetings and how-are-you words (English and Spanish), one of them
a greeting or a word to the assistant; one word
outside it ("what's up with the NAS?", "¿qué tal el proyecto?") makes it a real question.
"""

from __future__ import annotations

import re

from memory.folding import fold

__all__ = ["is_chitchat"]

_WORDS = frozenset(
    """
    hi hello hey heya hiya yo howdy morning afternoon evening night good day gday
    how hows are r you u ya doing going goes it its is everything all well ok okay alright
    what whats up sup there mate buddy friend again today tonight so and then life
    things thanks thank cheers nice meet to see
    hola buenas buenos buen dia dias tarde tardes noche noches que tal como estas esta
    estais estan va vas van todo bien andas anda te ha ido hoy y tu usted gracias muchas
    pues oye ey hey amigo vosotros ustedes que hay de cuentas pasa
    """.split()
)
# ... at least one of them a greeting or a word to the assistant: "is it up?" and "what is
# new today?" ask about something.
_GREETING = frozenset(
    """
    hi hello hey heya hiya yo howdy morning afternoon evening night gday you u ya sup doing
    going goes life thanks thank cheers mate buddy hola buenas buenos buen dias tardes noches
    tal estas estais todo tu usted gracias amigo oye ey andas whats pasa
    """.split()
)
_DAY = frozenset("today tonight hoy".split())
_YOU = frozenset("you u ya estas estais tu usted".split())
_WORD = re.compile(r"[a-z]+")


def is_chitchat(line: str) -> bool:
    """True for a line of greeting and how-are-you words only ("Hola, ¿qué tal?",
    "hey, how's it going?"); False as soon as it names anything ("¿qué tal el NAS?")."""
    words = _WORD.findall(fold(line).replace("'", ""))
    return (
        0 < len(words) <= 8
        and all(word in _WORDS for word in words)
        and any(word in _GREETING for word in words)
        # "what's up today?", "¿qué tal hoy?" ask about the day; "how are you today?" not
        and (not _DAY & set(words) or bool(_YOU & set(words)))
    )
