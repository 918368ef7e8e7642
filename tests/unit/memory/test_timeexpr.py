"""Time expressions over a pinned clock, in English and Spanish, in the user's time zone."""

from __future__ import annotations

from datetime import UTC, date, datetime

import pytest
from dateutil import tz

from memory.timeexpr import find_window

MADRID = tz.gettz("Europe/Madrid")
# Wednesday 2026-11-25 10:00 in Madrid.
NOW = datetime(2026, 11, 25, 9, 0, tzinfo=UTC)


def span(question: str, now: datetime = NOW, zone: object = MADRID) -> tuple[date, date] | None:
    window, _ = find_window(question, now, zone)  # type: ignore[arg-type]
    return None if window is None else (window.start, window.end)


D = date


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        ("what did I do today?", (D(2026, 11, 25), D(2026, 11, 25))),
        ("what did I do yesterday?", (D(2026, 11, 24), D(2026, 11, 24))),
        ("¿qué hice ayer?", (D(2026, 11, 24), D(2026, 11, 24))),
        ("what happened the day before yesterday?", (D(2026, 11, 23), D(2026, 11, 23))),
        ("¿qué pasó anteayer?", (D(2026, 11, 23), D(2026, 11, 23))),
        ("what happened 3 days ago?", (D(2026, 11, 22), D(2026, 11, 22))),
        ("¿qué pasó hace 3 días?", (D(2026, 11, 22), D(2026, 11, 22))),
        ("¿qué pasó hace tres días?", (D(2026, 11, 22), D(2026, 11, 22))),
        ("what did I do last week?", (D(2026, 11, 16), D(2026, 11, 22))),
        ("¿qué hice la semana pasada?", (D(2026, 11, 16), D(2026, 11, 22))),
        ("what did I do this week?", (D(2026, 11, 23), D(2026, 11, 25))),
        ("¿qué hice esta semana?", (D(2026, 11, 23), D(2026, 11, 25))),
        ("what happened 2 weeks ago?", (D(2026, 11, 9), D(2026, 11, 15))),
        ("what happened last Tuesday?", (D(2026, 11, 24), D(2026, 11, 24))),
        ("what did I do on Monday?", (D(2026, 11, 23), D(2026, 11, 23))),
        ("¿qué hice el martes pasado?", (D(2026, 11, 24), D(2026, 11, 24))),
        ("¿qué hice el miércoles?", (D(2026, 11, 18), D(2026, 11, 18))),
        ("¿qué hice el sábado?", (D(2026, 11, 21), D(2026, 11, 21))),
        ("what did I get done over the weekend?", (D(2026, 11, 21), D(2026, 11, 22))),
        ("¿qué hice el fin de semana?", (D(2026, 11, 21), D(2026, 11, 22))),
        ("what happened on 2026-11-20?", (D(2026, 11, 20), D(2026, 11, 20))),
        ("what happened on November 20?", (D(2026, 11, 20), D(2026, 11, 20))),
        ("what happened on 20 November 2026?", (D(2026, 11, 20), D(2026, 11, 20))),
        ("¿qué pasó el 20 de noviembre?", (D(2026, 11, 20), D(2026, 11, 20))),
        ("¿qué pasó el 1 de septiembre?", (D(2026, 9, 1), D(2026, 9, 1))),
        ("what happened on December 24?", (D(2025, 12, 24), D(2025, 12, 24))),
        ("what did I do in October?", (D(2026, 10, 1), D(2026, 10, 31))),
        ("¿qué hice en octubre?", (D(2026, 10, 1), D(2026, 10, 31))),
        ("what did I fix last month?", (D(2026, 10, 1), D(2026, 10, 31))),
        ("¿qué hice el mes pasado?", (D(2026, 10, 1), D(2026, 10, 31))),
        ("what changed since November 20?", (D(2026, 11, 20), D(2026, 11, 25))),
        ("¿qué cambió desde el 20 de noviembre?", (D(2026, 11, 20), D(2026, 11, 25))),
        ("what did I do before 2026-11-02?", (D(1970, 1, 1), D(2026, 11, 1))),
        ("what changed in the week of October 28?", (D(2026, 10, 26), D(2026, 11, 1))),
        ("¿qué pasó la semana del 2 de noviembre?", (D(2026, 11, 2), D(2026, 11, 8))),
        ("what did I do between November 9 and 11?", (D(2026, 11, 9), D(2026, 11, 11))),
        ("¿qué hice entre el 9 y el 11 de noviembre?", (D(2026, 11, 9), D(2026, 11, 11))),
    ],
)
def test_windows(question: str, expected: tuple[date, date]) -> None:
    assert span(question) == expected


@pytest.mark.parametrize(
    "question",
    [
        "what is the IP of the NAS?",
        "¿cuál es la IP del NAS?",
        "Lab meeting is on Thursdays at 10:00.",
        "which GPU runs the enhancer model?",
        "what is the capital of France?",
    ],
)
def test_no_time_expression(question: str) -> None:
    window, rest = find_window(question, NOW, MADRID)  # type: ignore[arg-type]
    assert window is None
    assert rest == question


def test_expression_is_cut_from_the_question() -> None:
    window, rest = find_window("what did I fix last week?", NOW, MADRID)  # type: ignore[arg-type]
    assert window is not None and window.phrase == "last week"
    assert rest == "what did I fix?"


def test_week_boundaries_monday_and_sunday() -> None:
    monday = datetime(2026, 11, 23, 7, 0, tzinfo=UTC)
    sunday = datetime(2026, 11, 22, 20, 0, tzinfo=UTC)
    assert span("last week", monday) == (D(2026, 11, 16), D(2026, 11, 22))
    assert span("this week", monday) == (D(2026, 11, 23), D(2026, 11, 23))
    assert span("last week", sunday) == (D(2026, 11, 9), D(2026, 11, 15))
    assert span("this week", sunday) == (D(2026, 11, 16), D(2026, 11, 22))
    # "last Monday" on a Monday is a week back, never today.
    assert span("last Monday", monday) == (D(2026, 11, 16), D(2026, 11, 16))
    # On a Sunday "last weekend" is the one before; "this weekend" is the current one.
    assert span("last weekend", sunday) == (D(2026, 11, 14), D(2026, 11, 15))
    assert span("this weekend", sunday) == (D(2026, 11, 21), D(2026, 11, 22))


def test_local_date_differs_from_utc_date() -> None:
    # 23:30 UTC on the 24th is already the 25th in Madrid and still the 24th in New York.
    late = datetime(2026, 11, 24, 23, 30, tzinfo=UTC)
    assert span("yesterday", late, MADRID) == (D(2026, 11, 24), D(2026, 11, 24))
    assert span("yesterday", late, tz.gettz("America/New_York")) == (
        D(2026, 11, 23),
        D(2026, 11, 23),
    )
    # Tokyo: 2026-11-25 08:30 local while UTC is still the 24th.
    assert span("today", late, tz.gettz("Asia/Tokyo")) == (D(2026, 11, 25), D(2026, 11, 25))


def test_window_instants_are_local_midnights_in_utc() -> None:
    window, _ = find_window("¿qué pasó ayer?", NOW, MADRID)  # type: ignore[arg-type]
    assert window is not None
    begin, end = window.instants(MADRID)  # type: ignore[arg-type]
    assert begin == datetime(2026, 11, 23, 23, 0, tzinfo=UTC)
    assert end == datetime(2026, 11, 24, 23, 0, tzinfo=UTC)
    # 00:40 local on the 24th is 23:40 UTC on the 23rd: inside "yesterday" locally.
    assert window.contains(datetime(2026, 11, 23, 23, 40, tzinfo=UTC), MADRID)  # type: ignore[arg-type]
    assert not window.contains(datetime(2026, 11, 23, 22, 59, tzinfo=UTC), MADRID)  # type: ignore[arg-type]


def test_dst_switch_day_is_25_hours() -> None:
    after = datetime(2026, 10, 26, 8, 0, tzinfo=UTC)
    window, _ = find_window("yesterday", after, MADRID)  # type: ignore[arg-type]
    assert window is not None and window.start == D(2026, 10, 25)
    begin, end = window.instants(MADRID)  # type: ignore[arg-type]
    assert (end - begin).total_seconds() == 25 * 3600


def test_this_morning_narrows_the_hours() -> None:
    window, _ = find_window("¿qué hice esta mañana?", NOW, MADRID)  # type: ignore[arg-type]
    assert window is not None and window.hours == (6, 14)
    assert window.contains(datetime(2026, 11, 25, 6, 0, tzinfo=UTC), MADRID)  # type: ignore[arg-type]
    assert not window.contains(datetime(2026, 11, 25, 14, 0, tzinfo=UTC), MADRID)  # type: ignore[arg-type]


def test_impossible_date_is_not_a_window() -> None:
    assert span("what happened on 2026-02-30?") is None
    assert span("¿qué pasó el 31 de junio?") is None


@pytest.mark.parametrize(
    "question",
    [
        "what are the clinic's saturday hours?",
        "tuesday meeting room?",
        "¿cuál es el horario del sábado?",
    ],
)
def test_a_weekday_that_names_a_kind_of_day_is_not_a_time(question: str) -> None:
    assert span(question) is None


@pytest.mark.parametrize(
    "question",
    ["what did I do saturday?", "what did I do saturday at the clinic", "¿qué hice el sábado?"],
)
def test_a_weekday_that_names_a_day_still_is(question: str) -> None:
    assert span(question) == (D(2026, 11, 21), D(2026, 11, 21))


@pytest.mark.parametrize(
    "question",
    [
        "¿quién opera el sorter los martes?",
        "¿qué hago todos los lunes?",
        "¿a qué hora es la práctica cada jueves?",
        "who runs the sorter every Tuesday?",
        "who drives on Tuesdays?",
    ],
)
def test_a_weekday_said_as_a_habit_is_not_a_day(question: str) -> None:
    assert span(question) is None


@pytest.mark.parametrize(
    "question",
    [
        "who's on weekend call for the seawater system?",
        "who does the weekend on-call these days",
        "¿por dónde llegan las alarmas del agua de mar?",
        "what's the weekend rota?",
    ],
)
def test_words_that_only_look_like_dates_are_not_a_window(question: str) -> None:
    # "weekend" before a noun names a kind of duty; Spanish writes months whole, so
    # "de mar" is "of the sea".
    assert span(question) is None


def test_weekend_and_months_still_read_as_days() -> None:
    assert span("what did I do over the weekend?") == (D(2026, 11, 21), D(2026, 11, 22))
    assert span("what did I do last weekend at the club?") == (D(2026, 11, 21), D(2026, 11, 22))
    assert span("what did I do in mar") == (D(2026, 3, 1), D(2026, 3, 31))
    assert span("¿qué hice en marzo?") == (D(2026, 3, 1), D(2026, 3, 31))
