"""Coordinator speed: boot over a year of logs, remember in a running session, and the
one-shot commands as fresh processes (absolute and as a ratio to ``python -c pass``
measured in the same run, since the machine's load moves both).

    python benchmarks/coordinator_speed.py [--baseline /path/to/another/checkout]

The targets are for a quiet machine; on a busy one the ratio to ``python -c pass`` is
what compares (a target of 0.6 s is 20 × pass).
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

# Cold one-shot commands: (label, labmem arguments, target in seconds on a quiet machine,
# where ``python -c pass`` takes 0.03 s).
COLD: list[tuple[str, list[str], float]] = [
    ("labmem --help", ["--help"], 0.15),
    ("labmem remember --layer daily", ["remember", "--layer", "daily", "Swapped a fan."], 0.6),
    ("labmem remember (auto-routed)", ["remember", "I prefer answers in metric units."], 1.2),
    ("labmem search (index current)", ["search", "battery"], 1.5),
    # 24 skills without trigger phrases installed (tests/data/skills_v2): matched by
    # description; a Spanish request also loads the multilingual model.
    ("labmem skills match (English)", ["skills", "match", "plan dinners for the week"], 1.5),
    ("labmem skills match (Spanish)", ["skills", "match", "planifica las cenas de la semana"], 1.5),
]
SKILLS = Path(__file__).resolve().parents[1] / "tests" / "data" / "skills_v2" / "collection"
COLD_RUNS = 5
Row = tuple[str, float, float | None, float | None]  # label, seconds, baseline s, target


def cold_commands(home: Path, baseline: Path | None) -> tuple[float, list[Row]]:
    """Median seconds of each cold command (and of ``python -c pass``), the runs of this
    checkout and of ``baseline`` (another checkout, e.g. ``git worktree add /tmp/base main``)
    interleaved, so both see the same machine load."""
    env = {**os.environ, "LABMEM_NOW": NOW, "LABMEM_HOME": str(home)}
    exe = str(Path(sys.executable).with_name("labmem"))
    subprocess.run([exe, "reindex"], check=True, capture_output=True, env=env)
    argvs = [[sys.executable, "-c", "pass"]] + [[exe, *args] for _, args, _ in COLD]
    ours: list[list[float]] = [[] for _ in argvs]
    theirs: list[list[float]] = [[] for _ in argvs]
    old_env = {**env, "PYTHONPATH": str(baseline)} if baseline else env
    for _ in range(COLD_RUNS):
        for n, argv in enumerate(argvs):
            for times, run_env in ((ours, env), (theirs, old_env)) if baseline else ((ours, env),):
                if "search" in argv:  # "index current": the writes timed before are indexed
                    subprocess.run([exe, "reindex"], check=True, capture_output=True, env=run_env)
                started = time.perf_counter()
                subprocess.run(argv, check=True, capture_output=True, env=run_env)
                times[n].append(time.perf_counter() - started)
    base = statistics.median(ours[0])
    rows: list[Row] = []
    for n, (label, _, target) in enumerate(COLD):
        old = statistics.median(theirs[n + 1]) if baseline else None
        rows.append((label, statistics.median(ours[n + 1]), old, target))
    return base, rows


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

    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--baseline", type=Path, help="another checkout, timed side by side")
    args = parser.parse_args()

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
        import shutil

        shutil.copytree(SKILLS, home / "skills", dirs_exist_ok=True)
        base, cold = cold_commands(home, args.baseline)
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
    head = f"cold process, median of {COLD_RUNS}"
    extra = f" {'baseline':>9} {'× pass':>7}" if args.baseline else ""
    print(f"\n{head:32} {'time':>7} {'× pass':>7}{extra}  target (quiet: pass 0.03 s)")
    print(f"{'python -c pass':32} {base:>6.2f}s {1.0:>6.1f}×")
    for label, seconds, old, target in cold:
        was = f" {old:>8.2f}s {old / base:>6.1f}×" if old is not None else ""
        met = ("✔" if seconds <= target else "✗", "✔" if seconds / base <= target / 0.03 else "✗")
        print(
            f"{label:32} {seconds:>6.2f}s {seconds / base:>6.1f}×{was}  "
            f"≤ {target} s: {met[0]} absolute, {met[1]} as a ratio"
        )


if __name__ == "__main__":
    main()
