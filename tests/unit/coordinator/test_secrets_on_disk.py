"""Secrets a person wrote into the Markdown by hand: reported by doctor, never indexed."""

from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner

from coordinator import Lab
from coordinator.cli import cli

PASSWORD = "Tr0mbone&papagaio5"
TOKEN = "ghp_VJFxnvXPDyknUku288Z7KtYI9jpqJ2Rmfm3S"


def _hand_write(home: Path) -> None:
    with Lab.open(home) as lab:
        lab.remember("The Synology NAS sits in the hall closet.", layer="memory")
    memory = home / "MEMORY.md"
    memory.write_text(
        memory.read_text(encoding="utf-8")
        + f"- The Synology admin password is {PASSWORD}\n"
        + "- The Synology NAS has four disks.\n",
        encoding="utf-8",
    )
    skill = home / "skills" / "deploy" / "SKILL.md"
    skill.parent.mkdir(parents=True)
    skill.write_text(
        "---\nname: deploy\ndescription: Deploy the Synology site\n---\n\n# deploy\n\n"
        f"## Workflow\n\n- export GITHUB_TOKEN={TOKEN}\n- run the Synology deploy script\n",
        encoding="utf-8",
    )


def _line_of(path: Path, needle: str) -> int:
    lines = path.read_text(encoding="utf-8").split("\n")
    return next(n for n, line in enumerate(lines, start=1) if needle in line)


def test_doctor_reports_each_line_with_a_secret_by_place_and_kind_never_value(
    home: Path,
) -> None:
    _hand_write(home)
    result = CliRunner().invoke(cli, ["doctor", "--json"])
    report = json.loads(result.stdout)
    assert result.exit_code == 1 and not report["ok"]
    secret_lines = [p for p in report["problems"] if "secret" in p]
    memory_line = _line_of(home / "MEMORY.md", PASSWORD)
    skill_line = _line_of(home / "skills/deploy/SKILL.md", TOKEN)
    assert any(
        p.startswith(f"MEMORY.md#L{memory_line}: ") and "password" in p for p in secret_lines
    )
    assert any(p.startswith(f"skills/deploy/SKILL.md#L{skill_line}: ") for p in secret_lines)
    assert all("Remove the value" in p for p in secret_lines)
    assert PASSWORD not in result.stdout + result.stderr
    assert TOKEN not in result.stdout + result.stderr


def test_a_line_with_a_secret_is_never_indexed_and_reindex_warns(home: Path) -> None:
    _hand_write(home)
    result = CliRunner().invoke(cli, ["reindex", "--full", "--json"])
    assert result.exit_code == 0
    assert "MEMORY.md#L" in result.stderr and "secret" in result.stderr
    assert PASSWORD not in result.stdout + result.stderr
    with Lab.open(home) as lab:
        hits = lab.search("Synology admin password", k=20)
        texts = " ".join(h.text for h in hits)
    assert "four disks" in texts and "deploy script" in texts  # the rest stays searchable
    assert PASSWORD not in texts and TOKEN not in texts
    lexical = (home / ".labmem" / "index").rglob("*")
    for path in lexical:
        if path.is_file():
            data = path.read_bytes()
            assert PASSWORD.encode() not in data and TOKEN.encode() not in data, path


def test_doctor_fix_rewrites_no_file_holding_a_secret_so_no_backup_copies_it(
    home: Path,
) -> None:
    _hand_write(home)
    before = (home / "MEMORY.md").read_text(encoding="utf-8")
    result = CliRunner().invoke(cli, ["doctor", "--fix", "--json"])
    assert (home / "MEMORY.md").read_text(encoding="utf-8") == before
    assert "not fixed while it holds a secret" in result.stdout
    for path in (home / ".labmem").rglob("*"):
        if path.is_file():
            assert PASSWORD.encode() not in path.read_bytes(), path
    # Once the person removes the line, --fix gives the other entries their metadata.
    (home / "MEMORY.md").write_text(
        before.replace(f"- The Synology admin password is {PASSWORD}\n", ""), encoding="utf-8"
    )
    CliRunner().invoke(cli, ["doctor", "--fix"])
    assert "four disks. <!-- id=" in (home / "MEMORY.md").read_text(encoding="utf-8")


def test_a_hand_written_secret_is_never_shown_nor_put_in_the_preamble(tmp_path: Path) -> None:
    """doctor names the line; show (any session kind that may read it) and the boot
    preamble show a note in its place, never the value."""
    from coordinator import Lab

    home = tmp_path / "lab"
    with Lab.open(home) as lab:
        lab.remember("Mosquitto runs on the Pi.", layer="project", project="homelab")
    notes = home / "projects/homelab/NOTES.md"
    notes.write_text(
        notes.read_text() + "- The MQTT broker password is mqttP@ss2026 for user lab\n"
    )
    memory = home / "MEMORY.md"
    memory.write_text(memory.read_text() + "\n- root pw on the pi is Zq8#kLm2vv\n")
    for kind in ("main", "shared"):
        with Lab.open(home, session_kind=kind) as lab:
            shown = " ".join(r.text for r in lab.project_records("homelab"))
            assert "mqttP@ss2026" not in shown and "withheld" in shown
            assert "Mosquitto runs on the Pi." in shown
            preamble = lab.boot(project="homelab").text
            assert "mqttP@ss2026" not in preamble and "Zq8#kLm2vv" not in preamble
    with Lab.open(home) as lab:
        assert "Zq8#kLm2vv" not in " ".join(r.text for r in lab.memory_records())


def test_the_preamble_shows_confirmed_and_superseding_entries(tmp_path: Path) -> None:
    """Their metadata ("src=user confirmed=… confirms=1", "supersedes=m-…") is read value by
    value, as the guard reads it: joined, it looked like a login and hid the entry."""
    home = tmp_path / "lab"
    with Lab.open(home) as lab:
        lab.remember("I prefer tea over coffee.", layer="memory")
        assert lab.remember("I prefer tea over coffee.", layer="memory").status == "confirmed"
        old = lab.remember("The NAS is at 10.0.0.5.", layer="memory")
        lab.remember("The NAS moved to 10.0.0.9.", layer="memory", supersedes=old.id)
        preamble = lab.boot().text
    assert "withheld" not in preamble
    assert "I prefer tea over coffee." in preamble and "10.0.0.9" in preamble
    memory = home / "MEMORY.md"
    memory.write_text(
        memory.read_text()
        + "- Pi access\n  - root pw on the pi is Zq8#kLm2vv\n"
        + "- The UPS is new. <!-- note=the root pw on the pi is Zq8#kLm2vv -->\n"
    )
    with Lab.open(home) as lab:
        preamble = lab.boot().text
    assert "Zq8#kLm2vv" not in preamble and "Pi access" not in preamble  # the whole entry
    assert "The UPS is new." not in preamble and preamble.count("withheld") == 2
    assert "I prefer tea over coffee." in preamble
