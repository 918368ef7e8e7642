"""Statements that leave the old value true never supersede it, in English and Spanish."""

from __future__ import annotations

import pytest

from memory.supersede import is_update, update_probability
from memory.update_cues import holding_back


@pytest.mark.parametrize(
    ("text", "cue"),
    [
        ("should we move the wiki to bookstack?", "question"),
        ("¿cambiamos el router a uno con wifi 7?", "question"),
        ("thinking about switching the printer to Canon", "question"),
        ("a lo mejor pasamos el correo a Proton", "question"),
        ("the office is on the backup line for now", "temporary"),
        ("Marisa cubre la recepción hasta el jueves", "temporary"),
        ("moved tonight's scrub to 1am, the disks are busy", "temporary"),
        ("este viernes la clase de yoga es a las 7", "temporary"),
        ("running off the laptop while the server is down", "temporary"),
        ("the shed camera also records to the NAS", "addition"),
        ("pusimos también un repetidor en el garaje", "addition"),
        ("the lab has a second -80 now", "addition"),
        ("the door code is 4411, still", "same"),
        ("el horario sigue igual, de 9 a 2", "same"),
        ("spun up a postgres 17 box to test the upgrade, don't use it yet", "trial"),
        ("we're sticking with the old price, no raise this year", "same"),
        ("seguimos con el mismo gestor, al final no cambiamos", "same"),
        ("the zigbee stick dropped off again, had to replug it", "event"),
        ("el súper ha subido el aceite otra vez", "event"),
        ("my cousin just moved to Leeds, near Jen", "event"),
        ("mi hermana se ha mudado a Huesca", "event"),
        ("the paint on the tank has a chip now, damn", "remark"),
        ("los cambio el finde", "temporary"),
        ("ntfy sent 40 alerts last night when the isp dropped", "event"),
    ],
)
def test_a_cue_holds_the_statement_back(text: str, cue: str) -> None:
    assert holding_back(text) == cue


@pytest.mark.parametrize(
    "text",
    [
        "the printer is a Canon now",
        "desde el lunes la recepción la lleva Marisa",
        "scrubs run at 1am from now on",
        "the cat eats too much, switched her to the diet food",
        "el horario nuevo es de 9 a 3",
        "I started eating fish again, so I'm pescatarian now",
    ],
)
def test_a_lasting_change_is_not_held_back(text: str) -> None:
    assert holding_back(text) is None


@pytest.mark.parametrize(
    ("old", "new", "similarity"),
    [
        # a temporary state of the same subject
        ("Ines works the morning shift.", "ines is on nights until the 20th", 0.6),
        ("La copia va al NAS del despacho.", "de momento la copia va a un disco USB", 0.7),
        # an addition beside the old value
        ("Alerts go to Gotify.", "alerts go to email too", 0.7),
        # a question about the old value
        ("The wiki runs on DokuWiki.", "should we move the wiki to BookStack?", 0.6),
        # a one-off against a lasting schedule
        ("Piano lessons are on Mondays at 5.", "moved this monday's piano lesson to 6", 0.7),
    ],
)
def test_held_back_statements_never_supersede(old: str, new: str, similarity: float) -> None:
    assert update_probability(old, new, similarity) == 0.0
    assert not is_update(old, new, similarity)


@pytest.mark.parametrize(
    ("old", "new", "similarity"),
    [
        (
            "La copia va al NAS del despacho.",
            "la copia va ahora a un disco USB, el NAS lo quité",
            0.7,
        ),
        ("Piano lessons are on Mondays at 5.", "piano moved to tuesdays at 5 for good", 0.7),
    ],
)
def test_the_same_subject_changed_for_good_still_supersedes(
    old: str, new: str, similarity: float
) -> None:
    assert is_update(old, new, similarity), update_probability(old, new, similarity)


@pytest.mark.parametrize(
    ("text", "cue"),
    [
        # "desde" before a place says from where, not since when.
        ("esta semana trabajamos desde la biblioteca", "temporary"),
        ("mientras arreglan la oficina trabajamos desde casa de pili", "temporary"),
        ("this month we print at the library", "temporary"),
        # A lasting start beside a temporary word.
        ("desde el lunes la oficina abre a las 8", None),
        ("desde marzo el gimnasio cierra a las 22", None),
        ("bagels are 1.80 from today", None),
        ("effective this month, invoices go out through Xero", None),
    ],
)
def test_a_start_date_is_lasting_and_a_place_is_not(text: str, cue: str | None) -> None:
    assert holding_back(text) == cue


@pytest.mark.parametrize(
    "text",
    [
        "Lidl de siempre, no la cambio por nada",
        "never switching away from fastmail",
        "we won't be moving the standup",
    ],
)
def test_a_change_word_said_with_a_negation_keeps_the_value(text: str) -> None:
    assert holding_back(text) == "same"


def test_ya_no_is_still_a_change() -> None:
    assert holding_back("ya no cambiamos nada a mano, lo hace el script") is None


@pytest.mark.parametrize(
    ("text", "cue"),
    [
        ("ahora mismo solo hay 3 usuarios conectados", "temporary"),
        ("hemos contratado una segunda gestoría para las nóminas", "addition"),
        ("el timeout ahora es de un segundo", None),
    ],
)
def test_spanish_says_right_now_and_a_second_as_english_does(text: str, cue: str | None) -> None:
    assert holding_back(text) == cue
