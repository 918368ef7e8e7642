"""A project's folder name met in prose: stems, order, accents, abbreviations, languages."""

from __future__ import annotations

import pytest

from coordinator.project_names import mentions, slug_words

KNOWN = ["kitchen-reno", "boat-sensors", "cb750-restore", "garage-lift", "organoid-paper"]


@pytest.mark.parametrize(
    ("text", "project"),
    [
        ("the kitchen reno is 2k over budget", "kitchen-reno"),
        ("renovating the kitchen: tiles ordered", "kitchen-reno"),
        ("boat sensors now report every 5 min", "boat-sensors"),
        ("for the sensors on the boat we use an ESP32", "boat-sensors"),
        ("los sensores del barco", None),  # "barco" is in no word list: a part only
        ("frame no. on the CB750 matches the engine", None),  # a part: the classifier weighs it
        ("Restoring the lift in the garage", "garage-lift"),
    ],
)
def test_a_name_written_in_prose_is_met_in_full(text: str, project: str | None) -> None:
    found = [m for m in mentions(text, KNOWN) if m.full]
    assert (found[0].project if found else None) == project


def test_one_common_word_of_a_name_is_only_a_part() -> None:
    (paper,) = mentions("the paper got accepted", KNOWN)
    assert (paper.project, paper.full, paper.definite) == ("organoid-paper", False, True)
    assert mentions("the server is down again", KNOWN) == []


def test_words_quoted_as_the_text_spells_them() -> None:
    (found,) = mentions("para la Clínica Móvil, una Ducato", ["clinica-movil"])
    assert found.words == ("Clínica", "Móvil")
    assert found.fronted


@pytest.mark.parametrize(
    "text",
    [
        "the kitchenette in the hotel was tiny",  # a longer word is not the name
        "que la reforma sea rápida",  # "que" is not "queen"
        "staging is wiped every sunday night",  # "night" is not "nightjar"
    ],
)
def test_look_alike_words_name_nothing(text: str) -> None:
    assert mentions(text, ["kitchen", "queen-lines", "nightjar"]) == []


def test_filler_and_two_letter_words_of_a_slug_do_not_name_it() -> None:
    assert slug_words("distil-es") == ("distil",)
    assert slug_words("menu-de-otono") == ("menu", "otono")
    assert slug_words("r2-d2") == ("r2", "d2")


def test_the_other_language_word_meets_the_name() -> None:
    (found,) = mentions("la reforma de la cocina va lenta", ["kitchen-reno"])
    assert (found.project, found.words, found.full) == ("kitchen-reno", ("cocina",), False)


def test_words_far_apart_are_not_one_name() -> None:
    (found,) = mentions(
        "the boat is in the water and the new weather station has sensors", ["boat-sensors"]
    )
    assert not found.full


def test_a_topic_is_the_phrase_the_statement_opens_with() -> None:
    (podcast,) = mentions("for dan's podcast I'll deliver stems", ["podcast-mix"])
    assert podcast.fronted
    (garage,) = mentions("For future me: the garage breaker trips", ["garage-lift"])
    assert not garage.fronted


def test_a_slug_in_one_language_meets_the_word_in_the_other() -> None:
    (found,) = mentions("el bot de alertas manda demasiados avisos", ["quake-alerts"])
    assert found.words == ("alertas",)
    assert not mentions("the alarm went off twice", ["quake-alerts"])


def test_lo_de_names_the_topic_in_spanish() -> None:
    (found,) = mentions("lo de la caldera al final va con gas", ["caldera-nueva"])
    assert found.fronted


def test_initials_of_a_name_are_met_only_in_capitals() -> None:
    (found,) = mentions("for the HA move, keep the same IP", ["ha-migration"])
    assert (found.words, found.full, found.fronted) == (("HA",), False, True)
    assert mentions("ha ha, very funny", ["ha-migration"]) == []
    (moved,) = mentions("the migration is done", ["ha-migration"])
    assert moved.full  # the longer words name it in full, as before


def test_a_name_with_a_number_is_met_written_apart() -> None:
    (plot,) = mentions("los sensores de la parcela 3 mandan cada 15 min", ["riego-parcela3"])
    assert (plot.words, plot.definite) == (("parcela",), True)
    (bike,) = mentions("the CB 750 frame number matches", ["cb750-restore"])
    assert (bike.words, bike.full) == (("CB",), False)  # a model people own outside it too
    assert mentions("la parcela 4 está seca", ["riego-parcela3"]) == []


@pytest.mark.parametrize(
    "text",
    [
        "para lo de los recordatorios de vacunas, los mensajes van en dos idiomas",
        "en lo de las vacunas: ya hay 40 dadas de alta",
        "as for the vacunas app, it ships in May",
    ],
)
def test_a_topic_opened_with_lo_de_or_as_for_is_fronted(text: str) -> None:
    (found,) = mentions(text, ["vacunas-app"])
    assert found.fronted
