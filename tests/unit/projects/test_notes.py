"""Project notes: names, creation, every .md in the folder, reading."""

from __future__ import annotations

from pathlib import Path

import pytest

from memory.clock import FixedClock
from memory.errors import EntryNotFoundError, InvalidInputError
from memory.workspace import Workspace
from projects.notes import ProjectNotes, check_project_name


@pytest.fixture
def notes(tmp_path: Path) -> ProjectNotes:
    from datetime import UTC, datetime

    ws = Workspace(tmp_path)
    ws.init()
    return ProjectNotes(ws, FixedClock(datetime(2026, 11, 29, tzinfo=UTC)))


@pytest.mark.parametrize("name", ["invoice-parser", "site", "ha.config", "a1_b2"])
def test_valid_names(name: str) -> None:
    assert check_project_name(name) == name


@pytest.mark.parametrize("name", ["", "-x", "Has Space", "UPPER", "../x", "a" * 65, "a..b"])
def test_invalid_names_say_the_rule(name: str) -> None:
    with pytest.raises(InvalidInputError, match="lowercase letters"):
        check_project_name(name)


def test_create_lists_and_reads_every_md_file(notes: ProjectNotes, tmp_path: Path) -> None:
    assert notes.create("site") is True and notes.create("site") is False
    text = (tmp_path / "projects/site/NOTES.md").read_text()
    assert all(
        f"## {s}" in text
        for s in ("Decisions", "Conventions", "Pitfalls", "Configuration", "Notes")
    )
    (tmp_path / "projects/site/deploy.md").write_text("# deploy\n\n- Uses rsync.\n")
    assert notes.names() == ["site"]
    assert [p.name for p in notes.files("site")] == ["NOTES.md", "deploy.md"]
    records = notes.records("site")
    assert [r.text for r in records] == ["Uses rsync."]
    assert records[0].project == "site" and records[0].citation == "projects/site/deploy.md#L3"
    assert "<!-- projects/site/deploy.md -->" in notes.read_text("site")


def test_unknown_project_lists_the_known_ones(notes: ProjectNotes) -> None:
    notes.create("site")
    with pytest.raises(EntryNotFoundError, match="known projects: site"):
        notes.records("nope")
