"""Fit the learned layer of the secret guard (memory/secret_model.py) and say how it generalises.

    python scripts/train_secret_model.py                 # cross-set figures, then fit and save
    python scripts/train_secret_model.py --no-save       # figures only
    python scripts/train_secret_model.py --base-rules v4=DIR  # also: rules of DIR ∪ model on v4

The labelled sets in tests/data/secrets/ were written by eleven people independently of each
other (v1: train, train_extra, test_v1; v2 … v11: frozen_v2 … frozen_v11). The honest estimate
of how the model does on text written by someone else is leave one writer out: fit on the
other sets, score the one left out. ``--base-rules SET=DIR`` (repeatable) points at a copy of
the ``memory`` package as it was before SET was read (``git archive <commit> memory | tar -x
-C DIR``; v2: 1cf4266, v3: 69c5f0e, v4: 82f7840, v5: 31ddf8b, v6: 5e5168e, v7: 43b1eb7, v8:
dab035a, v9: d75845e, v10: 3e7ca33, v11: 9ad96b7), to measure whether the model would have
caught what those rules missed on SET. The saved model is fitted on every set.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from memory.secret_model import DIMENSIONS, WEIGHTS, candidates, features  # noqa: E402

DATA = ROOT / "tests" / "data" / "secrets"
SETS = {
    "v1": ("train.jsonl", "train_extra.jsonl", "test_v1.jsonl"),
    "v2": ("frozen_v2.jsonl",),
    "v3": ("frozen_v3.jsonl",),
    "v4": ("frozen_v4.jsonl",),
    "v5": ("frozen_v5.jsonl",),
    "v6": ("frozen_v6.jsonl",),
    "v7": ("frozen_v7.jsonl",),
    "v8": ("frozen_v8.jsonl",),
    "v9": ("frozen_v9.jsonl",),
    "v10": ("frozen_v10.jsonl",),
    "v11": ("frozen_v11.jsonl",),
}
THRESHOLDS = (0.5, 0.7, 0.8, 0.9, 0.95)


def load(name: str) -> list[dict[str, str]]:
    rows = []
    for file in SETS[name]:
        for line in (DATA / file).read_text(encoding="utf-8").splitlines():
            if line.strip():
                rows.append(json.loads(line))
    return rows


def samples(rows: list[dict[str, str]]) -> tuple[list[np.ndarray], np.ndarray]:
    """Candidate values with labels: inside a secret's value 1, in a clean text 0."""
    xs: list[np.ndarray] = []
    ys: list[float] = []
    for row in rows:
        secret = row["label"] == "secret"
        value = row.get("value") or ""
        at = row["text"].find(value) if secret and value else -1
        for cand in candidates(row["text"]):
            if secret:
                if at < 0 or not (cand.start < at + len(value) and at < cand.end):
                    continue  # a user name or a host next to the secret: not labelled
            xs.append(features(cand.features))
            ys.append(1.0 if secret else 0.0)
    return xs, np.array(ys)


def fit(
    xs: list[np.ndarray],
    y: np.ndarray,
    l2: float = 1e-3,
    steps: int = 400,
    dimensions: int = DIMENSIONS,
) -> np.ndarray:
    """Logistic regression on hashed binary features, by full-batch gradient descent."""
    idx = np.concatenate(xs)
    owner = np.repeat(np.arange(len(xs)), [len(x) for x in xs])
    w = np.zeros(dimensions)
    # Balance the classes: clean candidates far outnumber secret ones.
    pos = max(1.0, float(y.sum()))
    neg = max(1.0, float(len(y) - y.sum()))
    weight = np.where(y > 0, len(y) / (2 * pos), len(y) / (2 * neg))
    for _ in range(steps):
        z = np.bincount(owner, weights=w[idx], minlength=len(xs))
        p = 1 / (1 + np.exp(-z))
        g = np.bincount(idx, weights=((p - y) * weight)[owner], minlength=dimensions)
        w -= 1.0 * (g / len(xs) + l2 * w)
    return w


def text_scores(rows: list[dict[str, str]], w: np.ndarray) -> np.ndarray:
    out = []
    for row in rows:
        found = candidates(row["text"])
        best = max((float(w[features(c.features)].sum()) for c in found), default=-50.0)
        out.append(1 / (1 + np.exp(-best)))
    return np.array(out)


def rates(rows: list[dict[str, str]], flagged: np.ndarray) -> str:
    secret = np.array([row["label"] == "secret" for row in rows])
    caught, n_secret = int(flagged[secret].sum()), int(secret.sum())
    refused, n_clean = int(flagged[~secret].sum()), int((~secret).sum())
    return (
        f"recall {caught}/{n_secret} = {caught / n_secret:.3f}, "
        f"false refusals {refused}/{n_clean} = {refused / n_clean:.3f}"
    )


def base_flags(base: Path, rows: list[dict[str, str]]) -> np.ndarray:
    """What the rules in ``base`` (a copy of the memory package) refuse."""
    code = (
        "import json, sys\n"
        f"sys.path.insert(0, {str(base)!r})\n"
        "from memory.secrets import scan_batch\n"
        "texts = json.load(sys.stdin)\n"
        "print(json.dumps([bool(k) for k in scan_batch(texts)]))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code],
        input=json.dumps([row["text"] for row in rows]),
        capture_output=True,
        text=True,
        check=True,
        cwd=base,
    )
    return np.array(json.loads(done.stdout))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--no-save", action="store_true")
    parser.add_argument(
        "--base-rules", action="append", default=[], metavar="SET=DIR", help="e.g. v4=/tmp/base"
    )
    args = parser.parse_args()
    bases = dict(item.split("=", 1) for item in args.base_rules)
    sets = {name: load(name) for name in SETS}
    for test in SETS:
        train = [name for name in SETS if name != test]
        w = fit(*samples([row for name in train for row in sets[name]]))
        scores = text_scores(sets[test], w)
        print(f"\nfit on {', '.join(train)}, scored on {test} (never seen by the model):")
        for t in THRESHOLDS:
            print(f"  model alone, threshold {t}: {rates(sets[test], scores >= t)}")
        if test in bases:
            rules = base_flags(Path(bases[test]), sets[test])
            print(f"  rules as they were before {test} was read: {rates(sets[test], rules)}")
            for t in THRESHOLDS:
                both = rules | (scores >= t)
                print(f"  those rules ∪ model, threshold {t}: {rates(sets[test], both)}")
    if not args.no_save:
        rows = [row for name in SETS for row in sets[name]]
        w = fit(*samples(rows))
        np.save(WEIGHTS, w.astype(np.float16))
        scores = text_scores(rows, w)
        print(f"\nsaved {WEIGHTS.relative_to(ROOT)}; on its own training data:")
        for t in THRESHOLDS:
            print(f"  threshold {t}: {rates(rows, scores >= t)}")


if __name__ == "__main__":
    main()
