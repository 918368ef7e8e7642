"""A changed value leads the answer when the newer statement leaves the thing's name out,
tells the change in the other language's words, or gives a temperature; and the words that
looked like something else no longer mislead (a title's dot, "qué", "how do … pay")."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from coordinator import Lab
from coordinator.answer import _EVENT, best_sentence
from coordinator.current import amounts, reshaped
from coordinator.slots import asked_slot

NOW = "2026-11-29T10:00:00Z"

FACTS = [
    ("memory", "thermostat: the Nest keeps 68°F by day, 62°F at night", "2026-10-02T08:00:00Z"),
    ("memory", "Nest night temperature lowered to 60°F for the winter", "2026-10-20T08:00:00Z"),
    ("daily", "Ana complained, we agreed: night temperature 63°F from today",
     "2026-11-12T21:00:00Z"),
    ("memory", "coche: Seat Ibiza de 2012, duerme en la calle", "2026-10-03T08:00:00Z"),
    ("daily", "sold the Seat Ibiza and picked up a used Kia Niro EV at the dealer",
     "2026-11-18T12:00:00Z"),
    ("daily", "long walk by the river with Ana", "2026-10-04T18:00:00Z"),
    ("memory", "expense reports over 300 € are signed by Dr. Lindqvist, the rest by me",
     "2026-10-05T08:00:00Z"),
]  # fmt: skip


@pytest.fixture
def lab(facts_lab: Lab) -> Lab:
    return facts_lab


@pytest.mark.integration  # needs both models
def test_a_newer_value_that_leaves_the_things_name_out_still_leads(lab: Lab) -> None:
    answer = lab.ask("what's the night temperature on the Nest?")
    first = answer.text.split("\n")[0]
    assert answer.found and "63°F" in first and "60°F" not in first


@pytest.mark.integration  # needs both models
def test_a_change_that_names_the_old_value_in_the_other_language_leads(lab: Lab) -> None:
    answer = lab.ask("¿qué coche tengo?")
    first = answer.text.split("\n")[0]
    assert answer.found and "Kia Niro" in first


@pytest.mark.integration
def test_the_answer_line_is_not_cut_at_a_title(lab: Lab) -> None:
    answer = lab.ask("who signs the expense reports?")
    assert "Dr. Lindqvist" in answer.text.split("\n")[0]


def test_a_title_or_an_initial_does_not_end_a_sentence() -> None:
    text = "Orders need approval from Dr. Okafor and J. Smith. Then they ship."
    assert best_sentence(text, "who approves orders") == (
        "Orders need approval from Dr. Okafor and J. Smith."
    )


@pytest.mark.parametrize(
    ("question", "event"),
    [
        ("¿qué día llega el pedido?", False),  # asks a value: "qué" is no past tense
        ("¿cuándo es la reunión?", False),
        ("¿cuándo llevé el coche al taller?", True),
        ("¿cuándo fue la fiesta?", True),
        ("when did I renew the passport?", True),
    ],
)
def test_a_question_word_is_not_a_past_tense(question: str, event: bool) -> None:
    assert bool(_EVENT.search(question)) is event


@pytest.mark.parametrize(
    ("question", "slot"),
    [
        ("how do members pay the fee now?", None),  # a way of paying, not an amount
        ("¿cómo pagan los socios la cuota?", None),
        ("how much do I pay for parking?", "price"),
        ("¿cuánto pago por el garaje?", "price"),
        ("what does the parking cost?", "price"),
    ],
)
def test_paying_asks_for_a_price_only_with_how_much(question: str, slot: str | None) -> None:
    assert asked_slot(question) == slot


def test_a_temperature_is_an_amount_and_a_new_one_a_new_value() -> None:
    assert amounts("night setpoint lowered to 64°F") == {"°f": {"64"}}
    assert reshaped("la caldera a 21 ºC", "bajamos la caldera a 19 ºC") == "amount"
    assert reshaped("setpoint lowered to 64°F", "agreed: setpoint 65°F") == "amount"


def test_a_name_with_a_digit_inside_is_not_a_host() -> None:
    assert reshaped("the coordinator is a SLZB-06", "fixed zigbee2mqtt after the swap") == ""
    assert reshaped("Jellyfin runs on nas01", "moved Jellyfin to mini02") == "host"


FEES = [
    ("project", "league fees this season: U8 $45, U12 $65", "2026-10-02T08:00:00Z", "league"),
    ("memory", "phone: Lowi plan, 15 € a month, one line", "2026-10-03T08:00:00Z", None),
    ("memory", "internet at home: Movistar fibre, 600 Mb", "2026-10-04T08:00:00Z", None),
    ("memory", "the car is a Kia Niro EV, bought used in 2026", "2026-10-05T08:00:00Z", None),
]


@pytest.fixture
def fees(import_in_madrid: Callable[..., None], home: Path) -> Iterator[Lab]:
    (home / "projects" / "league").mkdir(parents=True, exist_ok=True)
    items = [
        {"layer": layer, "text": text, "time": at, **({"project": p} if p else {})}
        for layer, text, at, p in FEES
    ]
    import_in_madrid(NOW, items)
    with Lab.open(home) as opened:
        yield opened


@pytest.mark.integration
@pytest.mark.parametrize(
    "question",
    [
        "how much is the U10 fee?",  # the U8 and U12 fees are known, not the U10 one
        "¿cuánto cuesta la cuota de U10?",
        "how much does the Movistar plan cost a month?",  # a price, but the phone plan's
        "who wrote Don Quixote?",
    ],
)
def test_an_answer_that_does_not_name_what_the_question_names_is_no_answer(
    fees: Lab, question: str
) -> None:
    answer = fees.ask(question)
    assert not answer.found, answer.text
    assert answer.text.startswith("Nothing in memory about")


@pytest.mark.integration
@pytest.mark.parametrize(
    ("question", "said"),
    [
        ("how much is the U12 fee?", "U12 $65"),
        ("what car do I have?", "Kia Niro"),
        ("¿qué tarifa de móvil tengo?", "Lowi"),
    ],
)
def test_an_answer_naming_what_the_question_names_stands(
    fees: Lab, question: str, said: str
) -> None:
    answer = fees.ask(question)
    assert answer.found and said in answer.text.split("\n")[0], answer.text


def test_key_terms_are_names_and_codes() -> None:
    from coordinator.answer import key_terms, names_in

    def terms(question: str) -> list[str]:
        return key_terms(question, names_in(question))

    assert terms("¿cuánto me costó el RAV4?") == ["RAV4"]
    assert terms("how many U8 kids signed up?") == ["U8"]
    assert terms("what's the IP of nas01?") == ["nas01"]
    assert terms("what 3D printer do I have?") == []  # "3D", "4K", "-80s" are words
    assert terms("which alarm watches the -80s?") == []


@pytest.mark.integration  # the real models rank and decide
def test_a_code_names_one_thing_and_a_name_any_of_its_words(home: Path) -> None:
    with Lab.open(home) as lab:
        lab.remember("Our Fios plan costs 80 dollars a month", layer="memory")
        lab.remember("The U10 fee is 40 euros per month", layer="memory")
        lab.remember("The U12 fee is 55 euros per month", layer="memory")
        assert "U10 fee is 40" in lab.ask("How much is the U10s fee?").text.splitlines()[0]
        assert "U12 fee is 55" in lab.ask("How much is the U12 fee?").text.splitlines()[0]
        assert not lab.ask("How much is the U14 fee?").found
        assert lab.ask("What does the Verizon Fios plan cost?").found
