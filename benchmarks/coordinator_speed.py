"""Coordinator speed: boot over a year of logs, remember in a running session, and
`labmem remember` as a fresh process with where its time goes.

    python benchmarks/coordinator_speed.py
"""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import tempfile
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path

os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
NOW = "2026-11-29T12:00:00Z"

STATEMENTS = [
    "Restarted the Jellyfin container after it ran out of memory.",
    "I prefer answers in metric units.",
    "The NAS is at 10.0.0.5.",
    "We decided to use WireGuard for remote access.",
    "Need to order a replacement fan.",
    "In project homepage, the dev server runs on port 5173.",
    "Turns out the Pi's SD card died after a year of logging.",
    "For now, ignore the monitoring VM.",
]

BREAKDOWN = r"""
import sys, time
t0 = time.perf_counter()
from coordinator.cli import cli  # noqa
t1 = time.perf_counter()
from coordinator import Lab, load_settings
settings = load_settings(home=sys.argv[1])
with Lab.open(settings=settings) as lab:
    t2 = time.perf_counter()
    lab.services.embedder
    t3 = time.perf_counter()
    lab.services.router()
    t4 = time.perf_counter()
    lab.remember("Swapped the UPS battery this morning.")
    t5 = time.perf_counter()
print(f"{t1-t0:.3f} {t2-t1:.3f} {t3-t2:.3f} {t4-t3:.3f} {t5-t4:.3f}")
"""


def year_of_logs(lab: object) -> None:
    base = datetime(2025, 11, 30, tzinfo=UTC)
    items = [
        {
            "layer": "daily",
            "text": f"Day {d} entry {i}: checked the {['NAS', 'router', 'UPS'][i % 3]}.",
            "time": (base + timedelta(days=d, minutes=20 * i)).isoformat(),
        }
        for d in range(365)
        for i in range(40)
    ]
    lab.import_entries(items)  # type: ignore[attr-defined]


def main() -> None:
    from coordinator import Lab, load_settings

    with tempfile.TemporaryDirectory() as tmp:
        home = Path(tmp) / "lab"
        settings = load_settings(home=home, now=NOW)
        with Lab.open(settings=settings) as lab:
            year_of_logs(lab)
            for i in range(150):
                lab.remember(f"Fact {i}: rack unit {i} holds device {i * 7}.", layer="memory")
            boots = []
            for _ in range(20):
                started = time.perf_counter()
                lab.boot()
                boots.append(time.perf_counter() - started)
            lab.remember("warm up the model")
            times = []
            for i in range(200):
                text = STATEMENTS[i % len(STATEMENTS)] + f" (#{i})"
                started = time.perf_counter()
                lab.remember(text)
                times.append(time.perf_counter() - started)
        times.sort()
        boots.sort()
        env = {**os.environ, "LABMEM_NOW": NOW}
        exe = str(Path(sys.executable).with_name("labmem"))
        fresh = []
        for _ in range(3):
            started = time.perf_counter()
            subprocess.run(
                [exe, "--home", str(home), "remember", "Swapped the UPS battery this morning."],
                check=True,
                capture_output=True,
                env=env,
            )
            fresh.append(time.perf_counter() - started)
        parts = subprocess.run(
            [sys.executable, "-c", BREAKDOWN, str(home)],
            check=True,
            capture_output=True,
            text=True,
            env=env,
        ).stdout.split()
    print(f"{'measure':52} {'value':>10}  target")
    print(
        f"{'boot, a year of logs (365 × 40) + 150 facts, p50':52} "
        f"{statistics.median(boots) * 1000:>8.1f}ms"
    )
    print(f"{'boot, p95':52} {boots[int(0.95 * len(boots)) - 1] * 1000:>8.1f}ms  ≤ 100 ms")
    print(f"{'remember in a running session, p50':52} {statistics.median(times) * 1000:>8.1f}ms")
    print(
        f"{'remember in a running session, p95':52} "
        f"{times[int(0.95 * len(times)) - 1] * 1000:>8.1f}ms  ≤ 100 ms"
    )
    print(
        f"{'labmem remember as a fresh process (median of 3)':52} "
        f"{statistics.median(fresh):>9.2f}s  ≤ 2 s"
    )
    labels = [
        "import the CLI",
        "open the workspace",
        "load the embedding model",
        "build the router",
        "route + dedupe + write",
    ]
    for label, value in zip(labels, parts, strict=True):
        print(f"  {label:50} {float(value) * 1000:>8.0f}ms")


if __name__ == "__main__":
    main()
