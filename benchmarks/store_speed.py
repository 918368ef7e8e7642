"""LabmemStore next to LangGraph's InMemoryStore, in the same run, at 10k entries.

    python benchmarks/store_speed.py [--entries 10000] [--queries 200] [--puts 200]

Builds the synthetic workspace of ``search_scale.py`` (a year of daily logs plus a 200-entry
MEMORY.md), indexes it through the product, and fills an InMemoryStore with the same texts,
embedded by the same MiniLM model (``fields=["text"]``). Then, warm, it times ``search``
with a query (query embedding included), ``get`` by key and ``put`` of new items on both.
Vectors are cached in ``benchmarks/.cache`` after the first run.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
sys.path.insert(0, str(Path(__file__).resolve().parent))

from search_scale import ACTIONS, THINGS, CachedEmbedder, build_workspace, sentence


def percentiles(times: list[float]) -> tuple[float, float]:
    times = sorted(times)
    return statistics.median(times) * 1000, times[max(0, int(0.95 * len(times)) - 1)] * 1000


def timed(calls: list[Callable[[], Any]]) -> tuple[float, float]:
    times = []
    for call in calls:
        started = time.perf_counter()
        call()
        times.append(time.perf_counter() - started)
    return percentiles(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--entries", type=int, default=10_000)
    parser.add_argument("--queries", type=int, default=200)
    parser.add_argument("--puts", type=int, default=200)
    args = parser.parse_args()

    from langgraph.store.memory import InMemoryStore

    from coordinator import Lab, load_settings
    from coordinator.integrations import LabmemStore
    from memory.search import embedders

    cached = CachedEmbedder(embedders.MiniLMEmbedder(), f"store-{args.entries}")
    embedders._cached_minilm.cache_clear()
    embedders._cached_minilm = lambda: cached  # type: ignore[assignment]
    rng = random.Random(5)
    queries = [
        f"why did we {rng.choice(ACTIONS)} the {rng.choice(THINGS)}" for _ in range(args.queries)
    ]
    # Fresh texts for each store and namespace, so every put embeds what it must, live.
    fresh = {
        (name, ns): [f"{sentence(rng)} ({name} {ns} {n})" for n in range(args.puts)]
        for name in ("LabmemStore", "InMemoryStore")
        for ns in ("daily", "memory")
    }
    plain = {
        ns: [f"{sentence(rng)} (remember {ns} {n})" for n in range(args.puts)]
        for ns in ("daily", "memory")
    }
    rows: list[tuple[str, str, float, float]] = []
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp) / "lab"
        texts = build_workspace(root, args.entries)
        settings = load_settings(home=root, now="2026-11-29T12:00:00Z")
        with Lab.open(settings=settings) as lab:
            started = time.perf_counter()
            chunks = lab.reindex().added
            print(f"labmem index: {chunks} chunks in {time.perf_counter() - started:.0f} s")
            store = LabmemStore(lab)

            def embed(batch: list[str]) -> list[list[float]]:
                return [list(map(float, v)) for v in cached.embed(list(batch))]

            ref = InMemoryStore(index={"dims": 384, "embed": embed, "fields": ["text"]})
            started = time.perf_counter()
            for i, text in enumerate(texts):
                ref.put(("daily",), f"d{i}", {"text": text})
            print(
                f"InMemoryStore fill: {len(texts)} items in {time.perf_counter() - started:.0f} s"
            )
            cached.save()
            keys = [i.key for i in store.search(("daily",), limit=args.queries)]
            for q in queries[:10]:  # warm both
                store.search(("daily",), query=q)
                ref.search(("daily",), query=q)

            def search_row(name: str, target: Any, prefix: tuple[str, ...]) -> None:
                calls = [lambda q=q: target.search(prefix, query=q, limit=10) for q in queries]
                rows.append((name, f"search {prefix!r} query, limit 10", *timed(calls)))

            lab_calls = [lambda q=q: lab.search(q, k=10, layers=["daily"]) for q in queries]
            rows.append(
                ("Lab.search", "the search the store runs (daily, k=10)", *timed(lab_calls))
            )
            search_row("LabmemStore", store, ("daily",))
            search_row("InMemoryStore", ref, ("daily",))
            search_row("LabmemStore", store, ())
            search_row("InMemoryStore", ref, ())
            rows.append(
                (
                    "LabmemStore",
                    "get by key",
                    *timed([lambda k=k: store.get(("daily",), k) for k in keys]),
                )
            )
            rows.append(
                (
                    "InMemoryStore",
                    "get by key",
                    *timed([lambda i=i: ref.get(("daily",), f"d{i}") for i in range(len(keys))]),
                )
            )
            for name, target in (("LabmemStore", store), ("InMemoryStore", ref)):
                for ns in (("daily",), ("memory",)):
                    batch = fresh[(name, ns[0])]
                    target.put(ns, "warm", {"text": f"Warm-up entry {name} {ns[0]}"})
                    calls = [
                        lambda ns=ns, n=n, t=t, target=target: target.put(
                            ns, f"new-{n}", {"text": t}
                        )
                        for n, t in enumerate(batch)
                    ]
                    rows.append((name, f"put {ns!r} new key", *timed(calls)))
            for layer, batch in plain.items():
                calls = [lambda t=t, layer=layer: lab.remember(t, layer=layer) for t in batch]
                rows.append(("Lab.remember", f"what a put runs ({layer})", *timed(calls)))
    print(f"\n{'store':<14} {'operation':<38} {'p50 ms':>8} {'p95 ms':>8}")
    for name, op, p50, p95 in rows:
        print(f"{name:<14} {op:<38} {p50:>8.1f} {p95:>8.1f}")


if __name__ == "__main__":
    main()
