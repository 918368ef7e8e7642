"""Forget means gone: every byte of the workspace, matched by id, and a killed forget resumes."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest
from click.testing import CliRunner

from coordinator import Lab, load_settings
from coordinator.cli import cli
from coordinator.maintenance.forget import forget, pending_forgets
from coordinator.maintenance.job import run_maintenance
from memory.daily_log import DailyEntry
from memory.entry_vectors import text_key
from memory.errors import EntryNotFoundError, InvalidInputError

pytestmark = pytest.mark.integration

# Worded as a durable fact, so that the offline durability judge promotes it (the test is
# about forget, not about where the judge draws its line).
TEXT = "The Zebracorn rack is behind the blue door in room 4."
DAY1, DAY2 = "2026-11-28T10:00:00Z", "2026-11-29T10:00:00Z"


def open_at(home: Path, now: str) -> Lab:
    return Lab.open(settings=load_settings(home=home, now=now, embedder="hashing"))  # type: ignore[return-value]


def legacy_summary(lab: Lab, quoted: str, citation: str) -> None:
    """A summary as older versions wrote it: quoting the text it remembered."""
    lab.daily.append(
        [
            DailyEntry(
                "Session s-old (main): 1 turns, 1 remembered, 0 questions.",
                "session-summary",
                "session:s-old",
                lab.clock.now(),
                children=(f"  - remembered: {quoted} ({citation})",),
            )
        ]
    )


def every_file(home: Path) -> dict[str, bytes]:
    return {str(p.relative_to(home)): p.read_bytes() for p in home.rglob("*") if p.is_file()}


def holding(home: Path, needle: str) -> list[str]:
    low = needle.lower().encode()
    return sorted(rel for rel, data in every_file(home).items() if low in data.lower())


def test_forget_leaves_no_byte_of_the_text_anywhere(home: Path) -> None:
    from prompt_toolkit.history import FileHistory

    with open_at(home, DAY1) as lab:
        daily = lab.remember(TEXT, layer="daily", kind="fact")
        legacy_summary(lab, TEXT, daily.citation or "")
        lab.remember("The VPN rack is in room 5.", layer="daily", kind="fact")
    with open_at(home, DAY2) as lab:
        report = run_maintenance(lab)  # distils yesterday: TEXT is promoted into MEMORY.md
        promoted = [p for p in report.distill.promotions if p.daily_id == daily.id]
        assert promoted and promoted[0].memory_id
        entry_id = promoted[0].memory_id
        lab.remember("Printer toner is TN-2420.", layer="memory")  # backs up MEMORY.md
        lab.remember("Printer paper is A4.", layer="memory")
        assert any(h.id == entry_id for h in lab.search("Zebracorn rack"))  # indexed, used
        legacy_summary(lab, TEXT, "MEMORY.md#L9")
        lab.keep_session()
        lab.handle("which rack is behind the blue door in room 4?")  # a kept chat session
        FileHistory(str(home / ".labmem/state/chat_history")).store_string(TEXT)
    before = holding(home, "Zebracorn")
    for where in (
        "MEMORY.md",
        "memory/2026-11-28.md",
        "memory/2026-11-29.md",
        ".labmem/index/lexical.sqlite",
        ".labmem/state/sessions.sqlite",
        ".labmem/state/chat_history",
        ".labmem/state/backups/",
    ):
        assert any(rel.startswith(where) for rel in before), (where, before)
    vectors = home / ".labmem/index/entry-vectors.npz"
    assert text_key(TEXT) in np.load(vectors)["keys"]  # dedupe kept the entry's vector

    result = CliRunner().invoke(
        cli, ["forget", entry_id, "--yes", "--json"], env={"LABMEM_NOW": DAY2}
    )
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["removed_from"] == ["MEMORY.md"]
    assert set(data["redacted_in"]) == {"memory/2026-11-28.md", "memory/2026-11-29.md"}
    assert holding(home, "Zebracorn") == []
    assert holding(home, "rack is behind the blue door") == []
    assert pending_forgets(home / ".labmem/state") == []
    assert text_key(TEXT) not in np.load(vectors)["keys"]
    assert any(rel.startswith(".labmem/index/chroma/") for rel in every_file(home))  # scanned
    # Only the forgotten entry went: other lines about racks and printers stay.
    assert "The VPN rack is in room 5." in (home / "memory/2026-11-28.md").read_text()
    assert "Printer toner is TN-2420." in (home / "MEMORY.md").read_text()
    with open_at(home, DAY2) as lab:  # the log line stays, marked; search never serves it
        assert "[forgotten]" in (home / "memory/2026-11-28.md").read_text()
        assert not [h for h in lab.search("forgotten rack", k=20) if h.text == "[forgotten]"]
        answer = lab.ask("which rack is behind the blue door in room 4?")
        assert "[forgotten]" not in answer.text
    doctor = json.loads(
        CliRunner().invoke(cli, ["doctor", "--json"], env={"LABMEM_NOW": DAY2}).stdout
    )
    assert doctor["ok"], doctor["problems"]


def test_forget_matches_by_id_never_by_a_substring_of_other_lines(home: Path) -> None:
    with open_at(home, DAY2) as lab:
        short = lab.remember("VPN", layer="memory", kind="fact")
        lab.remember("The VPN endpoint is vpn.example.org.", layer="memory")
        lab.remember("WireGuard carries the VPN to the lab.", layer="memory")  # backups of both
        lab.remember("Restarted the VPN after the outage.", layer="daily")
        legacy_summary(lab, "VPN", short.citation or "")
        report = forget(lab, short.id or "")
    assert report.removed_from == ["MEMORY.md"]
    memory = (home / "MEMORY.md").read_text()
    assert short.id not in memory and "- VPN <!--" not in memory
    assert "The VPN endpoint is vpn.example.org." in memory
    assert "WireGuard carries the VPN to the lab." in memory
    log = (home / "memory/2026-11-29.md").read_text()
    assert "Restarted the VPN after the outage." in log and "remembered: VPN (" not in log
    backups = list((home / ".labmem/state/backups").rglob("*.bak"))
    assert backups and report.backups_cleaned >= 1
    for backup in backups:
        text = backup.read_text()
        assert short.id not in text and "- VPN <!--" not in text
    assert any("The VPN endpoint is vpn.example.org." in b.read_text() for b in backups)


def test_forget_keeps_other_entries_that_say_the_same_thing(home: Path) -> None:
    """Forgetting one statement never deletes another one (with its own id) that happens to
    have the same words: the current MEMORY.md fact stays, in the file and its backups."""
    said = "The NAS is at 10.0.0.20."
    with open_at(home, DAY2) as lab:
        kept = lab.remember(said, layer="memory", kind="fact")
        lab.remember("The printer is on VLAN 30.", layer="memory")  # a backup holding `said`
        daily = lab.remember(said, layer="daily")
        noted = lab.remember(said, layer="project", project="p1", kind="note")
        report = forget(lab, daily.id or "")
    assert report.removed_from == []
    assert f"{said} <!-- id={kept.id}" in (home / "MEMORY.md").read_text()
    assert noted.id in (home / "projects/p1/NOTES.md").read_text()
    log = (home / "memory/2026-11-29.md").read_text()
    assert daily.id in log and said not in log.split(daily.id or "")[0].splitlines()[-1]
    backups = list((home / ".labmem/state/backups").rglob("*.bak"))
    assert backups and any(kept.id in b.read_text() for b in backups)


def test_a_killed_forget_is_finished_by_running_it_again(
    home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import coordinator.maintenance.forget as forgetting

    with open_at(home, DAY2) as lab:
        gone = lab.remember(TEXT, layer="memory")
        lab.remember("Printer toner is TN-2420.", layer="memory")  # a backup holds TEXT
        lab.search("rack")  # the index holds it

        def killed(*_: object) -> int:
            raise KeyboardInterrupt

        monkeypatch.setattr(forgetting, "_clean_backups", killed)
        with pytest.raises(KeyboardInterrupt):
            forget(lab, gone.id or "")
        assert "Zebracorn" not in (home / "MEMORY.md").read_text()
        assert holding(home, "Zebracorn")  # backups, index and journal still hold it
        assert pending_forgets(home / ".labmem/state") == [gone.id]
        doctor = CliRunner().invoke(cli, ["doctor"], env={"LABMEM_NOW": DAY2})
        assert doctor.exit_code == 1 and f"forget of {gone.id} was interrupted" in doctor.output
        monkeypatch.undo()
        report = forget(lab, gone.id or "")  # before: "no entry with id …"
        assert report.resumed and report.backups_cleaned >= 1
        with pytest.raises(EntryNotFoundError, match="no entry with id"):
            forget(lab, gone.id or "")
    assert holding(home, "Zebracorn") == []
    assert pending_forgets(home / ".labmem/state") == []


def test_forget_takes_a_project_entry_out_of_its_notes_and_their_backups(home: Path) -> None:
    with open_at(home, DAY2) as lab:
        lab.projects.create("alpha")
        gone = lab.remember(
            "Alpha's Zebracorn build flag is -O3.", layer="project", project="alpha"
        )
        lab.remember("Alpha builds with CMake.", layer="project", project="alpha")
        report = forget(lab, gone.id or "")
        with pytest.raises(InvalidInputError, match="is not an entry id"):
            forget(lab, "../../etc/passwd")
    assert report.removed_from == ["projects/alpha/NOTES.md"]
    assert holding(home, "Zebracorn") == []
    assert "Alpha builds with CMake." in (home / "projects/alpha/NOTES.md").read_text()


def test_forget_finds_a_hand_written_log_line_by_its_derived_id(home: Path) -> None:
    with open_at(home, DAY2) as lab:
        lab.remember("Logged by the tool.", layer="daily")
        path = home / "memory/2026-11-29.md"
        path.write_text(path.read_text() + "- 11:00:00Z [event] The Zebracorn fan was noisy.\n")
        derived = next(r.id for r in lab.day_records(lab.daily.today()) if "Zebracorn" in r.text)
        report = forget(lab, derived)
    assert report.redacted_in == ["memory/2026-11-29.md"]
    assert holding(home, "Zebracorn") == []
    assert "Logged by the tool." in path.read_text()


def test_the_cli_checks_the_id_before_asking_and_shows_what_goes(home: Path) -> None:
    with open_at(home, DAY1) as lab:
        entry_id = lab.remember(TEXT, layer="memory").id
    env = {"LABMEM_NOW": DAY2}
    unknown = CliRunner().invoke(cli, ["forget", "m-0000beef"], input="y\n", env=env)
    assert unknown.exit_code == 1
    assert "no entry with id 'm-0000beef'" in unknown.output and "Forget" not in unknown.output
    declined = CliRunner().invoke(cli, ["forget", entry_id], input="n\n", env=env)
    assert declined.exit_code == 1 and f"Forget {entry_id} (“{TEXT}”)" in declined.output
    assert "not confirmed; nothing was removed (add --yes" in declined.output
    assert TEXT in (home / "MEMORY.md").read_text()  # nothing was touched
    no_answer = CliRunner().invoke(cli, ["forget", entry_id], input="", env=env)  # not a TTY
    assert no_answer.exit_code == 1 and "Aborted" not in no_answer.output
    assert "add --yes" in no_answer.output and TEXT in (home / "MEMORY.md").read_text()
    done = CliRunner().invoke(cli, ["forget", entry_id], input="y\n", env=env)
    assert done.exit_code == 0, done.output
    assert f"forgot {entry_id}: removed from MEMORY.md" in done.output
    assert "—" not in done.output and TEXT not in (home / "MEMORY.md").read_text()
