"""A question about one attribute of the owner ("¿cómo me llamo?", "what do I do for a
living?") is answered by the identity entry that states it, though they share no word."""

from __future__ import annotations

from pathlib import Path

import pytest

from coordinator import Lab

IDENTITY = "Mi nombre es Carmen y trabajo como técnica de laboratorio en Valencia."


@pytest.mark.parametrize(
    "question",
    [
        "¿cómo me llamo?",
        "what's my name?",
        "What is my name",
        "what do I do for a living?",
        "¿a qué me dedico?",
        "¿en qué trabajo?",
        "what's my job?",
    ],
)
def test_an_attribute_of_the_owner_is_answered_by_the_identity_entry(
    home: Path, question: str
) -> None:
    with Lab.open(home) as lab:
        lab.remember(IDENTITY, layer="memory", kind="identity")
        lab.remember("El servidor de backups es la Raspberry Pi 4.", layer="memory", kind="fact")
        answer = lab.ask(question)
    assert answer.found
    assert answer.text.split("\n")[0].startswith(IDENTITY)
    assert answer.hits[0].kind == "identity"


def test_the_newest_identity_entry_that_states_it_comes_first(
    home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    for day, text in [
        ("2026-11-20", "I work as a lab technician at the Valencia institute."),
        ("2026-11-22", "I'm Carmen, a beekeeper on weekends."),
        ("2026-11-24", "I work at the university library on Saturdays too."),
    ]:
        monkeypatch.setenv("LABMEM_NOW", f"{day}T09:00:00Z")
        with Lab.open(home) as lab:
            lab.remember(text, layer="memory", kind="identity")
    with Lab.open(home) as lab:
        answer = lab.ask("where do I work?")
    first, _, rest = answer.text.partition("Sources:")
    assert "university library" in first
    assert rest.index("university library") < rest.index("lab technician")
    assert "beekeeper" not in answer.text


@pytest.mark.parametrize(
    ("entries", "question", "expected"),
    [
        # another person's name, job or home is not the owner's
        (
            [
                "I'm Carmen, a lab technician in Valencia.",
                "My partner's name is Luis and he works as a nurse.",
            ],
            "what's my name?",
            "I'm Carmen",
        ),
        (
            ["Soy Carmen.", "Mi pareja se llama Luis y trabaja de enfermero."],
            "¿cómo me llamo?",
            "Soy Carmen.",
        ),
        (
            ["Soy alérgica a la penicilina.", "Trabajo como técnica de laboratorio en La Fe."],
            "¿a qué me dedico?",
            "Trabajo como",
        ),
        (
            ["I work from home on Fridays.", "I'm from Puebla, Mexico."],
            "where am I from?",
            "I'm from Puebla",
        ),
        (["Tengo 41 años y vivo en Valencia."], "¿cuántos años tengo?", "Tengo 41 años"),
        (["Mi cumpleaños es el 3 de marzo."], "¿cuándo es mi cumpleaños?", "Mi cumpleaños"),
    ],
)
def test_the_entry_that_states_it_of_the_owner_answers(
    home: Path, entries: list[str], question: str, expected: str
) -> None:
    with Lab.open(home) as lab:
        for text in entries:
            lab.remember(text, layer="memory", kind="identity")
        answer = lab.ask(question)
    assert answer.found and answer.text.split("\n")[0].startswith(expected)


@pytest.mark.parametrize(
    "question",
    [
        "the centrifuge shows error E5, what do I do?",
        "en el foro, ¿cómo me llamo?",
    ],
)
def test_a_question_about_something_else_is_not_about_the_owner(home: Path, question: str) -> None:
    with Lab.open(home) as lab:
        lab.remember(IDENTITY, layer="memory", kind="identity")
        answer = lab.ask(question)
    assert not (answer.found and answer.text.startswith(IDENTITY))


def test_an_entry_about_someone_else_answers_nothing_about_the_owner(home: Path) -> None:
    with Lab.open(home) as lab:
        lab.remember("My partner's name is Luis and he works as a nurse.", layer="memory",
                     kind="identity")  # fmt: skip
        answer = lab.ask("what do I do for a living?")
    assert not (answer.found and "Luis" in answer.text.split("\n")[0])


@pytest.mark.parametrize("question", ["where do I live?", "¿cómo se llama mi hermana?"])
def test_an_attribute_no_entry_states_is_not_known(home: Path, question: str) -> None:
    with Lab.open(home) as lab:
        lab.remember(IDENTITY, layer="memory", kind="identity")
        answer = lab.ask(question)
    assert not answer.found


def test_a_shared_session_is_told_nothing_about_the_owner(home: Path) -> None:
    with Lab.open(home) as lab:
        lab.remember(IDENTITY, layer="memory", kind="identity")
    with Lab.open(home, session_kind="shared") as lab:
        answer = lab.ask("¿cómo me llamo?")
    assert "Carmen" not in answer.text
