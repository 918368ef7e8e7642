"""The Coordinator's steps and the two ways to run them.

``state`` (values and inputs), ``nodes`` (the steps), ``writer`` (the write step),
``steps`` (their order, defined once, and the direct runner) and ``compiled`` (the LangGraph
graph built from that order). Names load on first use (PEP 562): a one-shot command that
uses the steps does not import langgraph.
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from coordinator.graph.compiled import build_graph, sqlite_saver
    from coordinator.graph.state import (
        CoordinatorContext,
        CoordinatorState,
        remember_input,
        turn_input,
    )
    from coordinator.graph.steps import run_steps

__all__ = [
    "CoordinatorContext",
    "CoordinatorState",
    "build_graph",
    "remember_input",
    "run_steps",
    "sqlite_saver",
    "turn_input",
]

_HOME = {
    "CoordinatorContext": "coordinator.graph.state",
    "CoordinatorState": "coordinator.graph.state",
    "build_graph": "coordinator.graph.compiled",
    "remember_input": "coordinator.graph.state",
    "run_steps": "coordinator.graph.steps",
    "sqlite_saver": "coordinator.graph.compiled",
    "turn_input": "coordinator.graph.state",
}


def __getattr__(name: str) -> Any:
    if name in _HOME:
        return getattr(import_module(_HOME[name]), name)
    raise AttributeError(f"module 'coordinator.graph' has no attribute {name!r}")
