"""Answers from memory: the current answer first, dates understood, "nothing" said plainly.

``answer_question`` reads a time expression (``memory.timeexpr``), searches (the question's
words plus their other-language words, ``coordinator.bilingual``; "now"/"ahora" left out;
plus the curated entries closest in meaning in any language, ``coordinator.crosslang``),
drops what is not an answer (session summaries unless the question is about sessions;
entries outside the asked days), ranks what is left for an answer (entries naming whom the
question names; for a question about the present, the newest statement about the best
entry's subject — a MEMORY.md fact, a note or a logged change, see ``coordinator.current``
— with the replaced one said as history; when no words tell the change, the newest
statement close to the best entry in the multilingual space, nearly as close to the
question: "cambiamos de proveedor de electricidad: ahora Holaluz" after "electricity
supplier: Iberdrola"; a question asking a version, a dose, a temperature, a day… is
answered by the newest statement that gives one about the same thing; when the leading
entry fills the slot the question asks less well than others — it names another attribute
of the subject — the newest entry that fills it best leads, ``coordinator.asked``),
decides whether
memory holds an answer at all (evidence strong enough in either language, and holding the
kind of value asked: ``coordinator.slots``), and
writes the direct answer (the best supporting sentence) then at most three cited sources.
"What did I do yesterday?" lists the entries of the asked days instead (of one topic: "what
did I do in the workshop last weekend?").
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass, field, replace
from datetime import UTC, date, datetime, time, tzinfo
from pathlib import Path
from typing import TYPE_CHECKING, Any

from coordinator import reads
from coordinator.about_me import about_me
from coordinator.asked import Slot, WordMeeter, asked, gives_kind, word_meeter
from coordinator.bilingual import other_words
from coordinator.bookkeeping import left_out
from coordinator.crosslang import closeness, curated_hits
from coordinator.current import (
    CHANGE,
    NUMERIC,
    history_line,
    holds_number,
    is_spanish,
    reshaped,
    same_slot,
    stems,
    values,
    without_present,
)
from coordinator.slots import asked_form, asked_slot, form_phrase, form_values, holds_slot
from memory.folding import fold
from memory.timeexpr import Window, find_window
from memory.trust import is_untrusted_source

if TYPE_CHECKING:
    from collections.abc import Callable

    from coordinator.services import Services
    from memory.records import Record
    from memory.search.service import Hit
    from memory.session import SessionContext

__all__ = ["Answer", "answer_offline", "answer_question"]

RELATIVE_FLOOR = 0.35  # a snippet scoring under this share of the best one is noise
MAX_SOURCES = 3
TOPIC_WORDS = 2  # 'what did I do in the workshop …' lists the days' entries on that topic
WINDOW_SOURCES = 8  # "what did I fix last week?" lists what it found in those days
CANDIDATES = 20
COMMON_VALUE = 3  # a name in this many candidates is a topic ("CNC"), not a value
WHOLE_CHARS = 240  # a replacing entry this short is the answer line whole
ANCHOR_ACROSS = 2.0  # the anchor: answer score plus this much of the multilingual cosine
CHAIN = 3  # changes followed from one value to the next ("back to 6:45")
LATER = 10  # statements searched from the best one's text, to find what replaced it
DIGEST_LIMIT = 60
# Evidence: found when the best candidate's strength reaches FOUND_AT (calibrated, see
# docs/benchmarks.md) — strength mixes the question-entry cosine and the share of the
# question's words the entry holds.
COS_WEIGHT = 1.0
COVER_WEIGHT = 0.5
FOUND_AT = 0.42
# The multilingual cosine on MiniLM's scale: the linear map that gives both the same mean
# and spread over English question-entry pairs, where MiniLM is at home (fitted without
# labels on every answers set's candidates: 1.22 and 0.05 on each, see docs/benchmarks.md).
ACROSS_SCALE = 1.2
ACROSS_SHIFT = 0.05
SPEAKER_SHARE = 0.7  # what the named speaker said must be this close to what others said
CLOSE_ENOUGH = 0.35  # a newer statement about the subject needs this share of the best score
ANCHOR = 0.6  # a fact or change this close to the best entry anchors the subject
NEWER_WORDS = 0.5  # a newer statement holds this share of the question words the best one holds
UNNAMED = 0.8  # search score kept by an entry that does not name whom the question names
COVER_BONUS = 1.0  # added per share of the question's words an entry holds
ACROSS_BONUS = 1.0  # added per unit the multilingual cosine exceeds MiniLM's (en/es)
SUBJECT_SIM = 0.5  # two entries this close in the multilingual space speak of one subject
SUBJECT_MARGIN = 0.2  # a newer entry on the subject answers within this much of the best
RELEVANT_SHARE = 0.5  # ... or, naming the old value while changing it, this share of it
NAMED_SHARE = 0.2  # ... or this share, naming the old value where it says the change
SLOT_POOL = 10  # entries weighed when the leading one gives no value for the question
SLOT_SHARE = 0.75  # ... a newer one answering this share of its score,
SLOT_MARGIN = 0.1  # ... or within this much of its relevance (either language),
SLOT_SIM = 0.4  # ... and this close to it in meaning, speaks of the same thing

_PAST = re.compile(
    r"\b(?:did|used to|before|previous\w*|originally|at first|hice|hizo|hiciste|antes|"
    r"anterior|al principio)\b",
    re.IGNORECASE,
)
_CHANGE = re.compile(
    r"\b(?:moved|moving|migrated|switched|changed|replaced|upgraded|downgraded|now|no longer|"
    r"bumped|updated|renamed|lowered|raised|set to|ya|bajad\w*|subid\w*|puesto|"
    r"from now on|anymore|instead|renamed|became|is now|went back|back to|"
    r"ahora|ya no|cambi\w*|pas[oóa] a|se mueve|mov[ií]\w*|migr\w*|sustitu\w*|actualic\w*|"
    r"actualiz\w*|a partir de|vuelv\w*|volv\w*)\b",
    re.IGNORECASE,
)
_DIGEST = re.compile(
    r"^\W*(?:(?:what|which|qu[eé]|cu[aá]l(?:es)?)\b.{0,30}\b(?:do|did|done|happen\w*|"
    r"get|got|went|go|work\w* on|log\w*|hice|hizo|pas[oó]|hicimos|ocurri[oó]|sucedi[oó]|"
    r"hubo|hecho|fui|fuimos|trabaj\w*|registr\w*|chang\w*|cambi\w*|fix\w*|arregl\w*|"
    r"repar\w*)|how many times|how often|cu[aá]ntas veces)\b",
    re.IGNORECASE,
)
_FIX = re.compile(
    r"\b(?:fix\w*|repair\w*|solved|resolv\w*|arregl\w*|repar\w*|solucion\w*)\b", re.IGNORECASE
)
_WHEN = re.compile(r"^\W*(?:when|what day|which day|cu[aá]ndo|qu[eé] d[ií]a)\b", re.IGNORECASE)
# "When did I …" / "¿cuándo cambié …?": an event in the past, not a value to bring up to date.
_EVENT = re.compile(
    r"\b(?:did|was|were|\w+ed|fue|fui|fuimos|hice|hizo|(?!qu[eé]\b|cu[aá]ndo\b)\w+[éó])\b",
    re.IGNORECASE,
)  # "qué" and "cuándo" are no past tense: "¿qué día llega el nitrógeno?" asks a value
_LAST = re.compile(
    r"\b(?:last time|most recent\w*|latest|lately|[uú]ltima vez|lo [uú]ltimo)\b", re.IGNORECASE
)
_FIRST = re.compile(r"\b(?:first|for the first time|primer|primera(?: vez)?)\b", re.IGNORECASE)
# A sentence ends at . ! ? before a capital, not after a title or an initial ("Dr. Okafor",
# "Sra. Pérez", "J. Smith").
_SENTENCE = re.compile(
    r"(?<=[.!?])(?<!\b[A-Z]\.)(?<!\b(?:Dr|Mr|Ms|Sr|St)\.)(?<!\b(?:Mrs|Dra|Sra)\.)"
    r"\s+(?=[A-Z¿¡\"'(])"
)
_NAME = re.compile(r"(?<![\w-])([A-Z][a-zà-ÿ]{2,})(?:'s|’s)?(?![\w-])")
_NOT_NAMES = frozenset(
    """What When Where Who Whom Which Why How Is Are Was Were Do Does Did Can Could Should
    Have Has Any List Show Tell Remind The A An In On At For Of And Or My Our Your I Qué Que
    Cuál Cual Cuándo Cuando Dónde Donde Quién Quien Cómo Como Cuánto Cuanto Cuántos El La Los
    Las Un Una Mi Mis En Con De Del Por Para Hay Tengo""".split()
)
_ES_STOP = frozenset(
    """que qué cual cuál cuales cuándo cuando donde dónde quien quién como cómo cuanto cuánto
    cuantos cuántos el la los las un una unos unas de del en con por para mi mis tu es son
    está esta están hay tengo tiene al lo se su sus y o a me""".split()
)


@dataclass
class Answer:
    question: str
    text: str
    hits: list[Hit] = field(default_factory=list)
    found: bool = True
    when: Window | None = None

    def to_json(self) -> dict[str, Any]:
        return {
            "question": self.question,
            "answer": self.text,
            "found": self.found,
            "when": self.when.to_json() if self.when else None,
            "citations": [h.citation for h in self.hits],
            "hits": [h.to_json() for h in self.hits],
        }


@dataclass(frozen=True, slots=True)
class Candidate:
    hit: Hit
    at: datetime | None
    cos: float
    cover: float
    named: bool
    change: bool
    topic: float = 0.0  # share of the question's words, names left out, the entry holds
    across: float = 0.0  # cosine with the question in the multilingual space (en/es)

    @property
    def strength(self) -> float:
        """The evidence for an answer: the cosine (MiniLM's, or the multilingual one put on
        its scale, whichever is higher: MiniLM reads English only) and the share of the
        question's words the entry holds."""
        seen = self.cos
        if self.across:
            seen = max(seen, ACROSS_SCALE * self.across + ACROSS_SHIFT)
        return COS_WEIGHT * seen + COVER_WEIGHT * self.cover


# -- the question ---------------------------------------------------------------------------
def _words(text: str) -> set[str]:
    from memory.search.lexical import terms

    return {t for t in terms(fold(text)) if t not in _ES_STOP}  # "poster" meets "póster"


_ES_ONLY = frozenset(
    """que qué cual cuál cuales cuáles cuándo cuando donde dónde quién quien cómo cuánto
    cuántos cuánta el la los las del en con por para mi mis es está están hay tengo tiene
    tenemos nos""".split()
)


def search_text(question: str) -> str:
    """The question as search sees it: a Spanish question loses its function words (the
    lexical index stems English only, so "qué", "en", "está" would match everything)."""
    words = re.findall(r"[\w.:/-]+", question.lower())
    if sum(w in _ES_ONLY for w in words) < 2 and "¿" not in question:
        return question
    kept = [w for w in re.findall(r"[\w.:/-]+", question) if w.lower() not in _ES_STOP]
    return " ".join(kept) or question


def names_in(question: str) -> list[str]:
    """Capitalised words past the first that are not question words: whom it names."""
    found = []
    for match in _NAME.finditer(question):
        word = match.group(1)
        if match.start() == 0 or word in _NOT_NAMES or _calendar(word):
            continue
        if question[: match.start()].rstrip().endswith(("¿", "¡")) and match.start() <= 2:
            continue
        found.append(word)
    return list(dict.fromkeys(found))


def _calendar(word: str) -> bool:
    """A day or a month ("Sundays", "Martes", "November"): when, not whom."""
    from coordinator.asked import calendar_words

    folded = fold(word).lower()
    return folded in calendar_words() or folded.rstrip("s") in calendar_words()


def digest_kind(rest: str) -> str | None:
    """'What did I do …' / '¿Qué pasó …' → "all"; 'what changed …' → "changes"; 'what did I
    fix …' → "fixes": a question about the days, not about a topic. Else None."""
    if not _DIGEST.search(rest):
        return None
    content = _topic_words(rest)
    if not content:
        return "all"
    if all(_CHANGE.search(w) or w.startswith(("chang", "cambi")) for w in content):
        return "changes"
    if all(_FIX.search(w) or w.startswith(("fix", "arregl", "repar")) for w in content):
        return "fixes"
    if len(content) <= TOPIC_WORDS:
        return "topic"  # 'what did I do in the workshop last weekend?'
    return None


_DIGEST_WORDS = frozenset(
    """happen get got done do did work log hice pasó paso ocurrió hecho he has hemos fui
    fuimos went go so far up lately día días day days time times many often much veces
    cuántas cuantas play played jugué jugar jugamos""".split()
)


def _topic_words(rest: str) -> set[str]:
    return {w for w in _words(rest) if w not in _DIGEST_WORDS}


# -- entries --------------------------------------------------------------------------------
_CLOCK = re.compile(r"^\s*[-*+] (\d{2}:\d{2}:\d{2})Z ")
_AT = re.compile(r"\bat=(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2})?Z?)")


def _instants(root: Path, hits: list[Hit]) -> dict[str, datetime | None]:
    """When each hit's entry was written, read from its line (daily clock or ``at=``)."""
    from memory.clock import parse_instant

    lines: dict[str, list[str]] = {}
    out: dict[str, datetime | None] = {}
    for hit in hits:
        if hit.path not in lines:
            try:
                lines[hit.path] = (root / hit.path).read_text(encoding="utf-8").split("\n")
            except OSError:
                lines[hit.path] = []
        text = lines[hit.path]
        line = text[hit.line_start - 1] if 0 < hit.line_start <= len(text) else ""
        at: datetime | None = None
        clock = _CLOCK.match(line)
        stamp = _AT.search(line)
        if clock and hit.date:
            at = datetime.combine(
                date.fromisoformat(hit.date), time.fromisoformat(clock.group(1)), tzinfo=UTC
            )
        elif stamp:
            try:
                at = parse_instant(stamp.group(1))
            except ValueError:
                at = None
        elif hit.date:
            at = datetime.combine(date.fromisoformat(hit.date), time(0), tzinfo=UTC)
        out[hit.citation] = at
    return out


def _vectors(services: Services, hits: list[Hit]) -> dict[str, Any]:
    ids = {f"{h.path}#{h.id}": h.citation for h in hits if h.id}
    ids.update({f"{h.path}#{h.id}#w0": h.citation for h in hits if h.id})
    stored = services.search_service.vectors.vectors(list(ids))
    return {ids[i]: v for i, v in stored.items()}


def _candidates(
    services: Services, query: str, hits: list[Hit], names: list[str], wider: str = ""
) -> list[Candidate]:
    """Each hit with its evidence for ``query``: the cosine (the better of the question's and
    of the question widened with its other-language words, ``wider``), the share of the
    question's words it holds (a word or its translation), whom it names, whether it says
    a change."""
    import numpy as np

    if not hits:
        return []
    qvec = services.search_service.query_vector(query.strip()[:2000])
    wvec = services.search_service.query_vector(wider.strip()[:2000]) if wider else None
    vecs = _vectors(services, hits)
    asked = _words(query)
    either = {w: {w} | _words(" ".join(other_words(w))) for w in asked}
    content = asked - _words(" ".join(names))
    at = _instants(services.workspace.root, hits)
    out = []
    for hit in hits:
        vec = vecs.get(hit.citation)
        cos = float(np.dot(vec, qvec)) if vec is not None else 0.0
        if vec is not None and wvec is not None:
            cos = max(cos, float(np.dot(vec, wvec)))
        words = _words(hit.text)
        held = {w for w in asked if either[w] & words}
        cover = len(held) / len(asked) if asked else 0.0
        named = all(re.search(rf"\b{re.escape(n)}\b", _said(hit)) for n in names)
        topic = len(content & held) / len(content) if content else 0.0
        change = bool(_CHANGE.search(hit.text))
        out.append(Candidate(hit, at[hit.citation], cos, cover, named, change, topic))
    near = closeness(services, query, [c.hit.text for c in out])
    if near is not None:
        out = [replace(c, across=float(v)) for c, v in zip(out, near[0], strict=True)]
    return out


@dataclass(frozen=True, slots=True)
class Ranked:
    """Candidates in answer order; ``replaced`` is the older statement the first one
    replaces (said as history), if any."""

    order: list[Candidate]
    replaced: Candidate | None = None


def _rank(
    services: Services,
    cands: list[Candidate],
    question: str,
    later: Callable[[Candidate], list[Candidate]] | None = None,
) -> Ranked:
    """Answer order: named first when the question names someone; then, for a question
    about the present, the newest statement about the best entry's subject — a curated
    fact, a project note or a logged change ("moved to", "new … installed") — so a changed
    fact is answered with its new value. ``later`` adds statements found after the best
    one (searched from its text) that may replace it."""
    if not cands:
        return Ranked(cands)
    order = sorted(cands, key=lambda c: -_answer_score(c))
    if _WHEN.search(question) and _EVENT.search(question):
        return Ranked(_which_time(order, question))
    if _PAST.search(question):
        return Ranked(order)
    return _current_first(services, order, question, later)


def _current_first(
    services: Services,
    order: list[Candidate],
    question: str,
    later: Callable[[Candidate], list[Candidate]] | None,
) -> Ranked:
    """The newest statement that changes the best entry's subject first (see ``_rank``)."""
    top = _answer_score(order[0])
    anchors = [c for c in order[:10] if _states_value(c) and _answer_score(c) >= ANCHOR * top]
    if not anchors:
        return Ranked(order)
    best = max(anchors, key=lambda c: _answer_score(c) + ANCHOR_ACROSS * c.across)
    pool = list(order[:15])
    seen = {c.hit.citation for c in pool}
    pool += [c for c in (later(best) if later else []) if c.hit.citation not in seen]
    first = {c.hit.citation for c in order}
    newer = _successors(services, best, pool, question, first)
    most = max((c.cover for c in newer), default=0.0)
    newer = [c for c in newer if c.cover + 1e-9 >= most]
    if not newer:  # no cue the words know: the newest entry close in meaning, any language
        newer = _same_subject(services, best, [*order, *pool[15:]])
    # A code the question asks and the best entry spells names one thing: "the U12 fee" is
    # no newer value of "the U10 fee".
    codes = [stems(code) for code in _codes(question) if stems(code) <= stems(_said(best.hit))]
    newer = [c for c in newer if all(code <= stems(_said(c.hit)) for code in codes)]
    if not newer:
        # the best statement of a value leads; a turn of an imported conversation is talk
        if best is not order[0] and (
            best.hit.layer != "daily"
            or (
                not _speaker(best.hit)
                and _relevance(best) >= _relevance(order[0])
                and _gives_value(best, without_present(question))
            )
        ):
            order.remove(best)
            order.insert(0, best)
        return Ranked(order)
    newest = max(newer, key=lambda c: c.at or datetime.min.replace(tzinfo=UTC))
    for _ in range(CHAIN):  # a value changed again, or back: 6:45 → 18:15 → 6:45
        again = [
            c
            for c in _successors(services, newest, pool, question, first)
            if _follows(question, best, newest, c) and c.cover + 1e-9 >= newest.cover
        ]
        if not again:
            break
        most = max(c.cover for c in again)
        again = [c for c in again if c.cover + 1e-9 >= most]
        newest = max(again, key=lambda c: c.at or datetime.min.replace(tzinfo=UTC))
    order = [c for c in order if c.hit.citation != newest.hit.citation]
    order.insert(0, newest)
    return Ranked(order, best)


def _about_present(question: str) -> bool:
    """A question about how things are, not about when something happened or how it was."""
    if _WHEN.search(question) and _EVENT.search(question):
        return False
    return not _PAST.search(question)


def _gives_value(c: Candidate, question: str) -> bool:
    """Does the entry give a value the question does not already hold (a name, a number, a
    code, a time)? "fed Pepa" gives none to "what ratio do I feed Pepa?"."""
    asked = values(question) | {fold(w) for w in re.findall(r"[\w.:+-]+", question)}
    return any(len(v) > 1 for v in values(c.hit.text) - asked)


def _newest_on_slot(
    services: Services, ranked: Ranked, question: str, window: Window | None
) -> Ranked:
    """Two entries that answer the same question about the present: the newer leads. An
    entry written after the leading one leads instead when it is about as relevant to the
    question (in either language), close to it in meaning (it speaks of the same thing),
    and gives a value; the newest such entry wins, whatever its layer or language ("first
    Saturday at the Dorchester Winter Market!" after "vendo los sábados en el JP Farmers
    Market"). Turns of an imported conversation are talk, not values: never moved."""
    if window or not ranked.order or not _about_present(question):
        return ranked  # a question about days lists them; one about the past is not this
    order = ranked.order
    head = order[0]
    if ranked.replaced is not None or head.at is None or _speaker(head.hit):
        return ranked
    if _gives_value(head, question):
        return ranked
    asked = without_present(question)
    numeric = bool(NUMERIC.search(asked))
    slot_kind = asked_slot(asked)
    top_score, top_rel = _answer_score(head), _relevance(head)
    pool = [
        c
        for c in order[:SLOT_POOL]
        if c.at is not None
        and c.at > head.at
        and not _speaker(c.hit)
        and c.named >= head.named
        and (_answer_score(c) >= SLOT_SHARE * top_score or _relevance(c) >= top_rel - SLOT_MARGIN)
        and _states_value(c)
        and _gives_value(c, asked)
        and (not numeric or holds_number(c.hit.text))
        and (not slot_kind or holds_slot(slot_kind, [c.hit.text]))
    ]
    if not pool:
        return ranked
    sims = _across_sims(services, head, pool)
    pool = [c for c in pool if sims.get(c.hit.citation, 0.0) >= SLOT_SIM]
    if not pool:
        return ranked
    newest = max(pool, key=lambda c: c.at or datetime.min.replace(tzinfo=UTC))
    rest = [c for c in order if c is not newest]
    replaced = head if _states_value(head) else ranked.replaced
    return Ranked([newest, *rest], replaced)


FORM_POOL = 12  # leading candidates weighed for a newer value of the form asked
FORM_MARGIN = 0.15  # ... about as relevant as the leading one, within this much
FORM_SIM = 0.55  # ... or this close to it in meaning (either language)


def _named_terms(question: str) -> set[str]:
    """What a question names, folded: its names ("Jellyfin", "Carla"), acronyms ("SAP"),
    codes ("U10") and one-letter names ("R")."""
    found = set(names_in(question)) | set(_codes(question))
    found |= {
        w for i, w in enumerate(re.findall(r"[\w-]+", question)) if i and len(w) > 1 and w.isupper()
    }
    found |= set(re.findall(r"(?<![\w.])[A-Z](?![\w.])", question)) - {"I"}
    asking = {fold(w) for w in re.findall(r"[\w-]+", form_phrase(question)) if w.isupper()}
    return {fold(x) for x in found} - asking


def _names_held(terms: set[str], text: str) -> set[str]:
    words = {fold(w) for w in re.findall(r"[\w-]+", text)}
    return {t for t in terms if t in words}


def _newest_of_form(
    services: Services, ranked: Ranked, question: str, window: Window | None, found: bool
) -> Ranked:
    """A question about the present that asks a value of a recognisable form (a version,
    an address, a dose, a temperature, a clock time, a day of the week) is answered by the
    newest statement that gives one about the same thing, whatever its layer or language
    ("actualicé Jellyfin a 10.10.3" after "Jellyfin … version 10.10.0"; "volvemos a 1220 °C
    en el esmalte" after "a partir de ahora 1240 °C") — a fact, a note, or a log line that
    says a change ("gym tuesday 7pm, squat 60kg!" is an event, not the schedule). The
    anchor is the leading entry, or when it gives no such value the first candidate that
    does. The same thing: naming what the question names and the anchor names
    ("Jellyfin", "SAP", "R"); when the question names nothing the anchor holds, close to
    the anchor in meaning (either language) or holding all its words about the question's
    subject, and about as relevant to the question. Followed a few times (4.4.1 → 4.4.2 →
    4.5.2). Whether memory holds an answer (``found``) is decided before, on what the
    question found. Turns of an imported conversation are talk: never moved."""
    if not found or window or not ranked.order or not _about_present(question):
        return ranked
    asked = without_present(question)
    kind = asked_form(asked)
    if not kind:
        return ranked
    head = next(
        (
            c
            for c in ranked.order[:FORM_POOL]
            if form_values(kind, c.hit.text) and (c is ranked.order[0] or _sets_value(c))
        ),
        None,
    )
    if head is None or head.at is None or _speaker(head.hit):
        return ranked
    replaced = ranked.replaced
    first = head
    terms = _named_terms(asked)
    subject = stems(asked)
    for _ in range(CHAIN):
        newer = _newer_of_form(services, ranked.order, head, kind, terms, subject)
        if newer is None:
            break
        if form_values(kind, newer.hit.text) != form_values(kind, head.hit.text):
            replaced = head
        head = newer
    if head is ranked.order[0]:
        return ranked
    rest = [c for c in ranked.order if c is not head]
    return Ranked([head, *rest], replaced if head is not first else ranked.replaced)


FILL_POOL = 12  # leading candidates weighed for the slot the question asks
FILL_MARGIN = 0.15  # ... within this much of the most relevant one (either language)


def _newest_filling(
    services: Services, ranked: Ranked, question: str, window: Window | None, found: bool
) -> Ranked:
    """A question about the present asks one slot (``coordinator.asked``). When the leading
    entry fills it less well than others about as relevant — it names another attribute
    of the subject ("La Gaviota's sail number is 8841" for "¿dónde está guardada La
    Gaviota?") — the newest of those that fill it best leads: naming the attribute asked
    and giving a value of the kind asked, about the question's subject, in either
    language, whatever its layer."""
    if not found or window or not ranked.order or not _about_present(question):
        return ranked
    slot = asked(question)
    if slot is None:
        return ranked
    head = ranked.order[0]
    pool = [c for c in ranked.order[:FILL_POOL] if not _speaker(c.hit)]
    if head not in pool:
        return ranked
    meet = word_meeter(services, question, [c.hit.text for c in pool])
    top_rel = max(_relevance(c) for c in pool)
    level = {}
    for c in pool:
        if c is not head:
            if _relevance(c) < top_rel - FILL_MARGIN:
                continue
            if slot.subject and not (
                meet.subject(slot, c.hit.text) or meet.attribute(slot, c.hit.text)
            ):
                continue
        level[c.hit.citation] = _fill_level(slot, c, question, meet, c is head)
    mine = level[head.hit.citation]
    most = max(level.values(), default=0)
    if not most or mine >= most:
        return ranked
    # A leading entry that fills the slot in part gives way only to a newer one: an older
    # one naming the attribute is the value it replaced ("changed the Beelink IP to .35"
    # under "Beelink back on .30"). So does one that says a change when a name is asked
    # (a name in lower case is no value the words can see: "Sergio works at Ford, jefe de
    # turno" stays under "¡Sergio ya es responsable de calidad!").
    after = head.at or datetime.min.replace(tzinfo=UTC)
    back = not mine and (slot.kind != "name" or not CHANGE.search(head.hit.text))
    best = [
        c
        for c in pool
        if level.get(c.hit.citation) == most and (back or (c.at is not None and c.at > after))
    ]
    if not best:
        return ranked
    newest = max(best, key=lambda c: c.at or datetime.min.replace(tzinfo=UTC))
    rest = [c for c in ranked.order if c is not newest]
    return Ranked([newest, *rest], None)


STATE_POOL = 8  # leading candidates weighed for a newer statement of the slot asked
STATE_MARGIN = 0.1  # ... about as relevant to the question as the leading one (either language)
STATE_SIM = 0.45  # ... and this close to it in meaning: it speaks of the same thing


def _newest_stating(
    services: Services, ranked: Ranked, question: str, window: Window | None, found: bool
) -> Ranked:
    """Among the leading entries that state the slot the question asks about its subject,
    the newest leads, whatever its layer or language: a fact, a project note, or a log line
    that says a change ("la paga sube a 25 € a la semana" after "allowance day, still 20 €
    a week"). It states the slot as well as the leading entry does (``_fill_level``: naming
    the attribute asked, giving a value of its kind), is about as relevant to the question,
    holds half the question's words the leading one holds ("replaced WireGuard with
    Tailscale" is no DNS filter) and is close to the leading entry in meaning; the leading
    entry is then said as history. Turns of an imported conversation are talk: never
    moved."""
    if not found or window or not ranked.order or not _about_present(question):
        return ranked
    head = ranked.order[0]
    if head.at is None or _speaker(head.hit):
        return ranked
    top = _relevance(head)
    pool = [
        c
        for c in ranked.order[1:STATE_POOL]
        if c.at is not None
        and c.at > head.at
        and not _speaker(c.hit)
        and _sets_value(c)
        and c.named >= head.named
        and _relevance(c) >= top - STATE_MARGIN
        and c.cover + 1e-9 >= NEWER_WORDS * head.cover
    ]
    if not pool:
        return ranked
    sims = _across_sims(services, head, pool)
    pool = [c for c in pool if sims.get(c.hit.citation, 0.0) >= STATE_SIM]
    slot = asked(question)
    if slot is not None and pool:
        meet = word_meeter(services, question, [c.hit.text for c in [head, *pool]])
        mine = _fill_level(slot, head, question, meet, True)
        named = meet.attribute(slot, head.hit.text)
        pool = [
            c
            for c in pool
            if _fill_level(slot, c, question, meet) >= max(mine, 1)
            and (not named or meet.attribute(slot, c.hit.text))
        ]
    else:
        pool = [c for c in pool if _gives_value(c, without_present(question))]
    if not pool:
        return ranked
    newest = max(pool, key=lambda c: c.at or datetime.min.replace(tzinfo=UTC))
    rest = [c for c in ranked.order if c is not newest]
    return Ranked([newest, *rest], head if _states_value(head) else None)


ATTRIBUTE_POOL = 8  # leading candidates one of which must name the attribute asked
# Properties a thing has, said by their own noun when memory holds them ("the plate is …",
# "es de color rojo"), unlike kinds of thing ("what app …" answered by "Obsidian").
_PROPERTIES = frozenset(
    """color colour colors colours surname apellido apellidos plate placa matricula
    license licence extension extension breed raza flavor flavour sabor""".split()
)


def _names_attribute_asked(
    services: Services, ranked: Ranked, question: str, window: Window | None
) -> bool:
    """Memory that knows the subject but not the property asked has no answer: "what
    colour is my bike?" when no leading entry speaks of a colour, "what's Hannah's
    surname?" when none names a surname (in either language). Only for the properties a
    thing has (``_PROPERTIES``); a conversation's turns are left to ``decide``."""
    if window or not ranked.order:
        return True
    slot = asked(question)
    if slot is None or not slot.attribute_words:
        return True
    if not slot.attribute_words & _PROPERTIES:
        return True  # a kind of thing or a role is often left unsaid: "Obsidian" for
        # "what app …", "we're on Verizon Fios now" for "¿quién es el proveedor …?"
    pool = ranked.order[:ATTRIBUTE_POOL]
    if any(_speaker(c.hit) for c in pool):
        return True
    meet = word_meeter(services, question, [c.hit.text for c in pool])
    return any(meet.attribute(slot, c.hit.text) for c in pool)


def _fill_level(
    slot: Slot, c: Candidate, question: str, meet: WordMeeter, head: bool = False
) -> int:
    """How well ``c`` fills ``slot``: naming the attribute, giving a value of the kind (a
    curated fact or note, or a log line that says a change or gives a value of a
    recognisable kind: "Yerba 4.7 kg today!" — the leading entry, placed by the steps
    before, is judged on its words alone); 0 when it gives no value of a kind asked."""
    kind = gives_kind(slot, c.hit.text, question)
    if slot.kind not in {"name", "person"} and not kind:
        return 0
    if not head and c.hit.layer == "daily" and not CHANGE.search(c.hit.text):
        if slot.kind in {"name", "person", "place"}:
            return 0
    if slot.kind not in {"name", "person", "place"}:
        return int(kind)  # a value of a form says what it is: "back on 192.168.1.30"
    return int(kind) + int(meet.attribute(slot, c.hit.text))


def _sets_value(c: Candidate) -> bool:
    """A curated fact or note, or a log line that says a change in any of the words
    ``current.CHANGE`` knows ("desde mañana nadamos los domingos", "upgraded to R 4.5.2")."""
    return c.hit.layer != "daily" or bool(CHANGE.search(c.hit.text))


def _newer_of_form(
    services: Services,
    order: list[Candidate],
    head: Candidate,
    kind: str,
    terms: set[str],
    subject: set[str],
) -> Candidate | None:
    """The newest candidate written after ``head`` that gives a value of ``kind`` about
    the same thing (see ``_newest_of_form``), or None."""
    assert head.at is not None
    pool = [
        c
        for c in order[:FORM_POOL]
        if c.at is not None
        and c.at > head.at
        and not _speaker(c.hit)
        and c.named >= head.named
        and _sets_value(c)
        and form_values(kind, c.hit.text)
    ]
    if not pool:
        return None
    named = _names_held(terms, head.hit.text)
    if named:
        pool = [c for c in pool if _names_held(named, c.hit.text)]
    else:
        sims = _across_sims(services, head, pool)
        theirs = stems(head.hit.text) & subject
        top = _relevance(head)
        pool = [
            c
            for c in pool
            if (
                sims.get(c.hit.citation, 0.0) >= FORM_SIM
                or bool(theirs)
                and theirs <= stems(c.hit.text)
            )
            and _relevance(c) >= top - FORM_MARGIN
        ]
    return max(pool, key=lambda c: c.at or datetime.min.replace(tzinfo=UTC), default=None)


def _follows(question: str, anchor: Candidate, step: Candidate, c: Candidate) -> bool:
    """Does ``c``, a change of ``step`` (itself a change of ``anchor``), still speak of what
    the question asks? It goes back to a value ``anchor`` gave and ``step`` did not (6:45 →
    18:15 → 6:45), or it speaks of ``anchor``'s subject by its words."""
    back = (values(anchor.hit.text) - values(step.hit.text)) & values(c.hit.text)
    if back:
        return True
    return same_slot(without_present(question), anchor.hit.text, c.hit.text, 0.0) > 0


def _which_time(order: list[Candidate], question: str) -> list[Candidate]:
    """ "When was the last time I played padel?" — the newest of the logged events that
    answer nearly as well as the best one; "when did I first …" — the oldest."""
    last, first = bool(_LAST.search(question)), bool(_FIRST.search(question))
    if last == first or not order:
        return order
    top = order[0]
    close = [
        c
        for c in order[:10]
        if c.hit.layer == "daily"
        and c.at is not None
        and _answer_score(c) >= ANCHOR * _answer_score(top)
        and c.cover + 1e-9 >= top.cover
    ]
    if not close:
        return order
    pick = (max if last else min)(close, key=lambda c: c.at or datetime.min.replace(tzinfo=UTC))
    return [pick, *(c for c in order if c is not pick)]


def _successors(
    services: Services, best: Candidate, pool: list[Candidate], question: str, first: set[str]
) -> list[Candidate]:
    """Statements written after ``best`` that give its subject a value: a MEMORY.md fact,
    or a note or log line that says a change; about what ``best`` answers (see
    ``current.same_slot``), nearly as relevant to the question. Between two turns of an
    imported conversation ("Name: …") a later turn is talk, not a change."""
    import numpy as np

    if best.at is None:
        return []
    asked = without_present(question)
    numeric = bool(NUMERIC.search(asked)) and holds_number(best.hit.text)
    slot_kind = asked_slot(asked)
    vecs = _vectors(services, [c.hit for c in pool])
    across = _across_sims(services, best, pool)
    floor = CLOSE_ENOUGH * _answer_score(best)
    mine = vecs.get(best.hit.citation)
    # Counted over what the question found: the statements found from ``best``'s own text
    # name its value by design ("Air Liquide" in the old fact, its change and a delivery).
    counts = Counter(v for c in pool if c.hit.citation in first for v in values(c.hit.text))
    common = frozenset(v for v, n in counts.items() if n >= COMMON_VALUE)
    out = []
    for c in pool:
        if c.at is None or c.at <= best.at or c.hit.citation == best.hit.citation:
            continue
        if not (c.hit.layer != "daily" or CHANGE.search(c.hit.text)):
            if not reshaped(best.hit.text, c.hit.text):
                continue  # a log line gives a value only by saying a change or a new amount
        if slot_kind and holds_slot(slot_kind, [best.hit.text]):
            if not holds_slot(slot_kind, [c.hit.text]):
                continue  # "the NAS IP" is replaced only by a statement with an address
        if c.hit.layer == "daily" and best.hit.layer == "daily" and _speaker(c.hit):
            continue
        theirs = vecs.get(c.hit.citation)
        sim = float(np.dot(mine, theirs)) if mine is not None and theirs is not None else 0.0
        sim = max(sim, across.get(c.hit.citation, 0.0))
        if numeric and not holds_number(c.hit.text):
            continue
        fact = c.hit.layer == "memory"
        relevant = _relevance(c) >= RELEVANT_SHARE * _relevance(best)
        related = _relevance(c) >= NAMED_SHARE * _relevance(best)
        close = sim >= SUBJECT_SIM and relevant
        slot = same_slot(
            asked, best.hit.text, c.hit.text, sim, common, fact, close, relevant, related
        )
        if c.named < best.named and (slot < 2 or _speaker(c.hit)):
            continue  # it may leave the name out only when it changes the very value
        if slot == 2:
            out.append(c)  # it names the old value while changing it
        elif slot == 1 and c.cover + 1e-9 >= NEWER_WORDS * best.cover:
            if c.hit.citation not in first or _answer_score(c) >= floor:
                out.append(c)  # (one found from the best one's text has no question score)
    return out


def _across_sims(services: Services, best: Candidate, pool: list[Candidate]) -> dict[str, float]:
    """Each pool entry's cosine with ``best`` (by citation): multilingual when a text is
    Spanish, else MiniLM's (stored with the index)."""
    import numpy as np

    near = closeness(services, best.hit.text, [c.hit.text for c in pool])
    if near is not None:
        return {c.hit.citation: float(v) for c, v in zip(pool, near[0], strict=True)}
    vecs = _vectors(services, [best.hit, *(c.hit for c in pool)])
    mine = vecs.get(best.hit.citation)
    if mine is None:
        return {}
    return {c: float(np.dot(mine, v)) for c, v in vecs.items()}


def _same_subject(services: Services, best: Candidate, pool: list[Candidate]) -> list[Candidate]:
    """Newer statements of a value that speak of ``best``'s subject in any language (close
    to it in the multilingual space) and answer the question nearly as well: "cambio de luz:
    contratado Som Energia" after "electricity at home: Endesa"."""
    if best.at is None:
        return []
    across = _across_sims(services, best, pool)
    top = _relevance(best)
    return [
        c
        for c in pool
        if c.at is not None
        and c.at > best.at
        and _states_value(c)
        and not (c.hit.layer == "daily" == best.hit.layer and _speaker(c.hit))
        and c.named >= best.named
        and across.get(c.hit.citation, 0.0) >= SUBJECT_SIM
        and _relevance(c) >= top - SUBJECT_MARGIN
    ]


def _relevance(c: Candidate) -> float:
    """How well an entry answers, in either language: its multilingual cosine with the
    question (word overlap favours the entry written in the question's language); MiniLM's
    when all is English."""
    return c.across or c.cos


# A code: a letter, then letters, digits and hyphens with a digit among them ("U10", "RAV4",
# "gpu03"); "3D", "4K" and "-80s" are words, not names.
_MIXED = re.compile(r"(?<![\w.-])[^\W\d_](?=[\w-]*\d)[\w-]+(?![\w-])")


def key_terms(query: str, names: list[str]) -> list[str]:
    """What a question is about by name: whom or what it names (capitalised words past the
    first) and the codes it spells with letters and digits ("U10", "RAV4", "gpu03"). An
    acronym is not one: "the Nextcloud URL" is answered by an address, not by the word."""
    codes = [m.group(0) for m in _MIXED.finditer(query)]
    return list(dict.fromkeys([*names, *codes]))


def _names_what_it_asks(
    ranked: Ranked, cands: list[Candidate], query: str, names: list[str], window: Window | None
) -> bool:
    """Some candidate names whom the question names ("who wrote Don Quixote?" has none), and
    the answer's own evidence names its names and codes ("what did the Fios plan cost?" is
    not answered by the phone plan's price); a question about someone who speaks in memory
    (imported conversations) is left to ``decide``."""
    if names and not any(_names_any(_said(c.hit), names) for c in ranked.order):
        return False
    speakers = {_speaker(c.hit) for c in cands} - {""}
    if speakers & set(names):  # a conversation's turns: ``decide`` weighs who said what
        return True
    return bool(window) or _holds_key(ranked, names, _codes(query))


def _codes(query: str) -> list[str]:
    """The codes a question spells ("U10", "RAV4", "gpu03"), a plural's "s" left off
    ("the U10s fee")."""
    return [re.sub(r"(?<=\d)'?s$", "", m.group(0)) for m in _MIXED.finditer(query)]


def _holds_key(ranked: Ranked, names: list[str], codes: list[str]) -> bool:
    """Does the evidence the answer line rests on (its statement, and the one it replaces)
    name one of the question's names, and does the line itself spell every code the question
    does? The answer about the U12 fee is no answer about the U10 fee; "the Verizon Fios
    plan" is answered by "our Fios plan"."""
    if not (names or codes) or not ranked.order:
        return True
    said = [_said(ranked.order[0].hit)]
    if ranked.replaced is not None:
        said.append(_said(ranked.replaced.hit))
    if names and not _names_any(" ".join(said), names):
        return False
    # A code names one thing: the line itself must spell it (a U12 fee never replaces the
    # U10 fee, however alike the two lines read).
    have = stems(said[0])
    return all(stems(code) <= have for code in codes)


def _said(hit: Hit) -> str:
    """What an entry says, with the project it was filed under for a project note: a note
    in ``projects/r75-rebuild/`` is about the R75 without naming it ("new battery Odyssey
    PC545 instead of the old Yuasa")."""
    parts = hit.path.split("/")
    if len(parts) >= 3 and parts[0] == "projects":
        return f"{hit.text} ({parts[1].replace('-', ' ').replace('_', ' ')})"
    return hit.text


def _names_any(text: str, names: list[str]) -> bool:
    """Does ``text`` name any of ``names`` (any case, any accents)?"""
    have = stems(text)
    return any(stems(n) and stems(n) <= have for n in names)


def _answer_score(c: Candidate) -> float:
    """Search's score, lowered for an entry that does not name whom the question names,
    plus the share of the question's words the entry holds (weights chosen on LoCoMo 0–4)."""
    bridge = max(0.0, c.across - c.cos)  # what the multilingual space sees and MiniLM misses
    named = 1.0 if c.named else UNNAMED
    return c.hit.score * named + COVER_BONUS * c.cover + ACROSS_BONUS * bridge


def _states_value(c: Candidate) -> bool:
    """A curated fact, or a log entry that changes one ("moved to", "now runs on")."""
    return c.hit.layer != "daily" or c.change


def decide(cands: list[Candidate], names: list[str]) -> bool:
    """Does memory hold an answer? The strongest candidate must be strong enough; and when
    the question names someone who speaks in memory (entries written "Name: …", as imported
    conversations are), what they said must be nearly as relevant as what others said —
    "what did Caroline realise after her charity race?" is unanswerable when the race was
    someone else's. A conversation has two speakers at least among the leading entries."""
    if not cands:
        return False
    if max(c.strength for c in cands) < FOUND_AT:
        return False
    top = sorted(cands, key=lambda c: -_answer_score(c))[:10]
    speakers = {_speaker(c.hit) for c in top} - {""}
    who = [n for n in names if n in speakers]
    if not who or len(speakers) < 2:
        return True  # no conversation: log lines headed "Barro: …" are notes on Barro
    said = [(c.hit.score + COVER_BONUS * c.topic, _speaker(c.hit)) for c in top]
    theirs = max((v for v, by in said if by == who[0]), default=0.0)
    others = max((v for v, by in said if by != who[0]), default=0.0)
    return theirs >= SPEAKER_SHARE * others


_SPEAKER = re.compile(r"^([A-Z][\w'’.-]{1,30}): ")


def _speaker(hit: Hit) -> str:
    """Who speaks in a turn of an imported conversation ("Caroline: …"); an entry headed
    by a name ("Barro: …", "Sofía: …") reads alike, so ``decide`` asks for two speakers."""
    match = _SPEAKER.match(hit.text)
    return match.group(1) if match else ""


# -- the text -------------------------------------------------------------------------------
def best_sentence(text: str, query: str) -> str:
    sentences = [s.strip() for s in _SENTENCE.split(text.strip()) if s.strip()]
    if len(sentences) <= 1:
        return text.strip()
    asked = _words(query)
    return max(sentences, key=lambda s: len(asked & _words(s)))


def _local(at: datetime | None, zone: tzinfo) -> str:
    return at.astimezone(zone).date().isoformat() if at else ""


def _untrusted(hit: Hit) -> str:
    """A mark for text from the web, a tool or another agent: what it said, not a fact."""
    return f"[untrusted: {hit.source}] " if hit.untrusted else ""


def _source_line(c: Candidate, zone: tzinfo, replaced: Candidate | None = None) -> str:
    when = f"{_local(c.at, zone)}, " if c.at and c.hit.layer == "daily" else ""
    flag = "replaced, " if replaced is not None and c is replaced else ""
    return f"- {_untrusted(c.hit)}{c.hit.text} ({flag}{when}{c.hit.citation})"


def _direct(c: Candidate, question: str, query: str, zone: tzinfo, whole: bool = False) -> str:
    """The answer line; ``whole`` keeps a short entry whole (a change names its new value
    in any of its sentences: "new phone! Pixel 8a.")."""
    short = whole and len(c.hit.text) <= WHOLE_CHARS
    sentence = c.hit.text.strip() if short else best_sentence(c.hit.text, query)
    day = _local(c.at, zone)
    if _WHEN.search(question) and _EVENT.search(question) and day:
        weekday = c.at.astimezone(zone).strftime("%A") if c.at else ""
        return f"On {day} ({weekday}): {_untrusted(c.hit)}{sentence} ({c.hit.citation})"
    when = f"{day}, " if day and c.hit.layer == "daily" else ""
    return f"{_untrusted(c.hit)}{sentence} ({when}{c.hit.citation})"


def _nothing(question: str, window: Window | None, closest: list[Candidate], zone: tzinfo) -> str:
    """The question is not echoed: the answer holds only what this session may see."""
    lines = ["Nothing in memory about that."]
    if window:
        lines[0] = f"Nothing in memory about that on {window.describe()}."
    for c in closest[:2]:
        lines.append(f"closest: {_untrusted(c.hit)}{c.hit.text[:120]} ({c.hit.citation})")
    return "\n".join(lines)


# -- the answers ----------------------------------------------------------------------------
def _window_records(services: Services, window: Window, zone: tzinfo) -> list[Record]:
    """Entries written in the window: the daily log, plus changes noted in curated files."""
    from datetime import timedelta

    begin, end = window.instants(zone)
    if window.start.year < 1990:
        begin = max(begin, end - timedelta(days=3660))
    records: list[Record] = []
    if services.session_kind != "cron":
        day = begin.astimezone(zone).date()
        while day <= (end - timedelta(seconds=1)).astimezone(zone).date():
            records += reads.local_day_records(services, day)
            day += timedelta(days=1)
    records = [r for r in records if r.kind != "session-summary" and r.at]
    curated: list[Record] = []
    try:
        curated += reads.memory_records(services)
    except Exception:  # a session that may not read MEMORY.md
        curated = []
    for name in services.projects.names():
        try:
            curated += reads.project_records(services, name)
        except Exception:
            break
    logged = any(r.at and begin <= r.at < end for r in records)
    # A window the log holds nothing of: what was filed in MEMORY.md or a project then
    # ("¿qué hice el martes?" when Tuesday's ELISA run went to the project's notes).
    records += [r for r in curated if r.at and (not logged or r.active and _CHANGE.search(r.text))]
    inside = [r for r in records if r.at and begin <= r.at < end]
    return sorted(inside, key=lambda r: r.at or begin)


def record_hit(r: Record, zone: tzinfo) -> Hit:
    """A listed entry as a search hit (score 1.0), dated by the user's day."""
    from memory.search.ranking import Hit

    return Hit.of_record(r, 1.0, _local(r.at, zone) or None)


_DID = re.compile(
    r"\bwhat (?:did|have) (?:i|we) (?:do|done|work(?:ed)? on)\b|"
    r"\bqu[eé] (?:hice|hicimos|he hecho|hemos hecho)\b",
    re.IGNORECASE,
)


def _digest(
    services: Services, question: str, window: Window, zone: tzinfo, kind: str
) -> Answer | None:
    records = _window_records(services, window, zone)
    if kind == "changes":
        records = [r for r in records if _CHANGE.search(r.text)]
    elif kind == "fixes":
        records = [r for r in records if _FIX.search(r.text)]
    elif kind == "topic":
        words = _topic_words(question)
        topic = stems(" ".join([*words, *other_words(" ".join(words))]))
        records = [r for r in records if topic & stems(r.text)]
        if not records:
            return None  # nothing names the topic: search the days for it instead
    unasked = left_out(question)  # which skill ran is bookkeeping, not what you did
    records = [r for r in records if r.kind not in unasked]
    if _DID.search(question):  # a to-do is not something done
        records = [r for r in records if r.kind != "task"]
    if not records:
        return Answer(question, _nothing(question, window, [], zone), [], False, window)
    counted = "1 entry" if len(records) == 1 else f"{len(records)} entries"
    head = f"{window.describe()} — {counted} in memory:"
    lines = [head]
    hits = []
    for r in records[:DIGEST_LIMIT]:
        clock = r.at.astimezone(zone).strftime("%Y-%m-%d %H:%M") if r.at else ""
        source = r.src.removeprefix("import:")
        marked = f"[untrusted: {source}] " if is_untrusted_source(source) else ""
        lines.append(f"- {clock} {marked}{r.text} ({r.citation})")
        hits.append(record_hit(r, zone))
    if len(records) > DIGEST_LIMIT:
        lines.append(f"(and {len(records) - DIGEST_LIMIT} more)")
    return Answer(question, "\n".join(lines), hits, True, window)


def _search(
    services: Services, query: str, window: Window | None, zone: tzinfo, k: int, asked: str = ""
) -> list[Hit]:
    """Search's candidates; for a question without dates, also the curated entries closest
    to ``asked`` in meaning in any language (a fact told in the other language)."""
    since = until = None
    if window:
        begin, end = window.instants(zone)
        since, until = begin.date(), end.date()
        if window.start.year < 1990:
            since = None
    hits = reads.search(
        services, query, k=max(k, CANDIDATES), since=since, until=until, counted=False
    )
    if asked and not window:
        hits += curated_hits(services, asked, {h.citation for h in hits})
    return hits


def _listing(
    services: Services, question: str, window: Window | None, rest: str, zone: tzinfo
) -> Answer | None:
    """A question about the days rather than a topic: what is due ("what do I have to do
    today?") or what happened ("what did I do yesterday?"). None for any other question."""
    from coordinator.todos import todo_list

    today = services.clock.now().astimezone(zone).date()
    todo = todo_list(services, question, today, zone, window)
    if todo is not None:
        hits = [record_hit(r, zone) for r in todo.tasks]
        return Answer(question, todo.text, hits, todo.found, todo.when)
    if window is None:
        mine = about_me(services, question)
        if mine is not None:
            text, records = mine
            return Answer(question, text, [record_hit(r, zone) for r in records], True, None)
    kind = digest_kind(rest) if window else None
    listed = _digest(services, rest, window, zone, kind) if window and kind else None
    return replace(listed, question=question) if listed is not None else None


# A question that asks how to do something, or about a procedure or skill, may be answered
# by a skill's steps; any other question is answered by facts and events ("who signs off
# the centrifuge maintenance?" is not answered by the rotor-cleaning steps).
_HOW_TO = re.compile(
    r"\bhow (?:do|can|should|would|to|did) (?:i|we|you|one)?\b|\bhow to\b|\bsteps?\b|"
    r"\bprocedures?\b|\bchecklist\b|\bworkflow\b|\binstructions?\b|\bskills?\b|"
    r"\bc[oó]mo (?:se|hago|puedo|hay que|debo|hacemos)\b|\bpasos?\b|\bprocedimiento\b|"
    r"\binstrucciones\b",
    re.IGNORECASE,
)
_HEADING_LINE = re.compile(r"^\s*#+\s.*$\n?", re.MULTILINE)


SKILL_ASIDE = 0.5  # a skill named by a question that asks no how-to ranks below facts


def _skills_for_how_to(hits: list[Hit], question: str) -> list[Hit]:
    """Skill text answers how-to questions; any other question hears a skill only when it
    names it ("what about the figwort?" for figwort-care), ranked below the facts and
    events. Skill text is read without its Markdown headings ("## Workflow")."""
    how = bool(_HOW_TO.search(question))
    asked = stems(question)
    kept = []
    for h in hits:
        if h.layer != "skill":
            kept.append(h)
            continue
        name = h.path.split("/")[1] if h.path.count("/") >= 2 else ""
        if not how and not (asked & stems(name.replace("-", " "))):
            continue
        text = _HEADING_LINE.sub("", h.text).strip() or h.text
        kept.append(replace(h, text=text, score=h.score * (1.0 if how else SKILL_ASIDE)))
    return kept


def answer_question(services: Services, question: str, *, k: int = MAX_SOURCES) -> Answer:
    """The answer to ``question`` from this session's memory (offline)."""
    zone = services.settings.zone()
    window, rest = find_window(question, services.clock.now(), zone)
    listed = _listing(services, question, window, rest, zone)
    if listed is not None:
        return listed
    query = without_present(search_text(rest if window and _words(rest) else question))
    wider = " ".join([query, *other_words(query)])
    hits = _search(services, wider, window, zone, k, without_present(question))
    bookkeeping = left_out(question)
    hits = [h for h in hits if h.kind not in bookkeeping]
    hits = _skills_for_how_to(hits, question)
    names = names_in(query)
    cands = _candidates(services, query, hits, names, wider)
    if window:
        cands = [c for c in cands if c.at and window.contains(c.at, zone)]
    found = decide(cands, names)
    if not found and getattr(services.embedder, "degraded", False):
        # Without a model (the lexical fallback) cosines are word overlaps: the threshold,
        # calibrated on the model, does not apply. An entry holding the question's words
        # answers it.
        found = any(c.cover > 0 for c in cands)

    def later(best: Candidate) -> list[Candidate]:
        """Statements written after ``best`` about what it says: a change told in other
        words than the question's ("new label printer arrived: …") is found from them."""
        if window or not found:
            return []
        text = best.hit.text[:400]
        more = reads.search(services, " ".join([text, *other_words(text)]), k=LATER, counted=False)
        more = [h for h in more if h.kind not in bookkeeping]
        return _candidates(services, query, more, names, wider)

    ranked = _newest_on_slot(services, _rank(services, cands, question, later), question, window)
    slot = asked_slot(question) if found and not window else None
    if slot:
        holding = [c for c in ranked.order[:MAX_SOURCES] if holds_slot(slot, [c.hit.text])]
        if not holding:
            found = False  # memory knows the thing, not the value asked ("the printer's IP")
        elif holding[0] is not ranked.order[0] and ranked.replaced is None:
            # the answer holds the value asked: "the NAS IP" is answered by an address
            order = [holding[0], *(c for c in ranked.order if c is not holding[0])]
            ranked = Ranked(order)
    found = found and _names_what_it_asks(ranked, cands, query, names, window)
    found = found and _names_attribute_asked(services, ranked, question, window)
    # whether memory holds an answer is decided on what the question found, before this
    ranked = _newest_of_form(services, ranked, question, window, found)
    ranked = _newest_filling(services, ranked, question, window, found)
    ranked = _newest_stating(services, ranked, question, window, found)
    if not found:
        text = _nothing(question, window, ranked.order, zone)
        if services.session_kind != "main":  # said whatever MEMORY.md holds: no oracle
            text += f"\n(a {services.session_kind} session does not see MEMORY.md)"
        return Answer(question, text, [], False, window)
    ranked = _with_real_history(ranked)
    best = ranked.order[0]
    floor = RELATIVE_FLOOR * best.hit.score
    limit = WINDOW_SOURCES if window else min(k, MAX_SOURCES)
    sources = [c for c in ranked.order if c.hit.score >= floor or c is best][:limit]
    lines = [_direct(best, question, query, zone, ranked.replaced is not None)]
    if window:
        lines[0] += f" — looked at {window.describe()}"
    if ranked.replaced is not None:
        old = ranked.replaced
        until = _local(best.at, zone)
        lines.append(history_line(old.hit.text, old.hit.citation, until, is_spanish(question)))
        sources = [c for c in sources if c.hit.citation != old.hit.citation][: limit - 1]
        sources.append(old)
    lines += ["Sources:"] + [_source_line(c, zone, ranked.replaced) for c in sources]
    return Answer(question, "\n".join(lines), [c.hit for c in sources], True, window)


def _with_real_history(ranked: Ranked) -> Ranked:
    """``ranked`` without its replaced entry when that held no other value than the answer
    (the same value said again, or another attribute)."""
    old = ranked.replaced
    if old is None or _another_value(old.hit.text, ranked.order[0].hit.text):
        return ranked
    return Ranked(ranked.order)


def _another_value(old: str, new: str) -> bool:
    """``old`` held another value of a kind ``new`` states: "was 10.0.0.5" under "now
    10.0.0.20" — not the same address said again, nor "4 cameras" under "a 64 GB card".
    Texts that state no value are taken as changed (the ranking decided)."""
    from memory.supersede import typed_values

    before, after = typed_values(old), typed_values(new)
    if not before or not after:
        return True
    if {v for _, v in before} <= {v for _, v in after}:
        return False
    return bool({k.partition(":")[0] for k, _ in before} & {k.partition(":")[0] for k, _ in after})


def answer_offline(question: str, hits: list[Hit]) -> Answer:
    """The plain fallback over given hits: the best one first, then up to three sources."""
    if hits:
        best = hits[0].score
        hits = [h for h in hits if best <= 0 or h.score >= RELATIVE_FLOOR * best]
    if not hits:
        return Answer(question, "Nothing in memory about that.", [], False)
    first = hits[0]
    when = f"{first.date}, " if first.date and first.layer == "daily" else ""
    lines = [f"{best_sentence(first.text, question)} ({when}{first.citation})", "Sources:"]
    for hit in hits[:MAX_SOURCES]:
        day = f"{hit.date}, " if hit.date and hit.layer == "daily" else ""
        lines.append(f"- {hit.text} ({day}{hit.citation})")
    return Answer(question, "\n".join(lines), hits[:MAX_SOURCES])


def with_session(answer: Answer, session: SessionContext) -> Answer:
    """In a chat the session's own context answers too: "what am I working on?" hears its
    task, notes and project; any question hears the notes that share its words ("for now,
    sample IDs start with GR-" answers "what prefix do sample IDs have?"), first."""
    about_session = re.search(
        r"\b(?:working on|my task|doing now|this session|trabajando|mi tarea|esta sesi[oó]n)\b",
        answer.question,
        re.IGNORECASE,
    )
    parts = []
    if about_session:
        if session.project:
            parts.append(f"active project: {session.project}")
        if session.task:
            parts.append(f"task: {session.task}")
        parts += [f"note: {text}" for _, text, _ in session.notes[-3:]]
    else:
        parts += [f"note: {text}" for text in _notes_about(answer.question, session)]
    if not parts:
        return answer
    head = "This session — " + "; ".join(parts)
    text = head if not answer.found else head + "\n" + answer.text
    return replace(answer, text=text, found=True)


def _notes_about(question: str, session: SessionContext) -> list[str]:
    """The session's notes that share at least two content words with the question (one
    of four letters or more when the question has only one), in English or Spanish stems,
    a word or its other-language twin ("port" meets "puerto"); most shared first. A question
    that asks for a kind of value (an address, a version, a price…) hears only notes that
    hold one: "for now, focus on the Home Assistant automations" does not answer "what is
    the IP of Home Assistant?"."""
    from skills.language import content_words, stem_keys

    words = content_words(question)
    if not words or (len(words) == 1 and len(words[0]) < 4):  # "where is the lab?": too little
        return []
    asked = [frozenset().union(*stem_keys(" ".join([word, *other_words(word)]))) for word in words]
    need = min(2, len(asked))
    slot = asked_slot(question)  # "what is the IP of …?" is not answered by a note without one
    scored = []
    for position, (_, text, _) in enumerate(session.notes):
        if slot and not holds_slot(slot, [text]):
            continue
        said = stem_keys(" ".join(content_words(text)))
        shared = sum(1 for keys in asked if any(keys & other for other in said))
        if shared >= need:
            scored.append((-shared, -position, text))
    return [text for _, _, text in sorted(scored)[:3]]
