"""Routing, supersede and durability on the FROZEN test parts of tests/data/routing.

    python benchmarks/routing.py            # all three, prints tables
    python benchmarks/routing.py --json     # the figures as JSON (the floor test uses them)

The frozen parts (``a_test``, ``b_test``, ``pairs_test``, ``distill_test``) were split once
by a seeded hash and never read while the models were trained or tuned; every figure here
is a frozen-part figure, and no frozen statement is ever printed. Routing runs the real
offline ``Router`` (cues + classifier) on each statement after ``strip_intent``, as the
Coordinator does; the workspace is taken to hold the projects the corpus's personas name.
Latency is one ``route()`` call with the embedder loaded (a shared machine: an order of
magnitude).
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from collections import Counter
from pathlib import Path
from typing import Any

os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "scripts"))
DATA = ROOT / "tests" / "data" / "routing"
LAYERS = ["memory", "daily", "session", "skill", "project", "none"]


def _rows(name: str) -> list[dict[str, Any]]:
    text = (DATA / name).read_text("utf-8")
    return [json.loads(line) for line in text.splitlines() if line.strip()]


def routing(embedder: Any) -> dict[str, Any]:
    from train_router import PROJECTS

    from coordinator.router import Router, strip_intent

    router = Router(embedder, known_projects=list(PROJECTS))
    rows = _rows("a_test.jsonl") + _rows("b_test.jsonl")
    router.route("warm-up")
    confusion: Counter[tuple[str, str]] = Counter()
    layer_ok = kind_ok = project_ok = projects = 0
    times = []
    for row in rows:
        started = time.perf_counter()
        route = router.route(strip_intent(row["text"])[0])
        times.append(time.perf_counter() - started)
        confusion[(row["layer"], route.layer)] += 1
        layer_ok += route.layer == row["layer"]
        kind_ok += route.layer == row["layer"] and route.kind == row["kind"]
        if row["layer"] == "project":
            projects += 1
            project_ok += route.project == row["project"]
    times.sort()
    embed_times = []
    for row in rows:
        started = time.perf_counter()
        embedder.embed([row["text"]])
        embed_times.append(time.perf_counter() - started)
    embed_times.sort()
    recall = {
        layer: confusion[(layer, layer)] / max(1, sum(confusion[(layer, g)] for g in LAYERS))
        for layer in LAYERS
    }
    return {
        "statements": len(rows),
        "layer_accuracy": layer_ok / len(rows),
        "layer_kind_accuracy": kind_ok / len(rows),
        "project_name_accuracy": project_ok / max(1, projects),
        "recall": recall,
        "confusion": {f"{w}->{g}": n for (w, g), n in sorted(confusion.items())},
        "p50_ms": 1000 * times[len(times) // 2],
        "p95_ms": 1000 * times[int(len(times) * 0.95)],
        "embed_p50_ms": 1000 * embed_times[len(rows) // 2],
        "embed_p95_ms": 1000 * embed_times[int(len(rows) * 0.95)],
    }


def supersede(embedder: Any) -> dict[str, Any]:
    from memory.supersede import is_update

    rows = _rows("pairs_test.jsonl")
    old = embedder.embed([r["old"] for r in rows])
    new = embedder.embed([r["new"] for r in rows])
    tp = fp = fn = 0
    for row, a, b in zip(rows, old, new, strict=True):
        said = is_update(row["old"], row["new"], float(a @ b))
        truth = row["label"] == "update"
        tp += said and truth
        fp += said and not truth
        fn += truth and not said
    return {
        "pairs": len(rows),
        "precision": tp / max(1, tp + fp),
        "recall": tp / max(1, tp + fn),
    }


def durability(embedder: Any) -> dict[str, Any]:
    from coordinator.route_model import durability as judge

    rows = _rows("distill_test.jsonl")
    vectors = embedder.embed([r["text"] for r in rows])
    tp = fp = fn = 0
    for row, vector in zip(rows, vectors, strict=True):
        said = judge(row["text"], vector)[0]
        truth = row["label"] == "durable"
        tp += said and truth
        fp += said and not truth
        fn += truth and not said
    return {
        "lines": len(rows),
        "precision": tp / max(1, tp + fp),
        "recall": tp / max(1, tp + fn),
    }


def measure() -> dict[str, Any]:
    from memory.search.embedders import MiniLMEmbedder

    embedder = MiniLMEmbedder()
    return {
        "routing": routing(embedder),
        "supersede": supersede(embedder),
        "durability": durability(embedder),
    }


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    result = measure()
    if args.json:
        print(json.dumps(result, indent=1))
        return
    r = result["routing"]
    print(f"FROZEN test parts — routing: {r['statements']} statements")
    print(
        f"layer accuracy {r['layer_accuracy']:.3f}  layer+kind {r['layer_kind_accuracy']:.3f}  "
        f"project name {r['project_name_accuracy']:.3f}  "
        f"route() p50 {r['p50_ms']:.1f} ms p95 {r['p95_ms']:.1f} ms "
        f"(embed() alone p50 {r['embed_p50_ms']:.1f} ms p95 {r['embed_p95_ms']:.1f} ms)"
    )
    print("recall: " + "  ".join(f"{k} {v:.3f}" for k, v in r["recall"].items()))
    print("\nexpected \\ routed " + " ".join(f"{x:>8}" for x in LAYERS))
    for want in LAYERS:
        cells = " ".join(f"{r['confusion'].get(f'{want}->{got}', 0):>8}" for got in LAYERS)
        print(f"{want:18}{cells}")
    s, d = result["supersede"], result["durability"]
    print(f"\nsupersede: {s['pairs']} pairs  precision {s['precision']:.3f}  ", end="")
    print(f"recall {s['recall']:.3f}")
    print(f"durability: {d['lines']} lines  precision {d['precision']:.3f}  ", end="")
    print(f"recall {d['recall']:.3f}")


if __name__ == "__main__":
    main()
