"""One layer registry: sections, kinds and paths agree everywhere they are used."""

from __future__ import annotations

from pathlib import Path
from typing import get_args

import pytest

from memory.layers import (
    KNOWN_KINDS,
    LAYER_NAMES,
    kind_of_section,
    layer_of_id,
    locate,
    spec,
    written_kind,
)
from memory.search.chunking import chunk_file
from memory.visibility import LAYERS, Layer
from memory.workspace import MEMORY_SECTIONS, NOTES_SECTIONS

NOTES = """# site

## Pitfalls

- The staging database is wiped every night.

## Notes

- Deploys go out on Tuesdays.
"""

MEMORY = """# MEMORY

## Lessons learned

- Label every cable at both ends.

## Policies

- Backups are tested monthly.

## Something new

- The NAS hums at night.
"""


def test_visibility_and_cli_list_the_registry_layers() -> None:
    from coordinator.cli.memory_cmds import LAYERS as CLI_LAYERS

    assert get_args(Layer) == LAYERS == LAYER_NAMES
    assert set(CLI_LAYERS) == set(LAYER_NAMES)


def test_templates_and_kind_sections_come_from_the_registry() -> None:
    from memory.longterm import KIND_SECTIONS as MEMORY_KINDS
    from projects.notes import KIND_SECTIONS as PROJECT_KINDS

    assert MEMORY_SECTIONS == spec("memory").section_titles
    assert NOTES_SECTIONS == spec("project").section_titles
    assert MEMORY_KINDS["pitfall"] == "Lessons learned"
    assert PROJECT_KINDS["pitfall"] == "Pitfalls"
    for layer in ("memory", "project"):
        known = spec(layer)
        assert set(known.kind_sections.values()) <= set(known.section_titles)
        assert {s.kind for s in known.sections} <= set(KNOWN_KINDS)


@pytest.mark.parametrize(
    ("layer", "section", "kind"),
    [
        ("project", "Pitfalls", "pitfall"),
        ("project", "pitfalls", "pitfall"),
        ("project", "Notes", "note"),
        ("project", None, "note"),
        ("memory", "Lessons learned", "lesson"),
        ("memory", "Policies", "policy"),
        ("memory", "Something new", "fact"),
        ("daily", "anything", "event"),
    ],
)
def test_kind_of_section(layer: str, section: str | None, kind: str) -> None:
    assert kind_of_section(layer, section) == kind


def test_unknown_layer_is_an_error() -> None:
    with pytest.raises(KeyError):
        kind_of_section("diary", "Pitfalls")


@pytest.mark.parametrize(
    ("rel", "where"),
    [
        ("MEMORY.md", ("memory", False)),
        ("memory/archive/MEMORY-archive.md", ("memory", True)),
        ("memory/2026-11-29.md", ("daily", False)),
        ("memory/archive/2025/2025-01-02.md", ("daily", True)),
        ("projects/site/NOTES.md", ("project", False)),
        ("skills/x/SKILL.md", ("skill", False)),
        ("skills/x/notes.md", None),
        ("README.md", None),
    ],
)
def test_locate(rel: str, where: tuple[str, bool] | None) -> None:
    assert locate(rel) == where


def _records_and_chunks(tmp_path: Path, rel: str, text: str) -> tuple[list[str], list[str]]:
    from datetime import UTC, datetime

    from memory.clock import FixedClock
    from memory.longterm import LongTermMemory
    from memory.workspace import Workspace
    from projects.notes import ProjectNotes

    ws = Workspace(tmp_path)
    ws.init()
    (tmp_path / rel).parent.mkdir(parents=True, exist_ok=True)
    (tmp_path / rel).write_text(text, encoding="utf-8")
    clock = FixedClock(datetime(2026, 11, 29, tzinfo=UTC))
    if rel == "MEMORY.md":
        records = LongTermMemory(ws, clock).records()
    else:
        records = ProjectNotes(ws, clock).records("site")
    return [r.kind for r in records], [c.kind for c in chunk_file(tmp_path, rel)]


def test_hand_written_project_entries_have_one_kind_in_show_and_index(tmp_path: Path) -> None:
    shown, indexed = _records_and_chunks(tmp_path, "projects/site/NOTES.md", NOTES)
    assert shown == indexed == ["pitfall", "note"]


def test_hand_written_memory_entries_have_one_kind_in_show_and_index(tmp_path: Path) -> None:
    shown, indexed = _records_and_chunks(tmp_path, "MEMORY.md", MEMORY)
    assert shown == indexed == ["lesson", "policy", "fact"]


def test_search_by_kind_finds_a_hand_written_pitfall(
    home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from coordinator import Lab

    monkeypatch.setenv("LABMEM_EMBEDDER", "hashing")
    with Lab.open(home) as lab:
        lab.remember("Deploys need the VPN.", layer="project", project="site")
        notes = home / "projects" / "site" / "NOTES.md"
        text = notes.read_text(encoding="utf-8")
        notes.write_text(
            text.replace("## Pitfalls\n", "## Pitfalls\n\n- The staging database is wiped.\n"),
            encoding="utf-8",
        )
        hits = lab.search("staging database wiped", kinds=["pitfall"])
        assert [h.text for h in hits] == ["The staging database is wiped."]
        assert lab.search("staging database wiped", kinds=["decision"]) == []


@pytest.mark.parametrize(
    ("entry_id", "layer"),
    [("m-1b9e04", "memory"), ("p-00aa11", "project"), ("d-4f2a91", "daily"), ("x-1", None)],
)
def test_an_id_names_its_layer_by_prefix(entry_id: str, layer: str | None) -> None:
    assert layer_of_id(entry_id) == layer
    assert layer_of_id("m1b9e04") is None and layer_of_id("") is None


def test_a_new_entry_without_a_kind_gets_the_layers_written_kind() -> None:
    assert [written_kind(n) for n in LAYER_NAMES] == [
        "fact",
        "event",
        "note",
        "procedure",  # a statement drafted as a skill is a procedure; the index says "skill"
        "note",
    ]
    assert spec("skill").default_kind == "skill"
