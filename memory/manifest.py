"""The past-day manifest: a hash of each closed daily log, so tampering can be detected.

A day is sealed the first time labmem sees it in the past; import (the one lawful way to
write a past day) re-records it; redaction by ``forget`` records it with a note. Any other
change to a past day shows up in ``labmem doctor``.
"""

from __future__ import annotations

from datetime import date
from pathlib import Path

from memory import clock
from memory.files import atomic_write, digest, locked
from memory.state import ManifestDay, ManifestState, load_state

__all__ = ["Manifest"]

_DAY_NAME_LEN = len("YYYY-MM-DD.md")


class Manifest:
    def __init__(self, path: Path, lock_dir: Path) -> None:
        self.path = path
        self.lock_dir = lock_dir

    def load(self) -> dict[str, dict[str, str]]:
        """Day → recorded hash; a corrupt manifest is moved aside and starts empty."""
        state = load_state(self.path, ManifestState)
        return {
            day.isoformat(): {k: str(v) for k, v in info.model_dump().items()}
            for day, info in state.days.items()
        }

    def _save(self, days: dict[str, dict[str, str]]) -> None:
        state = ManifestState(
            days={date.fromisoformat(k): ManifestDay.model_validate(v) for k, v in days.items()}
        )
        atomic_write(self.path, state.model_dump_json(indent=1))

    def seal(self, files: dict[date, Path], today: date) -> int:
        """Record closed days not yet in the manifest. Returns how many.

        A day is closed when it is before ``today`` by the clock in use and by the wall
        clock: a pinned ``LABMEM_NOW`` in the future must not seal the real today, which
        is still taking entries."""
        days = self.load()
        horizon = min(today, clock.wall_today())
        fresh = {d: p for d, p in files.items() if d < horizon and d.isoformat() not in days}
        if not fresh:
            return 0
        with locked(self.lock_dir, "manifest"):
            days = self.load()
            for day, path in fresh.items():
                if day.isoformat() not in days and path.exists():
                    days[day.isoformat()] = {"sha256": digest(path.read_bytes()), "by": "seal"}
            self._save(days)
        return len(fresh)

    def record(self, day: date, path: Path, by: str) -> None:
        self.record_many({day: path.read_bytes()}, by)

    def record_many(self, contents: dict[date, bytes], by: str) -> None:
        """Record the hash of each day's file as it now is (its bytes), in one write."""
        with locked(self.lock_dir, "manifest"):
            days = self.load()
            for day, data in contents.items():
                days[day.isoformat()] = {"sha256": digest(data), "by": by}
            self._save(days)

    def forget_days(self, days: list[date]) -> None:
        """Drop days from the manifest (their log is gone and the owner said so)."""
        with locked(self.lock_dir, "manifest"):
            kept = self.load()
            for day in days:
                kept.pop(day.isoformat(), None)
            self._save(kept)

    def altered(self, files: dict[date, Path]) -> list[str]:
        """Days whose file no longer has the recorded hash (or vanished)."""
        problems: list[str] = []
        for key, info in sorted(self.load().items()):
            path = files.get(date.fromisoformat(key))
            if path is None or not path.exists():
                problems.append(f"{key}: the log recorded in the manifest is missing")
            elif digest(path.read_bytes()) != info.get("sha256"):
                problems.append(f"{key}: {path.name} changed after its day ended")
        return problems
