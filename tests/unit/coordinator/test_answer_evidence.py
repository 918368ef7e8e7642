"""Evidence in either language, and the newest value of the form a question asks.

MiniLM, search's model, reads English only: an English question about a fact told in
Spanish scores low with it, and ``ask`` used to say "nothing in memory" while the closest
line was the answer. The multilingual cosine, put on MiniLM's scale, counts as evidence
too. A question that asks a value of a recognisable form (a version, a dose, a
temperature, a day of the week) is answered by the newest statement that gives one."""

from __future__ import annotations

import pytest

from coordinator import Lab

NOW = "2026-11-29T10:00:00Z"

FACTS = [
    ("memory", "el coche lo dejo en el garaje de la calle Ibiza, plaza 14", "2026-10-02T08:00:00Z"),
    ("memory", "la abuela es celíaca desde 2009", "2026-10-03T08:00:00Z"),
    ("memory", "Nextcloud corre en el NAS, version 27.1.4", "2026-10-04T08:00:00Z"),
    ("daily", "updated Nextcloud to 28.0.2 on the NAS, no issues", "2026-11-10T21:00:00Z"),
    ("memory", "the kiln: we fire stoneware to 1230 °C", "2026-10-05T08:00:00Z"),
    ("memory", "subimos el horno a 1250 °C para el gres nuevo", "2026-10-20T08:00:00Z"),
    ("memory", "volvemos a 1230 °C en el horno, a 1250 se deformaban las piezas",
     "2026-11-12T08:00:00Z"),
    ("memory", "la abuela toma levotiroxina 50 mcg en ayunas", "2026-10-06T08:00:00Z"),
    ("daily", "endocrino: le sube la levotiroxina a 75 mcg", "2026-11-14T10:00:00Z"),
    ("daily", "long walk by the river with Ana", "2026-10-07T18:00:00Z"),
    ("memory", "nado con Lola los sábados a las 9:00 en la piscina del barrio",
     "2026-10-09T08:00:00Z"),
    ("daily", "piscina con Lola; desde mañana nadamos los domingos", "2026-11-20T09:00:00Z"),
    ("daily", "cena en casa de Lola, volví tarde", "2026-11-21T22:00:00Z"),
    ("memory", "en el trabajo usamos R 4.3.1 con RStudio", "2026-10-01T08:00:00Z"),
    ("daily", "actualicé a R 4.3.3 en el portátil", "2026-10-20T08:00:00Z"),
    ("daily", "upgraded to R 4.4.1 on the cluster and the laptop", "2026-11-20T08:00:00Z"),
    ("memory", "voy a yoga los martes a las 19:00 con Inés", "2026-10-08T08:00:00Z"),
    ("daily", "yoga con Inés: desde esta semana los jueves, los martes ya no hay sala",
     "2026-11-16T19:00:00Z"),
]  # fmt: skip


@pytest.fixture
def lab(facts_lab: Lab) -> Lab:
    return facts_lab


@pytest.mark.integration  # needs both models
@pytest.mark.parametrize(
    ("question", "value"),
    [("where do I park the car?", "Ibiza"), ("since when is grandma coeliac?", "2009")],
)
def test_a_spanish_fact_is_evidence_for_an_english_question(
    lab: Lab, question: str, value: str
) -> None:
    answer = lab.ask(question)
    assert answer.found and any(value in h.text for h in answer.hits)


@pytest.mark.integration  # needs both models
@pytest.mark.parametrize(
    "question", ["what is the capital of France?", "¿cuál es la capital de Francia?"]
)
def test_a_question_memory_cannot_answer_still_finds_nothing(lab: Lab, question: str) -> None:
    assert not lab.ask(question).found


@pytest.mark.integration  # needs both models
@pytest.mark.parametrize(
    ("question", "new", "old"),
    [
        ("which Nextcloud version am I running?", "28.0.2", "27.1.4"),
        ("¿qué versión de Nextcloud tengo?", "28.0.2", "27.1.4"),
        ("what temperature do we fire stoneware to?", "volvemos a 1230", "subimos"),
        ("what dose of levothyroxine does grandma take?", "75 mcg", "50 mcg"),
        ("what day do I go to yoga?", "jueves", "19:00"),
        ("what day do I go swimming with Lola?", "domingos", "sábados a las"),
        ("¿qué versión de R uso?", "4.4.1", "4.3"),
    ],
)
def test_the_newest_value_of_the_form_asked_leads(
    lab: Lab, question: str, new: str, old: str
) -> None:
    first = lab.ask(question).text.split("\n")[0]
    assert new in first and old not in first


@pytest.mark.parametrize(
    ("question", "kind"),
    [
        ("what dose of metformin does dad take?", "dose"),
        ("¿qué temperatura tiene el horno?", "temperature"),
        ("what day do we do the bisque firing?", "weekday"),
        ("¿qué día tiene piano Sofi?", "weekday"),
        ("a qué hora toma la pastilla?", "clock"),
        ("who is the treasurer?", None),
    ],
)
def test_the_form_a_question_asks(question: str, kind: str | None) -> None:
    from coordinator.slots import asked_form

    assert asked_form(question) == kind


def test_the_values_of_a_form_a_text_gives() -> None:
    from coordinator.slots import form_values

    assert form_values("weekday", "nado los sábados a las 9:00") == {"sabados"}
    assert form_values("dose", "metformina 850 mg con el desayuno") == {"850 mg"}
    assert form_values("version", "SAP v1.4 firmado") == {"v1.4"}
    assert form_values("clock", "a las 21:00 porque cena temprano") == {"21:00"}
