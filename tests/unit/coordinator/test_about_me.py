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


def test_the_newest_identity_entry_that_states_it_comes_first(home: Path) -> None:
    with Lab.open(home) as lab:
        lab.remember("I work as a lab technician at the Valencia institute.", layer="memory",
                     kind="identity")  # fmt: skip
        lab.remember("I'm Carmen, a beekeeper on weekends.", layer="memory", kind="identity")
        lab.remember("Now I work as a data steward at the university.", layer="memory",
                     kind="identity")  # fmt: skip
        answer = lab.ask("where do I work?")
    assert answer.found
    assert "data steward" in answer.text.split("\n")[0]


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
