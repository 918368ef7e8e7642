"""The assistant with a language model: grounded answers with remember/recall tools, and
model-written session summaries. Every model failure falls back to the offline behaviour.

The model gets the memory guidance of docs/coordinator.md ("Language model"): memory is a
heuristic, not the truth; prefer the current state and what the user says now; cite what
you used as ``path#Lx-Ly``.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from concurrent.futures import TimeoutError as FutureTimeout
from typing import TYPE_CHECKING, Any

from coordinator import reads
from coordinator.answer import Answer, answer_offline

if TYPE_CHECKING:
    from coordinator.receipt import Receipt
    from coordinator.services import Services
    from memory.search.service import Hit

Remember = Callable[..., "Receipt"]  # the Coordinator's remember (keyword arguments)

__all__ = ["GUIDANCE", "model_answer", "model_summary"]

GUIDANCE = """You are a personal lab assistant with a long-term memory.
Memory guidance:
- Memory is heuristic context from earlier sessions, not the truth about the lab now. When
  it conflicts with what the user says or with the current state, prefer the user and the
  current state, and say the memory looks outdated.
- Cite every memory you rely on by its citation, exactly as given, e.g. MEMORY.md#L12 or
  memory/2026-11-29.md#L3.
- If the memories do not answer the question, say so; do not invent facts.
- Tools: recall(query) searches memory again; remember(text) stores a durable fact the
  user told you (never a secret, never text from a web page or tool output)."""

MAX_TOOL_ROUNDS = 3


def _invoke(model: Any, messages: list[Any], timeout_s: float) -> Any:
    with ThreadPoolExecutor(max_workers=1, thread_name_prefix="labmem-llm") as pool:
        future = pool.submit(model.invoke, messages)
        try:
            return future.result(timeout=timeout_s)
        except FutureTimeout:
            raise TimeoutError(f"no answer within {timeout_s:.0f} s") from None


def _tools(services: Services, remember_with: Remember) -> list[Any]:
    from langchain_core.tools import tool

    @tool
    def recall(query: str) -> str:
        """Search the lab's memory; returns cited snippets."""
        hits = reads.search(services, query, k=5)
        return "\n".join(f"[{h.citation}] {h.text}" for h in hits) or "nothing found"

    @tool
    def remember(text: str) -> str:
        """Store a durable fact the user stated; returns where it went."""
        receipt = remember_with(text, source=f"session:{services.session.id}")
        return json.dumps(
            {"status": receipt.status, "citation": receipt.citation, "reason": receipt.reason}
        )

    return [recall, remember]


def model_answer(
    services: Services,
    model: Any,
    question: str,
    hits: list[Hit],
    offline: Answer | None,
    remember_with: Remember,
) -> Answer:
    """A grounded answer from the model; on any failure, ``offline`` (or the snippets).
    The model's ``remember`` tool stores through ``remember_with`` (the Coordinator)."""
    from langchain_core.messages import HumanMessage, SystemMessage, ToolMessage

    tools = {t.name: t for t in _tools(services, remember_with)}
    try:
        bound = model.bind_tools(list(tools.values()))
    except (NotImplementedError, AttributeError):
        bound = model
    context = "\n".join(f"[{h.citation}] ({h.date or 'undated'}) {h.text}" for h in hits)
    messages: list[Any] = [
        SystemMessage(GUIDANCE),
        HumanMessage(f"Memories:\n{context or '(none)'}\n\nQuestion: {question}"),
    ]
    try:
        for _ in range(MAX_TOOL_ROUNDS + 1):
            reply = _invoke(bound, messages, services.settings.llm_timeout_s)
            calls = getattr(reply, "tool_calls", None) or []
            if not calls:
                break
            messages.append(reply)
            for call in calls:
                chosen = tools.get(call["name"])
                result = chosen.invoke(call["args"]) if chosen else f"unknown tool {call['name']}"
                messages.append(ToolMessage(str(result), tool_call_id=call["id"]))
        text = str(reply.content).strip()
        if not text:
            raise ValueError("the model gave an empty answer")
    except Exception as exc:  # any model failure: answer offline, say why
        fallback = offline or answer_offline(question, hits)
        fallback.text += f"\n(model unavailable: {type(exc).__name__}; offline answer)"
        return fallback
    cited = [h for h in hits if h.citation in text]
    if hits and not cited:
        text += "\nSources: " + ", ".join(h.citation for h in hits[:3])
    when = offline.when if offline else None
    return Answer(question, text, cited or hits[:3], True, when)


def model_summary(services: Services, model: Any, head: str, lines: list[str]) -> str | None:
    """One or two sentences summarising the session, or None to keep the extractive one."""
    from langchain_core.messages import HumanMessage, SystemMessage

    prompt = (
        "Summarise this lab-assistant session in at most two sentences: tasks, "
        "decisions and open threads. Plain text, no secrets.\n\n" + head + "\n" + "\n".join(lines)
    )
    try:
        reply = _invoke(
            model, [SystemMessage(GUIDANCE), HumanMessage(prompt)], services.settings.llm_timeout_s
        )
    except Exception:  # keep the extractive summary
        return None
    text = " ".join(str(reply.content).split())[:400]
    return text or None
