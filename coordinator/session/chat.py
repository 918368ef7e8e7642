"""``labmem chat``: a session where every line goes through the Coordinator.

Statements are remembered (the receipt is shown), questions are answered from memory with
citations, ``/commands`` do explicit actions. Interactive on a terminal (line editing and
a history that never stores a refused secret), or unattended from stdin or a script file.
Ctrl-C clears the line; Ctrl-D or ``/end`` close the session, which writes its summary to the
daily log. The prompt shows the active project.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Iterator
from difflib import get_close_matches
from pathlib import Path
from typing import TYPE_CHECKING

from coordinator.router import is_question
from memory.errors import MemoryFrameworkError
from memory.session import WITHHELD_TURN

if TYPE_CHECKING:
    from coordinator.lab import Lab
    from coordinator.receipt import Receipt

__all__ = [
    "handle_line",
    "interactive_lines",
    "is_question",
    "prompt_text",
    "run_chat",
    "similar_names",
]

COMPACT_AFTER = 200  # turns kept in memory before older ones are folded
HELP = """Commands:
  /remember TEXT     store TEXT (routed by content)     /search QUERY   search memory
  /project NAME      make NAME the active project        /boot           show the preamble
  /skills            list the skills                     /SKILL-NAME     activate a skill
  /SKILL-NAME PATH   show one of the skill's files (e.g. references/FORMS.md); never run
  /end               close the session (Ctrl-D works too) /help          this text
Anything else: a question (ends with '?', or starts with what/when/how…) is answered from
memory; a statement is remembered."""
# The reply to a greeting said as a question ("¿qué tal?"): nothing is searched or kept.
SMALLTALK_REPLY = "Hi! Tell me something to remember, or ask what I remember (/help for more)."


def handle_line(lab: Lab, line: str, out: Callable[[str], None]) -> bool:
    """Handle one line; False means the session should end."""
    line = line.strip()
    if not line:
        return True
    if len(lab.session.history) > COMPACT_AFTER:
        lab.compact(keep=COMPACT_AFTER // 2)
    if line.startswith("/"):
        return _command(lab, line, out)
    named = _named_project(lab, line)
    if named and named != lab.session.project:
        lab.boot(project=named)
        out(f"(active project: {named})")
    from coordinator.session.paste import scene_only

    if scene_only(line):
        out("(a heading with nothing under it: nothing kept — paste the list with it)")
        return True
    for said in _statements(lab, line):
        _turn(lab, said, out)
    return True


def _statements(lab: Lab, line: str) -> list[str]:
    """A pasted bullet list is one statement per item (``coordinator.session.paste``)."""
    if "\n" not in line:
        return [line]
    from coordinator.session.paste import items
    from memory.secrets import scan_batch

    return items(line, lab.services.router().route, lambda text: bool(scan_batch([text])[0]))


def _turn(lab: Lab, line: str, out: Callable[[str], None]) -> None:
    result = lab.handle(line)
    kind = result.get("intent")
    lab.add_turn("user", line if kind != "refuse" else WITHHELD_TURN)
    if kind == "skill":
        skill = result["skill"]
        best = skill["matches"][0]
        out(f"Skill {skill['name']} activated ({best['method']}: {best['why']}).")
        out(f"## Workflow\n{skill['workflow']}")
        out(_files_line(lab, skill["name"]))
        if len(skill["matches"]) > 1:
            out(
                "Also close: "
                + ", ".join(f"{m['name']} ({m['score']:.2f})" for m in skill["matches"][1:])
            )
    elif kind == "ask":
        lab.add_turn("assistant", result["answer"]["answer"])
        out(result["answer"]["answer"])
    elif kind == "smalltalk":
        out(SMALLTALK_REPLY)
    else:
        r = result["receipt"]
        out(_receipt_line(lab, r))


def _named_project(lab: Lab, line: str) -> str | None:
    """A known project the line names, which then becomes the active project."""
    lowered = line.lower()
    for name in lab.project_names():
        if re.search(rf"\b{re.escape(name)}\b", lowered):
            return name
    return None


def similar_names(lab: Lab, ids: list[str]) -> str:
    """The entries a receipt is similar to, by id and text: m-1b9e04 “The NAS is at …”."""
    if not ids:
        return ""
    texts: dict[str, str] = {}
    try:
        records = list(lab.memory_records())
        for name in lab.project_names():
            records += lab.project_records(name)
        texts = {r.id: r.text for r in records}
    except MemoryFrameworkError:  # a session that may not read them: ids only
        texts = {}
    named = []
    for entry_id in ids:
        text = texts.get(entry_id)
        short = f" “{text[:60]}{'…' if len(text) > 60 else ''}”" if text else ""
        named.append(f"{entry_id}{short}")
    return ", ".join(named)


def _receipt_line(lab: Lab, receipt: Receipt) -> str:
    """The receipt as ``labmem remember`` prints it, with the id ``forget`` needs."""
    status, reason = receipt.status, receipt.reason
    if status in {"refused", "not_stored"}:
        return f"{status.replace('_', ' ')}: {reason}"
    similar = receipt.similar_to
    extra = f" — similar to {similar_names(lab, similar)}" if similar else ""
    where = "session" if receipt.layer == "session" else receipt.citation or receipt.layer
    return f"{status}: [{receipt.kind}] {receipt.id} → {where} ({reason}){extra}"


def _files_line(lab: Lab, name: str) -> str:
    files = lab.skills.get(name).resources
    if not files:
        return "Files: none."
    listed = ", ".join(f"{r.path} ({r.size} B)" for r in files)
    return f"Files (read one with /{name} PATH; never run): {listed}"


def _command(lab: Lab, line: str, out: Callable[[str], None]) -> bool:
    name, _, arg = line[1:].partition(" ")
    arg = arg.strip()
    if name in {"end", "quit", "exit"}:
        return False
    if name == "help":
        out(HELP)
    elif name == "skills":
        cat = lab.skills.catalogue()
        out("\n".join(f"/{n} — {s.meta.description}" for n, s in cat.skills.items()))
    elif name in lab.skills.catalogue().skills and arg:
        found = lab.skills.read(name, arg)
        out(f"{name}/{found['path']} ({found['size']} bytes, not run):\n{found['text']}")
    elif name in lab.skills.catalogue().skills:
        skill = lab.skills.activate(name, f"explicit '/{name}'")
        out(f"Skill {name} activated (explicit).\n## Workflow\n{skill.workflow}")
        out(_files_line(lab, name))
    elif name == "remember" and arg:
        receipt = lab.remember(arg)
        lab.add_turn("user", arg if receipt.ok else WITHHELD_TURN)
        out(_receipt_line(lab, receipt))
    elif name == "search" and arg:
        hits = lab.search(arg, k=5)
        out("\n".join(f"{h.score:.2f} {h.citation} {h.text}" for h in hits) or "No matches.")
    elif name == "project" and arg:
        out(_start_project(lab, arg))
    elif name == "project":
        known = ", ".join(lab.project_names()) or "none yet"
        active = lab.session.project
        now = f"Active project: {active}." if active else "No active project."
        out(f"{now} Known projects: {known}. Make one active with /project NAME.")
    elif name == "boot":
        out(lab.boot().text)
    else:
        out(f"Unknown or incomplete command {line!r}. Type /help.")
    return True


def _start_project(lab: Lab, name: str) -> str:
    """``/project NAME``: make NAME active, creating its notes when it is new (a name that
    is not a valid project name is refused with the rule; one a letter or two from an
    existing project asks first: ``/project NAME --new`` creates it)."""
    from memory.visibility import allowed
    from projects.notes import check_project_name

    words = name.split()
    new = "--new" in words
    # "/project kitchen reno" names kitchen-reno: the words of a name, joined as written
    name = "-".join(w for w in words if w != "--new")
    if name not in lab.project_names():
        name = name.lower()  # "/project Kitchen Reno" names kitchen-reno, new or not
    check_project_name(name)
    created = ""
    if not lab.projects.exists(name) and not allowed(lab.session_kind, "project", "write"):
        return f"No project {name!r} (a {lab.session_kind} session cannot create one)"
    if not lab.projects.exists(name):
        close = get_close_matches(name, lab.project_names(), n=1, cutoff=0.75)
        if close and not new:
            return (
                f"No project {name!r}; did you mean {close[0]!r}? (/project {close[0]}) "
                f"To start {name!r} as a new project: /project {name} --new"
            )
        lab.projects.create(name)
        created = f"Created project {name} (projects/{name}/NOTES.md). "
    lab.boot(project=name)
    return f"{created}Active project: {name}"


def prompt_text(lab: Lab) -> str:
    return f"labmem [{lab.session.project}]> " if lab.session.project else "labmem> "


def interactive_lines(
    history_file: Path, max_bytes: int, prompt: Callable[[], str] = lambda: "labmem> "
) -> Iterator[str]:
    """Lines from a prompt with line editing; the history never keeps a refused line.
    Ctrl-C clears the line being typed (as in other REPLs); Ctrl-D ends."""
    from prompt_toolkit import PromptSession
    from prompt_toolkit.history import FileHistory

    from memory.hygiene import check_texts

    class GuardedHistory(FileHistory):
        def store_string(self, string: str) -> None:
            if check_texts([string], max_bytes)[0] is None:
                super().store_string(string)

    history_file.parent.mkdir(parents=True, exist_ok=True)
    session: PromptSession[str] = PromptSession(history=GuardedHistory(str(history_file)))
    while True:
        try:
            yield session.prompt(prompt())
        except KeyboardInterrupt:
            continue
        except EOFError:
            return


def run_chat(lab: Lab, lines: Iterable[str], out: Callable[[str], None]) -> None:
    lab.session.interactive = True
    try:
        for line in lines:
            try:
                if not handle_line(lab, line, out):
                    break
            except MemoryFrameworkError as exc:
                out(f"labmem: {exc}")
    except KeyboardInterrupt:
        out("")
    finally:
        summarised = lab.session.did_something and not lab.session.closed
        lab.close()
        if summarised:
            out("Session closed; its summary is in today's daily log.")
        else:
            out("Session closed; nothing happened worth a summary.")
