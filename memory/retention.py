"""Retention: daily logs older than the retention period move to ``memory/archive/YYYY/``."""

from __future__ import annotations

import os
from datetime import timedelta

from memory.daily_log import DailyLog
from memory.errors import WorkspaceError

__all__ = ["archive_old_logs"]


def archive_old_logs(log: DailyLog, retention_days: int, dry_run: bool = False) -> list[str]:
    """Move logs older than ``retention_days``; returns the moved files (relative paths)."""
    cutoff = log.today() - timedelta(days=retention_days)
    moved: list[str] = []
    log.seal_past_days()
    for day, path in log.files().items():
        if day >= cutoff:
            continue
        target = log.ws.archive_dir / f"{day.year:04d}" / path.name
        moved.append(f"{log.ws.relative(path)} -> {log.ws.relative(target)}")
        if dry_run:
            continue
        target.parent.mkdir(parents=True, exist_ok=True)
        if target.exists():
            if target.read_bytes() == path.read_bytes():
                path.unlink()  # a copy left by a run killed mid-move
                continue
            raise WorkspaceError(
                f"{log.ws.relative(path)} and {log.ws.relative(target)} both hold "
                f"{day.isoformat()}; nothing was moved. Merge the two files by hand (keep "
                "the entries in time order) and delete the one under memory/."
            )
        os.replace(path, target)
    return moved
