"""Calibrate the dedupe thresholds for the default embedder on labelled pairs.

    python benchmarks/dedupe_calibration.py

Pairs (tests/fixtures/dedupe_pairs.txt) are labelled ``same`` (one fact said twice),
``related`` (same topic, a different fact or an update) and ``different``. It prints the
similarity distribution per label, then how the shipped thresholds and the specifics check
(numbers, names, dates, negation) classify every pair.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np

FIXTURE = Path(__file__).resolve().parents[1] / "tests" / "fixtures" / "dedupe_pairs.txt"


def load() -> list[tuple[str, str, str]]:
    rows = []
    for line in FIXTURE.read_text().splitlines():
        if line.strip() and not line.startswith("#"):
            label, a, b = line.split("|")
            rows.append((label, a, b))
    return rows


def main() -> None:
    from memory.dedupe import Thresholds, find_duplicates
    from memory.search.embedders import MiniLMEmbedder

    emb = MiniLMEmbedder()
    rows = load()
    sims: dict[str, list[float]] = {}
    outcomes: dict[tuple[str, str], int] = {}
    limits = Thresholds()
    for label, a, b in rows:
        va, vb = emb.embed([a, b])
        sims.setdefault(label, []).append(float(va @ vb))
        got = find_duplicates(b, [("x", a)], emb, limits).status
        outcomes[(label, got)] = outcomes.get((label, got), 0) + 1
    print(f"{'label':10} {'n':>3} {'min':>6} {'p10':>6} {'median':>7} {'p90':>6} {'max':>6}")
    for label, values in sims.items():
        v = np.array(values)
        print(
            f"{label:10} {len(v):3d} {v.min():6.3f} {np.percentile(v, 10):6.3f} "
            f"{np.median(v):7.3f} {np.percentile(v, 90):6.3f} {v.max():6.3f}"
        )
    print(f"\nthresholds: confirm ≥ {limits.confirm}, similar ≥ {limits.similar}")
    print(f"{'label':10} {'confirm':>8} {'similar':>8} {'new':>8}")
    for label in ("same", "related", "different"):
        print(
            f"{label:10} "
            + " ".join(f"{outcomes.get((label, s), 0):>8}" for s in ("confirm", "similar", "new"))
        )


if __name__ == "__main__":
    main()
