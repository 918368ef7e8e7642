"""Words that say a statement does not replace what memory holds, in English and Spanish.

A changed fact replaces an old one only when the new statement states a lasting new value.
These cues mark the statements that do not, whatever else they share with the old entry:

- a question or a plan not yet made ("should I upgrade…?", "thinking about", "¿pasamos a…?")
- a temporary state or a one-off ("for now", "till wed", "tonight's backup", "hasta el
  domingo", "este miércoles", "right now")
- an addition beside the old value ("also", "too", "a second", "también", "además")
- a confirmation that nothing changed ("still", "as usual", "sigue", "como siempre")
- a trial ("to test", "don't use it yet", "de prueba")
- an event ("dropped off again", "otra vez") or another person close to the user ("my
  cousin just moved to Leeds"), unless it says "now" / "ahora"; a remark ("damn", "jaja")

All patterns run on folded text (lower case, accents removed, "ñ" kept), so "también" and
"tambien", "miércoles" and "miercoles" read the same.
"""

from __future__ import annotations

import re

from memory.folding import fold

__all__ = ["fold", "holding_back"]

_DAY = (
    r"(?:mon|tue|tues|wed|thu|thur|thurs|fri|sat|sun)(?:day)?|lunes|martes|miercoles|jueves|"
    r"viernes|sabado|domingo"
)
_QUESTION = re.compile(
    r"\?|¿|^\s*(?:should|shall|do|does|did|are|is|can|could|would|will|what|which|when|where|"
    r"who|how|why)\b.*\b(?:we|i|you|it|they)\b|\b(?:thinking (?:about|of)|considering|maybe|"
    r"might|planning to|plan to|haven'?t decided|not sure|undecided|proposal|propose|"
    r"pending|pendiente|upcoming|quizas?|tal vez|a lo mejor|pensando en|nos planteamos|"
    r"me planteo|no se si|"
    r"(?:todavia|aun) no (?:lo )?(?:hemos |he )?decidid\w*|propuesta|propongo)\b",
    re.IGNORECASE,
)
_TEMPORARY = re.compile(
    r"\b(?:for now|for the moment|for the time being|right now|at the moment|temporar\w*|"
    r"today|tonight'?s?|tomorrow|this (?:week|weekend|cycle|time|once)|next (?:week|weekend|"
    r"time)(?:'s)?|for (?:a|one|two|three|a few|\d+) (?:days?|nights?|weeks?)|"
    rf"(?:till|until|til|through) (?:next |this )?(?:{_DAY}|the \w+|\d|end of|further|"
    r"we|it|they|i)|while (?:the )?[\w-]*(?:'s| is| are) (?:down|out|away|off|broken)|"
    r"por ahora|ahora mismo|de momento|por el momento|temporalmente|provisional\w*|hoy|esta noche|"
    # "mañana" is tomorrow, but "por la mañana", "turno de mañana" say a time of day.
    r"(?<!la )(?<!de )ma[nñ]ana|esta semana|este mes(?! en adelante)|this month(?! on)|"
    r"(?:that|this) one|just this|"
    r"except(?:ion)?|"
    r"esta vez|solo (?:este|esta)|"
    rf"excepto|salvo|(?:'s|is|are) coming|(?:coming|this|next|on) (?:{_DAY})(?!s)|"
    r"(?:este|el) (?:fin de semana|finde)|la semana que viene|"
    rf"(?:este|esta|el proximo|la proxima) (?:{_DAY})|hasta (?:el|la|que|nuevo aviso|"
    rf"(?:{_DAY}))|por unos dias|durante (?:unos|unas|\d|dos|tres) \w+|mientras)\b",
    re.IGNORECASE,
)
_MONTH = r"(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec|ene|abr|ago|dic)[a-z]*"
# "desde" says since when only before a time: "desde el lunes", "desde hoy", "desde marzo";
# "trabajamos desde casa de jaume" says from where.
_SINCE = (
    rf"desde (?:hoy|ya|ahora|manana|\d|{_MONTH}|(?:el|este|esta|la) (?:proxim[oa] )?"
    rf"(?:{_DAY}|mes|semana|ano|dia|\d|{_MONTH}))"
)
_LASTING = re.compile(
    r"\b(?:from now on|going forward|for good|permanently|starting|effective|a partir de|"
    rf"{_SINCE}|from today|as of today|"
    r"de ahora en adelante|para siempre|definitivamente|every|cada)\b",
    re.IGNORECASE,
)
_ADDITION = re.compile(
    r"\b(?:also|as well|too(?=\s*(?:[.,;:!)]|$|and |but |so |y ))|there'?s now|there is now|"
    r"now there'?s|ahora hay|ya hay|in addition|additional|another|a second|"
    r"(?:un|una) segund[oa] (?!mas\b)[a-zñ]{3,}|"  # "un segundo cliente"; not "un segundo"
    r"second \w+|extra|tambien|tb|tmb|ademas|otro mas|otra mas)\b",
    re.IGNORECASE,
)
_SAME = re.compile(
    r"\b(?:still|as usual|as always|same as|nothing changed|no change|unchanged|"
    r"just confirming|confirm\w*|sigue|siguen|sigo|como siempre|sin cambios|"
    r"no ha cambiado|lo mismo|seguimos|continuamos|sticking with|staying with|"
    r"nos quedamos (?:con|en)|me quedo (?:con|en)|(?<!ya )no cambiamos|(?<!ya )no cambia|"
    r"not changing|"
    r"did ?n'?t change|wo ?n'?t change|al final no|"
    # A change word said with a negation: "no lo cambio por nada", "won't be switching".
    r"(?<!ya )no (?:lo |la |los |las |me |nos |te )?(?:cambi\w*|mud\w*|muev\w*|pas\w* a)|"
    r"(?:not|never|wo ?n'?t|would ?n'?t|do ?n'?t|will not|do not) (?:be |ever )?"
    r"(?:chang\w*|switch\w*|mov\w*|replac\w*))\b",
    re.IGNORECASE,
)
_TRIAL = re.compile(
    r"\b(?:to test|testing|trying out|try out|trial|experiment\w*|(?:do ?n'?t|not) use it yet|"
    r"de prueba|para probar|probando|a prueba)\b",
    re.IGNORECASE,
)
# Something that happened to the subject, not a new value of it: "dropped off again",
# "se ha vuelto a caer", "otra vez"; a different person close to the user ("my cousin just
# moved to Leeds" does not move Jen); a remark on it ("damn", "jaja").
_EVENT = re.compile(
    r"\b(?:again|otra vez|de nuevo|(?:ha|han|he) vuelto a|"
    r"when (?:the|my|our) [\w-]+ (?:dropped|died|went down|was down|crashed|failed)|"
    r"cuando (?:se cay[oó]|cay[oó]|fall[oó])|"
    r"my (?:cousin|brother|sister|friend|neighbou?r|colleague|nephew|niece|uncle|aunt)|"
    r"mi (?:prim[oa]|herman[oa]|amig[oa]|vecin[oa]|compañer[oa]|companer[oa]|sobrin[oa]|"
    r"ti[oa]))\b",
    re.IGNORECASE,
)
# Something that happened at a moment just past ("last night", "esta mañana", "ayer"): an
# event, unless it says the value changed then ("migrated … last night", "since last night").
_MOMENT = re.compile(
    r"\b(?:last night|this morning|this afternoon|yesterday|overnight|earlier today|anoche|"
    r"ayer|esta ma[nñ]ana|esta tarde)\b"
)
_CHANGED_THEN = re.compile(
    r"\b(?:migrat\w*|swapp\w*|switch\w*|replac\w*|cambi[eo]|migr[eo]|sustitu\w*|al final|"
    r"since)\b"
)
_REMARK = re.compile(r"\b(?:damn|dammit|ugh|argh|jaja\w*|lol|vaya por dios|mierda)\b")
# A new value said outright ("now", "ahora", "from now on") outweighs the event words.
_NOW = re.compile(r"\b(?:now|ahora|from now on|a partir de|desde|since)\b", re.IGNORECASE)
CUES = {
    "question": _QUESTION,
    "temporary": _TEMPORARY,
    "addition": _ADDITION,
    "same": _SAME,
    "trial": _TRIAL,
    "event": _EVENT,
    "moment": _MOMENT,
    "remark": _REMARK,
}


def holding_back(text: str) -> str | None:
    """The kind of cue that keeps ``text`` from replacing an old entry, or None.

    A temporary cue does not count beside a lasting one ("from Monday on", "desde el
    lunes", "every week"): those state a lasting new value."""
    folded = fold(text)
    for name, pattern in CUES.items():
        if pattern.search(folded):
            if name == "temporary" and _LASTING.search(folded):
                continue
            if name in {"event", "moment"} and _NOW.search(folded):
                continue
            if name == "moment" and _CHANGED_THEN.search(folded):
                continue
            return name
    return None
