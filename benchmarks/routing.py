"""Offline routing accuracy on the labelled set in tests/fixtures/routing.txt.

    python benchmarks/routing.py

Prints layer accuracy, kind accuracy and the layer confusion matrix (rows: expected).
The set is separate from the prototypes the router ships (coordinator/data/prototypes.json).
"""

from __future__ import annotations

import time
from collections import Counter
from pathlib import Path

FIXTURE = Path(__file__).resolve().parents[1] / "tests" / "fixtures" / "routing.txt"
LAYERS = ["memory", "daily", "project", "skill", "session"]


def load() -> list[tuple[str, str, str]]:
    rows = []
    for line in FIXTURE.read_text().splitlines():
        if line.strip() and not line.startswith("#"):
            layer, kind, text = line.split("|", 2)
            rows.append((layer, kind, text))
    return rows


def evaluate() -> tuple[float, float, Counter[tuple[str, str]], list[str]]:
    from coordinator.router import Router, strip_intent
    from memory.search.embedders import MiniLMEmbedder

    router = Router(
        MiniLMEmbedder(), known_projects=["homepage", "invoice-parser", "site", "ha-config"]
    )
    rows = load()
    confusion: Counter[tuple[str, str]] = Counter()
    layer_ok = kind_ok = 0
    misses = []
    for layer, kind, text in rows:
        route = router.route(strip_intent(text)[0])
        confusion[(layer, route.layer)] += 1
        layer_ok += route.layer == layer
        kind_ok += route.layer == layer and route.kind == kind
        if route.layer != layer:
            misses.append(f"{layer}->{route.layer} ({route.reason}): {text}")
    return layer_ok / len(rows), kind_ok / len(rows), confusion, misses


def main() -> None:
    started = time.perf_counter()
    layer_acc, kind_acc, confusion, misses = evaluate()
    print(
        f"statements: {len(load())}  layer accuracy: {layer_acc:.3f}  "
        f"layer+kind accuracy: {kind_acc:.3f}  ({time.perf_counter() - started:.1f} s)"
    )
    print("\nexpected \\ routed " + " ".join(f"{x:>8}" for x in LAYERS))
    for want in LAYERS:
        print(f"{want:18}" + " ".join(f"{confusion[(want, got)]:>8}" for got in LAYERS))
    if misses:
        print("\nmisrouted:")
        for miss in misses:
            print("  " + miss)


if __name__ == "__main__":
    main()
