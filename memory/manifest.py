"""The past-day manifest: a hash of each closed daily log, so tampering can be detected.

A day is sealed the first time labmem sees it in the past; import (the one lawful way to
write a past day) re-records it; redaction by ``forget`` records it with a note. Any other
change to a past day shows up in ``labmem doctor``.
"""

from __future__ import annotations

import json
from datetime import date
from pathlib import Path

from memory.files import atomic_write, digest, locked

__all__ = ["Manifest"]

_DAY_NAME_LEN = len("YYYY-MM-DD.md")


class Manifest:
    def __init__(self, path: Path, lock_dir: Path) -> None:
        self.path = path
        self.lock_dir = lock_dir

    def load(self) -> dict[str, dict[str, str]]:
        try:
            data = json.loads(self.path.read_text(encoding="utf-8"))
        except (FileNotFoundError, json.JSONDecodeError):
            return {}
        days = data.get("days", {}) if isinstance(data, dict) else {}
        return {str(k): dict(v) for k, v in days.items() if isinstance(v, dict)}

    def _save(self, days: dict[str, dict[str, str]]) -> None:
        atomic_write(self.path, json.dumps({"version": 1, "days": days}, indent=1, sort_keys=True))

    def seal(self, files: dict[date, Path], today: date) -> int:
        """Record days before ``today`` not yet in the manifest. Returns how many."""
        days = self.load()
        fresh = {d: p for d, p in files.items() if d < today and d.isoformat() not in days}
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
        with locked(self.lock_dir, "manifest"):
            days = self.load()
            days[day.isoformat()] = {"sha256": digest(path.read_bytes()), "by": by}
            self._save(days)

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
