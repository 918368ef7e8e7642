"""The ``labmem`` command line: a thin adapter over ``coordinator.Lab``.

Only click is imported at start-up; each command imports the library when it runs, so
``labmem --help`` stays fast.
"""

from __future__ import annotations

from coordinator.cli import (  # noqa: F401  (register the commands)
    maintenance_cmds,
    memory_cmds,
    search_cmds,
    session_cmds,
    skills_cmds,
    web_cmds,
    workspace_cmds,
)
from coordinator.cli.app import cli, main

__all__ = ["cli", "main"]
