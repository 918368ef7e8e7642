"""A change told as something that happened replaces the MEMORY.md fact it changes."""

from __future__ import annotations

from pathlib import Path

import pytest

from coordinator import Lab

pytestmark = pytest.mark.integration  # the supersede judge reads the real model's meaning

FACTS = (
    "The rock saw is in the prep room on the ground floor.",
    "The Plex server runs at 10.1.1.20.",
    "Marta is my lab technician.",
)


@pytest.fixture
def facts(home: Path) -> dict[str, str]:
    with Lab.open(home) as lab:
        return {text: lab.remember(text, layer="memory").id for text in FACTS}


@pytest.mark.parametrize(
    ("said", "old"),
    [
        ("The saw moved to the basement.", FACTS[0]),
        ("ahora el Plex está en 10.1.1.40", FACTS[1]),
    ],
)
def test_the_changed_fact_is_superseded_and_boot_shows_the_new_value(
    home: Path, facts: dict[str, str], said: str, old: str
) -> None:
    with Lab.open(home) as lab:
        receipt = lab.remember(said)
        assert (receipt.status, receipt.layer) == ("superseded", "memory"), receipt.reason
        assert receipt.supersedes is not None and receipt.supersedes["id"] == facts[old]
        boot = lab.boot().text
        # the new value is in (said as is, or as the old entry with its value changed); the
        # old entry stays in the file as history
        assert (said in boot or "10.1.1.40" in boot) and old not in boot
    assert old in (home / "MEMORY.md").read_text()


@pytest.mark.parametrize(
    "said",
    [
        "Restarted Plex after the update.",  # an event, no change of a value
        "Marta moved to the second floor office.",  # a change, but of nothing MEMORY.md holds
    ],
)
def test_an_event_that_changes_no_fact_stays_in_the_log(
    home: Path, facts: dict[str, str], said: str
) -> None:
    with Lab.open(home) as lab:
        receipt = lab.remember(said)
    assert receipt.layer != "memory" or receipt.status == "written"
    assert all(
        "superseded_by" not in line for line in (home / "MEMORY.md").read_text().splitlines()
    )


def test_a_layer_asked_for_and_a_shared_session_keep_it_in_the_log(
    home: Path, facts: dict[str, str]
) -> None:
    with Lab.open(home) as lab:
        asked = lab.remember("The saw moved to the basement.", layer="daily")
    assert (asked.status, asked.layer) == ("written", "daily")
    with Lab.open(home, session_kind="shared") as lab:
        shared = lab.remember("The saw moved to the garage.")
    assert shared.layer == "daily" and "superseded_by" not in (home / "MEMORY.md").read_text()


@pytest.mark.parametrize(
    "lesson",
    [
        "Lección: nunca abrir el congelador de -80 más de un minuto, sube 15 grados.",
        "Lesson: never leave the -80 freezer open for more than a minute.",
    ],
)
def test_a_lesson_about_a_thing_never_replaces_the_fact_about_it(home: Path, lesson: str) -> None:
    fact = "El congelador de -80 °C es un Thermo Forma 88000, está en la sala 2.14."
    with Lab.open(home) as lab:
        kept = lab.remember(fact, layer="memory").id
        receipt = lab.remember(lesson)
        assert (receipt.status, receipt.kind) == ("written", "lesson"), receipt.reason
        assert kept in {r.id for r in lab.memory_records() if r.active}
