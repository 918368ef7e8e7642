"""Session commands: chat, ask, boot."""

from __future__ import annotations

import sys
from pathlib import Path

import click

from coordinator.cli.app import cli, emit_json, json_option, open_lab


@cli.command()
@click.option(
    "--script",
    type=click.Path(exists=True, dir_okay=False, path_type=Path),
    help="Run the lines of this file unattended.",
)
@click.option("--project", help="Start with this project active.")
@click.option("--keep", is_flag=True, help="Keep the session's state in SQLite.")
@click.pass_context
def chat(ctx: click.Context, script: Path | None, project: str | None, keep: bool) -> None:
    """The lab assistant: statements are remembered, questions answered from memory."""
    from coordinator.session.chat import interactive_lines, prompt_text, run_chat
    from coordinator.session.paste import blocks

    with open_lab(ctx) as lab:
        if keep:
            lab.keep_session()
        if project:
            lab.boot(project=project)
        if script is not None:
            lines = script.read_text(encoding="utf-8").splitlines()
            run_chat(lab, blocks(lines), click.echo)
        elif sys.stdin.isatty():
            click.echo(
                f"labmem chat — workspace {lab.workspace.root} ({lab.session_kind} "
                "session). Type /help for commands; Ctrl-C clears the line, Ctrl-D ends."
            )
            history = lab.workspace.state_dir / "chat_history"
            typed = interactive_lines(
                history, lab.settings.max_entry_bytes, lambda: prompt_text(lab)
            )
            run_chat(lab, typed, click.echo)
        else:
            run_chat(lab, blocks(sys.stdin), click.echo)


@cli.command()
@click.argument("question")
@click.option(
    "--k",
    "k",
    default=3,
    show_default=True,
    type=click.IntRange(1, 50),
    help="Sources cited (≤ 3).",
)
@json_option
@click.pass_context
def ask(ctx: click.Context, question: str, k: int, as_json: bool) -> None:
    """Answer one question from memory: the direct answer first, then its cited sources.
    Dates in the question ("yesterday", "el martes pasado", "on 2026-11-20") are read in
    your time zone; when memory holds nothing, it says so ("found": false in JSON)."""
    with open_lab(ctx) as lab:
        answer = lab.ask(question, k=k)
    if as_json:
        emit_json(answer.to_json())
    else:
        click.echo(answer.text)


@cli.command()
@click.option("--project", help="Load this project's notes too.")
@click.pass_context
def boot(ctx: click.Context, project: str | None) -> None:
    """Print the preamble a session starts with."""
    with open_lab(ctx) as lab:
        click.echo(lab.boot(project=project).text)


@cli.command()
@click.pass_context
def mcp(ctx: click.Context) -> None:
    """Serve the memory over MCP on stdio (session kind: LABMEM_MCP_SESSION_KIND)."""
    from coordinator.lab import Lab
    from coordinator.mcp_server import build_server
    from coordinator.mcp_wire import serve_stdio
    from coordinator.settings import load_settings

    settings = load_settings(home=ctx.obj["home"])
    with Lab.open(settings=settings, session_kind=settings.mcp_session_kind) as lab:
        serve_stdio(build_server(lab))
