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


def test_a_log_item_that_names_a_project_keeps_the_name_as_a_tag(lab: Lab, home: Path) -> None:
    at = "2026-11-20T10:00:00Z"
    report = lab.import_entries(
        [
            {"layer": "daily", "text": "Ran the qPCR plate.", "time": at, "project": "tesis"},
            {"layer": "daily", "text": "Fed the cat.", "time": at, "project": "Not A Name"},
        ]
    )
    assert (report.written, report.refused) == (1, 1)
    assert "Not A Name" in report.refusals[0]["reason"]
    line = (home / "memory" / "2026-11-20.md").read_text(encoding="utf-8")
    assert "Ran the qPCR plate." in line and "tags=tesis" in line and "Fed the cat" not in line
    assert [h.text for h in lab.search("qPCR", tags=["tesis"])] == ["Ran the qPCR plate."]


def test_past_day_manifest_detects_tampering(lab: Lab, home: Path) -> None:
    from coordinator.maintenance.doctor import run_doctor

    lab.import_entries([{"layer": "daily", "text": "a", "time": "2026-11-20T09:00:00Z"}])
    assert run_doctor(lab).ok
    log = home / "memory/2026-11-20.md"
    log.write_text(log.read_text().replace("] a", "] changed"))
    report = run_doctor(lab)
    assert not report.ok and "2026-11-20" in report.problems[0]
    assert "labmem doctor --accept 2026-11-20" in report.problems[0]


def test_doctor_accepts_a_deliberate_edit_of_a_past_log_and_refuses_bad_days(
    lab: Lab, home: Path
) -> None:
    from coordinator.maintenance.doctor import run_doctor

    lab.import_entries([{"layer": "daily", "text": "a", "time": "2026-11-20T09:00:00Z"}])
    log = home / "memory/2026-11-20.md"
    log.write_text(log.read_text().replace("] a", "] corrected by hand"))
    for bad, rule in (
        ("2026-13-01", "not a date"),
        ("20261120", "not a date"),  # the one form people read: YYYY-MM-DD
        ("2026-11-21", "no sealed past daily log"),
    ):
        with pytest.raises(InvalidInputError, match=rule):
            run_doctor(lab, accept=["2026-11-20", bad])
        assert not run_doctor(lab).ok  # all or none: nothing was recorded
    report = run_doctor(lab, accept=["2026-11-20"])
    assert report.ok and report.fixed == ["accepted the edit of the 2026-11-20 log as it is now"]
    assert run_doctor(lab).ok and "corrected by hand" in log.read_text()
    log.write_text(log.read_text() + "- 09:30:00Z [event] slipped in later\n")
    assert not run_doctor(lab).ok  # accepting once is not a licence for later edits
    assert run_doctor(lab, accept=["2026-11-20"]).ok
    assert run_doctor(lab, accept=["2026-11-20"]).fixed == [
        "the 2026-11-20 log is unchanged; nothing to accept"
    ]
    log.unlink()  # deleted on purpose: the manifest lets it go
    assert "--accept 2026-11-20" in run_doctor(lab).problems[0]
    gone = run_doctor(lab, accept=["2026-11-20"])
    assert gone.ok and gone.fixed == [
        "accepted that the 2026-11-20 log is gone (dropped from the manifest)"
    ]


def test_import_over_many_days_appends_each_day_once_and_the_manifest_stays_clean(
    lab: Lab, home: Path
) -> None:
    from coordinator.maintenance.doctor import run_doctor

    lab.import_entries([{"layer": "daily", "text": "kept", "time": "2026-11-03T12:00:00Z"}])
    items = [
        {"layer": "daily", "text": f"day {d} turn {n}", "time": f"2026-11-{d:02d}T1{n}:00:00Z"}
        for d in range(1, 21)
        for n in range(3)
    ]
    report = lab.import_entries(items)
    # 2026-11-03 already ends at 12:00: its 10:00 and 11:00 turns are refused, in order.
    assert (report.written, report.refused) == (58, 2)
    assert [r["index"] for r in report.refusals] == [6, 7]
    assert "older than the last entry of 2026-11-03.md" in report.refusals[0]["reason"]
    day3 = (home / "memory/2026-11-03.md").read_text().splitlines()
    assert day3.count("# 2026-11-03") == 1
    assert [line.split("] ")[1].split(" <!--")[0] for line in day3[2:]] == [
        "kept",
        "day 3 turn 2",
    ]
    recorded = lab.daily.manifest.load()
    assert sorted(d for d in recorded if recorded[d]["by"] == "import") == [
        f"2026-11-{d:02d}" for d in range(1, 21)
    ]
    assert run_doctor(lab).ok
    assert lab.import_entries(items).already_present == 58


def test_import_stops_before_writing_anything_when_a_day_file_is_not_utf8(
    lab: Lab, home: Path
) -> None:
    bad = home / "memory/2026-11-21.md"
    bad.parent.mkdir(parents=True, exist_ok=True)
    bad.write_bytes(b"# 2026-11-21\n\n- 09:00:00Z [event] caf\xe9\n")
    items = [
        {"layer": "daily", "text": f"turn {d}", "time": f"2026-11-{d}T10:00:00Z"}
        for d in (20, 21, 22)
    ]
    with pytest.raises(InvalidInputError, match="2026-11-21.md is not valid UTF-8"):
        lab.import_entries(items)
    assert sorted(p.name for p in bad.parent.glob("*.md")) == ["2026-11-21.md"]


def test_a_day_written_before_a_failing_day_is_whole_and_recorded(
    lab: Lab, home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from coordinator.maintenance.doctor import run_doctor
    from memory import daily_log
    from memory.errors import WorkspaceError

    real = daily_log.append_whole
    calls: list[Path] = []

    def disk_full_on_the_second_day(path: Path, data: bytes) -> None:
        calls.append(path)
        if len(calls) == 2:
            raise WorkspaceError(f"no space left on the device holding {path}")
        real(path, data)

    monkeypatch.setattr(daily_log, "append_whole", disk_full_on_the_second_day)
    items = [
        {"layer": "daily", "text": f"turn {d}", "time": f"2026-11-{d}T10:00:00Z"} for d in (20, 21)
    ]
    with pytest.raises(WorkspaceError, match="no space left"):
        lab.import_entries(items)
    assert "turn 20" in (home / "memory/2026-11-20.md").read_text()
    assert not (home / "memory/2026-11-21.md").exists()
    assert lab.daily.manifest.load()["2026-11-20"]["by"] == "import"
    assert run_doctor(lab).ok
    monkeypatch.setattr(daily_log, "append_whole", real)
    again = lab.import_entries(items)  # the same file again: only what is missing
    assert (again.written, again.already_present) == (1, 1)


def test_a_repeated_item_in_one_import_is_written_once(lab: Lab) -> None:
    item = {"layer": "daily", "text": "same\nnested", "time": "2026-11-20T09:00:00Z"}
    named = {"layer": "memory", "text": "The rack is 42U.", "time": "2026-11-20T09:00:00Z"}
    other = {**named, "text": "The rack is 48U.", "id": "m-rack0001"}
    report = lab.import_entries([item, item, {**named, "id": "m-rack0001"}, other])
    assert (report.written, report.already_present, report.refused) == (2, 1, 1)
    assert "already used by import item 2" in report.refusals[0]["reason"]


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
