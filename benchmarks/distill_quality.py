"""Distillation quality on the labelled fixture, and speed on a year of logs.

    python benchmarks/distill_quality.py [--skip-year]

Quality: tests/fixtures/distill_logs.py (32 days, each entry labelled). Reports promotion
precision and recall, duplicates created and secrets promoted. Speed: a year of logs
(365 days × 40 entries) distilled offline with the index already built (as it is in a
workspace that is searched), then the no-op rerun.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path

os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests" / "fixtures"))


def quality() -> dict[str, float]:
    from distill_logs import write_logs

    from coordinator import Lab, load_settings
    from coordinator.maintenance.job import run_maintenance
    from memory.hygiene import normalise
    from memory.secrets import find_secrets

    with tempfile.TemporaryDirectory() as tmp:
        home = Path(tmp) / "lab"
        labels = write_logs(home)
        settings = load_settings(home=home, now="2026-11-25T12:00:00Z")
        with Lab.open(settings=settings) as lab:
            report = run_maintenance(lab)
            records = lab.memory_records()
        promoted = {p.daily_id for p in report.distill.promotions}
        should = {i for i, v in labels.items() if v}
        texts = [normalise(r.text) for r in records]
        dupes = len(texts) - len(set(texts))
        secret_hits = sum(
            1
            for r in records
            if find_secrets(r.text) or "Tr0ub4dor3x" in r.text or "ghp_" in r.text
        )
        if os.environ.get("VERBOSE"):
            for p in report.distill.promotions:
                if p.daily_id not in {i for i, v in labels.items() if v}:
                    print("extra:", p.kind, p.reason, p.text)
            for i in sorted(
                {i for i, v in labels.items() if v}
                - {p.daily_id for p in report.distill.promotions}
            ):
                print("missed:", i)
    tp = len(promoted & should)
    return {
        "entries": len(labels),
        "should": len(should),
        "promoted": len(promoted),
        "precision": tp / max(1, len(promoted)),
        "recall": tp / max(1, len(should)),
        "duplicates": dupes,
        "secrets": secret_hits,
    }


def year() -> dict[str, float]:
    from coordinator import Lab, load_settings
    from coordinator.maintenance.job import run_maintenance

    rng_things = ["NAS", "router", "UPS", "Jellyfin", "Proxmox", "Pi-hole", "switch", "camera"]
    base = datetime(2025, 11, 28, 6, tzinfo=UTC)
    items = []
    for d in range(365):
        for i in range(40):
            thing = rng_things[(d + i) % len(rng_things)]
            if i == 7:
                text = f"We decided to keep the {thing} on firmware branch {d % 9}."
            elif i == 19:
                text = f"Turns out the {thing} needs a reboot after {d % 5 + 2} weeks."
            else:
                text = f"Checked the {thing}: entry {i} of day {d}, all fine after {i % 7} min."
            items.append(
                {
                    "layer": "daily",
                    "text": text,
                    "time": (base + timedelta(days=d, minutes=20 * i)).isoformat(),
                }
            )
    with tempfile.TemporaryDirectory() as tmp:
        home = Path(tmp) / "lab"
        settings = load_settings(home=home, now="2026-11-28T12:00:00Z")
        with Lab.open(settings=settings) as lab:
            lab.import_entries(items)
            started = time.perf_counter()
            lab.reindex()
            index_s = time.perf_counter() - started
            started = time.perf_counter()
            first = run_maintenance(lab, prune=False)
            first_s = time.perf_counter() - started
            started = time.perf_counter()
            again = run_maintenance(lab, prune=False)
            again_s = time.perf_counter() - started
    return {
        "entries": len(items),
        "index_s": index_s,
        "first_s": first_s,
        "promoted": len(first.distill.written),
        "rerun_s": again_s,
        "rerun_changes": len(again.distill.promotions),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--skip-year", action="store_true")
    args = parser.parse_args()
    q = quality()
    print(
        f"fixture: {q['entries']} entries, {q['should']} should be promoted, "
        f"{q['promoted']} promoted"
    )
    print(f"{'measure':36} {'value':>8}  target")
    print(f"{'promotion precision':36} {q['precision']:>8.3f}  ≥ 0.9")
    print(f"{'promotion recall':36} {q['recall']:>8.3f}  ≥ 0.8")
    print(f"{'duplicates created':36} {q['duplicates']:>8}  0")
    print(f"{'secrets promoted':36} {q['secrets']:>8}  0")
    if not args.skip_year:
        y = year()
        print(
            f"\nyear of logs: {y['entries']} entries; index build (not part of distill) "
            f"{y['index_s']:.1f} s"
        )
        print(
            f"{'distil a year, offline':36} {y['first_s']:>7.1f}s  ≤ 60 s "
            f"({y['promoted']} promoted)"
        )
        print(f"{'no-op rerun':36} {y['rerun_s']:>7.2f}s  ≤ 2 s ({y['rerun_changes']} changes)")


if __name__ == "__main__":
    main()
