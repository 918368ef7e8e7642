"""LangChain tools over a ``Lab``: remember, recall, ask, forget, activate_skill.

``memory_tools(lab)`` returns only the tools the Lab's session kind may use (docs/contracts.md §2):
a cron session gets no recall or ask (it may not search), only a main session gets forget.
Each tool returns JSON text for the model; a labmem error comes back as ``{"error": …}``
(one line that names the rule and the fix) instead of breaking the agent's run.

It does NOT decide anything itself: every call is the matching ``Lab`` method.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from langchain_core.tools import BaseTool, StructuredTool

from coordinator.integrations.lab_lock import run_locked
from memory.errors import MemoryFrameworkError
from memory.visibility import allowed, visible_layers

if TYPE_CHECKING:
    from coordinator.lab import Lab

__all__ = ["memory_tools"]


def _call(lab: Lab, fn: Callable[[], Any]) -> str:
    try:
        result = run_locked(lab, fn)
    except MemoryFrameworkError as exc:
        return json.dumps({"error": str(exc)})
    return json.dumps(result, ensure_ascii=False, default=str)


def memory_tools(lab: Lab, *, source: str = "langgraph") -> list[BaseTool]:
    """The memory tools this Lab's session kind may use, for any tool-calling model."""
    kind = lab.session_kind
    tools: list[BaseTool] = []

    def remember(
        text: str, layer: str | None = None, kind: str | None = None, project: str | None = None
    ) -> str:
        """Store one durable fact, decision, preference or event in labmem's memory.
        Leave layer empty to let labmem route it (memory, daily, project, skill, session).
        Never pass secrets: store where a secret lives instead. Returns the receipt."""
        return _call(
            lab,
            lambda: lab.remember(
                text, layer=layer, kind=kind, project=project, source=source
            ).to_json(),
        )

    tools.append(StructuredTool.from_function(remember, name="remember"))
    if [layer for layer in visible_layers(kind, "search") if layer != "session"]:

        def recall(query: str, k: int = 5, project: str | None = None) -> str:
            """Search memory (hybrid keyword + semantic) and return the best entries,
            each with its citation (file#line), layer, kind and date."""
            return _call(
                lab, lambda: [h.to_json() for h in lab.search(query, k=k, project=project)]
            )

        def ask(question: str) -> str:
            """Answer a question from memory, with the citations the answer rests on."""
            return _call(lab, lambda: lab.ask(question).to_json())

        tools.append(StructuredTool.from_function(recall, name="recall"))
        tools.append(StructuredTool.from_function(ask, name="ask"))
    if allowed(kind, "memory", "write"):

        def forget(entry_id: str) -> str:
            """Remove a wrongly stored or sensitive entry for good, by its id (e.g. m-1b9e04)."""
            from coordinator.maintenance.forget import forget as forget_entry

            return _call(lab, lambda: vars(forget_entry(lab, entry_id)))

        tools.append(StructuredTool.from_function(forget, name="forget"))
    if allowed(kind, "skill", "read"):

        def activate_skill(name: str) -> str:
            """Load a skill's instructions (workflow, inputs, outputs) by its name."""

            def run() -> dict[str, Any]:
                skill = lab.skills.activate(name, "requested by the agent")
                return {
                    "name": skill.name,
                    "description": skill.meta.description,
                    "workflow": skill.workflow,
                    "inputs": skill.sections.get("inputs", ""),
                    "outputs": skill.sections.get("outputs", ""),
                }

            return _call(lab, run)

        tools.append(StructuredTool.from_function(activate_skill, name="activate_skill"))
    return tools
