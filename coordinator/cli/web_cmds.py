"""``labmem web``: serve the local web view; ``labmem skills approve|discard``: decide on a
draft skill (the web review queue calls the same functions)."""

from __future__ import annotations

import click

from coordinator.cli.app import cli, confirm, open_lab
from coordinator.cli.skills_cmds import skills


@cli.command()
@click.option(
    "--port",
    default=8765,
    show_default=True,
    type=click.IntRange(0, 65535),
    help="Port on 127.0.0.1 (0: any free port).",
)
@click.option("--open", "open_browser", is_flag=True, help="Open the page in a browser.")
@click.option(
    "--session-kind",
    type=click.Choice(["main", "shared", "subagent", "cron"]),
    default=None,
    help="Act as this kind of session (default: main, or the global --session-kind).",
)
@click.pass_context
def web(ctx: click.Context, port: int, open_browser: bool, session_kind: str | None) -> None:
    """Look at your memory in a browser: served on 127.0.0.1 only, behind a per-start token."""
    from coordinator.web import bind, new_token, serve

    if session_kind is not None:
        ctx.obj["session_kind"] = session_kind
    try:
        sock = bind(port)
    except OSError as exc:
        raise click.ClickException(
            f"cannot listen on 127.0.0.1:{port} ({exc.strerror}); choose another --port "
            "(0 picks a free one)."
        ) from None

    def ready(url: str) -> None:
        click.echo(f"labmem web ({ctx.obj['session_kind']} session): {url}")
        click.echo("Ctrl-C stops it. The token changes at every start.")
        if open_browser:
            import webbrowser

            webbrowser.open(url)

    with open_lab(ctx) as lab:
        serve(lab, sock, new_token(), ready)


@skills.command()
@click.argument("name")
@click.pass_context
def approve(ctx: click.Context, name: str) -> None:
    """Approve a draft skill: its status becomes active."""
    from coordinator.maintenance.skill_review import approve_skill

    with open_lab(ctx) as lab:
        path = approve_skill(lab, name)
    click.echo(f"approved {name} ({path})")


@skills.command()
@click.argument("name")
@click.option("--yes", is_flag=True, help="Do not ask for confirmation.")
@click.pass_context
def discard(ctx: click.Context, name: str, yes: bool) -> None:
    """Discard a draft skill: its folder is removed."""
    from coordinator.maintenance.skill_review import discard_skill

    if not yes:
        confirm(f"Remove the draft skill {name} and its folder?", "the draft is kept")
    with open_lab(ctx) as lab:
        path = discard_skill(lab, name)
    click.echo(f"discarded {name} ({path})")
