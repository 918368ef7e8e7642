"""The order of the Coordinator's steps, defined once, and the direct way to run them.

``STEPS`` names each step; ``NEXT`` says what follows it — a step's name, ``END``, or a
function of the state that chooses. ``coordinator.graph.compiled`` builds the LangGraph
graph from these two tables (sessions: chat, MCP, a kept session); ``run_steps`` walks the
same tables in-process for one-shot commands, so ``labmem remember`` never imports
langgraph. Both give the same receipts (tests/unit/coordinator/test_steps.py).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from coordinator.graph import nodes
from coordinator.graph.state import CoordinatorContext, CoordinatorState

__all__ = ["END", "FIRST", "NEXT", "STEPS", "run_steps"]

END = "__end__"  # LangGraph's END
FIRST = "intake"

Step = Callable[[CoordinatorState, Any], CoordinatorState]
Choice = Callable[[CoordinatorState], str]

STEPS: dict[str, Step] = {
    "intake": nodes.intake,
    "guard": nodes.guard,
    "intent": nodes.intent,
    "answer": nodes.answer,
    "activate": nodes.activate,
    "route": nodes.route,
    "dedupe": nodes.dedupe,
    "write": nodes.write,
    "quarantine": nodes.quarantine,
    "not_stored": nodes.not_stored,
}

NEXT: dict[str, str | Choice] = {
    "intake": "guard",
    "guard": nodes.after_guard,
    "intent": nodes.after_intent,
    "answer": END,
    "activate": END,
    "route": nodes.after_route,
    "not_stored": END,
    "dedupe": "write",
    "write": END,
    "quarantine": END,
}


@dataclass(frozen=True, slots=True)
class _Runtime:
    context: CoordinatorContext


def run_steps(state: CoordinatorState, context: CoordinatorContext) -> CoordinatorState:
    """Run the steps from ``FIRST`` to ``END`` on a copy of ``state``; the final state."""
    values: CoordinatorState = {**state}
    runtime = _Runtime(context)
    step = FIRST
    while step != END:
        values.update(STEPS[step](values, runtime))
        following = NEXT[step]
        step = following if isinstance(following, str) else following(values)
    return values
