"""Two statements answer the same question about the present: the newer leads — when it
names the old value while giving another ("ported my number to Visible, bye Mint Mobile"),
when the older fact is a list of several things, and when the best entry gives no value at
all; a name mentioned in passing, or in a statement about something else, replaces nothing."""

from __future__ import annotations

import pytest

from coordinator import Lab
from coordinator.current import same_slot, values

NOW = "2026-11-29T10:00:00Z"

FACTS = [
    ("memory", "phone plan is Mint Mobile; car = our 2014 Honda Odyssey", "2026-10-20T08:00:00Z"),
    ("daily", "ported my number to Visible, bye Mint Mobile", "2026-11-06T18:00:00Z"),
    ("memory", "internet en casa: Xfinity", "2026-10-23T08:00:00Z"),
    ("daily", "Verizon Fios installed today, Xfinity cancelled", "2026-11-13T17:00:00Z"),
    ("memory", "core stuff: all booking + billing goes through iLab, staff meeting is Monday",
     "2026-10-19T08:00:00Z"),
    ("memory", "booking is PPMS only now, iLab archived", "2026-11-24T08:00:00Z"),
    ("memory", "Marta Ruiz is my PI", "2026-10-05T08:00:00Z"),
    ("daily", "1:1 con Marta: le parece bien cambiar de proveedor", "2026-10-26T10:00:00Z"),
]  # fmt: skip


@pytest.fixture
def lab(facts_lab: Lab) -> Lab:
    return facts_lab


@pytest.mark.integration  # needs both models
@pytest.mark.parametrize(
    ("question", "value"),
    [
        ("what phone plan am I on?", "Visible"),
        ("who's our home internet provider", "Verizon Fios"),
        ("what are we using for core bookings these days", "PPMS"),
    ],
)
def test_a_newer_statement_that_ends_the_old_value_leads(
    lab: Lab, question: str, value: str
) -> None:
    answer = lab.ask(question)
    assert answer.found and value in answer.text.split("\n")[0]


@pytest.mark.integration
def test_a_name_said_with_another_change_replaces_nothing(lab: Lab) -> None:
    answer = lab.ask("Who is my PI?")
    assert "Marta Ruiz is my PI" in answer.text.split("\n")[0]


def test_the_change_must_end_the_value_the_question_asks_about() -> None:
    old = "phone plan is Mint Mobile; car = our 2014 Honda Odyssey"
    question = "what phone plan am I on?"
    ported = "ported my number to Visible, bye Mint Mobile"
    assert same_slot(question, old, ported, 0.5, relevant=True) == 2
    assert same_slot(question, old, ported, 0.5, relevant=False) == 0  # not about the question
    # the car's clause is not the phone plan's
    sold = "sold the Honda Odyssey, bought a Kia Niro"
    assert same_slot(question, old, sold, 0.5, relevant=True) == 0


def test_a_name_in_an_aside_is_not_the_value_changed() -> None:
    old = "home wifi is a TP-Link Deco mesh, 3 nodes (living room, office, garage)"
    new = "he cambiado la IP del NUC a 192.168.1.50 (reserva DHCP en el Deco)"
    assert same_slot("qué wifi tenemos en casa", old, new, 0.5, relevant=True) == 0


def test_a_name_with_a_capital_inside_is_a_value() -> None:
    assert {"ilab", "ppms"} <= values("booking is PPMS only now, iLab archived")


def test_a_value_many_entries_name_is_ended_when_its_own_clause_says_so() -> None:
    old = "swim: the kids are on the JP Otters, practice is at Curtis Hall at 5:30"
    new = "Curtis Hall closed for repairs, practice moved to the West Roxbury Y"
    common = frozenset({"curtis", "hall"})  # every practice log line names it
    question = "where is practice these days?"
    assert same_slot(question, old, new, 0.5, common, relevant=True) == 2


def test_a_plan_is_not_a_change_yet() -> None:
    old = "home server setup: Nextcloud 29.0.7 runs on the Raspberry Pi 4"
    plan = "plan: move Nextcloud from the Pi 4 to a VM on the Beelink, then Plex"
    common = frozenset({"pi", "raspberry"})
    assert same_slot("where does Nextcloud run?", old, plan, 0.5, common, relevant=True) < 2
