"""Time expressions in questions, English and Spanish: which local days a question asks about.

``find_window("what did I do last Tuesday?", now, zone)`` gives the window (first and last
local day, inclusive, in the user's time zone) and the question with the expression cut out.
Calendar maths is python-dateutil's ``relativedelta``. Understood: today, this morning,
yesterday, the day before yesterday, N days/weeks ago, last/this week, last weekend,
(last) <weekday>, last/this month, last/this year, in <month> [year], on <date> (ISO or
written: "November 20", "20 de noviembre de 2026"), since/before <date> — and the Spanish
forms (hoy, esta mañana, ayer, anteayer, hace 3 días, la semana pasada, el fin de semana,
el martes pasado, el mes pasado, en octubre, el 20 de noviembre, desde/antes del …).
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, date, datetime, time, timedelta, tzinfo

from dateutil.relativedelta import relativedelta
from dateutil.relativedelta import weekday as Weekday

__all__ = ["MONTHS", "NUMBERS", "WEEKDAYS", "Window", "find_window"]

WEEKDAYS = {
    "monday": 0, "tuesday": 1, "wednesday": 2, "thursday": 3, "friday": 4, "saturday": 5,
    "sunday": 6, "lunes": 0, "martes": 1, "miercoles": 2, "jueves": 3, "viernes": 4,
    "sabado": 5, "domingo": 6,
}  # fmt: skip
MONTHS = {
    "january": 1, "february": 2, "march": 3, "april": 4, "may": 5, "june": 6, "july": 7,
    "august": 8, "september": 9, "october": 10, "november": 11, "december": 12,
    "jan": 1, "feb": 2, "mar": 3, "apr": 4, "jun": 6, "jul": 7, "aug": 8, "sep": 9,
    "sept": 9, "oct": 10, "nov": 11, "dec": 12,
    "enero": 1, "febrero": 2, "marzo": 3, "abril": 4, "mayo": 5, "junio": 6, "julio": 7,
    "agosto": 8, "septiembre": 9, "setiembre": 9, "octubre": 10, "noviembre": 11,
    "diciembre": 12,
}  # fmt: skip
NUMBERS = {
    "a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6,
    "seven": 7, "eight": 8, "nine": 9, "ten": 10, "un": 1, "uno": 1, "una": 1, "dos": 2,
    "tres": 3, "cuatro": 4, "cinco": 5, "seis": 6, "siete": 7, "ocho": 8, "nueve": 9,
    "diez": 10, "a couple of": 2, "couple of": 2,
}  # fmt: skip
_WD = "|".join(WEEKDAYS)
_MO = "|".join(sorted(MONTHS, key=len, reverse=True))
# Spanish writes its months whole: "de mar" is "of the sea" ("las alarmas del agua de mar").
_MES = "|".join(sorted(list(MONTHS)[list(MONTHS).index("enero") :], key=len, reverse=True))
_NUM = r"\d{1,3}|" + "|".join(sorted(NUMBERS, key=len, reverse=True))


@dataclass(frozen=True, slots=True)
class Window:
    """Local days ``start``..``end`` (inclusive); ``hours`` narrows each day (local clock)."""

    start: date
    end: date
    phrase: str
    hours: tuple[int, int] | None = None

    def instants(self, zone: tzinfo) -> tuple[datetime, datetime]:
        """The window as UTC instants, half-open ``[from, to)``."""
        first, last = self.hours or (0, 24)
        begin = datetime.combine(self.start, time(0), tzinfo=zone) + timedelta(hours=first)
        finish = datetime.combine(self.end, time(0), tzinfo=zone) + timedelta(hours=last)
        return begin.astimezone(UTC), finish.astimezone(UTC)

    def contains(self, instant: datetime, zone: tzinfo) -> bool:
        begin, finish = self.instants(zone)
        return begin <= instant.astimezone(UTC) < finish

    def describe(self) -> str:
        if self.start == self.end:
            day = f"{self.start.isoformat()} ({self.start.strftime('%A')})"
            if self.hours:
                return f"{day}, {self.hours[0]:02d}:00–{self.hours[1]:02d}:00"
            return day
        return f"{self.start.isoformat()} to {self.end.isoformat()}"

    def to_json(self) -> dict[str, str]:
        return {"from": self.start.isoformat(), "to": self.end.isoformat()}


def _fold(text: str) -> str:
    """Lower case without accents, one character per character (positions stay aligned)."""
    out = []
    for char in text.lower():
        base = unicodedata.normalize("NFD", char)
        out.append(base[0] if base else char)
    return "".join(out)


def _group(match: re.Match[str], *names: str) -> str:
    """The first of ``names`` that took part in the match ("" if none)."""
    found = match.groupdict()
    return next((found[n] for n in names if found.get(n)), "")


def _number(word: str) -> int:
    word = word.strip()
    return int(word) if word.isdigit() else NUMBERS[word]


def _week_of(day: date) -> tuple[date, date]:
    monday = day - timedelta(days=day.weekday())
    return monday, monday + timedelta(days=6)


def _previous_weekday(today: date, weekday: int) -> date:
    """The most recent such weekday strictly before today."""
    return today + relativedelta(days=-1, weekday=Weekday(weekday)(-1))


def _past_date(today: date, month: int, day: int, year: int | None) -> date | None:
    """A written date; without a year, its most recent occurrence not after today."""
    try:
        if year is not None:
            return date(year, month, day)
        found = date(today.year, month, day)
    except ValueError:
        return None
    return found if found <= today else found - relativedelta(years=1)


_DATE = (
    rf"(?P<iso>\d{{4}}-\d{{2}}-\d{{2}})"
    rf"|(?P<mon1>{_MO})\.? (?P<day1>\d{{1,2}})(?:st|nd|rd|th)?(?:,? (?P<year1>\d{{4}}))?"
    rf"|(?P<day2>\d{{1,2}})(?:st|nd|rd|th)? (?:de |of )?(?P<mon2>{_MO})"
    rf"(?:,? (?:de |del )?(?P<year2>\d{{4}}))?"
)


def _date_of(match: re.Match[str], today: date) -> date | None:
    if match.group("iso"):
        try:
            return date.fromisoformat(match.group("iso"))
        except ValueError:
            return None
    if match.group("mon1"):
        year = match.group("year1")
        return _past_date(
            today,
            MONTHS[match.group("mon1")],
            int(match.group("day1")),
            int(year) if year else None,
        )
    year = match.group("year2")
    return _past_date(
        today, MONTHS[match.group("mon2")], int(match.group("day2")), int(year) if year else None
    )


Rule = Callable[[re.Match[str], date], tuple[date, date, tuple[int, int] | None] | None]


def _fixed(back: int) -> Rule:
    def rule(m: re.Match[str], today: date) -> tuple[date, date, None]:
        day = today - timedelta(days=back)
        return day, day, None

    return rule


def _days_ago(m: re.Match[str], today: date) -> tuple[date, date, None]:
    day = today - timedelta(days=_number(_group(m, "n", "n2")))
    return day, day, None


def _weeks_ago(m: re.Match[str], today: date) -> tuple[date, date, None]:
    return (*_week_of(today - timedelta(weeks=_number(m.group("n")))), None)


def _this_week(m: re.Match[str], today: date) -> tuple[date, date, None]:
    return _week_of(today)[0], today, None


def _last_week(m: re.Match[str], today: date) -> tuple[date, date, None]:
    return (*_week_of(today - timedelta(days=7)), None)


def _weekend(m: re.Match[str], today: date) -> tuple[date, date, None] | None:
    if not _group(m, "last", "l2") and not re.search(r"\b(?:this|este)\b", m.group(0)):
        # A bare "weekend" followed by a noun names a kind of thing, not the days: "who is
        # on weekend call?", "the weekend on-call", "el finde de guardia".
        following = re.match(r"\s*([a-z]+(?:-[a-z]+)*)", m.string[m.end() :])
        if following and following.group(1) not in _AFTER_DAY:
            return None
    saturday = today + relativedelta(weekday=Weekday(5)(-1))
    if today.weekday() >= 5 and _group(m, "last", "l2"):
        saturday -= timedelta(days=7)
    return saturday, min(saturday + timedelta(days=1), today), None


# Words that may follow a bare weekday that names a day ("saturday at the clinic", "el
# sábado por la mañana"); any other word makes it a modifier ("saturday hours", "tuesday
# meeting"), not a time.
_AFTER_DAY = frozenset(
    """morning afternoon evening night at in on for with and or but to i we did was were
    por de en a y o con hice fui hicimos paso fue estuve que""".split()
)


# A weekday after these words is a habit, not a day: "¿quién opera el sorter los martes?",
# "todos los lunes", "cada jueves", "every Tuesday", "on Tuesdays" (the plural).
_HABIT = re.compile(r"\b(?:los|todos los|cada|every|each)\s*$")


def _weekday(m: re.Match[str], today: date) -> tuple[date, date, None] | None:
    name = _group(m, "wd", "wd2")
    if _HABIT.search(m.string[: m.start()]):
        return None
    if m.group(0).strip() == name:
        following = re.match(r"\s*'?([a-z]+)", m.string[m.end() :])
        if following and following.group(1) not in _AFTER_DAY:
            return None
        if re.search(r"\b(?:de|del)\s*$", m.string[: m.start()]):
            return None  # "el horario del sábado": whose hours, not which day
    day = _previous_weekday(today, WEEKDAYS[name])
    return day, day, None


def _month_span(first: date, today: date) -> tuple[date, date, None]:
    last = first + relativedelta(months=1, days=-1)
    return first, min(last, today) if first <= today else last, None


def _this_month(m: re.Match[str], today: date) -> tuple[date, date, None]:
    return today.replace(day=1), today, None


def _last_month(m: re.Match[str], today: date) -> tuple[date, date, None]:
    return _month_span(today.replace(day=1) - relativedelta(months=1), today)


def _in_month(m: re.Match[str], today: date) -> tuple[date, date, None]:
    month = MONTHS[_group(m, "mon", "mes")]
    if m.group("year"):
        first = date(int(m.group("year")), month, 1)
    else:
        first = date(today.year, month, 1)
        if first > today:
            first -= relativedelta(years=1)
    return _month_span(first, today)


def _this_year(m: re.Match[str], today: date) -> tuple[date, date, None]:
    return date(today.year, 1, 1), today, None


def _last_year(m: re.Match[str], today: date) -> tuple[date, date, None]:
    return date(today.year - 1, 1, 1), date(today.year - 1, 12, 31), None


def _on_date(m: re.Match[str], today: date) -> tuple[date, date, None] | None:
    day = _date_of(m, today)
    return (day, day, None) if day else None


def _week_containing(m: re.Match[str], today: date) -> tuple[date, date, None] | None:
    day = _date_of(m, today)
    return (*_week_of(day), None) if day else None


def _between(m: re.Match[str], today: date) -> tuple[date, date, None] | None:
    """ "between November 9 and 11", "entre el 9 y el 11 de noviembre", two full dates."""
    end = _date_of(m, today)
    if end is None:
        return None
    first = int(_group(m, "first", "first_es"))
    try:
        start = end.replace(day=first)
    except ValueError:
        return None
    return (start, end, None) if start <= end else None


def _between_days(m: re.Match[str], today: date) -> tuple[date, date, None] | None:
    """ "between November 9 and 11": one month, two days."""
    end = _past_date(today, MONTHS[m.group("mon")], int(m.group("last")), None)
    if end is None:
        return None
    try:
        start = end.replace(day=int(m.group("first")))
    except ValueError:
        return None
    return (start, end, None) if start <= end else None


def _since(m: re.Match[str], today: date) -> tuple[date, date, None] | None:
    day = _date_of(m, today)
    return (day, today, None) if day and day <= today else None


def _before(m: re.Match[str], today: date) -> tuple[date, date, None] | None:
    day = _date_of(m, today)
    return (date(1970, 1, 1), day - timedelta(days=1), None) if day else None


def _morning(m: re.Match[str], today: date) -> tuple[date, date, tuple[int, int]]:
    return today, today, (6, 14)


_ON = r"(?:(?:on|el|del|de|en) )?(?:the )?"
_RULES: list[tuple[re.Pattern[str], Rule]] = [
    (
        re.compile(
            rf"\b(?:(?:in |during )?the week of|(?:en |durante )?la semana del) (?:{_DATE})"
        ),
        _week_containing,
    ),
    (
        re.compile(
            rf"\bbetween (?P<mon>{_MO}) (?P<first>\d{{1,2}})(?:st|nd|rd|th)? and "
            rf"(?:the )?(?P<last>\d{{1,2}})(?:st|nd|rd|th)?\b"
        ),
        _between_days,
    ),
    (
        re.compile(
            rf"\b(?:between (?:the )?(?P<first>\d{{1,2}})(?:st|nd|rd|th)? and (?:the )?"
            rf"|entre el (?P<first_es>\d{{1,2}}) y el )(?:{_DATE})"
        ),
        _between,
    ),
    (re.compile(rf"\b(?:since|desde)(?: el| the)? (?:{_DATE})"), _since),
    (re.compile(rf"\b(?:before|antes del?)(?: el| the)? (?:{_DATE})"), _before),
    (re.compile(rf"\b{_ON}(?:{_DATE})\b"), _on_date),
    (
        re.compile(
            r"\b(?:the day before yesterday|anteayer|antier|antes de ayer|"
            r"hace dos dias|two days ago)\b"
        ),
        _fixed(2),
    ),
    (re.compile(r"\b(?:this morning|esta manana)\b"), _morning),
    (re.compile(r"\b(?:yesterday|ayer)\b"), _fixed(1)),
    (re.compile(r"\b(?:today|hoy|so far today|tonight|esta noche)\b"), _fixed(0)),
    (re.compile(rf"\b(?:hace (?P<n>{_NUM}) dias?|(?P<n2>{_NUM}) days? ago)\b"), _days_ago),
    (re.compile(rf"\b(?:hace (?P<n>{_NUM}) semanas?)\b"), _weeks_ago),
    (re.compile(rf"\b(?P<n>{_NUM}) weeks? ago\b"), _weeks_ago),
    (
        re.compile(
            r"\b(?:(?P<last>last|past|previous) week|the week before|"
            r"(?:la )?semana (?P<l2>pasada|anterior))\b"
        ),
        _last_week,
    ),
    (re.compile(r"\b(?:this week|esta semana)\b"), _this_week),
    (
        re.compile(
            r"\b(?:(?:over |during |on )?(?:the |this )?(?P<last>last |past )?weekend"
            r"|(?:el |este )?(?:fin de semana|finde)(?P<l2> pasado)?)\b"
        ),
        _weekend,
    ),
    (
        re.compile(
            rf"\b(?:(?:last|past|on|this past) (?P<wd>{_WD})"
            rf"|(?:el )?(?P<wd2>{_WD})(?: pasado)?)\b"
        ),
        _weekday,
    ),
    (re.compile(r"\b(?:last month|(?:el )?mes pasado|el mes anterior)\b"), _last_month),
    (re.compile(r"\b(?:this month|este mes)\b"), _this_month),
    (
        re.compile(
            rf"(?<!\d )\b(?:(?:in|during) (?P<mon>{_MO})|(?:en|durante|de)(?: el mes de)? "
            rf"(?P<mes>{_MES}))(?: (?:de )?(?P<year>\d{{4}}))?\b"
        ),
        _in_month,
    ),
    (re.compile(r"\b(?:last year|el ano pasado)\b"), _last_year),
    (re.compile(r"\b(?:this year|este ano)\b"), _this_year),
]


def find_window(question: str, now: datetime, zone: tzinfo) -> tuple[Window | None, str]:
    """The days ``question`` asks about (local to ``zone``), and the question without the
    time expression. No time expression: ``(None, question)``."""
    folded = _fold(question)
    today = now.astimezone(zone).date()
    for pattern, rule in _RULES:
        for match in pattern.finditer(folded):
            span = rule(match, today)
            if span is None:
                continue
            start, end, hours = span
            if start > end:
                continue
            begin, finish = match.start(), match.end()
            rest = (question[:begin] + " " + question[finish:]).strip()
            rest = re.sub(r"\s+", " ", rest)
            rest = re.sub(r"\s+([?.!,])", r"\1", rest)
            return Window(start, end, question[begin:finish].strip(), hours), rest
    return None, question
