"""Session context: what one session holds in memory and discards at its end.

It does NOT persist anything: the Coordinator writes the session summary at close, and
keeping the whole context (a checkpoint) is an explicit choice made there.
"""

from __future__ import annotations

import secrets
from collections import OrderedDict
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

__all__ = ["SessionContext", "Turn"]


@dataclass(frozen=True, slots=True)
class Turn:
    role: str  # "user", "assistant", "tool"
    content: str
    at: datetime
    tool_call_id: str | None = None


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
    tool_cache_limit: int = 64
    _tool_cache: OrderedDict[str, Any] = field(default_factory=OrderedDict)

    def remember(self, text: str, kind: str, at: datetime) -> int:
        """Keep a fact for this session only; returns its 1-based position."""
        self.notes.append((kind, text, at))
        return len(self.notes)

    def add_turn(self, turn: Turn) -> None:
        self.history.append(turn)

    def cache_tool_result(self, key: str, value: Any) -> None:
        """Cache a tool result; the oldest results fall out past the bound."""
        self._tool_cache[key] = value
        self._tool_cache.move_to_end(key)
        while len(self._tool_cache) > self.tool_cache_limit:
            self._tool_cache.popitem(last=False)

    def cached_tool_result(self, key: str) -> Any | None:
        return self._tool_cache.get(key)

    @property
    def tool_cache_size(self) -> int:
        return len(self._tool_cache)
