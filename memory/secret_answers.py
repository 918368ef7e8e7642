"""The answer given to a security question: "security question 'first pet' - I put Engine
Fourteen", "pregunta de seguridad del banco: puse Tsuru verde 1994".

A text names a security question (or its answer) in one of six languages, and says what was
given as the answer with a verb of putting, writing or answering followed by the answer
itself: a name or a number, not a word of the sentence ("I put a fake one", "puse lo de
siempre" pass), and not a talk about changing or resetting the question.
"""

from __future__ import annotations

import re

from memory.secret_vocab import LazyPattern

__all__ = ["security_answer"]

_QUESTION = LazyPattern(
    lambda: (
        r"(?i)(?<!\w)(?:security questions?|secret questions?|security answers?|"
        r"preguntas? (?:de seguridad|secretas?)|respuestas? (?:de seguridad|secretas?)|"
        r"sicherheitsfragen?|sicherheitsantwort\w*|geheimfragen?|"
        r"questions? (?:secr[èe]tes?|de s[ée]curit[ée])|r[ée]ponses? secr[èe]tes?|"
        r"perguntas? (?:de seguran[çc]a|secretas?)|respostas? (?:de seguran[çc]a|secretas?)|"
        r"domand[ae] (?:di sicurezza|segret[ae])|rispost[ae] (?:di sicurezza|segret[ae]))(?!\w)"
    )
)
# "I put", "I used", "answered", "puse", "contesté", "ich habe … angegeben" (the answer first
# in German is left to the other checks), "j'ai mis", "coloquei", "ho messo".
_GAVE = re.compile(
    r"(?i)(?<!\w)(?:I (?:put|used|wrote|typed|entered|answered|gave|set it to|chose)|"
    # "the answer (Tiago set) was …", "a resposta que o Tiago pôs foi …"
    r"(?:(?:(?:my|the)\s+|(?<=['’]s\s))answer|(?:la|mi) respuesta|(?:a|minha) resposta|"
    r"(?:la|ma) r[ée]ponse|(?:la|mia) risposta|(?:die|meine) antwort)(?:\s+[^\s,.;:]+){0,5}?\s+"
    r"(?:is|was|es|fue|era|é|foi|est|[ée]tait|è|ist|war|lautet)|"
    r"puse|escrib[íi]|contest[ée]|respond[íi]|eleg[íi]|"
    r"j'ai (?:mis|[ée]crit|r[ée]pondu|choisi)|"
    r"coloquei|pus|escrevi|respondi|"
    r"ho (?:messo|scritto|risposto)|"
    r"ich habe|eingegeben:?)"
    r"\s*[:\-–]?\s+(?P<value>[\"'“«]?[^\W_][^\n,.;!?]{1,40})"
)
_NOT_AN_ANSWER = re.compile(
    r"(?i)^[\"'“«]?(?:a|an|the|some|something|it|that|this|one|my|his|her|their|nothing|"
    r"anything|un|una|uno|el|la|lo|los|las|algo|nada|mi|su|ein|eine|einen|etwas|nichts|"
    r"mein\w*|le|les|du|des|quelque|rien|mon|ma|mes|o|os|as|um|uma|algo|nada|meu|minha|"
    r"il|gli|qualcosa|niente|mio|mia|same|mismo|misma|real|fake|falsa?|falso|true|wrong|"
    r"yes|no|sí|si|nein|ja|oui|non|não|sim)(?!\w)"
)
_TALK = re.compile(
    r"(?i)(?<!\w)(?:reset|change|changed|update|updated|forgot|forgotten|olvid\w*|cambi\w*|"
    r"vergessen|geändert|oubli\w*|chang\w*|esqueci\w*|mud\w*|dimentica\w*)(?!\w)"
)


def security_answer(text: str) -> bool:
    """Whether ``text`` gives the answer set for a security question."""
    if _QUESTION.search(text) is None:
        return False
    for m in _GAVE.finditer(text):
        value = m.group("value").strip()
        if _NOT_AN_ANSWER.match(value) or _TALK.search(value):
            continue
        first = value.lstrip("\"'“«")
        if first[:1].isupper() or first[:1].isdigit() or value[:1] in "\"'“«":
            return True
    return False
