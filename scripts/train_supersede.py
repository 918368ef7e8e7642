"""Fit the supersede model (memory/supersede.py) on every labelled update pair.

    python scripts/train_supersede.py

Reads tests/data/routing/pairs_train.jsonl and pairs_test.jsonl (both parts are training
data now; new sets written elsewhere measure the result). Prints cross-set figures — fitted
on the English pairs and measured on the Spanish ones and the reverse, and on alternate
halves — at several thresholds, then the weights to paste into memory/supersede.py.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from memory.supersede import FLOOR, pair_features  # noqa: E402

DATA = ROOT / "tests" / "data" / "routing"
PAIRS = ("pairs_train.jsonl", "pairs_test.jsonl")


def fit(x: np.ndarray, y: np.ndarray, l2: float = 1e-2, steps: int = 3000) -> np.ndarray:
    w = np.zeros(x.shape[1])
    for _ in range(steps):
        p = 1 / (1 + np.exp(-(x @ w)))
        w -= 0.5 * ((p - y) @ x / len(x) + l2 * w)
    return w


def main() -> None:
    from memory.search.embedders import MiniLMEmbedder

    rows = []
    for name in PAIRS:
        text = (DATA / name).read_text("utf-8")
        rows += [json.loads(line) for line in text.splitlines() if line.strip()]
    embedder = MiniLMEmbedder()
    old = embedder.embed([r["old"] for r in rows])
    new = embedder.embed([r["new"] for r in rows])
    sims = (old * new).sum(axis=1)
    x = np.stack(
        [pair_features(r["old"], r["new"], float(s)) for r, s in zip(rows, sims, strict=True)]
    )
    y = np.array([r["label"] == "update" for r in rows], dtype=float)
    english = np.array([r["lang"] == "en" for r in rows])
    half = np.arange(len(rows)) % 2 == 0
    splits = {"en->es": english, "es->en": ~english, "odd->even": ~half, "even->odd": half}
    print(f"{len(rows)} pairs; an update needs similarity >= {FLOOR}")
    for threshold in (0.6, 0.7, 0.8, 0.9):
        cells = []
        for name, train in splits.items():
            test = ~train
            probs = 1 / (1 + np.exp(-(x[test] @ fit(x[train], y[train]))))
            chosen = (probs >= threshold) & (sims[test] >= FLOOR)
            tp = float((chosen & (y[test] == 1)).sum())
            precision = tp / max(1, chosen.sum())
            cells.append(f"{name} P {precision:.3f} R {tp / y[test].sum():.3f}")
        print(f"threshold {threshold:.1f}: " + "  ".join(cells))
    print("WEIGHTS =", np.round(fit(x, y), 4).tolist())


if __name__ == "__main__":
    main()
