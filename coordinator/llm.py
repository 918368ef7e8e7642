"""The optional language model: any LangChain chat model, for routing.

It is asked for a JSON routing decision; if it errors, times out or answers something that
is not a valid decision, the offline router decides instead — the fact is never lost.
Configured with ``LABMEM_LLM_BASE_URL`` + ``LABMEM_LLM_MODEL`` (any OpenAI-compatible
endpoint, which covers Ollama, LM Studio and vLLM; needs ``pip install 'labmem[llm]'``), or
passed in directly with ``Lab.use_model(model)``.
"""

from __future__ import annotations

import json
import re
from concurrent.futures import ThreadPoolExecutor
from concurrent.futures import TimeoutError as FutureTimeout
from typing import Any

from pydantic import BaseModel

from coordinator.router import Route, Router
from memory.errors import InvalidInputError
from memory.visibility import LAYERS

__all__ = [
    "ModelRouter",
    "RoutingDecision",
    "make_chat_model",
    "model_from_settings",
    "rewrite_as_fact",
]

REWRITE_PROMPT = """Rewrite this line from a lab's daily log as one short durable fact for
long-term memory, in the user's words where possible, present tense, no secrets. Reply with
the fact only, or SKIP if it holds nothing durable."""


def rewrite_as_fact(model: Any, text: str, timeout_s: float) -> str | None:
    """A model-assisted, consolidated wording of ``text``; None keeps the original."""
    from langchain_core.messages import HumanMessage, SystemMessage

    with ThreadPoolExecutor(max_workers=1, thread_name_prefix="labmem-llm") as pool:
        future = pool.submit(model.invoke, [SystemMessage(REWRITE_PROMPT), HumanMessage(text)])
        try:
            reply = future.result(timeout=timeout_s)
        except Exception:  # timeout or model error: keep the extractive text
            return None
    out = " ".join(str(getattr(reply, "content", reply)).split())
    if not out or out.upper().startswith("SKIP") or len(out) > 500:
        return None
    return out


ROUTING_PROMPT = """You route one statement from a lab assistant's user into exactly one
memory layer. Layers: memory (durable lab facts, decisions with rationale, lessons,
identity, long-term preferences and policies), daily (what happened today, tasks, errors and
fixes), session (only relevant to this conversation), skill (how to do something, a
procedure or command), project (about one named project). Kinds: fact, decision,
preference, lesson, pitfall, policy, identity, convention, configuration, event, task,
note, procedure. Answer with JSON only:
{"layer": "...", "kind": "...", "project": null or "name", "reason": "a few words"}"""

_JSON = re.compile(r"\{.*\}", re.DOTALL)


class RoutingDecision(BaseModel):
    """What the model returns, as structured output."""

    layer: str
    kind: str
    project: str | None = None
    reason: str = ""


class ModelRouter:
    """Routes with a chat model; falls back to the offline ``Router`` on any failure."""

    def __init__(self, model: Any, fallback: Router, timeout_s: float = 20.0) -> None:
        self.model = model
        self.fallback = fallback
        self.timeout_s = timeout_s
        self.last_error: str | None = None

    @property
    def known_projects(self) -> list[str]:
        return self.fallback.known_projects

    @known_projects.setter
    def known_projects(self, names: list[str]) -> None:
        self.fallback.known_projects = names

    def route(self, text: str) -> Route:
        try:
            decision = self._ask(text)
        except Exception as exc:  # any model failure: the offline router decides
            self.last_error = f"{type(exc).__name__}: {exc}"[:200]
            offline = self.fallback.route(text)
            return Route(
                offline.layer,
                offline.kind,
                f"{offline.reason} (model unavailable: {self.last_error})",
                offline.project,
            )
        return decision

    def _structured(self) -> Any:
        """The model with structured output when it supports it, else None (JSON text)."""
        try:
            return self.model.with_structured_output(RoutingDecision)
        except (NotImplementedError, AttributeError):
            return None

    def _ask(self, text: str) -> Route:
        from langchain_core.messages import HumanMessage, SystemMessage

        messages = [SystemMessage(ROUTING_PROMPT), HumanMessage(text)]
        runnable = self._structured() or self.model
        with ThreadPoolExecutor(max_workers=1, thread_name_prefix="labmem-llm") as pool:
            future = pool.submit(runnable.invoke, messages)
            try:
                reply = future.result(timeout=self.timeout_s)
            except FutureTimeout:
                raise TimeoutError(f"no answer within {self.timeout_s:.0f} s") from None
        if isinstance(reply, RoutingDecision):
            data: dict[str, Any] = reply.model_dump()
        else:
            content = reply.content if hasattr(reply, "content") else str(reply)
            match = _JSON.search(content if isinstance(content, str) else json.dumps(content))
            if not match:
                raise ValueError("the model did not answer with JSON")
            data = json.loads(match.group(0))
        layer = str(data.get("layer", "")).lower()
        if layer not in LAYERS:
            raise ValueError(f"the model chose an unknown layer {layer!r}")
        kind = re.sub(r"[^a-z-]", "", str(data.get("kind") or "note").lower()) or "note"
        project = data.get("project") or None
        # A project route without a name goes to the active project or today's log.
        reason = str(data.get("reason") or "")[:120]
        return Route(layer, kind, f"model: {reason}" if reason else "model", project)


def make_chat_model(
    base_url: str | None, model: str | None, api_key: str | None, timeout_s: float
) -> Any | None:
    """A chat model for an OpenAI-compatible endpoint, or None if none is configured."""
    if not base_url and not model:
        return None
    if not base_url or not model:
        raise InvalidInputError(
            "a language model needs both LABMEM_LLM_BASE_URL and LABMEM_LLM_MODEL "
            "(e.g. http://127.0.0.1:11434/v1 and llama3.2 for Ollama)."
        )
    try:
        from langchain_openai import ChatOpenAI
    except ImportError:
        raise InvalidInputError(
            "LABMEM_LLM_BASE_URL is set but langchain-openai is not installed; run "
            "pip install 'labmem[llm]' or unset it."
        ) from None
    return ChatOpenAI(
        base_url=base_url,
        model=model,
        api_key=api_key or "not-needed",
        timeout=timeout_s,
        max_retries=0,
    )


def model_from_settings(settings: Any) -> Any | None:
    return make_chat_model(
        settings.llm_base_url, settings.llm_model, settings.llm_api_key, settings.llm_timeout_s
    )
