"""The day a reminder is for: "remind me to order epoxy on Monday" → the coming Monday.

Questions look back ("what did I do on Monday?" is the last Monday, ``memory.timeexpr``); a
task looks ahead. English and Spanish: today/tonight/hoy/esta noche, tomorrow/mañana (not "esta
mañana", "por la mañana", "cada mañana": a time of day), the day after tomorrow/pasado mañana,
a weekday after a word that points at it (on/this/next/by Monday, el/este/el próximo/para el
lunes; "llamar a Domingo" names a person, "last Monday"/"el lunes pasado" a past day), in N
days or weeks/en/dentro de N días o semanas, next week/la semana que viene (its Monday), an
ISO date, and "on December 3"/"el 3 de diciembre". A day already past is never a due day: a
reminder is not due before it was said.
"""

from __future__ import annotations

import re
from datetime import date, timedelta

from memory.folding import fold
from memory.timeexpr import MONTHS, NUMBERS, WEEKDAYS

__all__ = ["NEXT_WEEK", "THIS_WEEK", "due_day", "next_week", "this_week"]

_DAY = "|".join(WEEKDAYS)
_MONTH = "|".join(sorted(MONTHS, key=len, reverse=True))
_COUNT = r"\d{1,3}|" + "|".join(sorted(NUMBERS, key=len, reverse=True))
_TIME_OF_DAY = r"(?<!la )(?<!esta )(?<!cada )(?<!toda )"

_AFTER_TOMORROW = re.compile(r"\b(?:the day after tomorrow|pasado ma[nñ]ana)\b")
_TOMORROW = re.compile(rf"\b(?:tomorrow|tmrw|{_TIME_OF_DAY}ma[nñ]ana)\b")
_TODAY = re.compile(
    r"\b(?:today|tonight|this (?:morning|afternoon|evening)|hoy|"
    r"esta (?:noche|tarde|ma[nñ]ana))\b"
)
NEXT_WEEK = re.compile(r"\b(?:next week|la semana que viene|la (?:proxima|siguiente) semana)\b")
THIS_WEEK = re.compile(r"\b(?:this week|esta semana)\b")
_WEEKDAY = re.compile(
    rf"\b(?P<lead>(?:on|this|next|coming|by|until|before|el proximo|el siguiente|el|este|"
    rf"para el|hasta el|antes del) )(?P<day>{_DAY})\b(?P<tail> (?:pasado|anterior))?"
)
_LAST = re.compile(rf"\b(?:last|past|previous) (?:{_DAY})\b")
_IN_DAYS = re.compile(
    rf"\b(?:in|en|dentro de)\s+(?P<n>{_COUNT})\s+(?P<unit>days?|dias?|weeks?|semanas?)\b"
)
_ISO = re.compile(r"\b(?P<y>\d{4})-(?P<m>\d{2})-(?P<d>\d{2})\b")
_WRITTEN = re.compile(
    rf"\b(?:on|by|until|before|for|el|para el|hasta el|antes del?) "
    rf"(?:(?P<d1>\d{{1,2}})(?:st|nd|rd|th)?\s+(?:de\s+)?(?P<m1>{_MONTH})|"
    rf"(?P<m2>{_MONTH})\s+(?P<d2>\d{{1,2}})(?:st|nd|rd|th)?)\b"
)


def due_day(text: str, today: date) -> date | None:
    """The first coming day (today or later) ``text`` names, else None."""
    folded = fold(text)
    if _AFTER_TOMORROW.search(folded):
        return today + timedelta(days=2)
    if _TOMORROW.search(folded):
        return today + timedelta(days=1)
    if NEXT_WEEK.search(folded):
        return next_week(today)[0]
    match = _IN_DAYS.search(folded)
    if match:
        raw = match["n"]
        count = int(raw) if raw.isdigit() else NUMBERS[raw]
        weeks = match["unit"].startswith(("week", "seman"))
        return today + timedelta(days=count * (7 if weeks else 1))
    named = _dated(folded, today)
    if named is not None:
        return named
    weekday = _weekday(folded, today)
    if weekday is not None:
        return weekday
    if _TODAY.search(folded):
        return today
    return None


def this_week(today: date) -> tuple[date, date]:
    """Today to this week's Sunday."""
    return today, today + timedelta(days=6 - today.weekday())


def next_week(today: date) -> tuple[date, date]:
    """Next week's Monday to Sunday."""
    monday = today + timedelta(days=7 - today.weekday())
    return monday, monday + timedelta(days=6)


def _weekday(folded: str, today: date) -> date | None:
    if _LAST.search(folded):
        return None
    for match in _WEEKDAY.finditer(folded):
        if match["tail"]:  # "el lunes pasado": a day gone by
            continue
        ahead = (WEEKDAYS[match["day"]] - today.weekday()) % 7
        if ahead == 0 and match["lead"].strip() in {"next", "el proximo", "el siguiente"}:
            ahead = 7
        return today + timedelta(days=ahead)
    return None


def _dated(folded: str, today: date) -> date | None:
    """An ISO or written date that is today or later; a past one is not a due day."""
    for match in _ISO.finditer(folded):
        try:
            day = date(int(match["y"]), int(match["m"]), int(match["d"]))
        except ValueError:
            continue
        if day >= today:
            return day
    written = _WRITTEN.search(folded)
    if written is None:
        return None
    month = MONTHS[written["m1"] or written["m2"]]
    number = int(written["d1"] or written["d2"])
    for year in range(today.year, today.year + 5):  # "February 29": the next leap year
        try:
            day = date(year, month, number)
        except ValueError:
            continue
        if day >= today:
            return day
    return None
