"""The one slot a question asks for — the kind of value, the attribute, the subject — and
whether an entry fills it, in English and Spanish; and answers led by an entry that fills
the slot rather than by another attribute of the same subject."""

from __future__ import annotations

import pytest

from coordinator import Lab
from coordinator.asked import WordMeeter, asked, gives_kind

NOW = "2026-11-29T10:00:00Z"

FACTS = [
    ("memory", "the twins' swim practice is at the Hillside pool, Tuesdays 17:30",
     "2026-10-05T08:00:00Z"),
    ("memory", "the twins' swim coach is Ana Ferreira, very strict about goggles",
     "2026-11-02T08:00:00Z"),
    ("memory", "el pasaporte está en la caja fuerte del dormitorio", "2026-10-06T08:00:00Z"),
    ("memory", "renovar el pasaporte cuesta 30 €, se paga con tarjeta o en efectivo",
     "2026-11-10T08:00:00Z"),
    ("memory", "my bike is a 2019 Trek FX 3, bought second-hand in Zaragoza",
     "2026-10-12T08:00:00Z"),
    ("memory", "my sister Inés sees Dr. Moreno, her GP, at the Delicias health centre",
     "2026-10-13T08:00:00Z"),
]  # fmt: skip


@pytest.mark.parametrize(
    ("question", "kind", "attribute"),
    [
        ("what time is the twins' practice now?", "clock", set()),
        ("¿a qué hora es la práctica de los gemelos?", "clock", set()),
        ("which day are the glaze firings now?", "day", set()),
        ("¿dónde guardo el pasaporte?", "place", set()),
        ("where's the boat kept", "place", set()),
        ("who is papá's caregiver now?", "person", {"caregiver"}),
        ("¿quién es el jefe de técnicos?", "person", {"jefe"}),
        ("which varnish am I using on the boat?", "name", {"varnish"}),
        ("¿qué auto tengo?", "name", {"auto"}),
        ("¿qué número de locker tengo?", "name", {"locker"}),
        ("¿qué uso para el acceso remoto?", "name", set()),  # a verb after "qué": no noun
        ("what's the IP of the NAS?", "address", set()),
        ("how much is the rent now?", "price", set()),
        ("when is the relaunch?", "when", set()),
    ],
)
def test_the_slot_a_question_asks(question: str, kind: str, attribute: set[str]) -> None:
    slot = asked(question)
    assert slot is not None
    assert slot.kind == kind
    assert set(slot.attribute_words) == attribute


def test_two_things_asked_at_once_make_no_one_slot() -> None:
    assert asked("what's my sister's name and where does she live?") is None
    assert asked("remind me to call the vet") is None  # asks no value


@pytest.mark.parametrize(
    ("question", "text", "fills"),
    [
        ("what time is practice?", "practice moves to 18:15", True),
        ("what time is practice?", "the coach is Ana Ferreira", False),
        ("¿qué día es la clase?", "la clase pasa a los jueves", True),
        ("¿dónde guardo el pasaporte?", "el pasaporte está en la caja fuerte", True),
        ("¿dónde guardo el pasaporte?", "renovar el pasaporte cuesta 30 €", False),
        ("where is the boat?", "La Gaviota is now at Berkeley Marina dry storage", True),
        ("who is the caregiver?", "the new caregiver is Teresa", True),
        ("who is the caregiver?", "the caregiver comes every weekday", False),
        ("what's the NAS IP?", "moved the NAS to 10.0.0.5", True),
    ],
)
def test_an_entry_gives_a_value_of_the_kind_asked(question: str, text: str, fills: bool) -> None:
    slot = asked(question)
    assert slot is not None
    assert gives_kind(slot, text, question) is fills


def test_the_attribute_is_met_by_its_word_or_its_translation_in_the_list() -> None:
    slot = asked("¿quién es el jefe de técnicos?")
    assert slot is not None
    meet = WordMeeter()  # no vectors: stems and the word list
    assert meet.attribute(slot, "my boss is Omar")  # jefe ↔ boss in the word list
    assert not meet.attribute(slot, "Omar is on call tonight")


@pytest.fixture
def lab(facts_lab: Lab) -> Lab:
    return facts_lab


@pytest.mark.integration  # needs both models
@pytest.mark.parametrize(
    ("question", "value"),
    [
        ("what time is the twins' swim practice now?", "17:30"),
        ("¿dónde guardo el pasaporte?", "caja fuerte"),
    ],
)
def test_the_answer_fills_the_slot_asked_not_another_attribute(
    lab: Lab, question: str, value: str
) -> None:
    answer = lab.ask(question)
    assert answer.found and value in answer.text.split("\n")[0]


@pytest.mark.integration
@pytest.mark.parametrize("question", ["what colour is my bike?", "¿cuál es el apellido de Inés?"])
def test_the_subject_known_but_not_the_attribute_asked_is_no_answer(
    lab: Lab, question: str
) -> None:
    answer = lab.ask(question)
    assert not answer.found
    assert answer.text.startswith("Nothing in memory")


@pytest.mark.integration
def test_the_attribute_said_in_other_words_is_still_an_answer(lab: Lab) -> None:
    answer = lab.ask("what bike do I have?")
    assert answer.found and "Trek" in answer.text.split("\n")[0]
