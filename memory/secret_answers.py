"""The answer given to a security question: "security question 'first pet' - I put Engine
Fourteen", "pregunta de seguridad del banco: puse Tsuru verde 1994".

A text names a security question (or its answer) in one of six languages, and says what was
given as the answer: the answer named as such ("the answer I used is …", "respuesta: …"), or
a verb of putting, writing or answering about the answer ("I put … as the answer", or opening
the clause right after the question's description) followed by the answer itself: a name or
a number, not a word of the sentence ("I put a fake one", "puse lo de siempre" pass), not a
thing used for something else ("I used PowerPoint for the slides"), and not a talk about
changing or resetting the question.
"""

from __future__ import annotations

import re

from memory.secret_vocab import LazyPattern

__all__ = ["security_answer"]

_QUESTION = LazyPattern(
    lambda: (
        r"(?i)(?<!\w)(?:security questions?|security q|secret questions?|security answers?|"
        r"preguntas? (?:de seguridad|secretas?)|respuestas? (?:de seguridad|secretas?)|"
        r"sicherheitsfragen?|sicherheitsantwort\w*|geheimfragen?|"
        r"questions? (?:secr[èe]tes?|de s[ée]curit[ée])|r[ée]ponses? secr[èe]tes?|"
        r"perguntas? (?:de seguran[çc]a|secretas?)|respostas? (?:de seguran[çc]a|secretas?)|"
        r"domand[ae] (?:di sicurezza|segret[ae])|rispost[ae] (?:di sicurezza|segret[ae]))(?!\w)"
    )
)
# The answer named as such: "the answer (Tiago set) was …", "a resposta que o Tiago pôs foi
# …", "respuesta: …", "Antwort: …".
_ANSWER_IS = re.compile(
    r"(?i)(?:(?:(?:(?<!\w)(?:my|the)\s+|(?<=['’]s\s))answer|(?<!\w)(?:la|mi) respuesta|"
    r"(?<!\w)(?:a|minha) resposta|(?<!\w)(?:la|ma) r[ée]ponse|(?<!\w)(?:la|mia) risposta|"
    r"(?<!\w)(?:die|meine) antwort)(?:\s+[^\s,.;:]+){0,5}?\s+"
    r"(?:is|was|es|fue|era|é|foi|est|[ée]tait|è|ist|war|lautet)|"
    r"(?<!\w)(?:answer|respuesta|resposta|r[ée]ponse|risposta|antwort)\s*:)"
    r"\s*[:\-–]?\s+(?P<value>[\"'“«]?[^\W_][^\n,.;!?]{1,40})"
)
# A verb of putting or answering: "I put", "puse", "contesté", "ich habe … angegeben" (the
# answer first in German is left to the other checks), "j'ai mis", "coloquei", "ho messo".
_PUT = re.compile(
    r"(?i)(?<!\w)(?:I (?:put|used|wrote|typed|entered|answered|gave|set it to|chose)|"
    r"puse|escrib[íi]|contest[ée]|respond[íi]|eleg[íi]|"
    r"j'ai (?:mis|[ée]crit|r[ée]pondu|choisi)|"
    r"coloquei|pus|escrevi|respondi|"
    r"ho (?:messo|scritto|risposto)|"
    r"ich habe|eingegeben:?)"
    r"\s*[:\-–]?\s+(?P<value>[\"'“«]?[^\W_][^\n,.;!?]{1,40})"
)
# The verb is about the answer when the value is said to be it ("I put Rex as the answer") ...
_AS_ANSWER = re.compile(
    r"(?i)(?<!\w)(?:as (?:the|my|an) answer|for the answer|como respuesta|de respuesta|"
    r"als antwort|comme r[ée]ponse|en r[ée]ponse|come risposta|como resposta)(?!\w)"
)
# ... or when the verb opens the clause that follows the question's description ("security
# question 'first pet' - I put …", "pregunta de seguridad del banco: nombre de mi mascota,
# puse …", "… is 'name of your first pet' and I put …"): the description ends at a mark (or a
# quote and "and") and says nothing of its own about the question
# ("Security questions workshop: I used PowerPoint for the slides", "la pregunta … me parece
# absurda, contesté …" tell of something else).
_CLOSES = re.compile(r"(?:[:\-–—,)\"'”’»]|\.\.\.|…|[\"'”’»]\s+(?:and|y|e|und|et|ed))\s*$")
_SAYS = re.compile(
    r"(?i)(?<!\w)(?:is|are|was|were|seems?|looks?|sucks?|think|find|me|I|yo|ich|je|io|eu|es|son|"
    r"era|parece|parecen|creo|ist|sind|war|finde|est|sont|trouve|è|sono|sembra|penso|é|são|"
    r"acho|workshops?|talks?|trainings?|policy|policies|pol[íi]tica|richtlinie|politique|"
    r"slides?|course|curso|kurs|cours|corso)(?!\w)"
)
# The value serves another purpose: "I used PowerPoint for the slides", "contesté Google en
# vez de leerla".
_OTHER_USE = re.compile(
    r"(?i)\s(?:for (?:the|my|a|an|our)|instead of|rather than|para (?:el|la|los|las|mi|mis|un|una)|"
    r"en vez de|en lugar de|statt|anstatt|f[üu]r (?:die|den|das|meine?n?)|au lieu de|"
    r"pour (?:le|la|les|mon|ma|mes)|invece di|al posto di|per (?:il|la|le|i|gli)|em vez de|"
    r"em lugar de|ao inv[ée]s de)(?!\w)"
)
_NOT_AN_ANSWER = re.compile(
    r"(?i)^[\"'“«]?(?:a|an|the|some|something|it|that|this|one|my|his|her|their|nothing|"
    r"anything|un|una|uno|el|la|lo|los|las|algo|nada|mi|su|ein|eine|einen|etwas|nichts|"
    r"mein\w*|le|les|du|des|quelque|rien|mon|ma|mes|o|os|as|um|uma|algo|nada|meu|minha|"
    r"il|gli|qualcosa|niente|mio|mia|same|mismo|misma|real|fake|falsa?|falso|true|wrong|"
    r"yes|no|sí|si|nein|ja|oui|non|não|sim)(?!\w)"
)
# A word in lower case that is no answer: where the answers went ("I put them in 1Password",
# "I answered all three", "las puse todas en el gestor").
_NOT_PLAIN = re.compile(
    r"(?i)^(?:them|they|those|these|all|both|each|every\w*|there|here|down|into|back|"
    r"ellos|ellas|todas?|todos|ahí|allí|ahi|alli|eso|esos|esas|tout|tous|toutes|ça|cela|"
    r"eles|elas|isso|loro|tutt[eiao]|quelle|quelli|sie|alle|dort|hier)(?!\w)"
)
_TALK = re.compile(
    r"(?i)(?<!\w)(?:reset|change|changed|update|updated|forgot|forgotten|olvid\w*|cambi\w*|"
    r"vergessen|geändert|oubli\w*|chang\w*|esqueci\w*|mud\w*|dimentica\w*)(?!\w)"
)


# What a question asks for, in the six languages: a description that names one of these says
# what the question is ("… on the 401k site is first pet's name - I put …"), not what someone
# thinks of it.
_TOPIC = re.compile(
    r"(?i)(?<!\w)(?:names?|pets?|school|city|town|street|mother|maiden|father|teacher|car|"
    r"friend|born|nombre|mascota|escuela|colegio|ciudad|calle|madre|padre|abuel[ao]|maestr[ao]|"
    r"nacist\w*|naci[óo]|name|haustier|schule|stadt|stra(?:ß|ss)e|mutter|vater|lehrer\w*|nom|"
    r"animal|[ée]cole|ville|rue|m[èe]re|p[èe]re|grand-m[èe]re|nome|scuola|citt[àa]|via|nonn[ao]|"
    r"cognome|escola|cidade|rua|m[ãa]e|av[óô]|professor\w*)(?!\w)"
)
# A question's description, then an arrow and the answer ("'cognome della nonna' → Bartolo").
_ARROW = re.compile(
    r"(?:→|->|=>|⇒)\s*[\"'“«]?(?P<value>[^\W_][^\s,.;!?\"'”»]{1,30}(?: [^\W\d_]{2,20})?)"
    r"[\"'”»]?\s*(?=$|[\n,.;!(]|\s+(?:not|no|pas|nicht|non|não)\s)"
)
# (a first word that points elsewhere: "→ see notes", "→ ask Ana")
_NOT_ARROW = re.compile(
    r"(?i)^(?:see|ask|check|todo|tbd|none|n/a|ver|siehe|voir|vedi|pending|pendiente|later|"
    r"done|hecho|erledigt|fait|fatto|feito|ok|reset|changed?|update[ds]?|no idea|ni idea|"
    r"no s[ée]|keine ahnung|aucune id[ée]e|nessuna idea|n[ãa]o sei|sem ideia|unknown)(?!\w)"
)


def security_answer(text: str) -> bool:
    """Whether ``text`` gives the answer set for a security question."""
    questions = [m.end() for m in _QUESTION.finditer(text)]
    if not questions:
        return False
    for end in questions:
        line = text[end : end + 200].split("\n", 1)[0]
        arrow = _ARROW.search(line)
        if arrow is None or _TALK.search(line[: arrow.start()]):
            continue
        value = arrow.group("value")
        if not _NOT_AN_ANSWER.match(value) and not _NOT_ARROW.match(value):
            return True
    for m in _ANSWER_IS.finditer(text):
        if _answer_like(m.group("value")):
            return True
    for m in _PUT.finditer(text):
        value = m.group("value")
        if _OTHER_USE.search(value) or not _answer_like(value, plain=True):
            continue
        after = re.split(r"[\n.;!?]", text[m.end() : m.end() + 200], maxsplit=1)[0]
        if _answers_it(text, questions, m):
            return True  # right after the question's description: a word in lower case too
        if _answer_like(value) and (_AS_ANSWER.search(value) or _AS_ANSWER.search(after)):
            return True
    return False


def _answer_like(value: str, *, plain: bool = False) -> bool:
    """A name, a number or a quoted answer; with ``plain``, a word in lower case too."""
    value = value.strip()
    if _NOT_AN_ANSWER.match(value) or _TALK.search(value):
        return False
    first = value.lstrip("\"'“«")
    if plain and re.match(r"[^\W\d_]{3,}", first) and not _NOT_PLAIN.match(first):
        return True
    return first[:1].isupper() or first[:1].isdigit() or value[:1] in "\"'“«"


def _answers_it(text: str, questions: list[int], verb: re.Match[str]) -> bool:
    """The verb opens the clause right after the question's description."""
    before = [end for end in questions if end <= verb.start()]
    if not before:
        return False
    description = text[before[-1] : verb.start()]
    if _CLOSES.search(description) is None:
        return False
    return _SAYS.search(description) is None or _TOPIC.search(description) is not None
