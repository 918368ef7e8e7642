"""Answers across English and Spanish: a fact told in one language and changed in the
other is answered with its new value; without the multilingual model answers still work."""

from __future__ import annotations

from pathlib import Path

import pytest

from coordinator import Lab

NOW = "2026-11-29T10:00:00Z"

FACTS = [
    ("memory", "electricity supplier at home: Iberdrola, fixed price", "2026-10-02T08:00:00Z"),
    ("memory", "the spare keys are in the blue box in the hall", "2026-10-03T08:00:00Z"),
    ("daily", "long walk by the river with Ana", "2026-10-04T18:00:00Z"),
    ("memory", "cambiamos de proveedor de electricidad en casa: ahora Holaluz, desde diciembre",
     "2026-11-20T09:00:00Z"),
    ("memory", "para ver pelis en casa usamos Kodi en la Raspberry", "2026-11-21T09:00:00Z"),
    ("memory", "tarifa del móvil: Lowi, 15 GB al mes", "2026-10-05T08:00:00Z"),
    ("daily", "portabilidad hecha, me paso a Digi con 30 GB", "2026-11-18T12:00:00Z"),
    ("memory", "gym: FitUp, mondays and thursdays at 7:00 before work", "2026-10-06T08:00:00Z"),
    ("memory", "from now on gym in the evening at 18:30, mornings are too cold",
     "2026-10-27T08:00:00Z"),
    ("memory", "vuelvo al gym por la mañana a las 7:00, por la tarde no llego",
     "2026-11-16T08:00:00Z"),
]  # fmt: skip


@pytest.fixture
def lab(facts_lab: Lab) -> Lab:
    return facts_lab


@pytest.mark.integration  # needs both models
@pytest.mark.parametrize(
    "question",
    ["who is our electricity supplier at home?", "¿quién es nuestro proveedor de electricidad?"],
)
def test_a_fact_changed_in_the_other_language_is_answered_with_its_new_value(
    lab: Lab, question: str
) -> None:
    answer = lab.ask(question)
    first = answer.text.split("\n")[0]
    assert answer.found and "Holaluz" in first and "Iberdrola" not in first


@pytest.mark.integration  # needs both models
def test_a_spanish_fact_answers_an_english_question(lab: Lab) -> None:
    answer = lab.ask("what do we use to watch movies at home?")
    assert answer.found and "Kodi" in answer.text.split("\n")[0]


@pytest.mark.integration  # needs the multilingual model
def test_curated_entry_vectors_are_kept_between_processes(lab: Lab, home: Path) -> None:
    # More curated entries than search's candidates: the rest are compared in meaning.
    more = [f"shelf {n} in the storeroom holds box {n} of spare parts" for n in range(30)]
    lab.import_entries({"layer": "memory", "text": t, "time": FACTS[0][2]} for t in more)
    lab.ask("who is our electricity supplier at home?")
    lab.close()
    kept = home / ".labmem" / "index" / "entry-vectors-multilingual.npz"
    assert kept.is_file() and kept.stat().st_size > 0


@pytest.mark.integration  # needs the search model
def test_without_the_multilingual_model_answers_match_within_a_language(
    monkeypatch: pytest.MonkeyPatch, home: Path
) -> None:
    from memory.search import embedders

    def missing() -> None:
        raise embedders.ModelUnavailableError("the multilingual model is not installed")

    monkeypatch.setattr(embedders, "multilingual_embedder", missing)
    monkeypatch.setenv("LABMEM_NOW", NOW)
    with Lab.open(home) as lab:
        lab.import_entries([{"layer": "memory", "text": FACTS[1][1], "time": FACTS[1][2]}])
        answer = lab.ask("where are the spare keys?")
        assert answer.found and "blue box" in answer.text.split("\n")[0]
        assert lab._services.across_vectors(["keys"]) is None


@pytest.mark.parametrize(
    ("texts", "spanish"),
    [
        (["what is the NAS IP?", "The NAS is at 10.0.0.5."], False),
        (["what is the NAS IP?", "¿qué IP tiene?"], True),
        (["the NAS", "el NAS está en el rack"], True),
        (["Plex fuera, Jellyfin dentro: desde hoy el servidor de pelis es Jellyfin"], True),
        (["Dinner at La Tagliatella with Ana"], False),
    ],
)
def test_multilingual_vectors_are_used_only_when_a_text_is_spanish(
    texts: list[str], spanish: bool
) -> None:
    from coordinator.crosslang import spanish_in

    assert spanish_in(texts) is spanish


@pytest.mark.integration  # needs both models
@pytest.mark.parametrize(
    "question", ["¿cuántos GB tengo en el móvil?", "how many GB is my phone plan?"]
)
def test_a_new_amount_told_in_the_daily_log_leads(lab: Lab, question: str) -> None:
    first = lab.ask(question).text.split("\n")[0]
    assert "30 GB" in first and "15 GB" not in first


@pytest.mark.integration  # needs both models
def test_a_value_changed_back_is_answered_with_the_newest_statement(lab: Lab) -> None:
    first = lab.ask("what time do I go to the gym?").text.split("\n")[0]
    assert "vuelvo al gym" in first and "18:30" not in first
