"""Session lifecycle: boot preamble, chat, summary at close, compaction."""

from __future__ import annotations

import re
from datetime import UTC, datetime
from pathlib import Path

import pytest
from click.testing import CliRunner

from coordinator import Lab, load_settings
from coordinator.cli import cli
from coordinator.session.chat import handle_line, is_question, run_chat
from memory.errors import MemoryFrameworkError
from memory.session import SessionContext, Turn


def test_boot_loads_memory_only_in_main_and_lists_skills(home: Path) -> None:
    with Lab.open(home) as lab:
        lab.remember("I prefer answers in metric units.")
        lab.remember("Restarted the router.", layer="daily")
        lab.remember("To rotate the backup disks, run rotate.sh.")
        pre = lab.boot()
        assert "metric units" in pre.text and "Restarted the router." in pre.text
        assert (
            "- rotate-the-backup-disks: To rotate the backup disks, run rotate.sh. "
            "(draft, not reviewed)" in pre.text
        )
        assert "## Workflow" not in pre.text  # skill bodies load on activation only
        assert pre.now.startswith("2026-11-29T13:06:40")
    for kind in ("shared", "subagent", "cron"):
        with Lab.open(home, session_kind=kind) as lab:
            text = lab.boot().text
            assert "metric units" not in text and "MEMORY" not in text


@pytest.mark.parametrize(
    "triggers",
    [
        "triggers: [rotate the disks, swap backup disks]",
        "triggers:\n  - rotate the disks\n  - swap backup disks",
    ],
)
def test_boot_lists_the_triggers_a_skill_declares_in_any_yaml_list_style(
    home: Path, triggers: str
) -> None:
    folder = home / "skills" / "disk-rotation"
    folder.mkdir(parents=True)
    (folder / "SKILL.md").write_text(
        f"---\nname: disk-rotation\ndescription: Rotate the backup disks.\n{triggers}\n---\n"
        "## Workflow\n1. Swap the disks.\n"
    )
    with Lab.open(home) as lab:
        text = lab.boot().text
        shown = lab.skills.get("disk-rotation").meta.triggers
    line = (
        "- disk-rotation: Rotate the backup disks. (triggers: rotate the disks, swap backup disks)"
    )
    assert line in text
    assert shown == ["rotate the disks", "swap backup disks"]  # what `skills show` prints


def test_boot_reports_truncation_of_an_oversized_memory(home: Path) -> None:
    settings = load_settings(home=home, memory_budget_tokens=100)
    with Lab.open(settings=settings) as lab:
        for i in range(30):
            lab.remember(f"Fact number {i} about rack unit {i}.", layer="memory")
        pre = lab.boot()
    assert pre.truncated and "budget" in pre.truncated[0]
    assert "Fact number 29" not in pre.sections["MEMORY.md"]


def test_boot_with_unknown_project_is_a_clear_error(lab: Lab) -> None:
    from memory.errors import InvalidInputError

    with pytest.raises(InvalidInputError, match="unknown project"):
        lab.boot(project="nope")


def test_project_command_alone_says_which_project_is_active_and_which_exist(lab: Lab) -> None:
    said: list[str] = []
    lab.remember("Use 4 mm tubing.", layer="project", project="garden-site")
    handle_line(lab, "/project", said.append)
    assert said[-1] == (
        "No active project. Known projects: garden-site. Make one active with /project NAME."
    )
    handle_line(lab, "/project garden-site", said.append)
    handle_line(lab, "/project", said.append)
    assert said[-1].startswith("Active project: garden-site. Known projects: garden-site.")


def test_chat_says_a_summary_was_written_only_when_one_was(home: Path) -> None:
    said: list[str] = []
    with Lab.open(home) as lab:
        run_chat(lab, ["/help"], said.append)
    assert said[-1] == "Session closed; nothing happened worth a summary."
    said.clear()
    with Lab.open(home) as lab:
        run_chat(lab, ["Remember that the autoclave runs on Tuesdays."], said.append)
    assert said[-1] == "Session closed; its summary is in today's daily log."
    said.clear()
    with Lab.open(home) as lab:  # a refused secret is not something that happened
        run_chat(lab, ["the wifi password=Hunter2Hunter2x"], said.append)
    assert said[0].startswith("refused:")
    assert said[-1] == "Session closed; nothing happened worth a summary."
    assert (home / "memory/2026-11-29.md").read_text().count("[session-summary]") == 1


@pytest.mark.parametrize(
    "greeting", ["¿qué tal?", "Hola, ¿cómo estás?", "how are you?", "hey, how's it going?"]
)
def test_a_greeting_said_as_a_question_is_neither_searched_nor_kept(
    home: Path, greeting: str
) -> None:
    said: list[str] = []
    with Lab.open(home) as lab:
        run_chat(lab, [greeting], said.append)
    assert said[0].startswith("Hi! Tell me something to remember")
    assert "Nothing in memory" not in "\n".join(said)
    assert said[-1] == "Session closed; nothing happened worth a summary."
    assert not (home / "memory/2026-11-29.md").exists()


@pytest.mark.parametrize("question", ["¿qué tal el NAS?", "how are you doing with the backups?"])
def test_a_question_that_names_something_is_still_answered_from_memory(
    home: Path, question: str
) -> None:
    said: list[str] = []
    with Lab.open(home) as lab:
        run_chat(lab, [question], said.append)
    assert not said[0].startswith("Hi!")
    assert "  - asked: " in (home / "memory/2026-11-29.md").read_text()


def test_a_session_that_only_activated_a_skill_says_so_in_its_summary(home: Path) -> None:
    said: list[str] = []
    with Lab.open(home) as lab:
        run_chat(lab, ["/daily-review"], said.append)
    assert said[-1] == "Session closed; its summary is in today's daily log."
    log = (home / "memory/2026-11-29.md").read_text()
    assert "  - activated: skill daily-review" in log


def test_chat_session_writes_a_summary_without_secrets(home: Path) -> None:
    lines = [
        "We decided to use WireGuard for remote access.",
        "the wifi password=Hunter2Hunter2x",
        "TODO: renew the domain before December 15.",
        "what did we decide about remote access?",
        "/end",
        "this line is never read",
    ]
    out: list[str] = []
    with Lab.open(home) as lab:
        run_chat(lab, lines, out.append)
    assert any(line.startswith("refused:") for line in out)
    assert any("WireGuard" in line and "MEMORY.md#L" in line for line in out)
    log = (home / "memory/2026-11-29.md").read_text()
    assert "[session-summary]" in log and "Hunter2" not in log
    assert "WireGuard" not in log  # the MEMORY.md decision is cited, never quoted
    assert re.search(r"  - decided: \[decision\] m-[0-9a-f]+ → MEMORY\.md \(memory\)", log)
    assert re.search(r"  - open: \[task\] d-[0-9a-f]+ → memory/2026-11-29\.md#L\d+ \(daily\)", log)
    assert "  - asked: what did we decide about remote access?" in log
    assert "never read" not in log


def test_chat_command_runs_unattended_from_stdin(home: Path) -> None:
    result = CliRunner().invoke(cli, ["chat"], input="I prefer tea.\n/help\nwhat do I prefer?\n")
    assert result.exit_code == 0
    assert re.search(r"written: \[preference\] m-[0-9a-f]+ → MEMORY\.md#L\d+", result.stdout)
    assert "/remember TEXT" in result.stdout
    assert "I prefer tea. (MEMORY.md#L" in result.stdout.split("memory; a statement")[1]


def test_ask_json_cites_its_sources(home: Path) -> None:
    CliRunner().invoke(cli, ["remember", "The NAS is at 10.0.0.5.", "--layer", "memory"])
    result = CliRunner().invoke(cli, ["ask", "where is the NAS?", "--json"])
    data = __import__("json").loads(result.stdout)
    assert data["citations"][0].startswith("MEMORY.md#L")
    assert "10.0.0.5" in data["answer"]


@pytest.mark.parametrize(
    ("line", "expected"),
    [
        ("what happened to jellyfin?", True),
        ("When did we move the NAS", True),
        ("Restarted the router.", False),
        ("The NAS is at 10.0.0.5", False),
        ("cual es la ip del nas", True),
        ("list my todos", True),
        ("¿qué tengo que hacer hoy", True),
        # a bare opener is not a question: a procedure, notes with the subject left out
        ("How to renew the cert: stop nginx, run certbot renew, start nginx", False),
        ("Was at the lab all day", False),
        ("Have to call the plumber tomorrow", False),
        ("Can't find the spare fuse", False),
        # a to-do word in a statement; a question without its "?"; what was had
        ("I moved my to-do list to Todoist", False),
        ("Ana covers my tasks while I am away in January", False),
        ("Mis tareas ahora están en Todoist", False),
        ("Did you call the plumber today", True),
        ("Did Ana send the drawings this morning", True),
        ("did the stocktake this afternoon", False),
        ("Had Thai food for lunch with Ana", False),
        ("Has Ana sent the drawings", True),
        ("Did Pilates this morning", False),
    ],
)
def test_question_detection(line: str, expected: bool) -> None:
    assert is_question(line) is expected


def test_the_rules_read_runs_of_spaces_as_one() -> None:
    from coordinator.router import tidy_spaces

    assert tidy_spaces("Results" + " " * 3000 + "ok") == "Results ok"
    assert tidy_spaces("\u00a0" * 500 + "Bought tips\n\n\n- a\t\tb ") == "Bought tips\n- a b"
    assert not is_question("\u00a0" * 500 + "Bought pipette tips")


def test_compaction_keeps_tool_calls_with_their_results() -> None:
    now = datetime(2026, 11, 29, tzinfo=UTC)
    session = SessionContext(kind="main", started=now)
    session.add_turn(Turn("user", "first question", now))
    session.add_turn(Turn("user", "a fact not yet stored", now, stored=False))
    session.add_turn(Turn("assistant", "calling df", now, tool_call_id="c1"))
    session.add_turn(Turn("tool", "Filesystem 90% full", now, tool_call_id="c1"))
    session.add_turn(Turn("assistant", "the disk is nearly full", now))
    folded, pending = session.compact(keep=2)
    roles = [t.role for t in session.history]
    assert roles == ["summary", "assistant", "tool", "assistant"]  # call kept with result
    assert [t.content for t in pending] == ["a fact not yet stored"]
    assert len(folded) == 2
    assert session.compact(keep=10) == ([], [])


def test_lab_compaction_flushes_unstored_statements_first(lab: Lab, home: Path) -> None:
    lab.add_turn("user", "The garage freezer was defrosted.", stored=False)
    for i in range(10):
        lab.add_turn("assistant", f"reply {i}")
    assert lab.compact(keep=4) == 7
    assert "The garage freezer was defrosted." in (home / "memory/2026-11-29.md").read_text()
    assert lab.session.history[0].role == "summary"


def test_shared_session_asking_about_memory_content_gets_nothing(home: Path) -> None:
    with Lab.open(home) as owner:
        owner.remember("The secret project codename is BLUEFIN.", layer="memory")
    out: list[str] = []
    with Lab.open(home, session_kind="shared") as lab:
        run_chat(lab, ["what is the secret project codename?", "/search BLUEFIN"], out.append)
    assert not any("BLUEFIN" in line for line in out)


def test_naming_a_known_project_makes_it_active(lab: Lab) -> None:
    lab.remember("Uses pnpm.", layer="project", project="homepage")
    out: list[str] = []
    run_chat(lab, ["The homepage build is slow since the upgrade."], out.append)
    assert "(active project: homepage)" in out


def test_offline_answer_leaves_out_weak_snippets(lab: Lab) -> None:
    lab.remember("Restarted the Jellyfin container after it ran out of memory.", layer="daily")
    lab.remember("I prefer answers in metric units.", layer="memory")
    answer = lab.ask("what happened to jellyfin?")
    assert "Jellyfin" in answer.text and "metric" not in answer.text


def test_chat_reads_of_a_skill_file_go_through_the_session_tool_cache(
    home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import skills.resources

    folder = home / "skills" / "disk-rotation"
    (folder / "references").mkdir(parents=True)
    (folder / "SKILL.md").write_text(
        "---\nname: disk-rotation\ndescription: Rotate the backup disks.\n---\n"
    )
    notes = folder / "references" / "NOTES.md"
    notes.write_text("Bay 2 sticks.\n")
    reads: list[str] = []
    real = skills.resources.read_resource

    def counted(skill: object, relpath: str) -> dict[str, object]:
        reads.append(relpath)
        return real(skill, relpath)  # type: ignore[arg-type]

    monkeypatch.setattr(skills.resources, "read_resource", counted)
    out: list[str] = []
    with Lab.open(home) as lab:
        line = "/disk-rotation references/NOTES.md"
        handle_line(lab, line, out.append)
        handle_line(lab, line, out.append)
        assert reads == ["references/NOTES.md"]  # the second read came from the cache
        assert sum("Bay 2 sticks." in o for o in out) == 2
        assert lab.session.tool_cache_size == 1
        notes.write_text("Bay 2 sticks; use bay 3.\n")  # a changed file is a new key
        handle_line(lab, line, out.append)
        assert len(reads) == 2 and "use bay 3" in out[-1]
        with pytest.raises(MemoryFrameworkError, match="not a path inside the skill's folder"):
            handle_line(lab, "/disk-rotation ../../MEMORY.md", out.append)
        assert lab.session.tool_cache_size == 2  # a refused read caches nothing


def test_decisions_and_pitfalls_said_while_a_project_is_active_go_to_its_notes(
    home: Path,
) -> None:
    with Lab.open(home) as lab:
        lab.remember("The booking page runs on Netlify.", layer="project", project="club-booking")
        lab.boot(project="club-booking")
        pitfall = lab.remember("Pitfall: the date picker breaks on Safari before 1970.")
        decision = lab.remember("Decision: the contact form uses Netlify Forms.")
        who = lab.remember("Marta is my lab technician.", layer=None)
        lab_wide = lab.remember("We decided to always answer in metric units.")
    assert (pitfall.layer, pitfall.kind) == ("project", "pitfall")
    assert (decision.layer, decision.kind) == ("project", "decision")
    assert "said while project club-booking is active" in decision.reason
    assert lab_wide.layer != "project"  # not labelled: may be about the whole lab
    notes = (home / "projects/club-booking/NOTES.md").read_text()
    assert "date picker breaks on Safari" in notes and "Netlify Forms" in notes
    assert who.layer != "project"  # who someone is stays where it was routed


def test_a_pasted_list_is_one_statement_per_item(home: Path) -> None:
    pasted = (
        "Notes from today:\n"
        "- Replaced the UPS battery in the rack.\n"
        "- The NAS is at 10.0.0.5.\n"
        "Lessons:\n"
        "- Always check free disk space before upgrading Pi-hole.\n"
        "- Label every cable.\n"
    )
    result = CliRunner().invoke(cli, ["chat"], input=pasted)
    assert result.exit_code == 0, result.output
    assert result.output.count("written:") == 4
    memory = (home / "MEMORY.md").read_text()
    assert "- Lessons: Label every cable." in memory  # the heading decides where it goes
    assert "Notes from today" not in memory  # ... or only sets the scene
    day = next((home / "memory").glob("*.md")).read_text()
    assert "Notes from today" not in day and "Replaced the UPS battery in the rack." in day


def test_a_heading_alone_keeps_nothing_and_a_blank_line_does_not_part_it_from_its_list(
    home: Path,
) -> None:
    script = "Notas de hoy:\n¿qué hay?\nNotas de hoy:\n\n- Regué el huerto\n- Comprar guantes\n"
    result = CliRunner().invoke(cli, ["chat"], input=script)
    assert result.exit_code == 0, result.output
    assert "(a heading with nothing under it: nothing kept" in result.output
    day = next((home / "memory").glob("*.md")).read_text()
    assert "Notas de hoy" not in day
    assert "[event] Regué el huerto" in day and "[task] Comprar guantes" in day


def test_a_pasted_how_to_stays_whole_and_a_secret_refuses_the_whole_paste(home: Path) -> None:
    pasted = (
        "How to renew the cert:\n- stop nginx\n- run certbot renew\n- start nginx\n"
        "Shopping:\n- pipette tips\n- the wifi password is Hx7-pq99-Lm\n"
    )
    result = CliRunner().invoke(cli, ["chat"], input=pasted)
    assert result.exit_code == 0, result.output
    skill = (home / "skills" / "renew-the-cert" / "SKILL.md").read_text()
    assert "run certbot renew" in skill and "start nginx" in skill
    assert "refused:" in result.output
    for path in home.rglob("*.md"):
        assert "pipette tips" not in path.read_text() and "Hx7-pq99-Lm" not in path.read_text()


def test_project_command_creates_a_new_project_and_asks_about_a_near_name(home: Path) -> None:
    script = "/project alpha\n/project alph\n/project alph --new\n"
    result = CliRunner().invoke(cli, ["chat"], input=script)
    assert "Created project alpha" in result.output
    assert "did you mean 'alpha'?" in result.output
    assert "Created project alph " in result.output
    assert (home / "projects" / "alph" / "NOTES.md").exists()


def test_project_command_joins_the_words_of_a_name(home: Path) -> None:
    script = "/project kitchen-reno\n/project alpha\n/project Kitchen Reno\n"
    result = CliRunner().invoke(cli, ["chat"], input=script)
    assert result.output.count("Active project: kitchen-reno") == 2
    assert not (home / "projects" / "kitchen").exists()
    fresh = CliRunner().invoke(cli, ["chat"], input="/project Garden Shed\n")
    assert "Created project garden-shed" in fresh.output  # a new one, written in capitals
    assert (home / "projects" / "garden-shed" / "NOTES.md").exists()


def test_a_pasted_list_with_a_byte_that_is_not_utf8_is_refused_not_a_crash(home: Path) -> None:
    import os
    import shutil
    import subprocess
    import sys

    exe = shutil.which("labmem") or str(Path(sys.executable).with_name("labmem"))
    env = {**os.environ, "LABMEM_HOME": str(home), "LABMEM_EMBEDDER": "hashing"}
    pasted = b"Notas:\n- pin 12 caf\xe9\n- comprar pan\n"  # a stray Latin-1 byte
    done = subprocess.run([exe, "chat"], input=pasted, capture_output=True, env=env, timeout=120)
    out = done.stdout.decode() + done.stderr.decode()
    assert done.returncode == 0, out
    assert "not valid UTF-8" in out and "Traceback" not in out
    assert "comprar pan" in next((home / "memory").glob("*.md")).read_text()


def test_a_done_heading_makes_its_items_events_not_to_dos(home: Path) -> None:
    pasted = "Done:\n- call the plumber\n- order nitrile gloves\nHecho:\n- llamar al técnico\n"
    result = CliRunner().invoke(cli, ["chat"], input=pasted)
    assert result.exit_code == 0, result.output
    day = next((home / "memory").glob("*.md")).read_text()
    assert "[event] Done: call the plumber" in day
    assert "[event] Done: order nitrile gloves" in day
    assert "[event] Hecho: llamar al técnico" in day
    assert "[task]" not in day


def test_a_heading_that_says_what_the_items_are_about_stays_with_them(home: Path) -> None:
    pasted = "Marta is allergic to:\n- nuts\n- shellfish\n"
    result = CliRunner().invoke(cli, ["chat"], input=pasted)
    assert result.exit_code == 0, result.output
    stored = "".join(p.read_text() for p in home.rglob("*.md") if p.is_file())
    assert "Marta is allergic to: nuts" in stored and "Marta is allergic to: shellfish" in stored
