"""``lab.ask`` latency in a warm session at 10k entries, next to ``lab.search`` in the same run.

    python benchmarks/ask_latency.py [--size 10000] [--queries 200]

The workspace is ``search_scale.py``'s synthetic year of daily logs plus a 200-entry
MEMORY.md, indexed through the product. Questions mix topics, dates ("what did I do
yesterday?", "what happened last Tuesday?", "¿qué hice el 3 de marzo?") and questions memory
cannot answer; each is timed end to end (time expression, search, evidence, answer text).
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
sys.path.insert(0, str(Path(__file__).resolve().parent))

from search_scale import ACTIONS, THINGS, build_workspace

DATED = [
    "what did I do yesterday?",
    "what happened last Tuesday?",
    "¿qué hice ayer?",
    "what did I fix last week?",
    "¿qué pasó el 3 de marzo?",
    "when did I restart the {thing}?",
]
NOTHING = ["what is the capital of France?", "what is the SSID of the guest wifi?"]


def questions(n: int) -> list[str]:
    rng = random.Random(5)
    out = []
    for i in range(n):
        thing = rng.choice(THINGS)
        if i % 4 == 1:
            out.append(rng.choice(DATED).format(thing=thing))
        elif i % 10 == 3:
            out.append(rng.choice(NOTHING))
        else:
            out.append(f"why did we {rng.choice(ACTIONS)} the {thing}?")
    return out


def pct(values: list[float], q: float) -> float:
    return sorted(values)[min(len(values) - 1, int(q * len(values)))] * 1000


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--size", type=int, default=10000)
    parser.add_argument("--queries", type=int, default=200)
    args = parser.parse_args()
    from coordinator import Lab, load_settings

    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp) / "lab"
        build_workspace(root, args.size)
        settings = load_settings(home=root, now="2026-11-29T12:00:00Z", tz="Europe/Madrid")
        with Lab.open(settings=settings) as lab:
            report = lab.reindex()
            lab.ask("warm up?")
            asked, searched = [], []
            for q in questions(args.queries):
                started = time.perf_counter()
                lab.search(q, k=10)
                searched.append(time.perf_counter() - started)
                started = time.perf_counter()
                lab.ask(q)
                asked.append(time.perf_counter() - started)
    print(f"\n{report.added} chunks, {args.queries} questions, warm main session")
    print(f"{'call':14} {'p50 ms':>8} {'p95 ms':>8} {'mean ms':>8}")
    for name, values in (("lab.search", searched), ("lab.ask", asked)):
        print(
            f"{name:14} {pct(values, 0.5):8.1f} {pct(values, 0.95):8.1f} "
            f"{statistics.mean(values) * 1000:8.1f}"
        )


if __name__ == "__main__":
    main()
