"""Workspace commands: init, doctor, archive, projects, tour."""

from __future__ import annotations

from pathlib import Path

import click

from coordinator.cli.app import check_home, cli, echo_notes, emit_json, json_option, open_lab


@cli.command()
@click.argument("path", required=False, type=click.Path(file_okay=False, path_type=Path))
@json_option
@click.pass_context
def init(ctx: click.Context, path: Path | None, as_json: bool) -> None:
    """Create a workspace at PATH (default: --home). Never overwrites anything."""
    from coordinator.settings import load_settings
    from memory.workspace import Workspace

    if path is None:
        check_home(ctx)
    settings = load_settings(home=path or ctx.obj["home"])
    ws = Workspace(settings.home.expanduser())
    created = ws.init()
    if as_json:
        emit_json({"workspace": str(ws.root), "created": created})
        return
    if created:
        click.echo(f"Initialised labmem workspace at {ws.root}")
        for item in created:
            click.echo(f"  created {item}")
    else:
        click.echo(f"Workspace at {ws.root} already set up; nothing changed.")


@cli.command()
@click.option("--fix", is_flag=True, help="Fill in missing metadata of hand-written entries.")
@click.option(
    "--accept",
    "accept",
    multiple=True,
    metavar="YYYY-MM-DD",
    help="A past day whose log you edited on purpose: record it as it is now (repeatable).",
)
@json_option
@click.pass_context
def doctor(ctx: click.Context, fix: bool, accept: tuple[str, ...], as_json: bool) -> None:
    """Check the workspace: metadata, past-day tampering, stray text."""
    from coordinator.maintenance.doctor import run_doctor

    with open_lab(ctx) as lab:
        report = run_doctor(lab, fix=fix, accept=accept)
    if as_json:
        emit_json(report.to_json())
    else:
        for line in report.info:
            click.echo(line)
        for line in report.fixed:
            click.echo(f"fixed: {line}")
        echo_notes(report.warnings, report.problems)
        if report.ok and not report.warnings:
            click.echo("All good.")
    if not report.ok:
        ctx.exit(1)


@cli.command()
@click.option("--dry-run", is_flag=True, help="Show what would move.")
@json_option
@click.pass_context
def archive(ctx: click.Context, dry_run: bool, as_json: bool) -> None:
    """Move daily logs older than the retention period to memory/archive/YYYY/."""
    with open_lab(ctx) as lab:
        moved = lab.archive_logs(dry_run=dry_run)
        days = lab.settings.retention_days
    if as_json:
        emit_json({"moved": moved, "dry_run": dry_run, "retention_days": days})
        return
    if not moved:
        click.echo(f"No daily log is older than {days} days.")
    for line in moved:
        click.echo(("would move " if dry_run else "moved ") + line)


@cli.command()
@json_option
@click.pass_context
def projects(ctx: click.Context, as_json: bool) -> None:
    """List the projects and how many entries their notes hold."""
    with open_lab(ctx) as lab:
        rows = [(name, len(lab.project_records(name))) for name in lab.project_names()]
    if as_json:
        emit_json({"projects": [{"name": n, "entries": c} for n, c in rows]})
        return
    if not rows:
        click.echo(
            "No projects yet. Add a note with: labmem remember TEXT --layer project --project NAME"
        )
    for name, count in rows:
        click.echo(f"{name}\t{count} {'entry' if count == 1 else 'entries'}")


@cli.command()
@click.option(
    "--keep",
    type=click.Path(file_okay=False, path_type=Path),
    help="Build the tour workspace here instead of a temporary folder.",
)
def tour(keep: Path | None) -> None:
    """A non-interactive tour: builds a workspace and shows each layer."""
    from coordinator.tour import run_tour

    run_tour(keep, click.echo)
