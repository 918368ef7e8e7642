"""Running the Coordinator for one session: remember, a chat turn, a question.

A session (chat, MCP, a kept session) runs the LangGraph graph, whose checkpointer keeps
its state between turns; a one-shot command (``labmem remember``, an import, a script)
runs the same steps directly (``run_steps``) and never imports langgraph. Which one runs
is decided here, once: the graph as soon as the session is interactive, kept, or has
built it.

It does NOT hold state of its own beyond the compiled graph: everything else is in
``Services``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from coordinator.graph.state import (
    CoordinatorContext,
    CoordinatorState,
    remember_input,
    turn_input,
)
from coordinator.graph.steps import run_steps
from coordinator.receipt import Receipt
from memory.errors import InvalidInputError
from memory.hygiene import check_kind, check_meta, check_metadata, check_tags
from memory.layers import layer_of_id
from memory.visibility import check_layer, require
from projects.notes import check_project_name

if TYPE_CHECKING:
    from coordinator.answer import Answer
    from coordinator.services import Services

__all__ = ["Coordinator"]


class Coordinator:
    """The Coordinator of one session, over its ``Services``."""

    def __init__(self, services: Services) -> None:
        self.services = services
        self._graph: Any = None

    @property
    def graph(self) -> Any:
        """The compiled LangGraph graph (imports langgraph), built on first use."""
        if self._graph is None:
            from coordinator.graph.compiled import build_graph

            self._graph = build_graph()
        return self._graph

    def keep(self) -> Path:
        """Keep this session's graph state in SQLite (``.labmem/state/sessions.sqlite``)."""
        from coordinator.graph.compiled import build_graph, sqlite_saver

        path = self.services.workspace.state_dir / "sessions.sqlite"
        self._graph = build_graph(sqlite_saver(path))
        return path

    def run(self, state: CoordinatorState) -> CoordinatorState:
        context = CoordinatorContext(self.services, self.ask)
        if self._graph is None and not self.services.session.interactive:
            return run_steps(state, context)
        # durability="exit": only the final state is checkpointed, after the guard ran.
        result: CoordinatorState = self.graph.invoke(
            state,
            context=context,
            config={"configurable": {"thread_id": self.services.session.id}},
            durability="exit",
        )
        return result

    def remember(
        self,
        text: str,
        *,
        layer: str | None = None,
        kind: str | None = None,
        project: str | None = None,
        tags: Sequence[str] = (),
        source: str = "user",
        supersedes: str | None = None,
        meta: Mapping[str, str] | None = None,
    ) -> Receipt:
        """Route ``text`` through the steps (guard, route, dedupe, write)."""
        session_kind = self.services.session_kind
        if layer is not None:
            check_layer(layer)
        if kind is not None:
            check_kind(kind)
        if project is not None:
            check_project_name(project)
        if not source.strip():
            raise InvalidInputError(
                "the source is empty; say where the text came from (user, web, tool:NAME, "
                "a URL) or leave it out."
            )
        # Metadata is refused before the steps run, so no checkpoint ever holds it.
        check_metadata({"tag": tags, "source": source, "supersedes": supersedes})
        changed = layer_of_id(supersedes) if supersedes is not None else None
        if changed in {"memory", "project"}:
            # Changing an entry needs the right to write its layer, checked before anything
            # is looked up, so the answer never depends on what the layer holds.
            require(session_kind, changed, "write")
        state = remember_input(
            text,
            layer=layer,
            kind=kind,
            project=project,
            tags=list(check_tags(tags)),
            source=source,
            supersedes=supersedes,
            meta=check_meta(meta or {}),
        )
        receipt = self.run(state).get("receipt")
        assert receipt is not None  # every path to the end writes a receipt
        self._note(receipt)
        return receipt

    def handle(self, line: str, *, source: str = "user") -> CoordinatorState:
        """One chat turn: its intent decides (skill, question, command or remember)."""
        result = self.run(turn_input(line, source))
        receipt = result.get("receipt")
        if receipt is not None:
            self._note(receipt)
        return result

    def ask(self, question: str, k: int = 3) -> Answer:
        """Answer from memory: the direct answer first, then at most three cited sources;
        a configured model answers from the same hits (``coordinator.assistant``)."""
        from coordinator.answer import answer_question, with_session

        services = self.services
        if not question or not question.strip():
            raise InvalidInputError("the question is empty; say what to look for.")
        answer = answer_question(services, question, k=k)
        services.session.events.append({"type": "ask", "text": question.strip()[:200]})
        if services.session.interactive:
            answer = with_session(answer, services.session)
        model = services.model
        if model is not None and answer.found:
            from coordinator.assistant import model_answer

            return model_answer(services, model, question, answer.hits, answer, self.remember)
        return answer

    def _note(self, receipt: Receipt) -> None:
        """Note what was stored, by id and citation only: the summary written from these
        notes may be read by other sessions, so it never carries an entry's text."""
        if receipt.ok:
            self.services.session.events.append(
                {
                    "type": "remember",
                    "status": receipt.status,
                    "kind": receipt.kind,
                    "layer": receipt.layer,
                    "id": receipt.id,
                    "citation": receipt.citation,
                }
            )
