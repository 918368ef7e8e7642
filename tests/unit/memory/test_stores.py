"""The layer stores through the Lab facade: writes, confirmations, refusals."""

from __future__ import annotations

import os
from datetime import date
from pathlib import Path

import pytest

from coordinator import Lab
from memory.errors import (
    DirtyFileError,
    InvalidInputError,
    PastDayWriteError,
    PermissionDeniedError,
)


def _tree(root: Path) -> dict[str, bytes]:
    return {
        str(p.relative_to(root)): p.read_bytes()
        for p in sorted(root.rglob("*"))
        if p.is_file() and ".labmem" not in p.parts
    }


def test_memory_add_writes_a_dated_cited_entry_under_its_section(lab: Lab, home: Path) -> None:
    receipt = lab.remember("Answers in metric units.", layer="memory", kind="preference")
    assert receipt.status == "written" and receipt.id and receipt.id.startswith("m-")
    lines = (home / "MEMORY.md").read_text().splitlines()
    line = lines[receipt.line - 1]
    assert line.startswith("- Answers in metric units.")
    assert f"id={receipt.id}" in line and "at=2026-11-29T13:06:40Z" in line and "src=user" in line
    assert lines[: receipt.line].count("## Preferences") == 1
    assert receipt.citation == f"MEMORY.md#L{receipt.line}"


def test_normalised_duplicate_confirms_instead_of_writing(lab: Lab, home: Path) -> None:
    first = lab.remember("The NAS is at 10.0.0.5.", layer="memory")
    again = lab.remember("  the nas is at 10.0.0.5  ", layer="memory")
    assert again.status == "confirmed" and again.id == first.id
    text = (home / "MEMORY.md").read_text()
    assert text.count("10.0.0.5") == 1 and "confirms=1" in text
    third = lab.remember("The NAS is at 10.0.0.5!", layer="memory")
    assert third.status == "confirmed"
    assert "confirms=2" in (home / "MEMORY.md").read_text()


def test_project_notes_dedupe_but_daily_logs_never_do(lab: Lab, home: Path) -> None:
    a = lab.remember("Totals in cents.", layer="project", project="invoices", kind="decision")
    b = lab.remember("Totals in cents.", layer="project", project="invoices", kind="decision")
    assert (a.status, b.status) == ("written", "confirmed")
    lab.remember("Rebooted the router.", layer="daily")
    lab.remember("Rebooted the router.", layer="daily")
    assert (home / "memory/2026-11-29.md").read_text().count("Rebooted the router.") == 2


def test_secret_is_refused_and_nothing_is_written_anywhere(lab: Lab, home: Path) -> None:
    before = _tree(home)
    for layer in ("memory", "daily", "project"):
        receipt = lab.remember(
            "router login is admin password=Tr0ub4dor3x", layer=layer, project="net"
        )
        assert receipt.status == "refused"
        assert "secret" in receipt.reason and "Tr0ub4dor3x" not in receipt.reason
    assert _tree(home) == before
    backups = home / ".labmem" / "state" / "backups"
    for path in backups.rglob("*") if backups.exists() else []:
        if path.is_file():
            assert b"Tr0ub4dor3x" not in path.read_bytes()


def test_oversize_binary_and_empty_text_are_refused(lab: Lab) -> None:
    assert lab.remember("x" * 5000, layer="daily").status == "refused"
    assert "file" in lab.remember("x" * 5000, layer="daily").reason
    assert lab.remember("bad \x00 byte", layer="daily").status == "refused"
    assert lab.remember("   ", layer="memory").status == "refused"


@pytest.mark.parametrize("name", ["../escape", "/etc", "a/b", "..", "", "UPPER", "x" * 80])
def test_path_traversal_and_bad_project_names_are_refused(lab: Lab, name: str) -> None:
    with pytest.raises(InvalidInputError):
        lab.remember("a note", layer="project", project=name)


def test_symlink_escaping_the_workspace_is_refused(lab: Lab, home: Path, tmp_path: Path) -> None:
    outside = tmp_path / "outside"
    outside.mkdir()
    os.symlink(outside, home / "projects" / "sneaky")
    with pytest.raises(InvalidInputError, match="outside the workspace"):
        lab.remember("a note", layer="project", project="sneaky")
    assert list(outside.iterdir()) == []


def test_daily_log_refuses_a_past_day(lab: Lab) -> None:
    from coordinator.importer import ImportItem  # noqa: F401  (the lawful way is import)

    with pytest.raises(PastDayWriteError, match="append-only"):
        lab.daily.append([], day=date(2026, 11, 28))


def test_shared_session_cannot_write_or_read_memory(home: Path) -> None:
    with Lab.open(home, session_kind="shared") as lab:
        kept = lab.remember("a fact", layer="memory")  # kept where it may go, and said so
        assert (kept.status, kept.layer) == ("written", "daily")
        assert "today's daily log" in kept.reason
        with pytest.raises(PermissionDeniedError, match="may not write the memory layer"):
            lab.remember("a fact, corrected", layer="memory", supersedes="m-000000")
        with pytest.raises(PermissionDeniedError):
            lab.memory_records()
        assert lab.remember("something happened", layer="daily").status == "written"


def test_supersede_keeps_the_old_entry_marked(lab: Lab, home: Path) -> None:
    old = lab.remember("The NAS is at 10.0.0.5.", layer="memory")
    new = lab.remember("The NAS is at 10.0.0.6.", layer="memory", supersedes=old.id)
    records = {r.id: r for r in lab.memory_records()}
    assert records[old.id].superseded_by == new.id
    assert records[new.id].supersedes == old.id
    assert not records[old.id].active and records[new.id].active


def test_archive_moves_entries_with_a_reason(lab: Lab, home: Path) -> None:
    keep = lab.remember("Keep me.", layer="memory")
    gone = lab.remember("Archive me.", layer="memory")
    moved = lab.archive_memory([gone.id], reason="outdated after the move")
    assert [r.id for r in moved] == [gone.id]
    assert "Archive me." not in (home / "MEMORY.md").read_text()
    archive = (home / "memory/archive/MEMORY-archive.md").read_text()
    assert "Archive me." in archive and "reason=outdated%20after%20the%20move" in archive
    assert [r.id for r in lab.memory_records()] == [keep.id]


def test_hand_edit_during_a_write_is_never_clobbered(
    lab: Lab, home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A person saving MEMORY.md between our read and write: we re-read and retry."""
    import memory.curated as curated

    real = curated.rewrite
    calls = {"n": 0}

    def person_saves_first(path: Path, text: str, expected: str | None) -> None:
        calls["n"] += 1
        if calls["n"] == 1:
            with path.open("a") as handle:
                handle.write("- A fact typed by hand.\n")
        real(path, text, expected)

    monkeypatch.setattr(curated, "rewrite", person_saves_first)
    lab.remember("Written by labmem.", layer="memory")
    text = (home / "MEMORY.md").read_text()
    assert "A fact typed by hand." in text and "Written by labmem." in text
    assert calls["n"] == 2


def test_a_file_that_keeps_changing_gives_a_clear_error(
    lab: Lab, home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import memory.curated as curated

    real = curated.rewrite

    def always_dirty(path: Path, text: str, expected: str | None) -> None:
        with path.open("a") as handle:
            handle.write("- typing…\n")
        real(path, text, expected)

    monkeypatch.setattr(curated, "rewrite", always_dirty)
    with pytest.raises(DirtyFileError, match="nothing was"):
        lab.remember("Never lands.", layer="memory")
    assert "Never lands." not in (home / "MEMORY.md").read_text()


def test_backups_are_kept_before_rewrites_and_bounded(home: Path) -> None:
    from coordinator.settings import load_settings

    with Lab.open(settings=load_settings(home=home, keep_backups=3)) as lab:
        for i in range(6):
            lab.remember(f"fact number {i}", layer="memory")
    backups = list((home / ".labmem/state/backups/MEMORY.md").glob("*.bak"))
    assert len(backups) == 3
    newest = max(backups).read_text()
    assert "fact number 4" in newest and "fact number 5" not in newest


def test_a_backup_is_the_old_file_itself_and_a_later_write_never_touches_it(
    home: Path,
) -> None:
    with Lab.open(home) as lab:
        lab.remember("fact number 1", layer="memory")
        before = (home / "MEMORY.md").read_bytes()
        inode = (home / "MEMORY.md").stat().st_ino
        lab.remember("fact number 2", layer="memory")
        lab.remember("fact number 3", layer="memory")
    backups = sorted((home / ".labmem/state/backups/MEMORY.md").glob("*.bak"))
    linked = [b for b in backups if b.stat().st_ino == inode]
    assert len(linked) == 1 and linked[0].read_bytes() == before  # no copy was made
    assert (home / "MEMORY.md").stat().st_ino not in {b.stat().st_ino for b in backups}


def test_a_backup_is_a_copy_where_links_fail(home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import os

    def no_links(*_: object, **__: object) -> None:
        raise OSError(18, "Invalid cross-device link")

    monkeypatch.setattr(os, "link", no_links)
    with Lab.open(home) as lab:
        lab.remember("fact number 1", layer="memory")
        before = (home / "MEMORY.md").read_text()
        lab.remember("fact number 2", layer="memory")
    newest = max((home / ".labmem/state/backups/MEMORY.md").glob("*.bak"))
    assert newest.read_text() == before


def test_a_backup_holds_what_was_read_even_if_the_file_changed_since(tmp_path: Path) -> None:
    from memory.files import backup

    live = tmp_path / "MEMORY.md"
    live.write_text("- edited by hand after labmem read it\n")
    target = backup(live, tmp_path / "backups", 5, data=b"- what labmem read\n")
    assert target is not None and target.read_bytes() == b"- what labmem read\n"
    assert target.stat().st_ino != live.stat().st_ino


def test_session_layer_stays_in_memory(lab: Lab, home: Path) -> None:
    before = _tree(home)
    receipt = lab.remember("comparing two UPS models", layer="session", kind="task")
    assert receipt.status == "written" and receipt.path is None
    assert lab.session.notes[0][1] == "comparing two UPS models"
    assert _tree(home) == before


def test_session_tool_cache_is_bounded(lab: Lab) -> None:
    for i in range(100):
        lab.session.cache_tool_result(f"k{i}", i)
    assert lab.session.tool_cache_size == 64
    assert lab.session.cached_tool_result("k0") is None
    assert lab.session.cached_tool_result("k99") == 99


def test_records_follow_their_lines_and_the_file_mtime_across_writes(lab: Lab, home: Path) -> None:
    """Records are reused between reads of one file: a moved entry must cite its new line,
    and a hand-written entry without a date must take the file's new mtime."""
    memory = home / "MEMORY.md"
    text = memory.read_text().replace(
        "## Lab facts\n", "## Lab facts\n\n- The UPS lasts four minutes on battery.\n", 1
    )
    memory.write_text(text)
    os.utime(memory, (1_700_000_000, 1_700_000_000))
    hand = next(r for r in lab.memory_records() if "UPS" in r.text)
    assert hand.at is not None and hand.at.timestamp() == 1_700_000_000
    # A new fact is written above it; the file's mtime moves.
    lab.remember("The rack is in the garage.", layer="memory", kind="identity")
    moved = next(r for r in lab.memory_records() if "UPS" in r.text)
    lines = memory.read_text().splitlines()
    assert lines[moved.line_start - 1].startswith("- The UPS lasts")
    assert moved.at is not None
    assert abs(moved.at.timestamp() - memory.stat().st_mtime) < 1e-3
