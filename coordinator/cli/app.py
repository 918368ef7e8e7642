"""The root command group, error mapping and shared options."""

from __future__ import annotations

import json
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

import click

if TYPE_CHECKING:
    from coordinator.lab import Lab

F = TypeVar("F", bound=Callable[..., Any])


class LabmemGroup(click.Group):
    """Maps our domain errors to one clear line on stderr and exit code 1."""

    def invoke(self, ctx: click.Context) -> Any:
        try:
            return super().invoke(ctx)
        except click.exceptions.Exit:
            raise
        except click.ClickException:
            raise
        except Exception as exc:
            from memory.errors import MemoryFrameworkError

            if isinstance(exc, BrokenPipeError):
                quiet_pipe()
                ctx.exit(0)

            if isinstance(exc, MemoryFrameworkError):
                click.echo(f"labmem: {exc}", err=True)
                ctx.exit(1)
            if isinstance(exc, OSError):
                click.echo(f"labmem: {exc.strerror or exc}: {exc.filename or ''}", err=True)
                ctx.exit(1)
            raise


@click.group(cls=LabmemGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="labmem")
@click.option(
    "--home",
    type=click.Path(path_type=Path),
    envvar="LABMEM_HOME",
    help="Workspace root (default: $LABMEM_HOME or ~/labmem).",
)
@click.option(
    "--session-kind",
    type=click.Choice(["main", "shared", "subagent", "cron"]),
    default="main",
    show_default=True,
    help="Act as this kind of session (visibility rules apply).",
)
@click.pass_context
def cli(ctx: click.Context, home: Path | None, session_kind: str) -> None:
    """labmem — layered Markdown memory for a personal lab assistant."""
    explicit = ctx.get_parameter_source("home") == click.core.ParameterSource.COMMANDLINE
    ctx.obj = {"home": home, "session_kind": session_kind, "home_given": explicit}


def check_home(ctx: click.Context) -> None:
    """The workspace a command is about to use must be a folder: say which setting named a
    file (``--home`` or ``LABMEM_HOME``) and how to fix it."""
    home = ctx.obj["home"]
    if home is None or not home.expanduser().is_file():
        return
    from memory.errors import InvalidInputError

    option = "--home" if ctx.obj["home_given"] else "LABMEM_HOME"
    given = f"--home {home}" if ctx.obj["home_given"] else f"LABMEM_HOME={home}"
    raise InvalidInputError(
        f"{given} is a file; the workspace must be a folder (e.g. ~/labmem): "
        f"point {option} at a folder."
    )


def confirm(question: str, kept: str) -> None:
    """Ask before an action that cannot be undone; a "no" or no answer at all (input is
    not a terminal) stops with one line saying what was kept and how to skip the question."""
    try:
        agreed = click.confirm(question, default=False)
    except click.Abort:  # end of input: nobody to answer
        agreed = False
    if not agreed:
        click.echo(f"labmem: not confirmed; {kept} (add --yes to skip the question)", err=True)
        raise click.exceptions.Exit(1)


def json_option(func: F) -> F:
    return click.option("--json", "as_json", is_flag=True, help="Print one JSON document.")(func)


# Commands that only read: on a folder that is not a workspace yet (a typo in LABMEM_HOME)
# they say so instead of creating an empty one and answering from it.
READS = frozenset({"ask", "boot", "doctor", "projects", "review", "search", "show"})


ONE_SHOT_WRITES = frozenset({"remember"})  # its session ends with the command


@contextmanager
def open_lab(ctx: click.Context) -> Iterator[Lab]:
    from coordinator.lab import Lab
    from coordinator.settings import load_settings

    check_home(ctx)
    settings = load_settings(home=ctx.obj["home"])
    root = settings.home.expanduser()
    if ctx.obj.get("home_given") or ctx.command.name in READS:
        require_workspace(root)
    new = not root.exists()
    with Lab.open(settings=settings, session_kind=ctx.obj["session_kind"]) as lab:
        lab.session.one_shot = ctx.command.name in ONE_SHOT_WRITES
        if new:  # a typo in LABMEM_HOME must not look like memory that went missing
            click.echo(f"labmem: note: no workspace at {root} yet; created one there", err=True)
        yield lab


def require_workspace(root: Path) -> None:
    """A folder named with --home, or read by a command that only reads, must already be a
    workspace: a typo never creates one."""
    from memory.errors import InvalidInputError
    from memory.workspace import Workspace

    if not Workspace(root).is_initialised():
        raise InvalidInputError(
            f"{root} is not a labmem workspace (no MEMORY.md and memory/ folder); create it "
            f"with 'labmem --home {root} init' or check the path."
        )


def quiet_pipe() -> None:
    """The reader of stdout went away (``| head``): stop writing, say nothing."""
    import os

    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError):
        pass


def echo_notes(warnings: list[str], problems: list[str]) -> None:
    """Warnings, then problems, one a line, as doctor and the skills commands print them."""
    for line in warnings:
        click.echo(f"warning: {line}")
    for line in problems:
        click.echo(f"problem: {line}")


def emit_json(data: Any) -> None:
    click.echo(json.dumps(data, ensure_ascii=False, indent=None, default=str))


def main() -> None:
    from memory.heap import scrub_freed_memory

    scrub_freed_memory()  # the labmem process only, never a host that imports Lab
    try:
        cli.main(prog_name="labmem")
    except KeyboardInterrupt:
        sys.exit(130)
    except BrokenPipeError:
        quiet_pipe()
        sys.exit(0)
