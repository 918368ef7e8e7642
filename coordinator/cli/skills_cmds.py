"""Skill commands: labmem skills list | show | match | new | lint."""

from __future__ import annotations

import click

from coordinator.cli.app import cli, echo_notes, emit_json, json_option, open_lab


@cli.group()
def skills() -> None:
    """Skills: SKILL.md / TOOL.md capabilities activated by trigger phrases."""


@skills.command(name="list")
@json_option
@click.pass_context
def list_(ctx: click.Context, as_json: bool) -> None:
    """List skills (workspace first, then bundled), drafts and problems."""
    with open_lab(ctx) as lab:
        cat = lab.skills.catalogue()
    rows = [
        {
            "name": s.name,
            "description": s.meta.description,
            "triggers": s.meta.triggers,
            "status": s.meta.status,
            "origin": s.origin,
            "path": s.path,
            "tool": s.tool.meta.name if s.tool else None,
            "gating": list(s.gating),
        }
        for s in cat.skills.values()
    ]
    if as_json:
        emit_json({"skills": rows, "problems": cat.problems, "warnings": cat.warnings})
        return
    for row in rows:
        flag = " [draft — review it]" if row["status"] == "draft" else ""
        gate = f" (unavailable: {'; '.join(row['gating'])})" if row["gating"] else ""
        click.echo(f"{row['name']:24} {row['origin']:9} {row['description']}{flag}{gate}")
    echo_notes(cat.warnings, cat.problems)


@skills.command()
@click.argument("name")
@json_option
@click.pass_context
def show(ctx: click.Context, name: str, as_json: bool) -> None:
    """Show one skill: description, triggers, sections and its tool."""
    with open_lab(ctx) as lab:
        skill = lab.skills.get(name)
    data = {
        "name": skill.name,
        "description": skill.meta.description,
        "triggers": skill.meta.triggers,
        "status": skill.meta.status,
        "path": skill.path,
        "sections": skill.sections,
        "tool": skill.tool.meta.model_dump() if skill.tool else None,
    }
    if as_json:
        emit_json(data)
        return
    click.echo(f"{skill.name} ({skill.path}) — {skill.meta.description}")
    click.echo(f"triggers: {', '.join(skill.meta.triggers) or '(none)'}")
    for title, body in skill.sections.items():
        click.echo(f"\n## {title.title()}\n{body}")
    if skill.tool:
        click.echo(f"\ntool {skill.tool.meta.name}: {skill.tool.meta.command}")


@skills.command()
@click.argument("request")
@json_option
@click.pass_context
def match(ctx: click.Context, request: str, as_json: bool) -> None:
    """Which skills REQUEST would activate, best first, and why."""
    with open_lab(ctx) as lab:
        found = lab.skills.match(request)
    if as_json:
        emit_json({"request": request, "matches": [m.to_json() for m in found]})
        return
    if not found:
        click.echo("No skill matches.")
    for m in found:
        click.echo(f"{m.score:.2f}  {m.name}  ({m.method}: {m.why})")


@skills.command()
@click.argument("name")
@click.pass_context
def new(ctx: click.Context, name: str) -> None:
    """Create skills/NAME/SKILL.md from a template."""
    from skills.scaffold import new_skill

    with open_lab(ctx) as lab:
        from memory.visibility import require

        require(lab.session_kind, "skill", "write")
        path = new_skill(lab.workspace.skills_dir, name)
    click.echo(f"created {path}; edit its description, triggers and workflow")


@skills.command()
@json_option
@click.pass_context
def lint(ctx: click.Context, as_json: bool) -> None:
    """Check every skill; exit 1 if any is broken."""
    with open_lab(ctx) as lab:
        cat = lab.skills.catalogue()
    if as_json:
        emit_json(
            {
                "ok": not cat.problems,
                "problems": cat.problems,
                "warnings": cat.warnings,
                "skills": sorted(cat.skills),
            }
        )
    else:
        echo_notes(cat.warnings, cat.problems)
        if not cat.problems:
            click.echo(f"{len(cat.skills)} skills OK.")
    if cat.problems:
        ctx.exit(1)
