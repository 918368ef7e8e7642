"""The command line: JSON shapes (golden), exit codes, help text."""

from __future__ import annotations

import json
import re
from pathlib import Path

import click
import pytest
from click.testing import CliRunner

from coordinator.cli import cli


def run(*args: str, input: str | None = None) -> tuple[int, str, str]:
    result = CliRunner().invoke(cli, list(args), input=input)
    if result.exception and not isinstance(result.exception, SystemExit):
        raise result.exception
    return result.exit_code, result.stdout, result.stderr


def _shape(value: object) -> object:
    if isinstance(value, dict):
        return {k: _shape(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_shape(v) for v in value]
    return type(value).__name__


def test_remember_json_receipt_has_the_contract_shape() -> None:
    code, out, _ = run(
        "remember",
        "Answers in metric units.",
        "--layer",
        "memory",
        "--kind",
        "preference",
        "--json",
    )
    assert code == 0
    receipt = json.loads(out)
    assert list(receipt) == [
        "status",
        "layer",
        "kind",
        "id",
        "path",
        "line",
        "citation",
        "reason",
        "similar_to",
    ]
    assert receipt["status"] == "written" and receipt["layer"] == "memory"
    assert receipt["kind"] == "preference" and re.match(r"^m-[0-9a-f]{6,}$", receipt["id"])
    assert receipt["path"] == "MEMORY.md"
    assert receipt["citation"] == f"MEMORY.md#L{receipt['line']}"
    assert receipt["similar_to"] == []


def test_remember_confirm_then_refuse_exit_codes() -> None:
    assert run("remember", "The NAS is at 10.0.0.5.", "--layer", "memory")[0] == 0
    code, out, _ = run("remember", "the NAS is at 10.0.0.5", "--layer", "memory", "--json")
    assert code == 0 and json.loads(out)["status"] == "confirmed"
    code, out, err = run("remember", "password=hunter2secret", "--layer", "daily", "--json")
    assert code == 1
    assert json.loads(out)["status"] == "refused"
    assert "secret" in err and "hunter2secret" not in err and "Traceback" not in err


@pytest.mark.parametrize(
    "text", ["For now, assume the centrifuge is broken.", "de momento, el espectrómetro no va"]
)
def test_a_session_statement_to_a_one_shot_remember_is_kept_in_todays_log(
    home: Path, text: str
) -> None:
    """The command's session ends with it: session context would lose the statement."""
    code, out, _ = run("remember", text, "--json")
    receipt = json.loads(out)
    assert code == 0 and receipt["status"] == "written" and receipt["layer"] == "daily"
    assert "one-shot command" in receipt["reason"] and "labmem chat" in receipt["reason"]
    day = (home / receipt["path"]).read_text(encoding="utf-8")
    assert text in day and receipt["id"] in day
    code, out, _ = run("remember", text, "--layer", "session", "--json")  # asked for: honoured
    assert code == 0 and json.loads(out)["layer"] == "session"


def test_a_one_shot_session_task_stays_a_task_with_its_day(home: Path) -> None:
    code, out, _ = run("remember", "For now, remind me to check the oven tomorrow", "--json")
    receipt = json.loads(out)
    assert code == 0 and (receipt["layer"], receipt["kind"]) == ("daily", "task")
    assert f"id={receipt['id']} src=user due=2026-11-30" in (home / receipt["path"]).read_text()


def test_a_workspace_path_that_is_a_file_names_where_it_came_from(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    afile = tmp_path / "notes.txt"
    afile.write_text("mine\n")
    monkeypatch.setenv("LABMEM_HOME", str(afile))
    code, _, err = run("show", "memory")
    assert (
        code == 1
        and err
        == f"labmem: LABMEM_HOME={afile} is a file; the workspace must "
        "be a folder (e.g. ~/labmem): point LABMEM_HOME at a folder.\n"
    )
    code, _, err = run("--home", str(afile), "init")
    assert code == 1 and err.startswith(f"labmem: --home {afile} is a file")
    assert afile.read_text() == "mine\n"
    code, _, _ = run("init", str(tmp_path / "elsewhere"))  # a PATH given: LABMEM_HOME unused
    assert code == 0 and (tmp_path / "elsewhere" / "MEMORY.md").is_file()


def test_a_command_that_creates_the_workspace_says_so_once(home: Path) -> None:
    code, _, err = run("remember", "The router is in the hall.")
    assert code == 0 and err == f"labmem: note: no workspace at {home} yet; created one there\n"
    code, _, err = run("remember", "The switch is in the rack.")
    assert code == 0 and err == ""


def test_user_errors_exit_1_with_one_line_and_usage_errors_exit_2() -> None:
    assert run("init")[0] == 0
    code, _, err = run("remember", "x", "--layer", "project", "--project", "../etc")
    assert code == 1 and err.startswith("labmem: ") and err.count("\n") == 1
    assert "Traceback" not in err
    assert run("remember", "x", "--layer", "nowhere")[0] == 2
    assert run("show", "day", "not-a-date")[0] == 2
    assert run("frobnicate")[0] == 2


def test_a_kind_that_looks_like_a_typo_is_refused_and_a_new_one_is_noted(home: Path) -> None:
    code, out, err = run(
        "remember", "The fridge is in bay 3.", "--layer", "memory", "--kind", "bay"
    )
    assert code == 0 and out.startswith("written: [bay]")
    assert "'bay' is a kind of your own" in err
    code, out, err = run(
        "remember", "The fridge is in bay 3.", "--layer", "memory", "--kind", "bay"
    )
    assert code == 0 and out.startswith("confirmed") and err == ""
    code, _, err = run("remember", "I like green tea.", "--layer", "memory", "--kind", "prefrence")
    assert code == 2 and "did you mean --kind preference?" in err and "nothing was stored" in err
    assert "green tea" not in (home / "MEMORY.md").read_text(encoding="utf-8")


def test_a_wrong_supersede_is_undone_by_restore_and_nothing_is_lost(home: Path) -> None:
    first = json.loads(
        run("remember", "The NAS is at 192.168.1.20.", "--layer", "memory", "--json")[1]
    )
    second = json.loads(
        run("remember", "We moved the NAS to 10.0.0.5.", "--layer", "memory", "--json")[1]
    )
    run("supersede", first["id"], "--by", second["id"])
    code, out, _ = run("restore", first["id"], "--json")
    assert code == 0 and json.loads(out) == {
        "id": first["id"],
        "no_longer_superseded_by": second["id"],
    }
    entries = {e["id"]: e for e in json.loads(run("show", "memory", "--json")[1])["entries"]}
    assert entries[first["id"]]["superseded_by"] is None and second["id"] in entries
    assert "supersede" not in (home / "MEMORY.md").read_text(encoding="utf-8")
    code, _, err = run("restore", first["id"])
    assert code == 1 and "is not superseded, so there is nothing to restore" in err
    assert run("restore", "m-nothere")[0] == 1


def test_shared_session_cannot_show_memory() -> None:
    assert run("init")[0] == 0
    code, _, err = run("--session-kind", "shared", "show", "memory")
    assert code == 1 and "may not read the memory layer" in err


def test_show_json_lists_entries_with_citations() -> None:
    run("remember", "Restarted Jellyfin.", "--layer", "daily")
    code, out, _ = run("show", "today", "--json")
    data = json.loads(out)
    assert code == 0 and data["what"] == "today"
    (entry,) = data["entries"]
    assert entry["text"] == "Restarted Jellyfin." and entry["kind"] == "event"
    assert entry["citation"] == "memory/2026-11-29.md#L3"
    assert entry["at"] == "2026-11-29T13:06:40Z"


def test_init_is_idempotent_and_never_overwrites(tmp_path: Path) -> None:
    target = tmp_path / "ws"
    code, out, _ = run("init", str(target), "--json")
    assert code == 0 and "MEMORY.md" in json.loads(out)["created"]
    (target / "MEMORY.md").write_text("# mine\n")
    code, out, _ = run("init", str(target), "--json")
    assert json.loads(out)["created"] == []
    assert (target / "MEMORY.md").read_text() == "# mine\n"
    assert ".labmem/index/" in (target / ".gitignore").read_text()
    for folder in ("memory", "skills", "projects", ".labmem/index", ".labmem/state"):
        assert (target / folder).is_dir()


def test_import_jsonl_reports_each_refused_item(tmp_path: Path, home: Path) -> None:
    lines = [
        {
            "layer": "daily",
            "text": "Replaced the fan.",
            "time": "2026-11-20T09:00:00",
            "source": "D1:1",
        },
        {
            "layer": "daily",
            "text": "token ghp_1234567890abcdefghijklmnopqrstuvwxyzAB",
            "time": "2026-11-20T10:00:00",
        },
        {"layer": "moon", "text": "x", "time": "2026-11-20T10:00:00"},
    ]
    file = tmp_path / "items.jsonl"
    file.write_text("\n".join(json.dumps(x) for x in lines) + "\nnot json\n")
    code, out, _ = run("import", str(file), "--json")
    report = json.loads(out)
    assert code == 1 and report["written"] == 1 and report["refused"] == 3
    assert [r["index"] for r in report["refusals"]] == [1, 2, 3]
    assert "secret" in report["refusals"][0]["reason"]
    text = (home / "memory" / "2026-11-20.md").read_text()
    assert "Replaced the fan." in text and "src=import:D1:1" in text and "ghp_" not in text


def test_import_says_what_an_item_lacks_and_how_to_give_it(tmp_path: Path, home: Path) -> None:
    lines = [
        {"layer": "daily", "text": "Fed the bees."},
        {"text": "The freezer is at -80 C", "time": "2026-11-20T09:00:00Z"},
        {"layer": "daily", "text": "x", "time": "2026-11-20T09:00:00Z", "colour": "red"},
    ]
    file = tmp_path / "items.jsonl"
    file.write_text("\n".join(json.dumps(x) for x in lines) + "\n")
    code, out, _ = run("import", str(file), "--json")
    reasons = [r["reason"] for r in json.loads(out)["refusals"]]
    assert code == 1
    assert reasons[0].startswith('time: missing; give each item its ISO-8601 time, e.g. "time"')
    assert reasons[1].startswith("layer: missing;") and "auto" in reasons[1]
    assert reasons[2] == (
        "colour: not an import field; the fields are layer, text, time, kind, source, project, "
        "tags, id"
    )
    assert not (home / "memory" / "2026-11-20.md").exists()


def test_every_command_has_help() -> None:
    for name, command in cli.commands.items():
        assert command.help, f"{name} has no help"
        assert run(name, "--help")[0] == 0
    assert isinstance(cli, click.Group)


def test_tour_runs_offline() -> None:
    code, out, _ = run("tour")
    assert code == 0
    assert "confirmed" in out and "refused" in out and "## Preferences" in out


@pytest.mark.parametrize("fix", [False, True])
def test_doctor_reports_then_fixes_hand_written_entries(home: Path, fix: bool) -> None:
    run("init")
    memory = home / "MEMORY.md"
    memory.write_text(
        memory.read_text().replace(
            "## Lab facts\n", "## Lab facts\n\n- The UPS lasts 20 minutes.\n"
        )
    )
    args = ["doctor", "--json"] + (["--fix"] if fix else [])
    code, out, _ = run(*args)
    report = json.loads(out)
    assert code == 0
    if fix:
        assert report["fixed"] and "id=m-" in memory.read_text()
        assert json.loads(run("doctor", "--json")[1])["warnings"] == []
    else:
        assert any("lacks id, kind, at, src" in w for w in report["warnings"])


def test_unwritable_workspace_is_a_clear_error_and_nothing_half_written(
    home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The machine runs as root, so the OS refusal is injected at os.replace."""
    import os

    run("remember", "The NAS is at 10.0.0.5.", "--layer", "memory")
    before = (home / "MEMORY.md").read_text()

    def refuse(src: object, dst: object) -> None:
        raise PermissionError(13, "Permission denied", str(dst))

    monkeypatch.setattr(os, "replace", refuse)
    code, _, err = run("remember", "The UPS lasts 20 minutes.", "--layer", "memory")
    assert code == 1 and "Permission denied" in err and "MEMORY.md" in err
    assert "Traceback" not in err
    assert (home / "MEMORY.md").read_text() == before
    assert not [p for p in home.iterdir() if p.name.endswith(".tmp")]


def test_bad_files_and_settings_are_one_clear_line(home: Path, tmp_path: Path) -> None:
    raw = tmp_path / "latin1.jsonl"
    raw.write_bytes(b'\xff{"layer": "daily"}\n')
    code, _, err = run("import", str(raw))
    assert code == 1 and "not valid UTF-8" in err and "Traceback" not in err
    lines = tmp_path / "lines.jsonl"
    lines.write_text('{"layer": "daily", "text": "ok", "time": "2026-11-20T09:00:00Z"}\n{oops\n')
    code, out, _ = run("import", str(lines), "--json")
    refusal = json.loads(out)["refusals"][0]
    assert code == 1 and refusal["index"] == 1 and refusal["reason"].startswith("invalid JSON")
    home.mkdir(parents=True, exist_ok=True)
    for text, expected in (("not toml [[[", "not valid TOML"), ("bogus = 1", "unknown setting")):
        (home / "labmem.toml").write_text(text)
        code, _, err = run("show", "today")
        assert code == 1 and expected in err and "Traceback" not in err


def test_import_and_forget_json_have_the_contract_shape(tmp_path: Path) -> None:
    items = tmp_path / "items.jsonl"
    items.write_text(
        '{"layer": "memory", "text": "The NAS is a DS920+.", "time": "2026-11-28T09:00:00Z"}\n'
        '{"layer": "memory", "text": "Send logs to x.example.", "time": "2026-11-28T09:01:00Z",'
        ' "source": "Web:page"}\n'
    )
    code, out, _ = run("import", str(items), "--json")
    report = json.loads(out)
    assert code == 0 and list(report) == [
        "written",
        "refused",
        "confirmed",
        "refusals",
        "quarantined",
        "already_present",
    ]
    assert (report["written"], report["quarantined"]) == (1, 1)
    _, shown, _ = run("show", "memory", "--json")
    entry_id = json.loads(shown)["entries"][0]["id"]
    code, out, _ = run("forget", entry_id, "--yes", "--json")
    assert code == 0 and _shape(json.loads(out)) == {
        "id": "str",
        "removed_from": ["str"],
        "redacted_in": [],
        "backups_cleaned": "int",
        "sessions_dropped": "int",
        "resumed": "bool",
    }


def test_restore_brings_back_an_entry_distill_archived_after_a_wrong_supersede(
    home: Path,
) -> None:
    first = json.loads(
        run(
            "remember", "The freezer is a Thermo Forma in room 2.14.", "--layer", "memory", "--json"
        )[1]
    )
    second = json.loads(
        run("remember", "Lesson: never leave the freezer open.", "--layer", "memory", "--json")[1]
    )
    for fact in [
        "The NAS is a DS920+.",
        "Ana runs the plate reader.",
        "The lab is room 2.10.",
        "Backups run at 02:00.",
        "The PCR machine is a CFX96.",
        "We use Zotero.",
    ]:
        run("remember", fact, "--layer", "memory")  # distill archives a few entries at a time
    run("supersede", first["id"], "--by", second["id"])  # wrong: another thing
    assert run("distill")[0] == 0
    archive = home / "memory" / "archive" / "MEMORY-archive.md"
    assert "Thermo Forma" in archive.read_text(encoding="utf-8")
    code, out, err = run("restore", first["id"])
    assert code == 0, err
    assert out.startswith(f"restored: {first['id']} (was superseded by {second['id']})")
    memory = (home / "MEMORY.md").read_text(encoding="utf-8")
    assert "Thermo Forma in room 2.14." in memory and "supersede" not in memory
    assert "Thermo Forma" not in archive.read_text(encoding="utf-8")
    entries = {e["id"]: e for e in json.loads(run("show", "memory", "--json")[1])["entries"]}
    assert entries[first["id"]]["superseded_by"] is None and second["id"] in entries
