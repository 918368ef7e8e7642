"""Search commands: search, reindex."""

from __future__ import annotations

import click

from coordinator.cli.app import cli, emit_json, json_option, open_lab


@cli.command()
@click.argument("query")
@click.option(
    "--layer",
    "layers",
    multiple=True,
    type=click.Choice(["memory", "daily", "project", "skill"]),
    help="Search only this layer (repeat for more).",
)
@click.option("--project", help="Only this project's notes.")
@click.option("--kind", "kinds", multiple=True, help="Only entries of this kind.")
@click.option("--since", help="Only entries dated on or after YYYY-MM-DD.")
@click.option("--until", help="Only entries dated on or before YYYY-MM-DD.")
@click.option("--tag", "tags", multiple=True, help="Only entries with this tag.")
@click.option("--include-archive", is_flag=True, help="Also search archived logs and entries.")
@click.option(
    "--k", "k", default=10, show_default=True, type=click.IntRange(1, 200), help="How many hits."
)
@json_option
@click.pass_context
def search(
    ctx: click.Context,
    query: str,
    layers: tuple[str, ...],
    project: str | None,
    kinds: tuple[str, ...],
    since: str | None,
    until: str | None,
    tags: tuple[str, ...],
    include_archive: bool,
    k: int,
    as_json: bool,
) -> None:
    """Hybrid (lexical + semantic) search over every layer this session may see."""
    with open_lab(ctx) as lab:
        hits = lab.search(
            query,
            k=k,
            layers=layers or None,
            project=project,
            kinds=kinds or None,
            since=since,
            until=until,
            tags=tags or None,
            include_archive=include_archive,
        )
        warning = lab.search_warning
        pending = lab.services.search_service.pending()
    if warning:
        click.echo(f"labmem: {warning}", err=True)
    if pending:
        click.echo(
            f"labmem: {pending} new entries are matched by their words only for now; "
            "'labmem reindex' computes their vectors (searches also do, a little at a time).",
            err=True,
        )
    if as_json:
        emit_json(
            {"query": query, "partial": bool(pending), "hits": [hit.to_json() for hit in hits]}
        )
        return
    if not hits:
        click.echo("No matches.")
    for hit in hits:
        text = " ".join(hit.text.split())
        mark = "  [untrusted: " + str(hit.source) + "]" if hit.untrusted else ""
        click.echo(f"{hit.score:.2f}  {hit.citation}  [{hit.layer}/{hit.kind}]{mark}  {text}")


@cli.command()
@click.option("--full", is_flag=True, help="Drop the index and rebuild it from the Markdown.")
@json_option
@click.pass_context
def reindex(ctx: click.Context, full: bool, as_json: bool) -> None:
    """Bring the search index in step with the Markdown (only changed entries re-embed)."""
    import sys
    import time

    from rich.progress import Progress

    tty = sys.stderr.isatty()
    started = time.monotonic()
    with open_lab(ctx) as lab, Progress(transient=True, disable=as_json or not tty) as bar:
        task = bar.add_task("embedding", total=None)

        def progress(done: int, total: int) -> None:
            bar.update(task, completed=done, total=total)

        report = lab.reindex(progress, full=full)
        warning = lab.search_warning
    if not tty and report.reembedded:
        took = time.monotonic() - started
        click.echo(f"labmem: embedded {report.reembedded} chunks in {took:.1f} s", err=True)
    if warning:
        click.echo(f"labmem: {warning}", err=True)
    for line in report.withheld:
        click.echo(f"labmem: warning: {line}", err=True)
    data = {
        "files_scanned": report.files_scanned,
        "files_changed": report.files_changed,
        "added": report.added,
        "updated": report.updated,
        "removed": report.removed,
        "reembedded": report.reembedded,
        "rebuilt": report.rebuilt,
        "pending": report.pending,
        "withheld": report.withheld,
    }
    if as_json:
        emit_json(data)
    else:
        click.echo(", ".join(f"{k}: {v}" for k, v in data.items()))
