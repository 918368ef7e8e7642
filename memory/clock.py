"""The clock is a swap point: tests, benchmarks and replays pin it (``LABMEM_NOW``)."""

from __future__ import annotations

from datetime import UTC, date, datetime
from typing import Protocol

__all__ = ["Clock", "FixedClock", "SystemClock", "format_utc", "parse_instant", "wall_today"]


class Clock(Protocol):
    def now(self) -> datetime:
        """The current instant, timezone-aware, in UTC."""
        ...


class SystemClock:
    def now(self) -> datetime:
        return datetime.now(UTC)


class FixedClock:
    """A clock that always says the same instant (or what ``advance`` set)."""

    def __init__(self, instant: datetime) -> None:
        self.instant = instant.astimezone(UTC) if instant.tzinfo else instant.replace(tzinfo=UTC)

    def now(self) -> datetime:
        return self.instant


def wall_today() -> date:
    """The real UTC date, whatever clock is pinned: a bound for what may be sealed."""
    return datetime.now(UTC).date()


def format_utc(instant: datetime) -> str:
    """ISO-8601 in UTC with a ``Z`` and whole seconds, as entries store it."""
    return instant.astimezone(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")


def parse_instant(text: str) -> datetime:
    """Parse ISO-8601; a naive value means UTC."""
    value = datetime.fromisoformat(text.strip().replace("Z", "+00:00"))
    return value.replace(tzinfo=UTC) if value.tzinfo is None else value.astimezone(UTC)
