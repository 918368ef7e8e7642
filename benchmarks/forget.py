"""How long ``labmem forget`` takes on a workspace of a given size.

    python benchmarks/forget.py [--days 365] [--per-day 20] [--memory 500] [--runs 3]

Builds a workspace (daily logs, MEMORY.md entries, backups, a search index built with the
hashing embedder), then forgets one MEMORY.md entry at a time and prints one table: the
median and worst time of a forget, and what a forget touched. Embedding quality plays no
part; the index is there because forget syncs and compacts it.
"""

from __future__ import annotations

import argparse
import os
import statistics
import tempfile
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path

os.environ.setdefault("LABMEM_NOW", "2026-11-29T12:00:00Z")
os.environ.setdefault("LABMEM_EMBEDDER", "hashing")
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")


def build(home: Path, days: int, per_day: int, memory: int) -> list[str]:
    from coordinator import Lab

    start = datetime(2026, 11, 28, tzinfo=UTC) - timedelta(days=days)
    items = [
        {
            "layer": "daily",
            "text": f"Day {d} note {i}: disk {i % 7} finished its scrub in {i % 60} min",
            "time": (start + timedelta(days=d, minutes=i)).isoformat(),
        }
        for d in range(days)
        for i in range(per_day)
    ]
    items += [
        {
            "layer": "memory",
            "text": f"Lab fact {i}: host h{i} sits in rack {i % 12}, port {i % 48}",
            "time": "2026-11-28T08:00:00Z",
        }
        for i in range(memory)
    ]
    with Lab.open(home) as lab:
        lab.import_entries(items)
        for i in range(12):  # each rewrite of MEMORY.md leaves a backup behind
            lab.remember(f"Printer {i} uses toner TN-24{i:02d}.", layer="memory")
        lab.reindex()
        return [r.id for r in lab.memory_records()]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--days", type=int, default=365)
    parser.add_argument("--per-day", type=int, default=20)
    parser.add_argument("--memory", type=int, default=500)
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    from coordinator import Lab
    from coordinator.maintenance.forget import forget

    with tempfile.TemporaryDirectory() as tmp:
        home = Path(tmp) / "lab"
        began = time.perf_counter()
        ids = build(home, args.days, args.per_day, args.memory)
        setup = time.perf_counter() - began
        times: list[float] = []
        backups = 0
        for entry_id in ids[: args.runs]:
            with Lab.open(home) as lab:
                start = time.perf_counter()
                report = forget(lab, entry_id)
                times.append(time.perf_counter() - start)
                backups = report.backups_cleaned
        size = sum(p.stat().st_size for p in home.rglob("*") if p.is_file())
    entries = args.days * args.per_day + args.memory
    print(
        f"workspace: {args.days} daily logs, {entries:,} entries, {size / 1e6:.1f} MB "
        f"on disk (built in {setup:.1f} s)"
    )
    print("| measure | value |")
    print("|---|---|")
    print(f"| forget, median of {len(times)} | {statistics.median(times) * 1000:.0f} ms |")
    print(f"| forget, worst | {max(times) * 1000:.0f} ms |")
    print(f"| backups cleaned by one forget | {backups} |")


if __name__ == "__main__":
    main()
