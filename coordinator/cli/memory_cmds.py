"""Memory commands: remember, show, import."""

from __future__ import annotations

from datetime import date
from pathlib import Path
from typing import TYPE_CHECKING, Any

import click

from coordinator.cli.app import cli, emit_json, json_option, open_lab
from memory.layers import LAYER_NAMES

if TYPE_CHECKING:
    from memory.records import Record

LAYERS = list(LAYER_NAMES)


@cli.command()
@click.argument("text")
@click.option(
    "--layer", type=click.Choice(LAYERS), help="Where the fact goes (default: routed by content)."
)
@click.option("--kind", help="fact, decision, preference, lesson, pitfall, event, …")
@click.option("--project", help="Project name (with --layer project).")
@click.option("--tag", "tags", multiple=True, help="A tag; repeat for more.")
@click.option("--supersedes", help="Id of the entry this one replaces.")
@click.option(
    "--source",
    default="user",
    show_default=True,
    help="Where the text came from; web, browser, tool, email, agent or a URL keep it "
    "in the daily log marked untrusted.",
)
@json_option
@click.pass_context
def remember(
    ctx: click.Context,
    text: str,
    layer: str,
    kind: str | None,
    project: str | None,
    tags: tuple[str, ...],
    supersedes: str | None,
    source: str,
    as_json: bool,
) -> None:
    """Store TEXT in a memory layer and print the receipt."""
    from coordinator.session.chat import similar_names

    note = _check_kind(kind)
    with open_lab(ctx) as lab:
        receipt = lab.remember(
            text,
            layer=layer,
            kind=kind,
            project=project,
            tags=tags,
            supersedes=supersedes,
            source=source,
        )
        similar = similar_names(lab, receipt.similar_to)
    if as_json:
        emit_json(receipt.to_json())
    elif receipt.ok:
        where = receipt.citation or receipt.layer
        similar = f" (similar to {similar})" if similar else ""
        click.echo(f"{receipt.status}: [{receipt.kind}] {receipt.id} → {where}{similar}")
        if note and receipt.status == "written":
            click.echo(f"labmem: note: {note}", err=True)
        if (
            receipt.status in {"similar", "superseded"}
            or "today's log" in receipt.reason
            or "today's daily log" in receipt.reason
            or "so kept" in receipt.reason  # kept elsewhere than the classifier said
        ):
            click.echo(f"  ({receipt.reason})")  # why, and where it went instead
        if receipt.status == "superseded" and receipt.supersedes:
            click.echo(f"  (wrong? labmem restore {receipt.supersedes['id']})")
    if not receipt.ok:
        click.echo(f"labmem: {receipt.reason}", err=True)
        ctx.exit(2 if receipt.status == "not_stored" else 1)


def _check_kind(kind: str | None) -> str | None:
    """Refuse a kind that looks like a typo of a known one; a note for a kind of one's own."""
    import difflib

    from memory.layers import KNOWN_KINDS

    if kind is None or kind in KNOWN_KINDS:
        return None
    close = difflib.get_close_matches(kind.lower(), KNOWN_KINDS, n=1, cutoff=0.75)
    if close:
        raise click.UsageError(
            f"kind {kind!r} is not one labmem knows; did you mean --kind {close[0]}? "
            f"(known kinds: {', '.join(KNOWN_KINDS)}; nothing was stored)"
        )
    return f"{kind!r} is a kind of your own (labmem knows: {', '.join(KNOWN_KINDS)})"


@cli.command()
@click.argument("old_id")
@click.option("--by", "new_id", required=True, help="Id of the newer entry that replaces it.")
@json_option
@click.pass_context
def supersede(ctx: click.Context, old_id: str, new_id: str, as_json: bool) -> None:
    """Retire entry OLD_ID in favour of the newer entry given with --by (history kept)."""
    from coordinator.maintenance.review import supersede_entry

    with open_lab(ctx) as lab:
        record = supersede_entry(lab, old_id, new_id)
    if as_json:
        emit_json({"id": record.id, "superseded_by": record.superseded_by})
    else:
        click.echo(f"superseded: {record.id} → {new_id}")


@cli.command()
@click.argument("entry_id")
@json_option
@click.pass_context
def restore(ctx: click.Context, entry_id: str, as_json: bool) -> None:
    """Bring back ENTRY_ID after a wrong supersede (the newer entry stays as it is)."""
    from coordinator.maintenance.review import restore_entry

    with open_lab(ctx) as lab:
        record, newer = restore_entry(lab, entry_id)
    if as_json:
        emit_json({"id": record.id, "no_longer_superseded_by": newer})
    elif newer:
        click.echo(f"restored: {record.id} (was superseded by {newer}): {record.text}")
    else:
        click.echo(f"restored: {record.id} (back from the archive): {record.text}")


@cli.command()
@click.argument("what", type=click.Choice(["memory", "today", "day", "project"]))
@click.argument("arg", required=False)
@json_option
@click.pass_context
def show(ctx: click.Context, what: str, arg: str | None, as_json: bool) -> None:
    """Show a layer: memory | today | day DATE | project NAME."""
    with open_lab(ctx) as lab:
        if what == "memory":
            records = lab.memory_records()
        elif what == "today":
            records = lab.local_day_records()
        elif what == "day":
            records = lab.day_records(_day(arg))
        else:
            if not arg:
                raise click.UsageError("'show project' needs a project name")
            records = lab.project_records(arg)
    if as_json:
        emit_json({"what": what, "arg": arg, "entries": [_record_json(r) for r in records]})
        return
    if not records:
        click.echo("(no entries)")
    section: str | None = None
    for record in records:
        if record.section and record.section != section and what in {"memory", "project"}:
            section = record.section
            click.echo(f"## {section}")
        flag = " (superseded)" if record.superseded_by else ""
        click.echo(f"- [{record.kind}] {record.text}{flag}  ({record.id}, {record.citation})")


@cli.command(name="import")
@click.argument("file", type=click.Path(exists=True, dir_okay=False, path_type=Path))
@json_option
@click.pass_context
def import_(ctx: click.Context, file: Path, as_json: bool) -> None:
    """Import entries from FILE.jsonl (one ImportItem as JSON per line)."""
    from coordinator.import_file import read_import_file

    items, not_json, lines = read_import_file(file)
    with open_lab(ctx) as lab:
        report = lab.import_entries(items)
    for refusal in report.refusals:
        refusal["reason"] = not_json.get(refusal["index"], refusal["reason"])
        refusal["line"] = lines[refusal["index"]]
    data = report.to_json()
    if as_json:
        emit_json(data)
    else:
        click.echo(
            f"written: {report.written}, confirmed: {report.confirmed}, refused: {report.refused}"
            + (
                f", quarantined (untrusted source, kept in the daily log): {report.quarantined}"
                if report.quarantined
                else ""
            )
            + (f", already present: {report.already_present}" if report.already_present else "")
        )
        for refusal in report.refusals:
            click.echo(f"  line {refusal['line']}: {refusal['reason']}")
    if report.refused:  # what was fine is kept; a script still learns that some was not
        ctx.exit(1)


def _day(arg: str | None) -> date:
    if not arg:
        raise click.UsageError("'show day' needs a date, e.g. 2026-11-29")
    try:
        return date.fromisoformat(arg)
    except ValueError:
        raise click.BadParameter(f"{arg!r} is not a date; use YYYY-MM-DD") from None


def _record_json(record: Record) -> dict[str, Any]:
    return {
        "id": record.id,
        "kind": record.kind,
        "text": record.text,
        "at": record.at.isoformat().replace("+00:00", "Z") if record.at else None,
        "src": record.src,
        "citation": record.citation,
        "section": record.section,
        "project": record.project,
        "tags": list(record.tags),
        "confirms": record.confirms,
        "superseded_by": record.superseded_by,
    }
