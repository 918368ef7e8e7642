"""A project's to-dos are bound to no day: a question that names no days lists those still
open, only the named project's when it names one, and a later line that tells one done
moves it to "done since"."""

from __future__ import annotations

from pathlib import Path

import pytest

from coordinator import Lab


@pytest.fixture
def workspace(home: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("LABMEM_TZ", "Europe/Madrid")
    monkeypatch.setenv("LABMEM_NOW", "2026-11-26T12:00:00Z")
    with Lab.open(home) as lab:
        lab.remember("pedir sensor DHT22 de repuesto", layer="project", project="incubadora",
                     kind="task")  # fmt: skip
        lab.remember("order brake pads", layer="project", project="cargo-bike", kind="todo")
        lab.remember("El controlador PID va en un ESP32.", layer="project", project="incubadora",
                     kind="decision")  # fmt: skip
        lab.remember("TODO: call the plumber", layer="daily", kind="task")
    monkeypatch.setenv("LABMEM_NOW", "2026-11-27T09:00:00Z")
    return home


@pytest.mark.parametrize("question", ["what's pending?", "¿qué tengo pendiente?"])
def test_a_question_naming_no_days_lists_the_open_project_todos(
    workspace: Path, question: str
) -> None:
    with Lab.open(workspace) as lab:
        answer = lab.ask(question)
    assert answer.found
    assert "call the plumber" in answer.text
    assert "Open in projects — 2 to-dos:" in answer.text
    assert "- [incubadora] pedir sensor DHT22 de repuesto (said 2026-11-26;" in answer.text
    assert "- [cargo-bike] order brake pads" in answer.text
    assert "ESP32" not in answer.text  # a decision is not a to-do
    assert {h.citation.split("#")[0] for h in answer.hits} >= {
        "projects/incubadora/NOTES.md",
        "projects/cargo-bike/NOTES.md",
    }


@pytest.mark.parametrize(
    "question",
    ["¿qué me queda pendiente en la incubadora?", "what's left to do for the incubadora?"],
)
def test_a_question_naming_a_project_lists_that_projects_todos_only(
    workspace: Path, question: str
) -> None:
    with Lab.open(workspace) as lab:
        answer = lab.ask(question)
    assert "Open in projects — 1 to-do:" in answer.text
    assert "DHT22" in answer.text
    assert "brake pads" not in answer.text and "plumber" not in answer.text


def test_a_day_named_lists_no_project_todo(workspace: Path) -> None:
    with Lab.open(workspace) as lab:
        answer = lab.ask("what do I have to do today?")
    assert "DHT22" not in answer.text and "brake pads" not in answer.text


def test_a_project_todo_told_done_leaves_the_list(
    workspace: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    with Lab.open(workspace) as lab:
        lab.remember("sensor DHT22 de repuesto pedido, listo", layer="daily", kind="event")
        lab.remember("ordered the brake pads", layer="project", project="cargo-bike", kind="note")
        lab.remember("called the plumber", layer="daily", kind="event")
        answer = lab.ask("what's pending?")
    assert answer.text.startswith("Nothing pending; done since:")
    assert "- pedir sensor DHT22 de repuesto — done 2026-11-27:" in answer.text
    assert "- order brake pads — done 2026-11-27: ordered the brake pads" in answer.text


def test_a_shared_session_lists_the_project_todos_it_may_read(workspace: Path) -> None:
    with Lab.open(workspace, session_kind="shared") as lab:
        answer = lab.ask("what's pending?")
    assert "- [incubadora] pedir sensor DHT22 de repuesto" in answer.text


@pytest.mark.parametrize(
    "question", ["what is left to do in the project?", "¿qué me queda pendiente en el proyecto?"]
)
def test_the_project_is_the_sessions_active_one(workspace: Path, question: str) -> None:
    with Lab.open(workspace) as lab:
        lab.boot(project="cargo-bike")
        answer = lab.ask(question)
    assert "Open in projects — 1 to-do:\n- [cargo-bike] order brake pads" in answer.text
    assert "DHT22" not in answer.text


def test_a_line_about_another_project_closes_no_todo_of_this_one(workspace: Path) -> None:
    with Lab.open(workspace) as lab:
        lab.remember("cambiar la resistencia", layer="project", project="incubadora", kind="task")
        lab.remember("cambié la resistencia del faro de la cargo-bike", layer="daily",
                     kind="event")  # fmt: skip
        answer = lab.ask("¿qué me queda pendiente en la incubadora?")
    assert "- [incubadora] cambiar la resistencia (said" in answer.text
    assert "call the plumber" not in answer.text  # no other work's lines, open or done


def test_many_projects_are_read_once(workspace: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from coordinator import reads

    calls: list[object] = []
    day_records = reads.day_records

    def counted(services: object, day: object) -> object:
        calls.append(day)
        return day_records(services, day)  # type: ignore[arg-type]

    with Lab.open(workspace) as lab:
        for n in range(12):
            lab.remember(f"order part {n}", layer="project", project=f"rig-{n}", kind="task")
        monkeypatch.setattr(reads, "day_records", counted)
        answer = lab.ask("what's pending?")
    assert "Open in projects — 14 to-dos:" in answer.text
    # the daily tasks, what closes them, what closes the projects' to-dos: three reads of
    # a day whatever the number of projects (it was one more per project)
    assert len(calls) <= 3 * len(set(calls))


def test_a_todo_written_to_a_named_project_is_one_of_its_todos(workspace: Path) -> None:
    with Lab.open(workspace) as lab:
        todo = lab.remember("order the spare fan", layer="project", project="incubadora")
        note = lab.remember("The load cell is a 50 kg bar type.", layer="project",
                            project="incubadora")  # fmt: skip
        answer = lab.ask("¿qué me queda pendiente en la incubadora?")
    assert (todo.kind, note.kind) == ("task", "note")
    assert "- [incubadora] order the spare fan" in answer.text
    assert "load cell" not in answer.text
