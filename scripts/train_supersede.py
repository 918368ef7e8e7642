"""Fit the supersede model (memory/supersede.py) on every labelled update pair.

    python scripts/train_supersede.py            # estimates, then the weights to paste
    python scripts/train_supersede.py --why      # also list the misjudged pairs of each estimate

Reads every pairs set in tests/data/routing (``pairs_*``, ``frozen_v3_pairs`` …
``frozen_v11_pairs``; all of them are training data now; sets written elsewhere measure the
result). Pairs a cue holds back (memory/update_cues.py), pairs not ``close_enough`` (under the
floor), pairs whose values are of another kind (``other_attribute``), pairs about another person
(``memory.pair_slots.other_person``) and pairs about the value itself, another of its things
or someone else (``memory.pair_topic``) never reach the model, so they are left out of its
fit.
The estimates leave one writer out: fitted on the other writers' pairs, measured on the
held-out writer's at several thresholds, with the cues and the floor applied as in
``is_update``; then pooled.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
from pathlib import Path
from typing import Any

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from memory.dedupe import Thresholds  # noqa: E402
from memory.pair_replaced import replaces_another_value  # noqa: E402
from memory.pair_slots import other_person, their_own  # noqa: E402
from memory.pair_topic import (  # noqa: E402
    another_attribute_of,
    another_instance,
    someone_else,
)
from memory.supersede import (  # noqa: E402
    CONFIDENT,
    about_its_value,
    another_object,
    close_enough,
    differs_in_values,
    other_attribute,
    pair_features,
    part_changed,
)
from memory.update_cues import holding_back  # noqa: E402

DATA = ROOT / "tests" / "data" / "routing"
# Each set was written by a different person: the estimates hold one writer out at a time.
SETS = {
    "a+b": ("pairs_train.jsonl", "pairs_test.jsonl"),
    "v3": ("frozen_v3_pairs.jsonl",),
    "v4": ("frozen_v4_pairs.jsonl",),
    "v5": ("frozen_v5_pairs.jsonl",),
    "v6": ("frozen_v6_pairs.jsonl",),
    "v7": ("frozen_v7_pairs.jsonl",),
    "v8": ("frozen_v8_pairs.jsonl",),
    "v9": ("frozen_v9_pairs.jsonl",),
    "v10": ("frozen_v10_pairs.jsonl",),
    "v11": ("frozen_v11_pairs.jsonl",),
}
THRESHOLDS = (0.6, 0.65, 0.7, 0.75, 0.8)
L2 = 1e-2


def fit(x: np.ndarray, y: np.ndarray, l2: float = L2, steps: int = 4000) -> np.ndarray:
    w = np.zeros(x.shape[1])
    for _ in range(steps):
        p = 1 / (1 + np.exp(-(x @ w)))
        w -= 0.5 * ((p - y) @ x / len(x) + l2 * w)
    return w


def load() -> list[dict[str, Any]]:
    rows = []
    for source, names in SETS.items():
        for name in names:
            for line in (DATA / name).read_text("utf-8").splitlines():
                if line.strip():
                    rows.append({**json.loads(line), "set": source})
    return rows


def corpus_sha256() -> str:
    """The hash of the pair files the weights are fitted on, in ``SETS`` order."""
    digest = hashlib.sha256()
    for names in SETS.values():
        for name in names:
            digest.update((DATA / name).read_bytes())
    return digest.hexdigest()


def main() -> None:
    from memory.search.embedders import MiniLMEmbedder

    parser = argparse.ArgumentParser()
    parser.add_argument("--why", action="store_true", help="list the misjudged pairs")
    args = parser.parse_args()
    rows = load()
    embedder = MiniLMEmbedder()
    old = embedder.embed([r["old"] for r in rows])
    new = embedder.embed([r["new"] for r in rows])
    sims = (old * new).sum(axis=1)
    x = np.stack(
        [pair_features(r["old"], r["new"], float(s)) for r, s in zip(rows, sims, strict=True)]
    )
    y = np.array([r["label"] == "update" for r in rows], dtype=float)
    confirm = Thresholds().confirm
    # What never reaches the model: held back by a cue, under the floor, or a paraphrase.
    gate = np.array(
        [
            holding_back(r["new"]) is None
            and close_enough(r["old"], r["new"], float(s))
            and not (s >= confirm and not differs_in_values(r["old"], r["new"]))
            and not other_attribute(r["old"], r["new"])
            and not other_person(r["old"], r["new"])
            and not someone_else(r["old"], r["new"])
            and not about_its_value(r["old"], r["new"])
            and not another_attribute_of(r["old"], r["new"])
            and not part_changed(r["old"], r["new"])
            and not another_object(r["old"], r["new"])
            and not another_instance(r["old"], r["new"])
            and not their_own(r["old"], r["new"])
            and not replaces_another_value(r["old"], r["new"])
            for r, s in zip(rows, sims, strict=True)
        ]
    )
    splits = {f"held out {w}": np.array([r["set"] != w for r in rows]) for w in SETS}
    pooled = np.zeros((len(THRESHOLDS), 3))
    print(f"{len(rows)} pairs, {int(y.sum())} updates; {int((~gate).sum())} never reach the model")
    for name, train in splits.items():
        test = ~train
        w = fit(x[train & gate], y[train & gate])
        probs = 1 / (1 + np.exp(-(x @ w)))
        cells = []
        for threshold in THRESHOLDS:
            said = gate & (probs >= threshold)
            tp = float((said & test & (y == 1)).sum())
            fp = float((said & test & (y == 0)).sum())
            recall = tp / max(1, (test & (y == 1)).sum())
            pooled[THRESHOLDS.index(threshold)] += (tp, fp, (test & (y == 1)).sum())
            cells.append(f"{threshold:.2f}: P {tp / max(1, tp + fp):.3f} R {recall:.3f}")
        print(f"{name:16} " + "  ".join(cells))
        if args.why:
            for i in np.flatnonzero(test & ((gate & (probs >= CONFIDENT)) != (y == 1))):
                kind = "false update" if y[i] == 0 else "missed"
                print(f"  {kind} p={probs[i]:.2f} s={sims[i]:.2f}: {rows[i]['old']!r} -> ")
                print(f"      {rows[i]['new']!r}")
    cells = [
        f"{t:.2f}: P {tp / max(1, tp + fp):.3f} R {tp / max(1, n):.3f}"
        for t, (tp, fp, n) in zip(THRESHOLDS, pooled, strict=True)
    ]
    print(f"{'pooled':16} " + "  ".join(cells))
    w = fit(x[gate], y[gate])
    print(f'CORPUS_SHA256 = "{corpus_sha256()}"')
    print("WEIGHTS = np.array(")
    print(f"    {np.round(w[:8], 4).tolist()}")
    print(f"    + {np.round(w[8:], 4).tolist()}")
    print(")")


if __name__ == "__main__":
    main()
