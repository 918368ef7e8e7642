"""Coordinator speed: boot over a year of logs, remember in a running session, and the
one-shot commands as fresh processes (absolute and as a ratio to ``python -c pass``
measured in the same run, since the machine's load moves both).

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

# Cold one-shot commands: (label, labmem arguments, target in seconds).
COLD: list[tuple[str, list[str], float]] = [
    ("labmem --help", ["--help"], 0.15),
    ("labmem remember --layer daily", ["remember", "--layer", "daily", "Swapped a fan."], 0.6),
    ("labmem remember (auto-routed)", ["remember", "I prefer answers in metric units."], 1.2),
    ("labmem search (index current)", ["search", "battery"], 1.5),
]
COLD_RUNS = 5


def _cold(argv: list[str], env: dict[str, str]) -> float:
    """Median wall time of a fresh process, over ``COLD_RUNS`` runs."""
    times = []
    for _ in range(COLD_RUNS):
        started = time.perf_counter()
        subprocess.run(argv, check=True, capture_output=True, env=env)
        times.append(time.perf_counter() - started)
    return statistics.median(times)


def cold_commands(home: Path) -> list[tuple[str, float, float, float | None]]:
    """(label, seconds, ratio to ``python -c pass``, target) for each cold command, all
    measured in the same run, interleaved with the baseline."""
    env = {**os.environ, "LABMEM_NOW": NOW, "LABMEM_HOME": str(home)}
    exe = str(Path(sys.executable).with_name("labmem"))
    subprocess.run([exe, "reindex"], check=True, capture_output=True, env=env)
    base = _cold([sys.executable, "-c", "pass"], env)
    rows: list[tuple[str, float, float, float | None]] = [("python -c pass", base, 1.0, None)]
    for label, args, target in COLD:
        seconds = _cold([exe, *args], env)
        rows.append((label, seconds, seconds / base, target))
    return rows


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
        cold = cold_commands(home)
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
    title = f"cold process (median of {COLD_RUNS})"
    print(f"\n{title:40} {'time':>8} {'× pass':>8}  target")
    for label, seconds, ratio, target in cold:
        mark = "" if target is None else f"≤ {target:.2f} s " + ("✔" if seconds <= target else "✗")
        print(f"{label:40} {seconds:>7.2f}s {ratio:>7.1f}×  {mark}")


if __name__ == "__main__":
    main()
