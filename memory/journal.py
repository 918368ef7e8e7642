"""A redo journal for changes that span several files (archive + rewrite, prune, forget).

``commit`` makes the change all-or-nothing across a process kill:

1. every new file content is written to a fsynced temp file beside its target;
2. the journal (``.labmem/state/journal/<name>.json``) listing target → temp is written
   atomically — this is the commit point;
3. each temp replaces its target; then the journal is removed.

A run killed before step 2 leaves only temp files, which ``recover`` removes (the change did
not happen). A run killed after it leaves the journal, and ``recover`` (run by every process
that opens the workspace, under the same lock) finishes the replacements: the change
happens exactly once, never half, never twice. It does NOT decide what to write and does
NOT check for hand edits (callers do both while holding the files' locks).
"""

from __future__ import annotations

import json
import os
from collections.abc import Mapping
from pathlib import Path

from memory.files import atomic_write, locked, write_temp

__all__ = ["Journal"]


class Journal:
    def __init__(self, root: Path, state_dir: Path, lock_dir: Path) -> None:
        self.root = root
        self.folder = state_dir / "journal"
        self.lock_dir = lock_dir

    def commit(self, name: str, writes: Mapping[Path, str]) -> None:
        """Replace each target with its text, all or nothing. Callers hold the targets'
        locks; the journal lock keeps ``recover`` of another process off this change."""
        with locked(self.lock_dir, "journal"):
            temps: dict[Path, Path] = {}
            try:
                for target, text in writes.items():
                    temps[target] = write_temp(target, text.encode("utf-8"))
                record = self.folder / f"{name}.json"
                plan = [
                    {"target": self._rel(t), "temp": self._rel(tmp)} for t, tmp in temps.items()
                ]
                atomic_write(record, json.dumps({"op": name, "writes": plan}, indent=1))
            except BaseException:
                for tmp in temps.values():
                    tmp.unlink(missing_ok=True)
                raise
            self._apply(record, plan)

    def recover(self) -> list[str]:
        """Finish every committed change a killed run left; returns the operations."""
        if not self.folder.is_dir():
            return []
        done: list[str] = []
        with locked(self.lock_dir, "journal"):
            for record in sorted(self.folder.glob("*.json")):
                try:
                    plan = json.loads(record.read_text(encoding="utf-8"))["writes"]
                    self._apply(record, plan)
                except (ValueError, KeyError, TypeError):
                    # A journal is written atomically; one that does not parse was not ours.
                    record.rename(record.with_suffix(".corrupt"))
                    continue
                done.append(record.stem)
        return done

    def _apply(self, record: Path, plan: list[dict[str, str]]) -> None:
        for step in plan:
            temp, target = self._inside(step["temp"]), self._inside(step["target"])
            if temp.exists():
                os.replace(temp, target)
        record.unlink(missing_ok=True)

    def _rel(self, path: Path) -> str:
        return path.relative_to(self.root).as_posix()

    def _inside(self, rel: str) -> Path:
        path = self.root / rel
        if ".." in Path(rel).parts or Path(rel).is_absolute():
            raise ValueError(f"journal path {rel!r} leaves the workspace")
        return path
