"""Small command-line fixes from a week of use: each one the way a user met it."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from datetime import UTC, datetime
from pathlib import Path

import pytest
from click.testing import CliRunner
from prompt_toolkit.application import create_app_session
from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.output import DummyOutput

from coordinator import Lab
from coordinator.cli import cli
from coordinator.session.chat import interactive_lines, prompt_text
from coordinator.session.summary import summary_lines


def invoke(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(cli, list(args))
    return result.exit_code, result.stdout, result.stderr


def test_a_home_that_is_not_a_workspace_is_named_not_created(tmp_path: Path) -> None:
    typo = tmp_path / "typo"
    code, _, err = invoke("--home", str(typo), "search", "foo")
    assert code == 1 and "is not a labmem workspace" in err and "init" in err
    assert not typo.exists()
    assert invoke("--home", str(typo), "init")[0] == 0
    assert invoke("--home", str(typo), "search", "foo")[0] == 0


def test_a_closed_pipe_ends_quietly(home: Path) -> None:
    with Lab.open(home) as lab:
        for n in range(30):
            lab.remember(f"Fact number {n} about the rack.", layer="memory")
    exe = shutil.which("labmem", path=str(Path(sys.executable).parent))
    assert exe is not None
    proc = subprocess.Popen(
        [exe, "--home", str(home), "show", "memory"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    assert proc.stdout is not None and proc.stderr is not None
    proc.stdout.close()  # like `| head` that has read enough
    err = proc.stderr.read().decode()
    assert proc.wait(timeout=120) == 0
    assert "Broken pipe" not in err and "Traceback" not in err


def test_import_report_numbers_refusals_by_file_line(tmp_path: Path) -> None:
    good = {"layer": "daily", "text": "Replaced the fan.", "time": "2026-11-20T09:00:00Z"}
    file = tmp_path / "items.jsonl"
    file.write_text(json.dumps(good) + "\n\n" + "not json\n" + json.dumps(good) + "\n")
    code, out, _ = invoke("import", str(file))
    assert code == 1 and "line 3: invalid JSON" in out and "item" not in out
    _, out, _ = invoke("import", str(file), "--json")
    assert json.loads(out)["refusals"][0]["line"] == 3


def test_a_similar_receipt_names_the_similar_entry() -> None:
    invoke("remember", "The NAS is at 10.0.0.5.", "--layer", "memory")
    code, out, _ = invoke("remember", "The NAS is at 10.0.0.6.", "--layer", "memory")
    assert code == 0 and out.startswith("similar:")
    assert "similar to m-" in out and "“The NAS is at 10.0.0.5.”" in out


def test_session_summary_counts_in_words_and_says_open_once(lab: Lab) -> None:
    lab.session.events.append({"type": "ask", "text": "where is the NAS?"})
    lab.session.task = "rebuild the VLANs"
    lab.session.remember("rebuild the VLANs", "task", datetime(2026, 11, 29, tzinfo=UTC))
    head, lines = summary_lines(lab)
    assert "1 question" in head and "1 questions" not in head and "turn" not in head
    assert lines.count("open: rebuild the VLANs") == 1


def test_first_search_after_a_bulk_import_says_so_on_stderr(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("LABMEM_INDEX_BUDGET_S", "0")  # no time to compute vectors now
    file = tmp_path / "bulk.jsonl"
    rows = [
        {"layer": "daily", "text": f"Checked sensor {n}.", "time": "2026-11-20T09:00:00Z"}
        for n in range(150)
    ]
    file.write_text("\n".join(json.dumps(r) for r in rows) + "\n")
    assert invoke("import", str(file))[0] == 0
    code, out, err = invoke("search", "sensor 7")
    assert code == 0 and "Checked sensor 7." in out
    assert len(err.splitlines()) == 1 and "150 new entries" in err


def test_ctrl_c_clears_the_line_and_ctrl_d_ends(tmp_path: Path, lab: Lab) -> None:
    with create_pipe_input() as pipe, create_app_session(input=pipe, output=DummyOutput()):
        pipe.send_text("half a thou\x03")  # Ctrl-C: dropped, the prompt comes back
        pipe.send_text("what is the NAS IP?\r")
        pipe.send_text("\x04")  # Ctrl-D: end
        lines = list(interactive_lines(tmp_path / "history", 4096))
    assert lines == ["what is the NAS IP?"]


def test_the_prompt_shows_the_active_project(lab: Lab) -> None:
    assert prompt_text(lab) == "labmem> "
    lab.session.project = "enhancer-model"
    assert prompt_text(lab) == "labmem [enhancer-model]> "


def test_a_typo_in_labmem_home_is_named_not_created_by_a_reading_command(
    tmp_path: Path,
) -> None:
    typo = tmp_path / "typo"
    for args in (["search", "foo"], ["show", "memory"], ["ask", "where is the NAS?"]):
        result = CliRunner().invoke(cli, args, env={"LABMEM_HOME": str(typo)})
        assert result.exit_code == 1 and "is not a labmem workspace" in result.stderr, args
    assert not typo.exists()
    written = CliRunner().invoke(
        cli, ["remember", "--layer", "daily", "Swapped a fan."], env={"LABMEM_HOME": str(typo)}
    )
    assert written.exit_code == 0  # a write starts the workspace, as on first use


def test_session_summary_counts_a_superseding_statement(lab: Lab) -> None:
    # What the pipeline notes for a statement that retired an older entry on its own.
    lab.session.events.append(
        {
            "type": "remember",
            "status": "superseded",
            "kind": "decision",
            "layer": "memory",
            "id": "m-5c0437ed",
            "citation": "MEMORY.md#L12",
        }
    )
    head, lines = summary_lines(lab)
    assert "1 remembered" in head and lines == [
        "decided: [decision] m-5c0437ed → MEMORY.md (memory)"
    ]
