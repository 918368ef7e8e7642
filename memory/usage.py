"""Usage counts: which entries search served and which a session actually used.

The rule (docs/search.md, "Usage"): only use (a confirmation) raises rank (log-scaled,
capped ×1.8); an entry a search served again and again but never used is lowered (×0.75).
Asking a question counts neither. Nothing is deleted by this
heuristic; pruning only archives, and only entries that were never used.
"""

from __future__ import annotations

import json
import math
from collections.abc import Iterable
from pathlib import Path

from memory.files import atomic_write, locked
from memory.state import UsageState, load_state

__all__ = ["UsageLog", "rank_factor"]

SERVED_BEFORE_PENALTY = 5
_FACTORS: dict[tuple[str, int, int], dict[str, float]] = {}


def rank_factor(served: int, used: int) -> float:
    if used > 0:
        return min(1.8, 1.0 + 0.25 * math.log1p(used))
    if served >= SERVED_BEFORE_PENALTY:
        return 0.75
    return 1.0


class UsageLog:
    def __init__(self, state_dir: Path) -> None:
        self.path = state_dir / "usage.json"
        self.lock_dir = state_dir / "locks"

    def load(self) -> dict[str, dict[str, int]]:
        state = load_state(self.path, UsageState, wrap="entries")
        return {k: v.model_dump() for k, v in state.entries.items()}

    def _bump(self, ids: Iterable[str], key: str) -> None:
        wanted = [i for i in dict.fromkeys(ids) if i]
        if not wanted:
            return
        with locked(self.lock_dir, "usage"):
            data = self.load()
            for entry_id in wanted:
                counts = data.setdefault(entry_id, {"served": 0, "used": 0})
                counts[key] = counts.get(key, 0) + 1
            atomic_write(self.path, json.dumps(data, sort_keys=True))

    def served(self, ids: Iterable[str]) -> None:
        self._bump(ids, "served")

    def used(self, ids: Iterable[str]) -> None:
        self._bump(ids, "used")

    def factors(self) -> dict[str, float]:
        try:
            st = self.path.stat()
            stamp = (str(self.path), st.st_mtime_ns, st.st_size)
        except FileNotFoundError:
            return {}
        cached = _FACTORS.get(stamp)
        if cached is None:
            cached = {
                i: rank_factor(c.get("served", 0), c.get("used", 0)) for i, c in self.load().items()
            }
            _FACTORS.clear()  # one file's latest factors, re-read when the file changes
            _FACTORS[stamp] = cached
        return dict(cached)

    def forget(self, entry_id: str) -> None:
        with locked(self.lock_dir, "usage"):
            data = self.load()
            if data.pop(entry_id, None) is not None:
                atomic_write(self.path, json.dumps(data, sort_keys=True))
