"""Write-path throughput: Lab.remember and bulk import next to a raw append loop.

    python benchmarks/write_path.py [--entries 10000] [--remember 2000]

Prints one table; ratios compare each path with a bare ``open(path, "a").write`` loop
measured in the same run. Embedding is not part of the write path.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path

os.environ.setdefault("LABMEM_NOW", "2026-11-29T12:00:00Z")


def raw_loop(path: Path, n: int) -> float:
    start = time.perf_counter()
    for i in range(n):
        with open(path, "a", encoding="utf-8") as handle:
            handle.write(f"- 12:00:00Z [event] raw entry number {i} about the lab\n")
    return n / (time.perf_counter() - start)


def remember_loop(home: Path, n: int) -> float:
    from coordinator import Lab

    with Lab.open(home) as lab:
        start = time.perf_counter()
        for i in range(n):
            lab.remember(f"remembered entry number {i} about the lab", layer="daily")
        return n / (time.perf_counter() - start)


def import_bulk(home: Path, n: int) -> float:
    from coordinator import Lab

    base = datetime(2026, 1, 1, tzinfo=UTC)
    items = [
        {
            "layer": "daily",
            "text": f"Imported turn {i}: the backup finished on disk {i % 7} in {i % 60} min",
            "time": (base + timedelta(minutes=5 * i)).isoformat(),
            "source": f"bench:{i}",
        }
        for i in range(n)
    ]
    with Lab.open(home) as lab:
        start = time.perf_counter()
        report = lab.import_entries(items)
        elapsed = time.perf_counter() - start
    assert report.written == n, report.refusals[:3]
    return n / elapsed


def cold_start(runs: int = 5) -> float:
    exe = Path(sys.executable).with_name("labmem")
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        subprocess.run([str(exe), "--help"], check=True, capture_output=True)
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--entries", type=int, default=10_000)
    parser.add_argument("--remember", type=int, default=2_000)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        raw_rate = raw_loop(root / "raw.md", args.entries)
        remember_rate = remember_loop(root / "a", args.remember)
        import_rate = import_bulk(root / "b", args.entries)
    help_s = cold_start()
    rows = [
        ("raw open(path, 'a').write loop", f"{raw_rate:,.0f}/s", "1.00", ""),
        ("Lab.remember (daily)", f"{remember_rate:,.0f}/s", f"{remember_rate / raw_rate:.3f}", ""),
        (
            f"Lab.import_entries ({args.entries:,})",
            f"{import_rate:,.0f}/s",
            f"{import_rate / raw_rate:.3f}",
            "target ≥ 2,000/s",
        ),
        ("labmem --help cold start", f"{help_s * 1000:.0f} ms", "", "target ≤ 500 ms"),
    ]
    print(f"{'path':40} {'rate':>14} {'vs raw':>8}  note")
    for name, rate, ratio, note in rows:
        print(f"{name:40} {rate:>14} {ratio:>8}  {note}")


if __name__ == "__main__":
    main()
