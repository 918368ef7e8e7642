"""Lab: import rules, past-day manifest, retention, settings precedence, exports."""

from __future__ import annotations

from datetime import date
from pathlib import Path

import pytest

import coordinator
import memory
import projects
from coordinator import Lab, load_settings
from memory.errors import InvalidInputError


def test_import_writes_past_days_in_time_order_and_refuses_older_items(
    lab: Lab, home: Path
) -> None:
    first = lab.import_entries(
        [
            {"layer": "daily", "text": "b", "time": "2026-11-20T10:00:00Z"},
            {"layer": "daily", "text": "a", "time": "2026-11-20T09:00:00Z"},
        ]
    )
    assert first.written == 2
    lines = (home / "memory/2026-11-20.md").read_text().splitlines()
    assert lines[2].startswith("- 09:00:00Z [event] a") and lines[3].startswith("- 10:00:00Z")
    late = lab.import_entries([{"layer": "daily", "text": "c", "time": "2026-11-20T08:00:00Z"}])
    assert late.written == 0 and "out of order" in late.refusals[0]["reason"]


def test_import_refuses_future_items_and_bad_layers_but_keeps_the_batch(lab: Lab) -> None:
    report = lab.import_entries(
        [
            {"layer": "daily", "text": "tomorrow", "time": "2026-12-30T10:00:00Z"},
            {"layer": "skill", "text": "x", "time": "2026-11-20T10:00:00Z"},
            {
                "layer": "memory",
                "text": "The rack is 42U.",
                "time": "2026-11-20T10:00:00Z",
                "kind": "fact",
            },
            {
                "layer": "project",
                "text": "Uses pnpm.",
                "time": "2026-11-20T10:00:00Z",
                "project": "site",
                "kind": "convention",
            },
        ]
    )
    assert (report.written, report.refused) == (2, 2)
    assert "future" in report.refusals[0]["reason"]
    assert [r.text for r in lab.memory_records()] == ["The rack is 42U."]
    assert [r.text for r in lab.project_records("site")] == ["Uses pnpm."]


def test_past_day_manifest_detects_tampering(lab: Lab, home: Path) -> None:
    from coordinator.maintenance.doctor import run_doctor

    lab.import_entries([{"layer": "daily", "text": "a", "time": "2026-11-20T09:00:00Z"}])
    assert run_doctor(lab).ok
    log = home / "memory/2026-11-20.md"
    log.write_text(log.read_text().replace("] a", "] changed"))
    report = run_doctor(lab)
    assert not report.ok and "2026-11-20" in report.problems[0]


def test_archive_moves_only_logs_past_retention(home: Path) -> None:
    settings = load_settings(home=home, retention_days=30)
    with Lab.open(settings=settings) as lab:
        lab.import_entries(
            [
                {"layer": "daily", "text": "old", "time": "2026-09-01T09:00:00Z"},
                {"layer": "daily", "text": "recent", "time": "2026-11-20T09:00:00Z"},
            ]
        )
        moved = lab.archive_logs()
        assert moved == ["memory/2026-09-01.md -> memory/archive/2026/2026-09-01.md"]
        assert (home / "memory/archive/2026/2026-09-01.md").exists()
        assert (home / "memory/2026-11-20.md").exists()
        assert [r.text for r in lab.day_records(date(2026, 9, 1))] == ["old"]


def test_settings_env_beats_toml_beats_defaults(
    home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    home.mkdir(parents=True)
    (home / "labmem.toml").write_text("retention_days = 90\nkeep_backups = 4\n")
    monkeypatch.setenv("LABMEM_KEEP_BACKUPS", "7")
    settings = load_settings()
    assert settings.home == home
    assert (settings.retention_days, settings.keep_backups) == (90, 7)
    assert settings.max_entry_bytes == 4096


def test_bad_setting_names_the_value_and_the_fix(home: Path) -> None:
    home.mkdir(parents=True)
    (home / "labmem.toml").write_text("retention_days = -3\n")
    with pytest.raises(InvalidInputError, match="retention_days.*labmem.toml"):
        load_settings()


def test_local_today_reads_the_utc_files_that_overlap(home: Path) -> None:
    settings = load_settings(home=home, tz="America/New_York", now="2026-11-29T03:00:00Z")
    with Lab.open(settings=settings) as lab:
        lab.import_entries(
            [
                {"layer": "daily", "text": "yesterday evening NY", "time": "2026-11-28T23:30:00Z"},
                {"layer": "daily", "text": "too early", "time": "2026-11-28T04:00:00Z"},
            ]
        )
        lab.remember("late night NY", layer="daily")
        texts = [r.text for r in lab.local_day_records()]
    assert texts == ["yesterday evening NY", "late night NY"]


def test_unknown_layer_and_kind_are_clear_errors(lab: Lab) -> None:
    with pytest.raises(InvalidInputError, match="use one of"):
        lab.remember("x", layer="moon")
    with pytest.raises(InvalidInputError, match="kind"):
        lab.remember("x", layer="daily", kind="Not A Kind")


@pytest.mark.parametrize("module", [coordinator, memory, projects])
def test_exported_members_are_exactly_the_public_names(module: object) -> None:
    names = module.__all__  # type: ignore[attr-defined]
    assert names == sorted(names)
    for name in names:
        assert hasattr(module, name)


def test_one_lookup_finds_a_curated_entry_by_id_with_its_file_and_project(home: Path) -> None:
    from memory.errors import EntryNotFoundError, PermissionDeniedError

    with Lab.open(home) as lab:
        fact = lab.remember("The NAS is at 10.0.0.5.", layer="memory")
        note = lab.remember("The dev server runs on port 5173.", layer="project", project="site")
        assert fact.id and note.id
        mem = lab.services.holder_of(fact.id)
        notes = lab.services.holder_of(note.id)
        assert (mem.layer, mem.project, mem.store.rel) == ("memory", None, "MEMORY.md")
        assert (notes.layer, notes.project) == ("project", "site")
        assert notes.store.rel == "projects/site/NOTES.md"
        with pytest.raises(EntryNotFoundError, match="no entry with id 'p-000000' in any project"):
            lab.services.holder_of("p-000000")
        assert lab.confirm(note.id).confirms == 1  # confirm uses the same lookup
    with Lab.open(home, session_kind="shared") as lab:
        with pytest.raises(PermissionDeniedError):
            lab.services.holder_of(fact.id)  # refused before MEMORY.md is read
