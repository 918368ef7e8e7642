"""The day a reminder is for: "remind me to order epoxy on Monday" → the coming Monday.

Questions look back ("what did I do on Monday?" is the last Monday, ``memory.timeexpr``); a
task looks ahead. English and Spanish: today/tonight/hoy/esta noche, tomorrow/mañana (not "la
mañana", the morning), the day after tomorrow/pasado mañana, (on|this|next) <weekday>,
(el|este|el próximo) <día>, in N days/en N días/dentro de N días, next week/la semana que
viene/la próxima semana (its Monday), an ISO date, "December 3"/"3 de diciembre". A day
already past is not a due day (None): a reminder is never due before it was said.
"""

from __future__ import annotations

import re
from datetime import date, timedelta

from memory.folding import fold

__all__ = ["due_day"]

_WEEKDAYS = {
    "monday": 0, "mon": 0, "lunes": 0,
    "tuesday": 1, "tue": 1, "tues": 1, "martes": 1,
    "wednesday": 2, "wed": 2, "miercoles": 2,
    "thursday": 3, "thu": 3, "thurs": 3, "jueves": 3,
    "friday": 4, "fri": 4, "viernes": 4,
    "saturday": 5, "sat": 5, "sabado": 5,
    "sunday": 6, "sun": 6, "domingo": 6,
}  # fmt: skip
_MONTHS = {
    "january": 1, "jan": 1, "enero": 1, "february": 2, "feb": 2, "febrero": 2,
    "march": 3, "mar": 3, "marzo": 3, "april": 4, "apr": 4, "abril": 4, "may": 5, "mayo": 5,
    "june": 6, "jun": 6, "junio": 6, "july": 7, "jul": 7, "julio": 7,
    "august": 8, "aug": 8, "agosto": 8, "september": 9, "sep": 9, "sept": 9,
    "septiembre": 9, "setiembre": 9, "october": 10, "oct": 10, "octubre": 10,
    "november": 11, "nov": 11, "noviembre": 11, "december": 12, "dec": 12, "diciembre": 12,
}  # fmt: skip
_DAY = "|".join(sorted(_WEEKDAYS, key=len, reverse=True))
_MONTH = "|".join(sorted(_MONTHS, key=len, reverse=True))
_NUMBER = {"one": 1, "two": 2, "three": 3, "un": 1, "uno": 1, "dos": 2, "tres": 3, "a": 1}

_AFTER_TOMORROW = re.compile(r"\b(?:the day after tomorrow|pasado ma[nñ]ana)\b")
_TOMORROW = re.compile(r"\b(?:tomorrow|tmrw|(?<!la )ma[nñ]ana)\b")
_TODAY = re.compile(
    r"\b(?:today|tonight|this (?:morning|afternoon|evening)|hoy|esta (?:noche|tarde))\b"
)
_NEXT_WEEK = re.compile(r"\b(?:next week|la semana que viene|la (?:proxima|siguiente) semana)\b")
_WEEKDAY = re.compile(
    rf"\b(?P<next>next |this |coming |on |el proximo |el |este |proximo )?(?P<day>{_DAY})\b"
)
_IN_DAYS = re.compile(
    r"\b(?:in|en|dentro de)\s+(?P<n>\d{1,3}|one|two|three|a|un|uno|dos|tres)\s+"
    r"(?P<unit>days?|dias?|weeks?|semanas?)\b"
)
_ISO = re.compile(r"\b(?P<y>\d{4})-(?P<m>\d{2})-(?P<d>\d{2})\b")
_WRITTEN = re.compile(
    rf"\b(?:(?P<d1>\d{{1,2}})(?:st|nd|rd|th)?\s+(?:de\s+)?(?P<m1>{_MONTH})|"
    rf"(?P<m2>{_MONTH})\s+(?P<d2>\d{{1,2}})(?:st|nd|rd|th)?)\b"
)


def due_day(text: str, today: date) -> date | None:
    """The first day ``text`` names that is today or later, else None."""
    folded = fold(text)
    if _AFTER_TOMORROW.search(folded):
        return today + timedelta(days=2)
    if _TOMORROW.search(folded):
        return today + timedelta(days=1)
    if _NEXT_WEEK.search(folded):
        return today + timedelta(days=7 - today.weekday())
    match = _IN_DAYS.search(folded)
    if match:
        raw = match["n"]
        count = int(raw) if raw.isdigit() else _NUMBER[raw]
        weeks = match["unit"].startswith(("week", "seman"))
        return today + timedelta(days=count * (7 if weeks else 1))
    found = _dated(folded, today)
    if found is not None:
        return found if found >= today else None
    match = _WEEKDAY.search(folded)
    if match and (match["next"] or len(match["day"]) > 3):
        ahead = (_WEEKDAYS[match["day"]] - today.weekday()) % 7
        if ahead == 0 and (match["next"] or "").strip() in {"next", "el proximo", "proximo"}:
            ahead = 7
        return today + timedelta(days=ahead)
    if _TODAY.search(folded):
        return today
    return None


def _dated(folded: str, today: date) -> date | None:
    match = _ISO.search(folded)
    try:
        if match:
            return date(int(match["y"]), int(match["m"]), int(match["d"]))
        match = _WRITTEN.search(folded)
        if match:
            month = _MONTHS[match["m1"] or match["m2"]]
            day = int(match["d1"] or match["d2"])
            named = date(today.year, month, day)
            return named if named >= today else date(today.year + 1, month, day)
    except ValueError:  # "2026-02-30", "31 de junio"
        return None
    return None
