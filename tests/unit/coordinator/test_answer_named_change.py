"""A change told without the subject's words still answers a question about the present: it
names the old value while giving a new one ("ya no voy a Movement, me apunté a Earth Treks"
after "climbing gym = Movement"), or it is a note filed under the project the question names
("installed a Battle Born … instead of the Renogy" in the T3 camper's notes). A fact headed
by a name ("Lucía: …") is about that person, not said by them; a day of the week in a
question is when, not whom."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from coordinator import Lab
from coordinator.answer import names_in
from coordinator.current import same_slot

NOW = "2026-11-20T10:00:00Z"
ITEMS = [
    {
        "layer": "memory",
        "text": "climbing gym = Movement on Pearl Street, tue/thu evenings",
        "time": "2026-10-05T08:00:00Z",
    },
    {
        "layer": "daily",
        "text": "climbing, projecting a V4 in the cave",
        "time": "2026-10-14T19:00:00Z",
    },
    {
        "layer": "memory",
        "text": "ya no voy a Movement, me apunté a Earth Treks en Golden, tiene más bloques",
        "time": "2026-10-28T09:00:00Z",
    },
    {
        "layer": "daily",
        "text": "climbing, fingers sore after the board",
        "time": "2026-11-10T19:00:00Z",
    },
    {
        "layer": "memory",
        "text": "T3 battery is a Renogy 100Ah AGM, two years old",
        "time": "2026-10-06T08:00:00Z",
    },
    {
        "layer": "daily",
        "text": "T3: checked the tyre pressures before the trip",
        "time": "2026-10-20T08:00:00Z",
    },
    {
        "layer": "project",
        "project": "t3-camper",
        "text": "installed a Battle Born 100Ah lithium instead of the Renogy, fits under the seat",
        "time": "2026-11-02T12:00:00Z",
    },
    {
        "layer": "memory",
        "text": "Lucía: fútbol terminado, ahora natación los lunes y miércoles a las 7",
        "time": "2026-11-03T08:00:00Z",
    },
    {
        "layer": "memory",
        "text": "Lucía juega al fútbol los martes y jueves con el club",
        "time": "2026-10-02T08:00:00Z",
    },
]


@pytest.fixture
def lab(import_in_madrid: Callable[[str, Any], None], home: Path) -> Iterator[Lab]:
    import_in_madrid(NOW, ITEMS)
    with Lab.open(home) as opened:
        yield opened


def test_naming_the_old_value_while_changing_it_is_about_the_question() -> None:
    old = "climbing gym = Movement on Pearl Street, tue/thu evenings"
    new = "ya no voy a Movement, me apunté a Earth Treks en Golden, tiene más bloques"
    question = "which climbing gym do I go to?"
    assert same_slot(question, old, new, 0.4, relevant=True) == 2
    assert same_slot(question, old, new, 0.4, relevant=False) == 0  # not about the question


def test_a_day_of_the_week_is_not_whom_a_question_names() -> None:
    assert names_in("what time do I call grandma on Sundays?") == []
    assert names_in("¿qué hace Lucía los Martes?") == ["Lucía"]


@pytest.mark.integration  # the real models rank and decide
@pytest.mark.parametrize(
    ("question", "value", "old"),
    [
        ("which climbing gym do I go to now?", "Earth Treks", "Movement on Pearl"),
        ("what battery is in the T3 now?", "Battle Born", "Renogy 100Ah AGM"),
    ],
)
def test_a_change_told_without_the_subjects_words_leads(
    lab: Lab, question: str, value: str, old: str
) -> None:
    answer = lab.ask(question)
    first, *rest = answer.text.split("\n")
    assert answer.found and value in first
    assert old in "\n".join(rest)  # the old value is shown as history or a source


@pytest.mark.integration
def test_a_fact_headed_by_a_name_is_about_that_person(lab: Lab) -> None:
    answer = lab.ask("what days does Lucía practice now?")
    assert answer.found and "lunes y miércoles" in answer.text.split("\n")[0]
