"""The Coordinator as a LangGraph graph, built from the one definition of its steps.

Sessions (chat, MCP, a kept session, the LangGraph store) run it: its checkpointer keeps
the session's state, in memory or in SQLite, keyed by the session id. One-shot commands
run the same steps without it (``coordinator.graph.steps.run_steps``).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, cast

from langgraph.checkpoint.memory import InMemorySaver
from langgraph.checkpoint.serde.jsonplus import JsonPlusSerializer
from langgraph.graph import END, START, StateGraph

from coordinator.graph.state import CHECKPOINT_TYPES, CoordinatorContext, CoordinatorState
from coordinator.graph.steps import FIRST, NEXT, STEPS

__all__ = ["build_graph", "serializer", "sqlite_saver"]


def serializer() -> JsonPlusSerializer:
    """Checkpoints may hold our frozen values (``Checked``, ``Decision``, ``Receipt``)."""
    return JsonPlusSerializer(allowed_msgpack_modules=CHECKPOINT_TYPES)


def sqlite_saver(path: Path) -> Any:
    """A SQLite checkpointer, for a session the user asked to keep."""
    import sqlite3

    from langgraph.checkpoint.sqlite import SqliteSaver

    path.parent.mkdir(parents=True, exist_ok=True)
    connection = sqlite3.connect(str(path), check_same_thread=False)
    return SqliteSaver(connection, serde=serializer())


def build_graph(checkpointer: Any = None) -> Any:
    """Compile the graph; session state lives in memory unless a saver is given."""
    graph = StateGraph(CoordinatorState, context_schema=CoordinatorContext)
    for name, step in STEPS.items():
        # A step takes any runtime with a ``context`` (StepRuntime); LangGraph's stubs name
        # only its own Runtime, which has one.
        graph.add_node(name, cast(Any, step))
    graph.add_edge(START, FIRST)
    for name, following in NEXT.items():
        if isinstance(following, str):
            graph.add_edge(name, END if following == "__end__" else following)
        else:
            graph.add_conditional_edges(name, following)
    return graph.compile(checkpointer=checkpointer or InMemorySaver(serde=serializer()))
