"""Skill commands: labmem skills list | show | match | new | lint."""

from __future__ import annotations

from pathlib import Path

import click

from coordinator.cli.app import cli, echo_notes, emit_json, json_option, open_lab


@cli.group()
def skills() -> None:
    """Skills: Agent Skills folders, activated by trigger phrases or their description."""


@skills.command(name="list")
@json_option
@click.pass_context
def list_(ctx: click.Context, as_json: bool) -> None:
    """List skills in precedence order (workspace, LABMEM_SKILLS_PATH, bundled), the ones
    shadowed by a skill of the same name earlier on, drafts and problems."""
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
            "files": [r.to_json() for r in s.resources],
            "gating": list(s.gating),
        }
        for s in cat.skills.values()
    ]
    if as_json:
        emit_json(
            {
                "roots": [{"origin": o, "path": p} for o, p in cat.roots],
                "skills": rows,
                "shadowed": [s.to_json() for s in cat.shadowed],
                "problems": cat.problems,
                "warnings": cat.warnings,
            }
        )
        return
    width = max([len(str(r["name"])) for r in rows] + [len(s.name) for s in cat.shadowed] + [4])
    click.echo("roots, first wins: " + "  ".join(f"{o}={p}" for o, p in cat.roots))
    for row in rows:
        flag = " [draft — review it]" if row["status"] == "draft" else ""
        gate = f" (unavailable: {'; '.join(row['gating'])})" if row["gating"] else ""
        text = " ".join(str(row["description"]).split())
        text = text if len(text) <= 90 else text[:89] + "…"
        click.echo(f"{row['name']:{width}} {row['origin']:9} {text}{flag}{gate}")
    for shadow in cat.shadowed:
        click.echo(f"{shadow.name:{width}} shadowed  {shadow.path} (by {shadow.by})")
    echo_notes(cat.warnings, cat.problems)


@skills.command()
@click.argument("name")
@json_option
@click.pass_context
def show(ctx: click.Context, name: str, as_json: bool) -> None:
    """Show one skill: description, triggers, body, files and its tool."""
    with open_lab(ctx) as lab:
        skill = lab.skills.get(name)
    data = {
        "name": skill.name,
        "description": skill.meta.description,
        "triggers": skill.meta.triggers,
        "status": skill.meta.status,
        "path": skill.path,
        "origin": skill.origin,
        "front_matter": skill.meta.model_dump(by_alias=True, exclude_unset=True),
        "sections": skill.sections,
        "instructions": skill.workflow,
        "files": [r.to_json() for r in skill.resources],
        "tool": skill.tool.meta.model_dump() if skill.tool else None,
        "warnings": list(skill.warnings),
    }
    if as_json:
        emit_json(data)
        return
    click.echo(f"{skill.name} ({skill.path}) — {skill.meta.description}")
    click.echo(f"triggers: {', '.join(skill.meta.triggers) or '(none)'}")
    click.echo(f"\n{skill.body.strip()}")
    for res in skill.resources:
        click.echo(f"file: {res.path} ({res.size} bytes)")
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
        near = None if found else lab.skills.matcher().closest(request)
    closest = None
    if near is not None:
        name, score, needed = near
        closest = {"name": name, "score": round(score, 3), "needs": round(needed, 3)}
    if as_json:
        emit_json({"request": request, "matches": [m.to_json() for m in found], "closest": closest})
        return
    if not found:
        click.echo("No skill matches.")
    if near is not None and near[1] >= near[2] / 4:  # near enough to be worth saying
        click.echo(
            f"closest by description: {near[0]} ({near[1]:.2f}; activates at {near[2]:.2f})"
            " — to activate it on your own words, give it trigger phrases (`triggers:` in its"
            " SKILL.md)"
        )
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


_NOWHERE = Path("/nonexistent/labmem-lint")


@skills.command()
@click.argument("folder", required=False, type=click.Path(path_type=Path))
@click.option("--strict", is_flag=True, help="Spec warnings count as errors (exit 1).")
@json_option
@click.pass_context
def lint(ctx: click.Context, folder: Path | None, strict: bool, as_json: bool) -> None:
    """Check every skill (or FOLDER: one skill, or a folder of skills) against the Agent
    Skills specification; exit 1 on errors, and with --strict on spec warnings too."""
    from skills.discovery import SkillLibrary

    if folder is None:
        with open_lab(ctx) as lab:
            cat = lab.skills.catalogue()
    elif (folder / "SKILL.md").is_file():
        cat = SkillLibrary(_NOWHERE, include_bundled=False, extra_roots=[folder.parent]).catalogue()
        mine = str(folder.parent / folder.resolve().name)
        cat.skills = {n: s for n, s in cat.skills.items() if s.path == f"{mine}/SKILL.md"}
        cat.warnings = [w for s in cat.skills.values() for w in s.warnings]
        cat.problems = [p for p in cat.problems if p.startswith(f"{mine}/")]
    elif folder.is_dir():
        cat = SkillLibrary(_NOWHERE, include_bundled=False, extra_roots=[folder]).catalogue()
    else:
        raise click.UsageError(
            f"{folder} is not a folder; give a skill's folder or a folder of skills"
        )
    # --strict: the skills' own spec warnings count, not a note about a collection's other
    # folders ("docs: has no SKILL.md" in a folder LABMEM_SKILLS_PATH names)
    spec = [w for skill in cat.skills.values() for w in skill.warnings]
    errors = cat.problems + (spec if strict else [])
    if as_json:
        emit_json(
            {
                "ok": not errors,
                "problems": cat.problems,
                "warnings": cat.warnings,
                "suggestions": cat.suggestions,
                "skills": sorted(cat.skills),
            }
        )
    else:
        for line in cat.suggestions:
            click.echo(f"suggestion: {line}")
        echo_notes(cat.warnings, cat.problems)
        if not errors:
            click.echo(f"{len(cat.skills)} skills OK.")
    if errors:
        ctx.exit(1)
