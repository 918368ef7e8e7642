"""Routing without a language model: explicit cues first, then a trained classifier.

Each decision says why (``rule: …`` or ``classifier: …``), quoting only words of the text,
so a person can see how a fact landed where it did. The classifier
(``coordinator.route_model``) is trained by ``scripts/train_router.py`` on the train part of
an independently written corpus and shipped as package data.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from coordinator.kept_words import changed_now, clear_errand, errand, someones_preference
from coordinator.lasting import reads_as_lasting
from coordinator.named_statement import named_subject
from coordinator.project_names import mentions
from coordinator.steering import steers_the_talk
from coordinator.tense import tells_done
from coordinator.todo_words import is_todo_question
from memory.folding import fold_ascii

if TYPE_CHECKING:
    import numpy as np

    from coordinator.project_evidence import WorkspaceEvidence
    from coordinator.route_model import RouteModel

__all__ = ["Route", "Router", "is_question", "strip_intent", "strip_project"]

_REMEMBER = re.compile(
    r"^\s*(?:please\s+)?(?:remember|note(?! to self)|keep in mind|don't forget|do not forget|fyi)"
    r"\b(?!\s+to\b)(?:\s+that)?\s*[:,-]?\s*",  # whole words: "Notes …", "Remembered …" stay
    re.IGNORECASE,
)
# Session context: "in this conversation", "para esta conversación", or a line that opens
# with "for now" / "por ahora" / "let's assume" (inside a sentence "for now" is only a cue:
# "pinned 22.04 for now" is an event of the day).
_SESSION = re.compile(
    r"\b(?:(?:in|for) (?:this|the current) (?:session|conversation|convo|chat|thread|discussion)|"
    r"for the rest of (?:this|the) (?:session|chat|conversation)|for the next (?:few )?messages|"
    r"(?:en|para) (?:esta|la) (?:conversaci[oó]n|sesi[oó]n|charla|conversa)|"
    r"(?:en|para) este (?:chat|hilo)|"
    r"no need to (?:save|keep|store) (?:any of )?(?:it|this|that)|"
    r"no (?:hace falta|hay que) (?:guardar|apuntar)(?:lo)?|no lo apuntes|"
    r"(?:we'?ll|let'?s) come back to (?:it|this|that)|lo retomamos|"
    r"hasta que te diga|mientras hablamos|solo (?:para )?hoy:|solo para (?:este|esta|estos)|"
    r"don'?t save (?:any of )?(?:it|this|that)|no (?:lo )?guardes|"
    r"for this (?:calc|analysis|chat)|(?:para|en) este an[aá]lisis|"
    r"(?:for|in) this (?:comparison|calculation|estimate)s?|"
    r"(?:para|en) (?:este|estos) c[aá]lculos?)\b|"
    r"^\s*(?:for now|por ahora|de momento|por el momento|temporarily|temporalmente|"
    r"let'?s (?:assume|say|pretend|focus|call)|(?:assume|suppose|pretend) (?:that |the |we )|"
    r"asume|supongamos|pongamos que|sup[oó]n que|imagina que|c[eé]ntrate|centr[eé]monos|"
    r"trabajemos|revisemos|sigamos con|repasemos|"
    r"let'?s (?:brainstorm|go through|walk through|work through|review)|"
    r"quick context|(?:estado|status)(?: ahora| now)?(?=\s*:)|park (?:the|this|that)|"
    r"(?:current|actual) (?:state|status|hypothesis)|estado actual|hip[oó]tesis actual)\b",
    re.IGNORECASE,
)
# A question without its "?": "what's the nas ip", "cual es la ip del nas". Not a reminder
# ("can you remind me …" is a task) and not a heading ("What I learned: …").
_QUESTION = re.compile(
    r"^\s*¿?\s*(?:what(?:'?s| is| are| was| does| do| did)?|where(?:'?s| is| are| do| does)?|"
    r"who(?:'?s| is)?|which|why|when (?:is|does|did|do|was|will)|"
    r"how (?:many|much|long|often|old|big|do|does|did|can|is|are|should|would)|"
    r"is (?:there|it|the|my|our)|are (?:there|the|my|our|we)|do (?:i|we|you) (?:have|need|know)|"
    r"does|did|can you (?:explain|tell)|could you (?:explain|tell)|"
    r"should (?:i|we)|qu[eé] (?:es|son|significa|hora|pasa|tal|hago|opinas)|qué|"
    r"cu[aá]l(?:es)?|cu[aá]nt[oa]s?|dónde|donde (?:est[aá]|queda|tengo|guardo|se)|"
    r"qui[eé]n(?:es)? (?:es|son|tiene|lleva)|quién|por qu[eé]|"
    r"c[oó]mo (?:se llama|est[aá]|va|puedo|hago|funciona)|c[oó]mo se \w+(?![^,:]*[,:])|sabes|"
    r"te acuerdas|tienes (?:apuntad|guardad|anotad)[oa]s?|"
    r"hay (?:alg[uú]n|alguna|forma|manera))"
    r"\b(?![^:]*:)",
    re.IGNORECASE,
)
# "did the stocktake this afternoon", "did 4 hours of reconciliations": something done today,
# said without its subject — not "did the job finish?" or "did jonas send the drawings".
_DONE = re.compile(
    r"^\s*did\s+(?!(?:you|u|i|we|they|he|she|it|anyone|anybody|someone|somebody|"
    # a name asking ("Did Ana send …"), not whose ("did Tofu's curve") nor what ("Did
    # Pilates this morning")
    r"(?-i:[A-Z][a-z]+)(?!['’]s)\s+(?!(?:this|today|tonight|yesterday|with|at|in|on|for|and|"
    r"again|all)\b)[a-z]+)\b)"
    r"(?:\d|[^?]*\b(?:today|this (?:morning|afternoon|evening)|tonight)\b)(?![^?]*\?)",
    re.IGNORECASE,
)
# A reminder for the user is a task of the day, even when asked as a question.
_REMIND = re.compile(
    r"^\s*¿?\s*(?:please\s+|por favor,?\s+)?(?:remind me|recu[eé]rdame|recordarme|"
    r"acu[eé]rdate de|no me dejes olvidar|don'?t let me forget|que no se me olvide|"
    r"(?:remember|don'?t forget|do not forget) to|no (?:te )?olvides (?:de )?|"
    r"(?:can|could) you remind me|me (?:puedes |podr[ií]as )?recordar|me recuerdas)\b",
    re.IGNORECASE,
)
_REMIND_ANYWHERE = re.compile(
    r"\b(?:remind|recu[eé]rda|record(?:ar|armelo)|put it on my list|ap[uú]ntalo|add it to)\w*",
    re.IGNORECASE,
)
_REMIND_QUESTION = re.compile(
    r"^\s*(?:remind me|recu[eé]rdame),?\s+(?:what|how|why|which|who|qué|c[oó]mo|cu[aá]l)\b",
    re.IGNORECASE,
)
# Asking to be told something memory holds is a question: "tell me the NAS IP", "dime la IP
# del NAS", "recuérdame la contraseña… " — not "recuérdame que …" / "remind me to …".
_ASK_FOR = re.compile(
    r"^\s*(?:please\s+|por favor,?\s+)?(?:(?:tell|remind|show) me|"
    r"d[ií](?:me|game)|cu[eé]ntame|recu[eé]rdame|mu[eé]strame)\s+"
    r"(?:the|my|our|his|her|their|el|la|los|las|mi|mis|tu|su|sus|nuestr[oa]s?|"
    r"qu[eé]\b(?<!que)|d[oó]nde|cu[aá]l(?:es)?|c[oó]mo|cu[aá]ndo|qui[eé]n)\b"
    # ... but "recuérdame el martes llamar …", "remind me the day after …": a day is when,
    # not what to tell
    r"(?!\s+(?:lunes|martes|mi[eé]rcoles|jueves|viernes|s[aá]bado|domingo|monday|tuesday|"
    r"wednesday|thursday|friday|saturday|sunday|d[ií]a|day|semana|week|mes|month|"
    r"fin de semana|weekend|pr[oó]xim[oa]|next|que viene)\b)",
    re.IGNORECASE,
)
_PROJECT = re.compile(
    r"\b(?:in|for|on) (?:the )?project (?P<name>[a-z0-9][a-z0-9._-]*)\b|"
    r"\b(?:en|para) el proyecto (?P<name3>[a-z0-9][a-z0-9._-]*)\b|"
    r"^\s*(?:project|proyecto) (?P<name2>[a-z0-9][a-z0-9._-]*)\s*:",
    re.IGNORECASE,
)
# "media-stack: …" — a hyphenated name opening the line, as people head project notes.
_SLUG_PREFIX = re.compile(r"^\s*(?P<name>[a-z0-9]+(?:-[a-z0-9]+)+)\s*:")
_SKILL = re.compile(
    r"^\s*(?:how to|how do you|how i|c[oó]mo(?: se)?) [^?]{3,}[:,]|"
    r"^\s*to (?!the |a |an |my |our |me |you )[^,:?]{3,80}[,:]\s|"
    r"^\s*para (?:[a-záéíóúñ]+(?:ar|er|ir)(?:l[oa]s?|se|me|te|le)?) [^,:?]{0,80}[,:]\s|"
    r"\b(?:whenever (?:i|you) (?:say|ask|type|need)|when i say|if i say|if i ask you|"
    r"cuando (?:te )?(?:diga|pida)|si (?:te )?(?:digo|pido)|cada vez que (?:te )?(?:diga|pida)|"
    r"siempre que (?:te )?(?:diga|pida))\b|"
    r"\b(?:the way to|the command to|the script to|the procedure (?:to|for)|"
    r"that'?s the drill|do it that way|hazlo (?:as[ií]|siempre igual)|"
    r"as[ií] se hace|this is how (?:i|we|you))\b|"
    r"^\s*(?:steps?|pasos?|procedure|procedimiento|checklist|receta|runbook|how-?to)\b[^:]{0,40}:",
    re.IGNORECASE,
)
# A standing instruction bound to a phrase the user will send: "if I type "sick day" …",
# "every time I say "rivet walk" …", "si escribo "sin stock" …", "cada viernes que te diga
# "pedidos finde" …" — the phrase is quoted.
_TRIGGER = re.compile(
    r"\b(?:whenever|when|if|every time|each time|any ?time)\s+i\s+(?:say|type|write|message|"
    r"text|send|ask for|tell you)\b[^\"“'«]{0,20}[\"“'«]|"
    r"\b(?:cuando|si|siempre que|cada vez que|cada \w+ que)\s+(?:te\s+)?(?:diga|digo|escriba|"
    r"escribo|mande|mando|ponga|pongo|pida|pido)\b[^\"“'«]{0,20}[\"“'«]",
    re.IGNORECASE,
)
# A name being defined, not an instruction: "when I say 'the band' I mean the year 8 group".
_ALIAS = re.compile(
    r"\b(?:i mean|i'?m referring to|me refiero|quiero decir|is short for)\b|"
    r"[\"”'»] (?:means|significa)\b",
    re.IGNORECASE,
)
# Work asked of the assistant in this chat, on material at hand: "convert this list to a
# table", "give me 3 options for the title", "tradúceme este párrafo", "hazme un resumen".
# Not a rule for every answer ("give me code, never JAX" is a preference) and not a to-do
# for later ("draft the agenda for Monday's meeting" is a task of the day).
_REQUEST = re.compile(
    r"^\s*(?:(?:please|pls|can you|could you|por favor|porfa)\s*,?\s+)?(?:"
    r"(?:draft|write|rewrite|reword|proofread|translate|convert|turn|plot|compare|summari[sz]e|"
    r"explain|estimate|sort|format|check|review|calculate|compute|tidy|clean up|shorten|"
    r"tighten|list|fix|debug|suggest|brainstorm|outline|generate|draw|tabulate|put|make|"
    r"give|show|tell|help|find|pick|rank|count|convert|parse|extract|merge|split|simplify)"
    r"\b(?=.*\b(?:this|these|that|those|the following|below|above|me|us|for me)\b)|"
    r"(?:draft|write|rewrite|proofread)\b|"
    r"(?:haz|dame|d[ií]me|p[aá]sa|trad[uú]ce|expl[ií]ca|red[aá]cta|ord[eé]na|resume|res[uú]me|"
    r"escr[ií]be|ay[uú]da|conv[ié]erte|pon|prop[oó]n|sugi[eé]re|genera|calc[uú]la|compara|"
    r"revisa|corrige|reescribe|formatea|mira|arregla|busca|cuenta|tabula|dibuja|grafica)"
    r"(?:me|nos)\b|"
    r"(?:traduce|explica|redacta|ordena|resume|escribe|convierte|propon|sugiere|genera|calcula|"
    r"compara|revisa|corrige|reescribe|formatea|mira|arregla|busca|cuenta|haz)"
    r"\b(?=.*\b(?:esto|este|esta|estos|estas|eso|ese|esa|esos|esas|lo que|aqu[ií]|abajo|"
    r"arriba|siguiente)\b))",
    re.IGNORECASE,
)
# Work on material at hand in this chat ("sort these counts", "summarise the above",
# "hazme un resumen de lo que hemos hablado") is the session's task; a one-off piece of
# work with nothing at hand ("write me a birthday message", "hazme una lista de la compra")
# is done, not remembered.
_AT_HAND = re.compile(
    r"\b(?:this|these|that|those|the following|below|above|here|so far|we(?:'ve| have) "
    r"(?:said|discussed|talked)|esto|este|esta|estos|estas|eso|ese|esa|esos|esas|lo que|"
    r"aqu[ií]|abajo|arriba|siguiente|hemos (?:hablado|dicho|visto)|lo de)\b",
    re.IGNORECASE,
)
# "this month", "este mes": a time, not material at hand ("la factura de este mes").
_TIME_SAID = re.compile(
    r"\b(?:this|that|next|last|este|esta|ese|esa)\s+(?:month|year|week|weekend|quarter|"
    r"morning|afternoon|evening|mes|a[nñ]o|semana|finde|fin de semana|trimestre|curso|"
    r"ma[nñ]ana|tarde|noche)\b",
    re.IGNORECASE,
)
# The material comes quoted with the request ("summarize this for me: \"…\"",
# "tradúceme esto: «…»"): one turn holds all it needs, nothing to keep for the session.
_ENCLOSED = re.compile(r":\s*[\"“'«]")
_NOT_NOW = re.compile(
    r"\b(?:always|never|unless|from now on|going forward|every time|whenever|by default|"
    r"tomorrow|tonight|later|next week|this week|this (?:morning|afternoon|evening)|yesterday|"
    r"ayer|anoche|esta (?:ma[nñ]ana|tarde|noche)|by (?:mon|tue|wed|thu|fri|sat|sun)\w*|"
    r"(?:mon|tues|wednes|thurs|fri|satur|sun)day'?s?|"
    r"siempre|nunca|a menos que|a partir de ahora|de ahora en adelante|por defecto|"
    r"ma[nñ]ana|luego|m[aá]s tarde|la semana que viene|esta semana|el (?:lunes|martes|"
    r"mi[eé]rcoles|jueves|viernes|s[aá]bado|domingo)|antes del?)\b",
    re.IGNORECASE,
)
# Explicit labels name the kind: "Lesson: …", "Decisión: …", "Ojo en tidepool: …", "TODO …",
# "Done: …" (an event: what was done, not a to-do).
_OF = r"(?:\s+(?:from|in|for|on|about|de|del|en|para|sobre)\s+[^:]{1,40})?\s*"
_LABELS: list[tuple[str, str, re.Pattern[str]]] = [
    (
        "memory",
        "lesson",
        re.compile(rf"^\s*(?:lessons?(?: learned)?|lecci[oó]n(?: aprendida)?){_OF}:", re.I),
    ),
    (
        "memory",
        "decision",
        re.compile(rf"^\s*(?:decision|decided|decisi[oó]n|decidido){_OF}:", re.I),
    ),
    ("memory", "convention", re.compile(rf"^\s*(?:convention|convenci[oó]n){_OF}:", re.I)),
    ("memory", "policy", re.compile(rf"^\s*(?:policy|pol[ií]tica|norma|regla|rule){_OF}:", re.I)),
    ("memory", "pitfall", re.compile(rf"^\s*(?:pitfall|gotcha|ojo|cuidado){_OF}[:!]", re.I)),
    (
        "daily",
        "task",
        re.compile(r"^\s*(?:TODO\b|(?i:to-?do|pendiente|por hacer)\s*:)"),
    ),
    (
        "daily",
        "event",
        re.compile(r"^\s*(?:done|finished|completed|hecho|hecha|terminado|listo)\s*:", re.I),
    ),
]
_NOTE_TO_SELF = re.compile(r"^\s*(?:note to self|nota (?:mental|para m[ií]))\b", re.I)


@dataclass(frozen=True, slots=True)
class Route:
    layer: str
    kind: str
    reason: str
    project: str | None = None
    confidence: float = 1.0


_PROJECT_PREFIX = re.compile(
    r"^\s*(?:(?:in|for|on) (?:the )?project [a-z0-9][a-z0-9._-]*\s*[,:]|"
    r"(?:en|para) el proyecto [a-z0-9][a-z0-9._-]*\s*[,:]|"
    r"(?:project|proyecto) [a-z0-9][a-z0-9._-]*\s*:|"
    r"[a-z0-9]+(?:-[a-z0-9]+)+\s*:)\s*(?:we\s+)?",
    re.IGNORECASE,
)


def strip_project(text: str) -> str:
    """Drop a leading "In project X," — the entry lands in X's notes, so it is implied."""
    stripped = _PROJECT_PREFIX.sub("", text, count=1)
    if stripped == text or not stripped.strip():
        return text
    return stripped[:1].upper() + stripped[1:]


def strip_intent(text: str) -> tuple[str, bool]:
    """Remove a leading "remember that …"; returns (text, whether it was there)."""
    stripped = _REMEMBER.sub("", text, count=1)
    if stripped != text and stripped.strip():
        return stripped[:1].upper() + stripped[1:], True
    return text, False


SURE = 0.9  # small talk the classifier is this sure of is left alone
# A fact the classifier files in MEMORY.md with less confidence than this follows the
# workspace's evidence to a project's notes; surer ones ("I'm Mira, 4th year PhD …" beside a
# thesis project that speaks of biofilms) stay. Chosen leaving one writer out (v8–v11).
UNSURE = 0.75

_BLANKS = re.compile(r"[^\S\n]+")
_BREAKS = re.compile(r"\s*\n\s*")


def tidy_spaces(text: str) -> str:
    """Runs of spaces (any kind: tabs, no-break) as one, blank lines as one line break,
    none at the ends: how the rules read a text (a run of thousands of spaces would
    otherwise make their patterns backtrack for seconds)."""
    return _BREAKS.sub("\n", _BLANKS.sub(" ", text)).strip()


# A to-do question opens as one ("what's due …", "¿qué tengo pendiente?", "any reminders",
# "my tasks for today") — "I moved my to-do list to Todoist" says something.
_ASKING = re.compile(
    r"^\s*(?:¿|what|which|any|anything|is|are|do|does|have|list|show|tell|give|"
    r"qu[eé]|cu[aá]l(?:es)?|tengo|hay|dime|d[ií]game|ens[eé][nñ]ame|lista)\b",
    re.IGNORECASE,
)


def is_question(line: str) -> bool:
    """A chat line that asks rather than states (the Coordinator answers it): it ends with
    "?", or it opens as the router's questions do. A bare opener is not enough: "How to
    renew the cert: …" is a procedure, "Was at the lab all day", "Have to call the plumber"
    and "Can't find the spare fuse" are notes with the subject left out."""
    line = tidy_spaces(line)
    if line.endswith("?") or (is_todo_question(line) and _ASKING.match(line)):
        return True
    if _DONE.search(line):  # "did the stocktake this afternoon": done today, said bare
        return False
    return bool(
        _REMIND_QUESTION.search(line)
        or _ASK_FOR.search(line)
        or _ASKS_WITH_SUBJECT.search(line)
        or (not _REMIND_ANYWHERE.search(line) and _QUESTION.search(line))
    )


# An auxiliary opening a question has its subject right after it ("Has Ana sent the
# drawings", "Was the freezer fixed", "Could you list …"); a note leaves it out ("Was at the
# lab all day", "Have to call the plumber"). "Any news …", "List my projects", "tell me …".
_ASKS_WITH_SUBJECT = re.compile(
    r"^\s*(?:(?i:was|were|has|have|had|could|can|should|would|will|is|are|do|does|did))\s+"
    r"(?i:the|my|our|your|we|i|you|it|they|he|she|anyone|anybody|someone|there|this|that|"
    r"these|those|any)\b|"
    # ... or a name ("Has Ana sent …"), not an acronym ("Did PCR on …") nor what was had
    # ("Had Thai food with Ana")
    r"^\s*(?i:was|were|has|could|can|should|would|will|is|are|do|does|did)\s+[A-Z][a-z]+"
    r"\s+(?!(?i:this|today|tonight|yesterday|with|at|in|on|for|and|again|all)\b)[a-z]|"
    r"^\s*(?i:any\s+(?:news|word|update|updates|reply|answer|sign|idea)\b|list\s+(?:my|all|the)\b|"
    r"tell me\b)"
)


def _names_project(hint: str, text: str, project: str, known: list[str]) -> bool:
    """A session hint's words are part of the name of the project the text names fully
    ("para la charla de los ganaderos" for charla-ganaderos), and the hint does not point at
    the conversation at hand ("for this chat" stays one, whatever project has "chat")."""
    hinted = {w.lower() for w in re.findall(r"\w+", hint)}
    if hinted & _THIS:
        return False  # "para esta charla", "for this chat": the conversation at hand
    named = [m for m in mentions(text, known) if m.project == project and m.full]
    return any(w.lower() in hinted for m in named for w in m.words)


_THIS = frozenset("this current esta este estos estas".split())


class Router:
    """Chooses a layer and kind for a statement. ``embedder`` is the search embedder.

    Explicit cues decide first (session and skill phrasing, labels, "in project X"); the
    classifier decides the rest and, under a cue, the kind. A project route names its
    project when the text does or the workspace's notes point at one (``evidence``); the
    Coordinator fills in the session's active one.
    """

    def __init__(
        self,
        embedder: Any,
        known_projects: list[str] | None = None,
        model: RouteModel | None = None,
    ) -> None:
        self.embedder = embedder
        self.known_projects = known_projects or []
        self._model = model
        # What the workspace's notes already say (``coordinator.project_evidence``): a
        # fact that names no project but shares its words with one project's notes alone.
        self.evidence: WorkspaceEvidence | None = None

    @property
    def model(self) -> RouteModel:
        if self._model is None:
            from coordinator.route_model import shipped_model  # numpy: loaded to route

            self._model = shipped_model()
        return self._model

    def route(self, text: str) -> Route:
        text = tidy_spaces(text)
        project = self.project_in(text)
        # The text is embedded only when the classifier is asked (a question, a reminder, a
        # procedure or a label is decided by its words alone).
        vector = _Lazy(lambda: self.model.embedding(self.embedder, text))
        cue = _SESSION.search(text)
        if cue and project and _names_project(cue.group(0), text, project, self.known_projects):
            cue = None  # "para la charla de los ganaderos": the project charla-ganaderos
        if cue:
            kind = self._kind(text, vector, "session")
            return Route("session", kind, f"rule: session hint ({_quote(cue)})")
        # A steer inside a procedure ("una por una, nunca todas de golpe") is one of its steps.
        steer = steers_the_talk(text)
        procedure = _SKILL.search(text) or _TRIGGER.search(text)
        if steer and not procedure and not tells_done(text) and not text.rstrip().endswith("?"):
            kind = self._kind(text, vector, "session")
            return Route("session", kind, f"rule: steers this conversation ('{steer}')")
        cue = (
            _REMIND_QUESTION.search(text)
            or _ASK_FOR.search(text)
            or (None if _REMIND_ANYWHERE.search(text) else _QUESTION.search(text))
        )
        if cue and not _DONE.search(text):
            return Route("none", "question", f"rule: a question ({_quote(cue)})")
        cue = _REMIND.search(text)
        if cue:
            return Route("daily", "task", f"rule: a reminder ({_quote(cue)})")
        cue = _REQUEST.search(text)
        if cue and not _NOT_NOW.search(text):
            if _AT_HAND.search(_TIME_SAID.sub(" ", text)) and not _ENCLOSED.search(text):
                return Route("session", "task", f"rule: work asked for this chat ({_quote(cue)})")
            return Route("none", "request", f"rule: a one-off request ({_quote(cue)})")
        cue = _SKILL.search(text) or _TRIGGER.search(text)
        if _ALIAS.search(text):
            cue = None  # "when I say 'the band' I mean …" names something, it asks nothing
        if cue and not (project and project in cue.group(0).lower()):
            return Route("skill", "procedure", f"rule: a procedure ({_quote(cue)})")
        for layer, kind, pattern in _LABELS:
            cue = pattern.search(text)
            if cue:
                if project and layer == "memory":
                    return Route("project", kind, f"rule: label {_quote(cue)} in project", project)
                return Route(layer, kind, f"rule: label {_quote(cue)}")
        noted = self._project_note(text, vector, project)
        if noted:
            return noted
        return self._classified(text, vector, project)

    def _classified(self, text: str, vector: _Lazy, project: str | None) -> Route:
        """The classifier's route, with what the words settle: a project the text names, a
        task told as done (an event: filed as a task it would come back as due today)."""
        # "Note to self: …" is kept: a lesson or a fact, or a to-do for the day.
        allowed = frozenset({"memory", "daily", "project"}) if _NOTE_TO_SELF.search(text) else None
        guess = self.model.predict(text, vector(), tuple(self.known_projects), allowed)
        why = ", ".join(f"'{w}'" for w in guess.words)
        reason = f"classifier: {guess.layer}/{guess.kind} ({guess.confidence:.2f})"
        reason += f" on {why}" if why else ""
        if guess.layer == "memory" and project:
            # A rule or fact about a project the workspace knows belongs in its notes.
            kind = self._kind(text, vector, "project")
            return Route("project", kind, f"{reason}; names the project '{project}'", project)
        leaning = self.evidence.leaning(text) if self.evidence is not None else None
        if guess.layer == "memory" and leaning and guess.confidence < UNSURE:
            kind = self._kind(text, vector, "project")
            said = ", ".join(f"'{w}'" for w in leaning.words)
            why = f"{reason}; {said} as in the notes of project '{leaning.project}'"
            return Route("project", kind, why, leaning.project)
        if guess.layer == "project" and not project:
            project = self.project_hinted(text) or (leaning.project if leaning else None)
        if guess.layer == "none" and guess.kind == "smalltalk" and clear_errand(text):
            return Route("daily", "task", f"{reason}; a to-do said bare")
        if guess.layer == "none" and guess.kind == "smalltalk" and guess.confidence < SURE:
            # Small talk is not stored: two shapes that hold something to keep are kept.
            if someones_preference(text):
                return Route("memory", "preference", f"{reason}; says what someone likes")
            if errand(text):
                return Route("daily", "task", f"{reason}; a to-do said bare")
        if guess.layer == "none":
            kept = self._named_statement(text, vector, project, reason)
            if kept:
                return kept
        if guess.layer == "session" and changed_now(text):
            return Route("memory", "fact", f"{reason}; a value told as the new one")
        kind = guess.kind
        if guess.layer == "daily" and kind == "task" and tells_done(text):
            kind, reason = "event", f"{reason}; told as done"  # not due today: it is done
        return Route(
            guess.layer,
            kind,
            reason,
            project if guess.layer == "project" else None,
            guess.confidence,
        )

    def _named_statement(
        self, text: str, vector: _Lazy, project: str | None, reason: str
    ) -> Route | None:
        """Trigger: the classifier takes for small talk (or a question without "?") a
        statement whose subject is a named thing with a verb of its own ("Jellyfin
        transcodes with Intel Quick Sync.", "El Pi-hole filtra también el IoT").
        Why: small talk is not stored, so the statement would be lost. Outcome: the layer
        the classifier likes best among the ones that keep a statement."""
        name = named_subject(text)
        if name is None:
            return None
        keep = frozenset({"memory", "daily", "project"})
        guess = self.model.predict(text, vector(), tuple(self.known_projects), keep)
        if guess.layer == "project" and not project:
            project = self.project_hinted(text)
        why = f"{reason}; states something about '{name}' with a verb of its own, so kept"
        if guess.layer == "daily" and reads_as_lasting(text):
            # how the thing is, not what happened to it today
            return Route("memory", "fact", f"{why} as a fact (present tense, no event)")
        return Route(
            guess.layer,
            guess.kind,
            why,
            project if guess.layer == "project" else None,
            guess.confidence,
        )

    def _project_note(self, text: str, vector: _Lazy, project: str | None) -> Route | None:
        """A note the text files under a project by its wording: "in project X", a heading
        ("tesis: …"), or the project as the topic it opens with ("para el horno, …")."""
        cue = _PROJECT.search(text)
        if cue:
            kind = self._kind(text, vector, "project")
            return Route("project", kind, f"rule: names the project ({_quote(cue)})", project)
        heading = self.heading(text)
        if heading:
            name, words = heading
            kind = self._kind(text, vector, "project")
            return Route("project", kind, f"rule: a note headed '{words}'", name)
        topic = next((m for m in mentions(text, self.known_projects) if m.fronted), None)
        if topic:
            kind = self._kind(text, vector, "project")
            said = ", ".join(f"'{word}'" for word in topic.words)
            return Route("project", kind, f"rule: a note about {said}", topic.project)
        return None

    def project_in(self, text: str) -> str | None:
        """The project the text names: "in project X", "X: …" or a known project's name."""
        match = _PROJECT.search(text)
        if match:
            return (match.group("name") or match.group("name2") or match.group("name3")).lower()
        lowered = text.lower()
        match = _SLUG_PREFIX.match(lowered)
        if match:
            return match.group("name")
        heading = self.heading(text)
        if heading:
            return heading[0]
        # A name written in prose: "the winter gala", "la reforma de la cocina", "the CB750".
        named = mentions(text, self.known_projects)
        return named[0].project if named and named[0].full else None

    def project_hinted(self, text: str) -> str | None:
        """The project the text names, or else the one it names in part ("the lift" for
        garage-lift) — asked only once the statement is known to be a project note."""
        named = mentions(text, self.known_projects)
        return self.project_in(text) or (named[0].project if named else None)

    def heading(self, text: str) -> tuple[str, str] | None:
        """A known project whose name, or part of it, heads the note: "tesis: …", "R75
        todo: …", "nota pasarela río seco: …", "gala todo - …". (project, words as written)"""
        lowered = text.lower()
        folded = fold_ascii(lowered)
        for name in sorted(self.known_projects, key=len, reverse=True):
            match = _heading_pattern(name).match(folded)
            if match:
                end = match.end("head")
                written = text[:end] if len(folded) == len(text) else match.group("head")
                return name, written.strip()
        # A short heading that names a project in other words: "estación sierra: …",
        # "migración a stalwart: …", "bot de alertas: …", "ch3 todo (pasted from my notes):".
        head = _HEAD.match(text)
        if head and len(head.group("head").split()) <= _HEAD_WORDS:
            words = head.group("head")
            named = mentions(words, self.known_projects)
            if named and not named[0].full and _KIND_HEAD.match(words):
                # "regla de casa: …", "my rule for training: …": a kind of rule, and the
                # word of a project's name only says whose — a rule, not that project's note
                return None
            steps = len(re.findall(r"[,;]", text[head.end() :]))
            # "moving hives: close entrances after dark, strap, load, …" is a procedure.
            if named and _a_name(words, named[0].words) and steps < _STEPS:
                return named[0].project, words.strip()
        return None

    def _kind(self, text: str, vector: _Lazy, layer: str) -> str:
        known = tuple(self.known_projects)
        return self.model.predict(text, vector(), known, frozenset({layer})).kind


# The opening phrase of a note set off as its heading, a parenthesis after it allowed.
_HEAD = re.compile(r"^\s*(?P<head>[^:\n—–()?¿]{2,60}?)\s*(?:\([^)\n]*\))?\s*(?:[:—–]|\s-\s)")
_HEAD_WORDS = 4
# A heading that names a kind of note ("rule", "regla", "norma", "policy", "lesson"), after
# at most an article or "my": "house rule", "regla de la bodega", "my rule for training".
_KIND_HEAD = re.compile(
    r"^\s*(?:(?:the|my|our|la|el|mi|nuestra|nuestro)\s+)?(?:\w+\s+)?"
    r"(?:rules?|reglas?|normas?|polic(?:y|ies)|pol[ií]ticas?|lessons?|lecci[oó]n|"
    r"pitfalls?|conventions?|convenci[oó]n)\b",
    re.IGNORECASE,
)
_STEPS = 2
_HEAD_OTHER = frozenset(
    "todo to do note notes nota notas status estado pendiente pendientes decision update idea "
    "ideas list lista the a an el la los las de del a of for para mi my our".split()
)


def _a_name(head: str, named: tuple[str, ...]) -> bool:
    """The heading is the project's name and at most one word more ("bot de alertas",
    "migración a stalwart", "TODO nas nuevo"), not a clause ("The winter was long")."""
    said = {w for word in named for w in re.findall(r"[a-z0-9]+", fold_ascii(word.lower()))}
    words = re.findall(r"[a-z0-9]+", fold_ascii(head.lower()))
    return sum(1 for w in words if w not in said and w not in _HEAD_OTHER) <= 1


_HEAD_LABEL = (
    r"(?:\s+(?:todo|to-?do|note|notes|nota|notas|status|estado|pendiente|pendientes|"
    r"decision|decisi[oó]n|update|idea|ideas))?"
)


@lru_cache(maxsize=1024)
def _heading_pattern(name: str) -> re.Pattern[str]:
    """The project's name or some of its words (3+ letters, or with a digit) opening the
    text before ":", " - ", "—" or ", pendiente:"."""
    parts = [
        w
        for w in re.split(r"[-_\s]+", fold_ascii(name.lower()))
        if len(w) >= 3 or any(c.isdigit() for c in w)
    ]
    if not parts:
        return re.compile(r"(?!)")
    one = "(?:" + "|".join(re.escape(w) for w in parts) + ")"
    return re.compile(
        rf"^\s*(?P<head>(?:(?:nota|note|notes|notas)\s+)?(?:(?:the|el|la|los|las)\s+)?"
        rf"{one}(?:\s+(?:de\s+|del\s+)?{one})*{_HEAD_LABEL})"
        r"\s*(?:[:—–]|\s-\s|,\s*(?:pendiente|todo)\s*:)"
    )


class _Lazy:
    """A value computed on first use, then kept."""

    def __init__(self, compute: Callable[[], np.ndarray]) -> None:
        self._compute = compute
        self._value: np.ndarray | None = None

    def __call__(self) -> np.ndarray:
        if self._value is None:
            self._value = self._compute()
        return self._value


def _quote(match: re.Match[str]) -> str:
    """The matched words as the text spells them, quoted."""
    return "'" + match.group(0).strip(" :,!") + "'"
