"""What kind of value a question asks for, and whether a text holds one.

"What's the IP of the label printer?" is answered only by a text with an address in it;
memory that knows the printer but not its address has no answer ("Nothing in memory
about that"), however close the entry is. Only kinds with an unmistakable form are
checked — addresses, versions, prices, weights, sizes, ports, phone numbers, birthdays —
in English and Spanish; any other question passes.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

__all__ = ["asked_form", "asked_slot", "form_phrase", "form_values", "holds_slot"]

_NUM = r"\d+(?:[.,]\d+)*"
# (kind, what in a question asks for it, what in a text answers it)
_SLOTS: list[tuple[str, re.Pattern[str], re.Pattern[str]]] = [
    (
        "address",
        re.compile(r"\b(?:ip|ip address|direcci[oó]n ip|ipv4)\b", re.IGNORECASE),
        # a whole address, or its last part alone ("moved to .20"), not a version's tail
        re.compile(r"\b\d{1,3}(?:\.\d{1,3}){3}\b|(?<![\w.])\.\d{1,3}\b"),
    ),
    (
        "version",
        re.compile(
            r"^\W*(?:what|which|qu[eé]|cu[aá]l)\b.{0,30}\b(?:version|versi[oó]n)\b", re.IGNORECASE
        ),  # fmt: skip
        re.compile(r"\b[vV]?\d+(?:\.\d+)+\b|\b[vV]\d+\b|\b[A-Z][\w-]+ \d{1,3}\b"),
    ),
    (  # "how much do I pay for parking?" asks a price; "how do parents pay?" a way
        "price",
        re.compile(
            r"\b(?:cost|costs|costed|price|priced|rent|charge|"
            r"cu[eé]sta|cuestan|cost[oó]|costaron|costaba|costaban|precio|alquiler|"
            r"tarifa)\b|\b(?:how much|cu[aá]nt[oa]s?)\b.{0,40}\b(?:pay|paid|pag[oa]\w*)\b",
            re.IGNORECASE,
        ),
        re.compile(
            rf"{_NUM}\s?(?:€|\$|eur\b|euros?\b|usd\b|dollars?\b|k€)|[€$]\s?{_NUM}", re.IGNORECASE
        ),  # fmt: skip
    ),
    (
        "weight",
        re.compile(
            r"\b(?:weigh|weighs|pesa|pes[oó])\b|^\W*(?:what(?:'s| is)|how much is|cu[aá]l es)"
            r"\b.{0,40}\b(?:weight|peso)\b",
            re.IGNORECASE,
        ),
        re.compile(rf"{_NUM}\s?(?:kg|kilos?|g|gramos|grams|lb|lbs|pounds)\b", re.IGNORECASE),
    ),
    (
        "size",
        re.compile(r"\b(?:tb|gb|ram|capacity|espacio|capacidad)\b", re.IGNORECASE),
        re.compile(rf"{_NUM}\s?(?:tb|gb|mb|tib|gib)\b", re.IGNORECASE),
    ),
    (
        "port",
        re.compile(r"\b(?:port|puerto)\b", re.IGNORECASE),
        re.compile(r"\b\d{2,5}\b"),
    ),
    (
        "phone",
        re.compile(
            r"^\W*(?:what(?:'s| is)|cu[aá]l es)\b.{0,40}\b(?:phone number|tel[eé]fono|"
            r"n[uú]mero de m[oó]vil)\b",
            re.IGNORECASE,
        ),
        re.compile(r"(?:\+?\d[\d\s-]{6,}\d)"),
    ),
    (
        "birthday",
        re.compile(
            r"^\W*(?:when|what day|cu[aá]ndo|qu[eé] d[ií]a)\b.{0,40}\b(?:birthday|"
            r"cumplea[nñ]os|cumple)\b",
            re.IGNORECASE,
        ),  # fmt: skip
        re.compile(
            r"\b(?:birthday|born|cumplea[nñ]os|cumple|naci[oó]|nacimiento)\b", re.IGNORECASE
        ),  # fmt: skip
    ),
]


def asked_slot(question: str) -> str | None:
    """The kind of value ``question`` asks for, when it has an unmistakable form."""
    for kind, asks, _ in _SLOTS:
        if asks.search(question):
            return kind
    return None


def holds_slot(kind: str, texts: Iterable[str]) -> bool:
    """Does any of ``texts`` hold a value of ``kind``?"""
    answers = next(pattern for name, _, pattern in _SLOTS if name == kind)
    return any(answers.search(text) for text in texts)


_DAYS = (
    r"monday|tuesday|wednesday|thursday|friday|saturday|sunday|lunes|martes|mi[eé]rcoles|"
    r"jueves|viernes|s[aá]bados?|domingos?"
)
# Kinds that order answers but do not decide whether memory holds one: a dose, a
# temperature, a clock time, a day of the week. "What day do we fire the bisque?" is
# answered by the newest statement that names a day for it.
_FORMS: list[tuple[str, re.Pattern[str], re.Pattern[str]]] = [
    (
        "dose",
        re.compile(r"\b(?:dose|dosage|dosis|how many mg|cu[aá]ntos mg)\b", re.IGNORECASE),
        re.compile(rf"\b{_NUM}\s?(?:mg|mcg|µg|ml|ui|iu|units|unidades)\b", re.IGNORECASE),
    ),
    (
        "temperature",
        re.compile(
            r"\b(?:temperature|temperatura|degrees|grados|how hot|setpoint)\b", re.IGNORECASE
        ),
        re.compile(rf"{_NUM}\s?(?:°|º|degrees|grados)", re.IGNORECASE),
    ),
    (
        "clock",
        re.compile(r"^\W*(?:(?:at )?what time|a qu[eé] hora)\b", re.IGNORECASE),
        re.compile(r"\b\d{1,2}[:h]\d{2}\b|\b\d{1,2}\s?(?:am|pm)\b", re.IGNORECASE),
    ),
    (
        "weekday",
        re.compile(
            r"^\W*(?:what|which|on what|qu[eé]|en qu[eé]|cu[aá]l(?:es)?)\s+(?:days?|d[ií]as?)\b",
            re.IGNORECASE,
        ),
        re.compile(rf"\b(?:{_DAYS})\b", re.IGNORECASE),
    ),
]


def asked_form(question: str) -> str | None:
    """The kind of value ``question`` asks for, with the kinds that only order answers (a
    dose, a temperature, a clock time, a weekday) too."""
    for kind, asks, _ in [*_SLOTS, *_FORMS]:
        if asks.search(question):
            return kind
    return None


def form_phrase(question: str) -> str:
    """The words of ``question`` that ask for its kind of value ("IP", "which … version")."""
    for _, asks, _ in [*_SLOTS, *_FORMS]:
        match = asks.search(question)
        if match:
            return match.group(0)
    return ""


def form_values(kind: str, text: str) -> set[str]:
    """The values of ``kind`` that ``text`` gives, folded ("10.10.3", "1000 mg", "viernes")."""
    from memory.folding import fold

    answers = next(pattern for name, _, pattern in [*_SLOTS, *_FORMS] if name == kind)
    return {re.sub(r"\s+", " ", fold(m.group(0))).strip() for m in answers.finditer(text)}
