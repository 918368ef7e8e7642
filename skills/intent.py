"""What kind of thing a request asks for, in English and Spanish.

``looks_like_request``: an instruction or a question (a verb first, "please", "can you",
a question mark, a Spanish imperative), as opposed to a statement that mentions something
without asking for anything ("the meeting got cancelled").

``asks_for_knowledge``: a skill does a task on the user's things ("split this PDF", "my
disk clicks", "¿cómo compruebo mis copias?"). A question of general knowledge ("what does SQL stand
for", "¿quién escribió Don Quijote?") asks the assistant to answer, not to run a skill, even when
it names a skill's topic. It opens with a question word and refers to nothing of the
user's: no "this", "these", "my", "here", "attached", "este", "mi", "aquí", nor a Spanish
verb in the first person ("¿cómo hago…?", "¿dónde guardé…?").

``reports_problem``: a statement that reports something going wrong ("first layer won't
stick", "extruder keeps clicking", "el portátil se desconecta del wifi") asks for help as
plainly as a question does.

``asks_for_advice``: a question whose shape asks for knowledge or an opinion whatever it
names — a difference, a meaning, a recommendation, a purchase, an explanation ("what's the
difference between a Pi 4 and a Pi 5", "what does 'net 30' mean on an invoice", "¿qué
impresora 3D me compro?"). Skills do tasks; these are answered by the assistant, so a skill
needs a clearly higher score to take one.
"""

from __future__ import annotations

import re

from skills.language import fold

__all__ = [
    "ACTION_VERBS",
    "asks_for_advice",
    "asks_for_knowledge",
    "asks_how_to",
    "asks_to_do",
    "looks_like_request",
    "refers_to_own_things",
    "reports_problem",
    "specifics",
]

_VERBS = (
    "check|run|start|restore|recover|get|bring|make|create|add|give|set|put|clear|remove|free|"
    "trim|empty|restart|reboot|reconnect|update|upgrade|refresh|renew|rotate|swap|change|"
    "exchange|generate|save|dump|export|back|turn|power|boot|wake|kick|verify|measure|look|"
    "list|show|tell|snapshot|checkpoint|take|flush|reset|force|cancel|stop|delete|fix|test|"
    "scan|scrub|open|send|install|copy|move|sync|pull|find|fetch|print|clean|wipe|rebuild|"
    "replace|enable|disable|fill|convert|write|draft|review|merge|split|join|combine|rename|"
    "plot|graph|chart|analyse|analyze|calculate|calc|compute|summarise|summarize|translate|"
    "polish|edit|shorten|tidy|profile|triage|organise|organize|plan|build|prepare|log|mark|"
    "track|extract|sort|pair|troubleshoot|debug|explain|help|draw|undo|preview|announce|attach|"
    "burst|categorize|categorise|classify|harden|restructure|visualise|visualize|group|label|"
    "tag|annotate|compare|format|proofread|reword|rewrite|publish|deploy|schedule|book|"
    "automate|reply|answer|respond|outline|tabulate|cut|crop|sign|encrypt|decrypt|compress|"
    "upload|download|import|migrate|inspect|audit|lint|validate|diagnose|identify|estimate|"
    "reformat|count|highlight|flag|fold|pick|recommend|suggest|share|shrink|resize|reduce|"
    "enlarge|transcribe|proofread|simplify|expand|clean|calibrate|recalibrate|record|weigh|"
    "dilute|reconcile|reorder|order|total|tally|scale|convert|map|note"
)
# The English verbs a request asks for a task with ("merge", "renew", "plot"); a Spanish
# request meets them through its gloss ("une" -> "join").
ACTION_VERBS = frozenset(_VERBS.split("|"))
# Spanish: requests by verb (imperative, "quiero", "necesito"…) and the opening '¿'.
_SPANISH = (
    r"quiero|necesito|puedes|podr[ií]as|me ayudas|ay[uú]dame|por favor|hazme|haz|dame|"
    r"prep[aá]rame|conv[ié]rte(?:me)?|escr[ií]be(?:me)?|redacta|revisa|une|separa|renombra|"
    r"limpia|calcula|analiza|organ[ií]za(?:me)?|apunta|traduce|corrige|crea|genera|busca|"
    r"comprueba|mira|pon(?:le)?|qu[ií]tale|saca|pasa(?:me)?|ordena|mejora|recorta|r[eé]llena|"
    r"dibuja|resume|arregla|actualiza|renueva|c[oó]mo|qu[eé]|cu[aá]l|cu[aá]nto|d[oó]nde|"
    r"tengo que|hay que|verifica|contesta|responde|clasifica|agrupa|categoriza|extrae|"
    r"compara|prepara|planifica|programa|automatiza|configura|instala|borra|elimina|quita|"
    r"sube|descarga|env[ií]a|manda|firma|completa|cambia|junta|divide|recomi[eé]nda(?:me)?"
)
# A Spanish imperative with an attached pronoun carries a written accent: "pásame",
# "conviértelo", "échale un ojo".
_SPANISH_ENCLITIC = r"^\W*\w*[áéíóú]\w*(?:me|te|le|lo|la|les|los|las|nos)\b"
# A question later in the text: "…, what's my primer efficiency", "…, why".
_LATER_QUESTION = (
    r"[,;:.!—–]\s*(?:what|which|how|why|should i|is it|is that|does it|do i|can i)\b|"
    r"\bwhy\s*$|\bshould i\b|\bwhat do i do\b"
)
_REQUEST = re.compile(
    rf"(?:^|[,;:]\s*|\b(?:then|and|please|now)\s+)(?:{_VERBS})\b|\?\s*$|^\s*¿|"
    r"^\s*(?:what|which|how|is|are|do|does|can|could|would|will|should|when|where|who|why)\b|"
    r"\b(?:please|pls|plz|can you|could you|i want|i need|i'd like|let's|time to|help me|"
    r"need|how (?:do|can|should) i|what now|what gives)\b|"
    rf"{_SPANISH_ENCLITIC}|{_LATER_QUESTION}|"
    r"\bno (?:consigo|puedo|funciona|s[eé] c[oó]mo)\b|"
    rf"(?:^|[,;:]\s*|\b(?:y|luego|ahora)\s+)(?:{_SPANISH})\b",
    re.IGNORECASE,
)


def looks_like_request(text: str) -> bool:
    """An instruction or a question, as opposed to a statement about something (English
    and Spanish)."""
    return bool(_REQUEST.search(text))


_QUESTION = re.compile(
    r"^\W*(?:what|what's|whats|who|whom|which|when|where|why|how|is|are|was|were|does|do|"
    r"did|explain|remind me|tell me|define|que|quien|quienes|cual|cuales|cuando|donde|"
    r"por que|como|cuanto|cuantos|cuantas|explica|explicame|dime)\b"
)
# "this year", "este mes": a time, not something of the user's.
_TIME = (
    r"(?!\s+(?:year|month|week|morning|afternoon|evening|weekend|time|season|ano|mes|"
    r"semana|manana|tarde|noche|finde|fin de semana|temporada)\b)"
)
_PERSONAL = re.compile(
    rf"\b(?:this|these|that|este|esta|estos|estas|ese|esa){_TIME}\b|"
    r"\b(?:those|my|mine|our|ours|i|i'm|im|i've|ive|i'd|me|we|us|here|"
    r"here's|attached|below|above|esto|esos|esas|eso|mi|mis|"
    r"nuestro|nuestra|nuestros|nuestras|tengo|aqui|adjunto|abajo|yo)\b|"
    r"\b(?:como|donde) (?:(?:lo|la|los|las|le|les|me) )?(?!se\b)[a-z]+o\b"
)

# "¿dónde guardé…?", "¿lo borré?": a Spanish verb in the first person of the past.
_PAST_FIRST_PERSON = re.compile(r"\b\w+é\b(?<!\bqué)(?<!\bporqué)")


def asks_for_knowledge(text: str) -> bool:
    """A question of general knowledge: a question word first, nothing of the user's."""
    folded = fold(text)
    if _PERSONAL.search(folded) or _PAST_FIRST_PERSON.search(text.lower()):
        return False
    return bool(_QUESTION.search(folded))


def refers_to_own_things(text: str) -> bool:
    """The request points at something of the user's ("my", "this", "tengo", "aquí"…)."""
    return bool(_PERSONAL.search(fold(text)))


_HOW_TO = re.compile(
    r"\b(?:how (?:do|can|should|would|could) (?:i|you|we|one)|how to|"
    r"como (?:se|puedo|podria|hago|hay que)\b)"
)


def asks_how_to(text: str) -> bool:
    """A question about how a thing is done ("how do I …", "¿cómo se …?"): it may want to
    learn the steps rather than have a skill do them."""
    return bool(_HOW_TO.search(fold(text)))


_ADVICE = re.compile(
    r"\b(?:difference between|differ from|diferencia (?:hay )?entre|que diferencia|"
    r"what (?:does|do) (?!(?:these|this|my|those|that|it)\b)[\w' -]{1,40} (?:mean|stand for)|"
    r"what (?:is|are) (?:a|an|some)\b|que significa|que quiere decir|que es (?:un|una|lo)\b|"
    r"recommend (?:a|an|some|me)\b|recomiendas|recomiendame|which (?:one )?is better|"
    r"which one\W*$|which (?:is|one) (?:best|faster|cheaper)|(?:different|differs?) from|"
    r"diferente de|distint[oa] de|cual (?:de (?:los|las) dos|me compro|es mejor)|"
    r"que es mejor|is it worth|merece la pena|vale la pena|should i buy|"
    r"(?:which|what|que) [\w ]{1,30} (?:should i buy|me compro|compro)\b|"
    r"where can i (?:buy|download)|donde (?:compro|puedo comprar|descargo)|"
    r"explain (?:how|what|why)|explicame|tell me (?:a|about)\b|cuentame|"
    r"how (?:long|many|much) (?:do|does|is|are|can|should)\b|what time is it|que hora es)",
)


def asks_for_advice(text: str) -> bool:
    """A question shaped to ask for knowledge or an opinion (a difference, a meaning, a
    recommendation, a purchase, an explanation), in English or Spanish."""
    return bool(_ADVICE.search(fold(text)))


_PROBLEM = re.compile(
    r"\b(?:keeps? \w+ing|won'?t|wont|doesn'?t|does not|isn'?t|can'?t|cannot|not working|"
    r"no longer|stopped|stops|fails?|failed|failing|stuck|errors?|wrong|xfa|porfa|pls|plz|"
    r"no (?:funciona|carga|cargan|va|arranca|sale|salen|pega|conecta|encuentro|entiendo|se)|"
    r"se (?:desconecta|cae|atasca|despega|corta|rompe|me)|va (?:muy )?lent\w*|falla\w*|"
    r"atascad\w*|mal)\b"
)


def reports_problem(text: str) -> bool:
    """A statement reporting that something goes wrong (or a bare "pls"/"xfa"), English or
    Spanish: it asks for help although it asks no question."""
    return bool(_PROBLEM.search(fold(text)))


# A request that opens with what to do: an English verb ("log", "make me", "please check")
# or a Spanish imperative ("apunta", "calcula", "hazme", "pásame").
_SPANISH_DO = (
    r"apunta|anota|registra|calcula|prepara|planifica|organiza|haz|hazme|dame|crea|genera|"
    r"revisa|comprueba|mira|busca|pon|ponle|quita|quitale|saca|pasa|convierte|escribe|"
    r"redacta|contesta|responde|resume|clasifica|ordena|agrupa|extrae|compara|traduce|"
    r"corrige|actualiza|renueva|verifica|lista|suma|reparte|genera|rellena|completa|cambia"
)
_ENGLISH_DO = r"work out|figure out|set up|sum up|double|halve|feed|water|sow|pay"
_DO = re.compile(
    rf"^\W*(?:(?:please|pls|plz|can you|could you|por favor|puedes|podrias)\s+)?"
    rf"(?:{_VERBS}|{_ENGLISH_DO}|{_SPANISH_DO})\b",
    re.IGNORECASE,
)


def asks_to_do(text: str) -> bool:
    """The request opens with what to do ("log 12 km…", "apunta que…", "pásame…")."""
    return bool(_DO.search(fold(text))) or bool(re.search(_SPANISH_ENCLITIC, text.lower()))


# Details of the user's case: a name written with a capital inside the sentence, a
# token with a digit ("14B", "2kg", "Q2"), a host or a file name ("shop.example.com",
# "cq_export.xlsx"). "I" is no detail.
_DETAIL = re.compile(r"(?<!^)(?<![.?!¿¡]\s)\b[A-ZÁÉÍÓÚÑ][\w-]*|\b\w*\d\w*\b|\b\w+\.[a-z]{2,4}\b")


def specifics(text: str, most: int = 3) -> float:
    """How many details of a case the request hands over (up to ``most``), as a share of
    ``most``: a task for a skill comes with its material, a question about a topic rarely."""
    found = [m for m in _DETAIL.findall(text.strip()) if m not in {"I", "I'm", "I'd", "I've"}]
    return min(len(found), most) / most
