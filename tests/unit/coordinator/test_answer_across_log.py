"""Log lines found by meaning in either language: search's model reads English only, so a
change told in the daily log in one language is found for a question in the other."""

from __future__ import annotations

from pathlib import Path

import pytest

from coordinator import Lab

NOW = "2026-11-29T10:00:00Z"

FACTS = [
    ("memory", "Mateo plays centre back for Astoria United U16", "2026-10-02T08:00:00Z"),
    ("daily", "practica lunes, new coach: Coach Harris. Benítez moved up to the U18s",
     "2026-11-24T19:00:00Z"),
    ("daily", "ordered new football boots for the kids, size 10", "2026-08-01T12:00:00Z"),
    *[("daily", text, f"2026-11-{n + 10:02d}T20:00:00Z") for n, text in enumerate([
        "fixed the kitchen tap", "paid the water bill", "Pi-hole updated, all fine",
        "long walk by the river", "grocery run, forgot the milk", "oil change for the car",
    ])],
]  # fmt: skip


@pytest.fixture
def lab(facts_lab: Lab) -> Lab:
    return facts_lab


@pytest.mark.integration  # needs the multilingual model
def test_a_recent_log_line_is_found_by_meaning_in_the_other_language(lab: Lab) -> None:
    from coordinator.crosslang import curated_hits

    found = curated_hits(lab._services, "¿quién es el entrenador de Mateo?", set())
    assert any("Coach Harris" in h.text for h in found)
    coach = next(h for h in found if "Coach Harris" in h.text)
    assert coach.layer == "daily" and coach.date == "2026-11-24"  # dated by its file


@pytest.mark.integration  # needs the multilingual model
def test_log_lines_older_than_the_recent_days_are_left_to_search(lab: Lab) -> None:
    from coordinator.crosslang import curated_hits

    found = curated_hits(lab._services, "¿qué talla de botas de fútbol compré?", set())
    assert not any("size 10" in h.text for h in found)


@pytest.mark.integration  # needs the multilingual model
def test_a_line_logged_after_a_question_is_weighed_by_the_next_one(lab: Lab) -> None:
    from coordinator.crosslang import curated_hits

    question = "¿dónde dejé la llave del huerto?"
    assert not any(
        "garden gate key" in h.text for h in curated_hits(lab._services, question, set())
    )
    lab.import_entries(
        [{"layer": "daily", "text": "the garden gate key is on the hook by the door",
          "time": "2026-11-28T18:00:00Z"}]
    )  # fmt: skip
    found = curated_hits(lab._services, question, set())
    assert any("garden gate key" in h.text for h in found)


@pytest.mark.integration  # needs the multilingual model
def test_a_cron_session_weighs_no_log_lines(home: Path, facts_lab: Lab) -> None:
    from coordinator.crosslang import curated_hits

    facts_lab.close()
    with Lab.open(home, session_kind="cron") as cron:
        found = curated_hits(cron._services, "¿quién es el entrenador de Mateo?", set())
    assert not any(h.layer == "daily" for h in found)


@pytest.mark.integration  # needs the multilingual model
def test_an_all_english_log_is_left_to_search(home: Path, facts_lab: Lab) -> None:
    from coordinator.crosslang import curated_hits

    facts_lab.close()
    english = home.parent / "english"
    with Lab.open(english) as lab:
        lab.import_entries(
            [{"layer": "daily", "text": "new coach for the team: Coach Harris",
              "time": "2026-11-24T19:00:00Z"}]
        )  # fmt: skip
        found = curated_hits(lab._services, "who coaches the team?", set())
    assert not any(h.layer == "daily" for h in found)
