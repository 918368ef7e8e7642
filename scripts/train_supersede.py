"""Fit the supersede model (memory/supersede.py) on the train part of the update pairs.

    python scripts/train_supersede.py

Reads only tests/data/routing/pairs_train.jsonl. Prints 5-fold figures on train at several
thresholds and the weights to paste into memory/supersede.py.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from memory.supersede import pair_features  # noqa: E402

PAIRS = ROOT / "tests" / "data" / "routing" / "pairs_train.jsonl"


def fit(x: np.ndarray, y: np.ndarray, l2: float = 1e-2, steps: int = 3000) -> np.ndarray:
    w = np.zeros(x.shape[1])
    for _ in range(steps):
        p = 1 / (1 + np.exp(-(x @ w)))
        w -= 0.5 * ((p - y) @ x / len(x) + l2 * w)
    return w


def main() -> None:
    from memory.search.embedders import MiniLMEmbedder

    rows = [json.loads(line) for line in PAIRS.read_text("utf-8").splitlines() if line.strip()]
    embedder = MiniLMEmbedder()
    old = embedder.embed([r["old"] for r in rows])
    new = embedder.embed([r["new"] for r in rows])
    sims = (old * new).sum(axis=1)
    x = np.stack(
        [pair_features(r["old"], r["new"], float(s)) for r, s in zip(rows, sims, strict=True)]
    )
    y = np.array([r["label"] == "update" for r in rows], dtype=float)
    order = np.random.default_rng(7).permutation(len(rows))
    probs = np.zeros(len(rows))
    for fold in range(5):
        test = order[fold::5]
        probs[test] = 1 / (
            1 + np.exp(-(x[test] @ fit(x[np.setdiff1d(order, test)], y[np.setdiff1d(order, test)])))
        )
    for threshold in (0.5, 0.6, 0.7, 0.8, 0.9):
        chosen = probs >= threshold
        tp = float((chosen & (y == 1)).sum())
        print(
            f"threshold {threshold:.1f}: precision {tp / max(1, chosen.sum()):.3f} "
            f"recall {tp / y.sum():.3f}"
        )
    print("WEIGHTS =", np.round(fit(x, y), 4).tolist())


if __name__ == "__main__":
    main()
