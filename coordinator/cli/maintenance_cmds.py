"""Maintenance commands: distill, review, forget, schedule."""

from __future__ import annotations

import signal
from datetime import date
from typing import Any

import click

from coordinator.cli.app import cli, confirm, emit_json, json_option, open_lab


def _day(value: str | None, name: str) -> date | None:
    if value is None:
        return None
    try:
        return date.fromisoformat(value)
    except ValueError:
        raise click.BadParameter(
            f"{value!r} is not a date; use YYYY-MM-DD", param_hint=name
        ) from None


@cli.command()
@click.option("--dry-run", is_flag=True, help="Show the changes without writing them.")
@click.option("--since", help="Distil days from YYYY-MM-DD on (again, idempotently).")
@click.option("--until", help="Distil days up to YYYY-MM-DD.")
@click.option("--today", "include_today", is_flag=True, help="Include today's active log.")
@click.option("--no-prune", is_flag=True, help="Do not archive stale or superseded entries.")
@click.option("--archive-logs", is_flag=True, help="Also move logs past retention to the archive.")
@json_option
@click.pass_context
def distill(
    ctx: click.Context,
    dry_run: bool,
    since: str | None,
    until: str | None,
    include_today: bool,
    no_prune: bool,
    archive_logs: bool,
    as_json: bool,
) -> None:
    """Promote durable facts from the daily logs into MEMORY.md (offline, extractive)."""
    from rich.progress import Progress

    from coordinator.maintenance.job import run_maintenance

    with open_lab(ctx) as lab, Progress(transient=True, disable=as_json) as bar:
        task = bar.add_task("distilling", total=None)
        report = run_maintenance(
            lab,
            since=_day(since, "--since"),
            until=_day(until, "--until"),
            include_today=include_today,
            dry_run=dry_run,
            prune=not no_prune,
            archive_logs=archive_logs,
            progress=lambda done, total: bar.update(task, completed=done, total=total),
        )
    if as_json:
        emit_json(report.to_json())
        return
    d = report.distill
    click.echo(
        ("Would apply" if dry_run else "Applied") + f" — {len(d.days)} days, "
        f"{d.scanned} entries scanned:"
    )
    click.echo(d.diff() or "(no new durable facts)")
    for item in report.archived:
        click.echo(f"- archive {item['id']}: {item['reason']}")
    if report.prune and report.prune.aborted:
        click.echo(f"pruning skipped: {report.prune.aborted}")
    for line in report.logs_archived:
        click.echo(f"moved {line}")
    for problem in d.problems:
        click.echo(f"warning: {problem}")


@cli.command()
@json_option
@click.option("--list", "list_only", is_flag=True, help="List only; take no action.")
@click.option(
    "--interactive/--no-interactive",
    default=None,
    help="Ask for an action on each item (default: when on a terminal).",
)
@click.pass_context
def review(ctx: click.Context, as_json: bool, list_only: bool, interactive: bool | None) -> None:
    """What needs a person: near-duplicates, quarantined text, stale entries, draft skills."""
    import sys

    from coordinator.maintenance.review import review_items

    if interactive is None:
        interactive = sys.stdin.isatty()
    with open_lab(ctx) as lab:
        items = review_items(lab)
        if as_json or list_only or not interactive:
            if as_json:
                emit_json({"items": [i.to_json() for i in items]})
            else:
                for item in items:
                    click.echo(
                        f"[{item.kind}] {item.id} {item.citation}: {item.text} — {item.detail}"
                    )
                if not items:
                    click.echo("Nothing to review.")
            return
        for item in items:
            _act(lab, item)


def _act(lab: Any, item: Any) -> None:
    from coordinator.maintenance.forget import forget

    click.echo(f"\n[{item.kind}] {item.citation}\n  {item.text}\n  {item.detail}")
    action = click.prompt("action", type=click.Choice(list(item.actions)), default="keep")
    if action == "confirm":
        lab.confirm(item.id)
    elif action == "archive":
        lab.archive_memory([item.id], reason="archived in review")
    elif action == "drop":
        forget(lab, item.id)
    elif action == "supersede":
        from coordinator.maintenance.review import supersede_entry

        supersede_entry(lab, item.id, item.other)  # the older entry is the one retired
    click.echo(f"  → {action}")


@cli.command()
@click.argument("entry_id")
@click.option("--yes", is_flag=True, help="Do not ask for confirmation.")
@json_option
@click.pass_context
def forget(ctx: click.Context, entry_id: str, yes: bool, as_json: bool) -> None:
    """Remove an entry's text from every file: layers, logs, backups, index, kept sessions.

    Run it again to finish a forget that was interrupted."""
    from coordinator.maintenance.forget import forget as forget_entry
    from coordinator.maintenance.forget import what_forget_removes

    with open_lab(ctx) as lab:
        texts = what_forget_removes(lab, entry_id)  # an unknown id fails before asking
        if not yes:
            if texts:
                shown = "; ".join(f"“{_short(t)}”" for t in texts[:3])
                more = f" and {len(texts) - 3} more" if len(texts) > 3 else ""
                question = f"Forget {entry_id} ({shown}{more}) everywhere"
            else:
                question = f"Finish the interrupted forget of {entry_id}"
            confirm(f"{question}? This cannot be undone.", "nothing was removed")
        report = forget_entry(lab, entry_id)
    data = {
        "id": report.id,
        "removed_from": report.removed_from,
        "redacted_in": report.redacted_in,
        "backups_cleaned": report.backups_cleaned,
        "sessions_dropped": report.sessions_dropped,
        "resumed": report.resumed,
    }
    if as_json:
        emit_json(data)
    else:
        done = [
            f"removed from {', '.join(report.removed_from)}" if report.removed_from else "",
            f"redacted in {', '.join(report.redacted_in)}" if report.redacted_in else "",
            f"{report.backups_cleaned} backups cleaned" if report.backups_cleaned else "",
            f"{report.sessions_dropped} kept chat sessions dropped"
            if report.sessions_dropped
            else "",
            "finished an interrupted forget" if report.resumed else "",
        ]
        click.echo(f"forgot {entry_id}: " + ("; ".join(d for d in done if d) or "nothing left"))


def _short(text: str, width: int = 60) -> str:
    return text if len(text) <= width else text[: width - 1].rstrip() + "…"


@cli.group()
def schedule() -> None:
    """The maintenance schedule (settings: schedule, a cron expression or an RRULE)."""


def _schedule(ctx: click.Context) -> Any:
    from coordinator.maintenance.scheduler import Schedule
    from coordinator.settings import load_settings

    settings = load_settings(home=ctx.obj["home"])
    return settings, Schedule(settings.schedule, settings.zone())


@schedule.command()
@click.option("--count", default=5, show_default=True, type=click.IntRange(1, 50))
@click.pass_context
def show(ctx: click.Context, count: int) -> None:
    """Print the next maintenance runs in your time zone."""
    settings, sched = _schedule(ctx)
    click.echo(f"schedule: {settings.schedule}")
    for when in sched.upcoming(settings.clock().now(), count):
        click.echo(when.astimezone(sched.zone).isoformat())


@schedule.command()
@click.pass_context
def install(ctx: click.Context) -> None:
    """Print a crontab line and a systemd user unit for the OS scheduler."""
    from coordinator.maintenance.scheduler import install_text

    settings, sched = _schedule(ctx)
    click.echo(install_text(sched, settings.home), nl=False)


@schedule.command()
@click.pass_context
def run(ctx: click.Context) -> None:
    """Run the scheduler in the foreground (catches up a missed run; Ctrl-C stops it)."""
    from coordinator.lab import Lab
    from coordinator.maintenance.job import run_maintenance
    from coordinator.maintenance.scheduler import Scheduler

    settings, sched = _schedule(ctx)
    log_file = settings.home.expanduser() / ".labmem" / "state" / "scheduler.log"

    def log(line: str) -> None:
        click.echo(line)
        log_file.parent.mkdir(parents=True, exist_ok=True)
        with log_file.open("a", encoding="utf-8") as handle:
            handle.write(line + "\n")

    def job() -> str:
        with Lab.open(settings=settings, session_kind="main") as lab:
            report = run_maintenance(lab, archive_logs=True)
        d = report.distill
        return (
            f"{len(d.days)} days, {len(d.written)} promoted, "
            f"{len(report.archived)} archived, {len(report.logs_archived)} logs moved"
        )

    runner = Scheduler(
        sched, settings.home.expanduser() / ".labmem" / "state", job, log, settings.clock().now
    )
    signal.signal(signal.SIGTERM, lambda *_: runner.stop.set())
    try:
        runner.run_forever()
    except KeyboardInterrupt:
        runner.stop.set()
        log("scheduler stopped")
