"""The current value of a subject: words that ask for it, words that change it, its history.

A question about the present ("what is the NAS IP?", "¿qué slicer uso ahora?") is answered
by the newest statement about its subject. A fact can change through a daily-log line
("moved the NAS to 10.0.0.5", "new label printer arrived: …"), a project note or a newer
MEMORY.md line while an older line still holds the old value; the answer leads with the new
value and says the old one as history ("was …, until 2026-11-26"), in the question's
language. The ranking itself is in ``coordinator.answer``; this module holds the language.
"""

from __future__ import annotations

import math
import re

from memory.folding import fold

__all__ = [
    "CHANGE",
    "NUMERIC",
    "PRESENT",
    "holds_number",
    "history_line",
    "is_spanish",
    "reshaped",
    "same_slot",
    "stems",
    "values",
    "without_present",
]

# "Now" in a question asks for the current value; as a search word it matches every entry
# that says "now" about something else ("ahora voy al gimnasio martes y jueves").
PRESENT = re.compile(
    r"\b(?:right now|now|currently|current|nowadays|these days|at the moment|at present|"
    r"presently|still|ahora mismo|ahora|actualmente|actual(?:es)?|hoy en d[ií]a|"
    r"en este momento|de momento|por ahora|todav[ií]a|a d[ií]a de hoy)\b",
    re.IGNORECASE,
)
# A statement that sets a new value: a change verb, a newcomer ("new UPS installed: …"),
# an end ("the Dymo goes to the bin", "ya no usamos …"), English and Spanish.
CHANGE = re.compile(
    r"\b(?:now|changed?|moved?|moving|switch\w*|migrat\w*|upgrad\w*|downgrad\w*|bump\w*|"
    r"raised|increased|upped|decreased|lowered|reduced|renamed|replac\w*|instead|"
    r"no longer|any ?more|from now on|going forward|ditched|dropped|dumping|swapped|"
    r"rescheduled|renewed|took over|hired|promoted|effective|new|installed|arrived|"
    r"bought|got|set (?:up|to)|signed|is on|went back|back to|goes to the|done with|"
    r"sold|traded|picked up|gave away|retired|vend(?:[ií]|imos|o|emos)|"
    r"ahora|cambi\w*|pas(?:a|an|ó|o|amos|é|e) a|nos pasamos|mud\w*|migr\w*|"
    r"ya no|ya (?:tiene|tenemos|es|est[aá]|estamos|uso|usamos|va|van|funciona)|"
    r"nuev[oa]s?|renombr\w*|actualic\w*|actualiz\w*|sustitu\w*|en vez de|en lugar de|"
    r"a partir de|desde (?:hoy|ahora|este|el lunes|ma[nñ]ana)|dej(?:o|amos|é|e)|"
    r"traslad\w*|renov\w*|reemplaz\w*|instal\w*|compr[eéoó]\w*|lleg[oó]|ha llegado|"
    r"mov[ií](?:d[oa]s?|mos|ste|eron)|muev[eo]n?|se queda(?:n)? con|se encarga\w*|"
    r"firm\w*|contrat\w*|ascend\w*|me quedo con|nos quedamos con|vamos con|fuera|"
    r"subid\w*|bajad\w*|sube|baja|colgu[eé]|puesto|"
    # an end, or a start from a day on: "Xfinity cancelled", "bye Mint Mobile", "iLab
    # archived", "starting Monday", "desde la próxima semana"
    r"cancel\w*|archiv\w*|discontinued|closed|cerrad[oa]s?|bye|adi[oó]s|chao|ported|portabilidad|"
    r"se acab\w*|starting (?:today|tomorrow|next|this|on|monday|tuesday|wednesday|"
    r"thursday|friday|saturday|sunday)|from next|desde (?:la|el) pr[oó]xim\w*)\b",
    re.IGNORECASE,
)
_ES_WORDS = re.compile(r"\b(?:qu[eé]|cu[aá]l|cu[aá]ndo|d[oó]nde|qui[eé]n|c[oó]mo|tengo|"
                       r"tenemos|hay|el|la|los|las|del|mi|mis|con|para|usamos|uso)\b",
                       re.IGNORECASE)  # fmt: skip


def without_present(text: str) -> str:
    """``text`` without the words that ask for the present; ``text`` if nothing is left."""
    kept = re.sub(r"\s+", " ", PRESENT.sub(" ", text)).strip()
    kept = re.sub(r"\s+([?.!,])", r"\1", kept)
    return kept if re.search(r"\w", kept) else text


def is_spanish(question: str) -> bool:
    """A Spanish question: an opening ¿/¡, or two or more Spanish function words."""
    return "¿" in question or "¡" in question or len(_ES_WORDS.findall(question)) >= 2


def history_line(old_text: str, citation: str, until: str, spanish: bool) -> str:
    """The replaced value as history: "earlier: … (until 2026-11-26; MEMORY.md#L3)"."""
    text = old_text.strip()
    if len(text) > 160:
        text = text[:157].rstrip() + "…"
    if spanish:
        return f"antes: {text} (hasta el {until}; {citation})"
    return f"earlier: {text} (until {until}; {citation})"


# Words too common to name a subject: "which days do I go to the gym?" is about the gym,
# and "samples now go to DiagnosVet twice a day" is not.
_GENERIC = frozenset(
    """the a an is are was were be been of to in on at for and or my our we i it its with by
    from that this these those as has have had do does did which what who whom where when
    how use uses used using run runs go goes going get got day days time thing things make
    there their they them me you your can could should would will about any some one
    el la los las de del en es son un una unos unas y o mi mis nuestro nuestra nuestros que
    por con se al lo le ya me te su sus esta estan tengo tiene tenemos hay uso usa usamos
    usar corre va van dia dias vez cosa cual cuales quien donde cuando como cuanto para
    hace hacer""".split()
)
_TOKEN = re.compile(r"[a-z0-9ñ]+(?:[./:-][a-z0-9ñ]+)*")


def stems(text: str) -> set[str]:
    """Crude stems (five letters) of the words that can name a subject, both languages:
    "vacuna"/"vacunas", "printer"/"printers" meet."""
    return {w[:5] for w in _TOKEN.findall(fold(text)) if w not in _GENERIC and len(w) > 1}


def values(text: str) -> set[str]:
    """What a statement gives as a value: numbers, addresses, versions, names written with
    a hyphen ("ryzen-ws") and the names it spells with capitals (past its first word)."""
    found = {w for w in _TOKEN.findall(fold(text)) if re.search(r"\d|-", w)}
    tokens = re.findall(r"[^\W_][\w.+-]*", text)
    found |= {fold(t).rstrip(".+-") for i, t in enumerate(tokens) if i and t[:1].isupper()}
    # a name spelt with a capital inside ("iLab", "eBay", "macOS"), wherever it stands
    found |= {fold(t).rstrip(".+-") for t in tokens if _INNER_CAPITAL.match(t)}
    return found


_INNER_CAPITAL = re.compile(r"^[a-z]+[A-Z]")


# Values with a recognisable form: a newer statement that gives another value of the same
# form as the older one (an address for an address, a host for a host) replaces it.
_SHAPES = (
    ("address", re.compile(r"^\d{1,3}(?:\.\d{1,3}){3}$")),
    ("version", re.compile(r"^v?\d+(?:\.\d+){1,2}$")),
    ("time", re.compile(r"^\d{1,2}:\d{2}$")),
    # nas01, mini02, rtx3090, gpu03b — not a name with a digit inside ("zigbee2mqtt")
    ("host", re.compile(r"^[a-z]+-?\d+[a-z]?$")),
)


_NOT_UNITS = frozenset(
    """a al and at de del el en es for in is la las los o of on or por con que the to x y
    un una""".split()
)
# An amount with its unit ("20 GB", "4,8 kg", "35 €", "6 líneas", "65°F"): a newer statement with
# another amount of the same unit gives a new value of it.
_AMOUNT = re.compile(r"(\d+(?:[.,]\d+)?)\s?(%|€|\$|[°º]\s?[cf]?\b|[a-zñ]{1,12}\b)")


def amounts(text: str) -> dict[str, set[str]]:
    """Each unit ``text`` gives an amount of, with its amounts (folded: "4,8" is "4.8")."""
    found: dict[str, set[str]] = {}
    for number, unit in _AMOUNT.findall(fold(text)):
        if unit in _NOT_UNITS:
            continue
        found.setdefault(unit, set()).add(number.replace(",", "."))
    return found


def reshaped(old: str, new: str) -> str:
    """The form of a value ``old`` has and ``new`` gives differently ("" if none): an
    address, a version, a clock time, a host name, or an amount of the same unit."""
    old_tokens, new_tokens = set(_TOKEN.findall(fold(old))), set(_TOKEN.findall(fold(new)))
    for name, shape in _SHAPES:
        before = {t for t in old_tokens if shape.match(t)}
        after = {t for t in new_tokens if shape.match(t)}
        if before and after - before:
            return name
    before_amounts, after_amounts = amounts(old), amounts(new)
    if any(after_amounts[u] - before_amounts[u] for u in before_amounts.keys() & after_amounts):
        return "amount"
    return ""


def _subject_stems(text: str) -> set[str]:
    """Stems of ``text``'s words, a word and its translation as one ("heating" and
    "calefacción" meet)."""
    from coordinator.bilingual import concept

    words = [w for w in _TOKEN.findall(fold(text)) if w not in _GENERIC and len(w) > 1]
    return {concept(w)[:5] for w in words}


_CLAUSE = re.compile(r"[;.!?]\s+|,\s+|\s*[()]\s*|\s+(?:and|y|but|pero)\s+")


# A plan or a wish is not a change yet: "plan: move Nextcloud from the Pi 4 to the Beelink",
# "voy a cambiar …" (not "ya no voy a Movement": going somewhere, no verb follows).
_PLAN = re.compile(
    r"\b(?:plan|planning|will|going to|gonna|want to|might|maybe|thinking of|"
    r"(?:voy|vamos) a \w+(?:ar|er|ir)(?:me|te|se|nos|os|l[oae]s?)?|quiero|queremos|"
    r"plan(?:eo|eamos)|pensando en|quiz[aá]s?)\b",
    re.IGNORECASE,
)


def _ends(new: str, names: set[str]) -> bool:
    """Does ``new`` say a change in the clause that names one of ``names`` ("…, Xfinity
    cancelled"; not "… (reserva DHCP en el Deco)", nor a plan)?"""
    if _PLAN.search(new):
        return False
    for clause in _CLAUSE.split(new):
        if names & values("x " + clause) and CHANGE.search(clause):  # "x": not first
            return True
    return False


def _focus_values(question: str, old: str) -> set[str]:
    """The values ``old`` gives as written in its clauses about what ``question`` asks: a
    name capitalised there ("Movement" in "climbing gym = Movement on Pearl Street"; not
    "home" of "home server setup" when "Home Assistant" is in another clause)."""
    asked = _subject_stems(question)
    clauses = [c for c in _CLAUSE.split(old) if c.strip()]
    shared = [len(asked & _subject_stems(c)) for c in clauses]
    most = max(shared, default=0)
    if not most or shared.count(most) > 1:
        return set()
    return set().union(
        *(values("x " + c) for c, n in zip(clauses, shared, strict=True) if n == most)
    )


def _focus_names(question: str, old: str) -> set[str]:
    """The names ``old`` gives in its clauses about what ``question`` asks (the clauses that
    share most subject words with it; none share: nothing)."""
    asked = _subject_stems(question)
    clauses = [c for c in _CLAUSE.split(old) if c.strip()]
    shared = [len(asked & _subject_stems(c)) for c in clauses]
    most = max(shared, default=0)
    if not most or shared.count(most) > 1:
        return set()  # no clause, or several, about what the question asks
    words = set()
    for clause, n in zip(clauses, shared, strict=True):
        if n == most:
            words |= set(_TOKEN.findall(fold(clause)))
    return {v for v in values(old) if set(_TOKEN.findall(v)) <= words}


def same_slot(
    question: str,
    old: str,
    new: str,
    similarity: float,
    common: frozenset[str] = frozenset(),
    fact: bool = False,
    close: bool = False,
    relevant: bool = False,
    related: bool = False,
) -> int:
    """Does ``new`` speak of what ``old`` says in answer to ``question``? 2: it names a
    distinctive value of ``old`` (not a number, not a word of the question, not one of the
    ``common`` ones) while changing it ("dumping GRBL, flashed FluidNC") and means something
    close, and holds a subject word; or it holds a subject word and changes an address, a
    version or a clock time (a host: holding the subject words, below). 1: it holds the
    subject words the question and ``old`` share, in either language (two thirds of them
    when there are three or more: "label printer" in "new label printer arrived: …"; one
    word alone when it answers more of the question), and is a MEMORY.md fact (``fact``)
    or says a change. 0: neither. ``related``: relevant enough to the question when it
    names ``old``'s value where it says the change (it need not repeat the subject's
    words: "ya no voy a Movement, me apunté a Earth Treks")."""
    subject = _subject_stems(question) & _subject_stems(old)
    asked = {fold(w) for w in re.findall(r"[\w.+-]+", question)}
    old_names = {v for v in values(old) if not re.search(r"\d", v)} - common - asked
    theirs = _subject_stems(new)
    # about the same thing: a subject word in common, or (``close``) close in meaning in any
    # language and to the question too ("carro: Honda Civic" and "traded the Honda Civic
    # for a RAV4")
    said_old = old_names & values(new)
    # or, relevant to the question, it names the value ``old`` gives about what the
    # question asks, in the clause that says the change, without the subject's words: "ya
    # no voy a VASA, me cambié a Chuze" after "gym = VASA Fitness" (not "sold the Honda
    # Odyssey" for the phone plan of "phone plan is Mint Mobile; car = our 2014 Honda
    # Odyssey", nor "(reserva DHCP en el Deco)" for the wifi)
    named_old = (relevant or related) and _ends(new, said_old & _focus_values(question, old))
    about = not subject or bool(subject & theirs) or close or named_old
    # or the value it names is the one ``old`` gives about the question's subject: "phone
    # plan is Mint Mobile; car = …" and "ported my number to Visible, bye Mint Mobile"
    # and gives another in its place ("Verizon Fios installed, Xfinity cancelled"; not
    # "1:1 con Marta: …" after "Marta is my PI")
    others = {v for v in values(new) - values(old) - asked if len(v) > 1}
    others = {v for v in others if not re.search(r"\d", v)}
    # (a value many candidates name is still the one ended when its own clause says so:
    # "iLab archived", "Curtis Hall closed for repairs")
    every = {v for v in values(old) if not re.search(r"\d", v)} - asked
    focus = every & values(new) & _focus_names(question, old)
    ended = bool(relevant and others and _ends(new, focus))
    if similarity >= 0.3 and (about or ended) and (said_old or ended) and CHANGE.search(new):
        return 2
    changes = bool(CHANGE.search(new))
    shared = len(subject & theirs)
    if not subject or not shared:
        return 0
    need = len(subject) if len(subject) <= 2 else math.ceil(len(subject) * 2 / 3)
    form = reshaped(old, new)
    # asked for an amount in the unit that changed: "¿cuántos GB …?" and "… 50 GB"
    units = {u for u, n in amounts(new).items() if n - amounts(old).get(u, set())}
    # or for a kind of value the new amount is ("how much does Toby weigh?" and "13,5 kg")
    from coordinator.slots import asked_slot, holds_slot

    kind = asked_slot(question)
    named = bool(units & set(_TOKEN.findall(fold(question))))
    asks_amount = form == "amount" and bool(NUMERIC.search(question))
    asks_amount = asks_amount and (named or bool(kind and holds_slot(kind, [new])))
    if form in {"host", "amount"} and shared >= need or asks_amount:
        return 2  # "Jellyfin runs on nas01" → "migrated Jellyfin to mini02"; "20 GB" → "50 GB"
    if form in {"address", "version", "time"} and NUMERIC.search(question):
        return 2  # asked for a value of that form: "what time …", "which IP …"
    if not (fact or changes):
        return 0
    if len(subject) == 1:
        # One shared word ("router", "Pi") is a subject only when the newer statement
        # answers more of the question than the older one: "VetGes corre ahora en el
        # Lenovo" for "which machine runs VetGes?" over "vetges version installed: 8.1".
        asked_stems = _subject_stems(question)
        return 1 if len(asked_stems & theirs) > len(asked_stems & _subject_stems(old)) else 0
    return 1 if shared >= need else 0


# A question whose answer is a number or a time: a newer statement without one ("journal
# club at the new time") does not answer it.
NUMERIC = re.compile(
    r"^\W*(?:when|what time|at what time|how (?:big|much|many|long|large|old|tall|far|often)|"
    r"cu[aá]ndo|a qu[eé] hora|cu[aá]nt[oa]s?|qu[eé] tama[nñ]o)\b|\b(?:ip|version|versi[oó]n|"
    r"price|precio|cost|port|puerto|size|tama[nñ]o|address|direcci[oó]n)\b",
    re.IGNORECASE,
)


def holds_number(text: str) -> bool:
    return bool(re.search(r"\d", text))
