"""Session context: what one session holds in memory and discards at its end.

It does NOT persist anything: the Coordinator writes the session summary at close, and
keeping the whole context (a checkpoint) is an explicit choice made there.
"""

from __future__ import annotations

import secrets
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any, TypeVar

__all__ = ["WITHHELD_TURN", "SessionContext", "Turn"]

# How a turn the guard refused is kept: a marker, never the text.
WITHHELD_TURN = "[withheld: the message was refused by the guard]"

T = TypeVar("T")


@dataclass(frozen=True, slots=True)
class Turn:
    role: str  # "user", "assistant", "tool", "summary"
    content: str
    at: datetime
    tool_call_id: str | None = None  # links an assistant's tool call to the tool's result
    stored: bool = True  # False: a user statement not yet written to any layer


@dataclass
class SessionContext:
    kind: str
    started: datetime
    id: str = field(default_factory=lambda: f"s-{secrets.token_hex(3)}")
    project: str | None = None
    task: str | None = None
    task_state: str | None = None
    variables: dict[str, Any] = field(default_factory=dict)
    history: list[Turn] = field(default_factory=list)
    notes: list[tuple[str, str, datetime]] = field(default_factory=list)  # (kind, text, at)
    events: list[dict[str, Any]] = field(default_factory=list)  # receipts and questions
    closed: bool = False
    interactive: bool = False  # chat or MCP: a summary is written at close if it did anything
    one_shot: bool = False  # a command that ends with the call: nothing session-scoped outlives it
    tool_cache_limit: int = 64
    _tool_cache: OrderedDict[str, Any] = field(default_factory=OrderedDict)

    @property
    def did_something(self) -> bool:
        """True for a session worth a summary: one that remembered, asked, noted or
        activated something. One-shot commands, a connection that only searched and a chat
        of greetings and thanks are not ("2 turns, 0 remembered, 0 questions" tells
        nothing), nor one whose only turns were refused."""
        activated = self.variables.get("skills")
        did = bool(self.events or self.notes or self.task or activated)
        if did and any(turn.content != WITHHELD_TURN for turn in self.history):
            return True
        return self.interactive and did

    def remember(self, text: str, kind: str, at: datetime) -> int:
        """Keep a fact for this session only; returns its 1-based position."""
        self.notes.append((kind, text, at))
        return len(self.notes)

    def add_turn(self, turn: Turn) -> None:
        self.history.append(turn)

    def compaction_cut(self, keep: int) -> int:
        """Index of the first turn a compaction keeping ``keep`` turns would keep."""
        if len(self.history) <= keep:
            return 0
        cut = len(self.history) - keep
        while cut > 0 and self.history[cut].role == "tool":
            call_id = self.history[cut].tool_call_id
            cut -= 1
            while cut > 0 and self.history[cut].tool_call_id != call_id:
                cut -= 1
        return cut

    def unstored_before(self, cut: int) -> list[Turn]:
        return [t for t in self.history[:cut] if t.role == "user" and not t.stored]

    def compact(self, keep: int) -> tuple[list[Turn], list[Turn]]:
        """Fold all but the last ``keep`` turns into one summary turn.

        The cut never separates a tool call from its result: if the first kept turn is a
        tool result, the call that produced it is kept too. Returns (folded turns, turns
        that still need storing) so the caller can flush durable facts first.
        """
        cut = self.compaction_cut(keep)
        folded, kept = self.history[:cut], self.history[cut:]
        if not folded:
            return [], []
        pending = self.unstored_before(cut)
        asked = sum(1 for t in folded if t.role == "user")
        tools = sum(1 for t in folded if t.role == "tool")
        summary = Turn(
            "summary",
            f"[{len(folded)} earlier turns compacted: {asked} from the user, {tools} tool "
            f"results cleared; first: {folded[0].content[:80]!r}]",
            folded[-1].at,
        )
        self.history = [summary, *kept]
        return folded, pending

    def cache_tool_result(self, key: str, value: Any) -> None:
        """Cache a tool result; the oldest results fall out past the bound."""
        self._tool_cache[key] = value
        self._tool_cache.move_to_end(key)
        while len(self._tool_cache) > self.tool_cache_limit:
            self._tool_cache.popitem(last=False)

    def cached_tool_result(self, key: str) -> Any | None:
        return self._tool_cache.get(key)

    def tool_result(self, key: str, compute: Callable[[], T]) -> T:
        """A read-only tool call's result, computed once per ``key`` while it stays in the
        cache. The key must name everything the result depends on (the arguments and the
        state of the files read), so a changed file is a new key, never a stale answer.
        A call that raises caches nothing."""
        if key in self._tool_cache:
            self._tool_cache.move_to_end(key)
            cached: T = self._tool_cache[key]
            return cached
        value = compute()
        self.cache_tool_result(key, value)
        return value

    @property
    def tool_cache_size(self) -> int:
        return len(self._tool_cache)
