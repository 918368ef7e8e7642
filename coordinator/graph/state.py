"""The Coordinator's state, its runtime context and the inputs that start a run.

Values that travel between steps are frozen dataclasses: ``Checked`` (what the guard let
through), ``Decision`` (where it goes: the write step trusts it and checks nothing again)
and the ``Receipt``. LangGraph's checkpointers may hold them (``CHECKPOINT_TYPES``).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Literal, Protocol, TypedDict

from coordinator.receipt import Receipt

if TYPE_CHECKING:
    from coordinator.answer import Answer
    from coordinator.services import Services

__all__ = [
    "CHECKPOINT_TYPES",
    "Checked",
    "CoordinatorContext",
    "CoordinatorState",
    "Decision",
    "StepRuntime",
    "remember_input",
    "turn_input",
]


@dataclass(frozen=True, slots=True)
class Checked:
    """Text and metadata that passed the guard (size, secrets, structure) once."""

    text: str
    tags: tuple[str, ...] = ()
    source: str = "user"
    supersedes: str | None = None
    meta: dict[str, str] = field(default_factory=dict)  # extra comment keys of the entry


@dataclass(frozen=True, slots=True)
class Decision:
    """A checked entry and where it goes: the write step's only input."""

    entry: Checked
    layer: str
    kind: str
    project: str | None
    why: str


class CoordinatorState(TypedDict, total=False):
    text: str
    mode: Literal["remember", "turn"]  # remember: store it; turn: a chat line, intent decides
    explicit_remember: bool
    source: str
    layer: str | None
    kind: str | None
    project: str | None
    tags: list[str]
    supersedes: str | None
    meta: dict[str, str]  # extra comment keys for the entry (e.g. a store key)
    intent: Literal["remember", "ask", "skill", "command", "smalltalk", "quarantine", "refuse"]
    checked: Checked | None
    answer: dict[str, Any]
    skill: dict[str, Any]
    route: dict[str, Any]
    decision: Decision | None
    dedupe: dict[str, Any]
    receipt: Receipt | None


@dataclass(frozen=True)
class CoordinatorContext:
    """The services a run uses; ``ask`` answers a question (the pipeline supplies it, so a
    step that answers never imports the model-backed answerer)."""

    services: Services
    ask: Callable[[str], Answer]


class StepRuntime(Protocol):
    """What a step reads of its runtime: LangGraph's ``Runtime`` and the direct runner's
    both have it."""

    @property
    def context(self) -> CoordinatorContext: ...


CHECKPOINT_TYPES = [
    ("coordinator.graph.state", "Checked"),
    ("coordinator.graph.state", "Decision"),
    ("coordinator.receipt", "Receipt"),
]


def remember_input(
    text: str,
    *,
    layer: str | None,
    kind: str | None,
    project: str | None,
    tags: list[str],
    source: str,
    supersedes: str | None,
    meta: dict[str, str] | None = None,
) -> CoordinatorState:
    """Input for storing ``text``. Every key is given: the thread's state persists."""
    return {
        "meta": dict(meta or {}),
        "text": text,
        "mode": "remember",
        "source": source,
        "layer": layer,
        "kind": kind,
        "project": project,
        "tags": tags,
        "supersedes": supersedes,
    }


def turn_input(line: str, source: str) -> CoordinatorState:
    """Input for a chat turn, whose intent the graph decides."""
    state = remember_input(
        line, layer=None, kind=None, project=None, tags=[], source=source, supersedes=None
    )
    state["mode"] = "turn"
    return state
