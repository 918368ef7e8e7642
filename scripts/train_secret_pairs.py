"""The guard's learned pair scorer (memory/secret_pairs.py): measured leaving one writer out,
and fitted on every set for the weights the guard ships.

    python scripts/train_secret_pairs.py                         # leave one writer out
    python scripts/train_secret_pairs.py --base-rules v7=DIR     # + the guard in DIR ∪ scorer
    python scripts/train_secret_pairs.py --save                  # memory/data/secret_pairs.npy
    python scripts/train_secret_pairs.py --only-save             # the same, no folds

Every token that could be a value (a digit, a symbol between letters, mixed case) with a word
of the credential vocabulary within a dozen words is described by the pair (see
memory/secret_pairs.py). Logistic regression over hashed features; a text's score is its best
pair's. The probes (phrasings written beside the rules, not an independent writer) are always
in the fit; a probe secret with no value marked counts its pair only when it has one.

Each labelled set in tests/data/secrets/ was written by a different person. For each set X the
scorer is fitted on the other sets and scored on X; ``--base-rules X=DIR`` joins it to the
guard in DIR (``git archive <commit> memory | tar -x -C DIR``: the guard before X was read);
``--since DIR`` (a copy of the guard at the start of this round's work) adds what this tree's
rules refuse and DIR's did not — the checks written since, from other writers' sets.
PAIRS_L2, PAIRS_STEPS, PAIRS_OTHERS (1: a secret text's other tokens count as negatives) and
PAIRS_ALONE (0: no candidate without a key word near it) change the fit.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "scripts"))

from train_secret_model import DATA, SETS, base_flags, load, rates  # noqa: E402
from train_secret_model import fit as fit_model  # noqa: E402

from memory.secret_pairs import (  # noqa: E402
    DIMENSIONS,
    THRESHOLD,
    WEIGHTS,
    guard_views,
    pair_features,
    pairs,
)

THRESHOLDS = (0.7, 0.75, 0.8, 0.85, 0.9, 0.95)
# Phrasings written beside the rules (not an independent writer): always in the fit.
TRAIN_ONLY = {"probes": ("train_probes.jsonl", "train_probes_2.jsonl")}


def load_files(files: tuple[str, ...]) -> list[dict[str, str]]:
    rows = []
    for file in files:
        for line in (DATA / file).read_text(encoding="utf-8").splitlines():
            if line.strip():
                rows.append(json.loads(line))
    return rows


def samples(rows: list[dict[str, str]]) -> tuple[list[np.ndarray], np.ndarray]:
    """Pairs with labels: the value's own token in a secret text 1, any pair of a clean text 0;
    a secret text with no value marked (the probes) counts its pair only when it has one."""
    xs: list[np.ndarray] = []
    ys: list[float] = []
    for row in rows:
        secret = row["label"] == "secret"
        value = row.get("value") or ""
        at = row["text"].find(value) if secret and value else -1
        found = pairs(row["text"])
        for pair in found:
            inside = secret and at >= 0 and pair.start < at + len(value) and at < pair.end
            inside = inside or (secret and not value and len(found) == 1)
            if secret and not inside and not OTHERS:
                continue  # a user name or a host beside the secret: not labelled
            xs.append(pair_features(pair.features))
            ys.append(1.0 if inside else 0.0)
    return xs, np.array(ys)


OTHERS = bool(int(os.environ.get("PAIRS_OTHERS", "0")))
if "PAIRS_ALONE" in os.environ:  # 0: no candidate without a key word near it
    import memory.secret_pairs

    memory.secret_pairs.ALONE = bool(int(os.environ["PAIRS_ALONE"]))
L2 = float(os.environ.get("PAIRS_L2", "1e-3"))
STEPS = int(os.environ.get("PAIRS_STEPS", "1000"))


def fit(xs: list[np.ndarray], y: np.ndarray) -> np.ndarray:
    """The token model's fit (``train_secret_model.fit``) over the pair features."""
    return fit_model(xs, y, L2, STEPS, DIMENSIONS)


def text_scores(rows: list[dict[str, str]], w: np.ndarray) -> np.ndarray:
    """Each text's score as the guard asks it: its best pair over the guard's views of it."""
    out = []
    for row in rows:
        found = [pair for view in guard_views(row["text"]) for pair in pairs(view)]
        best = max((float(w[pair_features(p.features)].sum()) for p in found), default=-50.0)
        out.append(1 / (1 + np.exp(-best)))
    return np.array(out)


def this_guard(rows: list[dict[str, str]]) -> np.ndarray:
    """What this tree's rules refuse (the scorer left out)."""
    from memory.secrets import rule_scan

    return np.array([bool(found) for found in rule_scan([row["text"] for row in rows])])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--base-rules", action="append", default=[], metavar="SET=DIR")
    parser.add_argument("--save", action="store_true", help=f"fit on every set, write {WEIGHTS}")
    parser.add_argument("--since", metavar="DIR", help="the guard before this round's checks")
    parser.add_argument("--only-save", action="store_true", help="--save, no held-out folds")
    parser.add_argument(
        "--hold", default="", metavar="SETS", help="the folds to hold out, e.g. v8,v9,v10,v11"
    )
    parser.add_argument(
        "--written-from",
        default="",
        metavar="SETS",
        help="sets this round's checks were written from: their summary row leaves those out",
    )
    args = parser.parse_args()
    written_from = set(args.written_from.split(","))
    args.save = args.save or args.only_save
    bases = dict(item.split("=", 1) for item in args.base_rules)
    sets = {name: load(name) for name in SETS}
    always = [row for name in TRAIN_ONLY for row in load_files(TRAIN_ONLY[name])]
    held = [name for name in args.hold.split(",") if name] or list(SETS)
    summary: list[tuple[str, np.ndarray, np.ndarray]] = []  # (set, labels, flags at THRESHOLD)
    for test in [] if args.only_save else held:
        train = [name for name in SETS if name != test]
        w = fit(*samples(always + [row for name in train for row in sets[name]]))
        scores = text_scores(sets[test], w)
        print(f"\nfit on {', '.join(train)} and the probes, scored on {test}:")
        for t in THRESHOLDS:
            print(f"  scorer alone ≥ {t}: {rates(sets[test], scores >= t)}")
        rules = this_guard(sets[test])
        print(f"  this tree's rules: {rates(sets[test], rules)}")
        for t in THRESHOLDS:
            print(f"  this tree's rules ∪ scorer ≥ {t}: {rates(sets[test], rules | (scores >= t))}")
        secret = np.array([row["label"] == "secret" for row in sets[test]])
        if test not in bases:
            summary.append((test, secret, rules | (scores >= THRESHOLD)))
        if test in bases:
            rules = base_flags(Path(bases[test]), sets[test])
            print(f"  rules before {test} was read: {rates(sets[test], rules)}")
            for t in THRESHOLDS:
                print(f"  those rules ∪ scorer ≥ {t}: {rates(sets[test], rules | (scores >= t))}")
            if not args.since or test in written_from:
                summary.append((test, secret, rules | (scores >= THRESHOLD)))
            if args.since:
                added = this_guard(sets[test]) & ~base_flags(Path(args.since), sets[test])
                both = rules | added
                if test not in written_from:
                    summary.append((test, secret, both | (scores >= THRESHOLD)))
                print(f"  those rules ∪ the checks since {args.since}: {rates(sets[test], both)}")
                for t in THRESHOLDS:
                    joined = both | (scores >= t)
                    print(
                        f"  those rules ∪ checks since ∪ scorer ≥ {t}: {rates(sets[test], joined)}"
                    )
    if summary:
        print(f"\nleave one writer out at the guard's threshold {THRESHOLD}:")
        print("| set | recall | false refusals |\n|---|---|---|")
        recalls, falses = [], []
        for name, secret, flagged in summary:
            recalls.append(float(flagged[secret].mean()))
            falses.append(float(flagged[~secret].mean()))
            print(f"| {name} | {recalls[-1]:.3f} | {falses[-1]:.3f} |")
        print(f"| mean | {np.mean(recalls):.3f} | {np.mean(falses):.3f} |")
    if args.save:
        rows = always + [row for name in SETS for row in sets[name]]
        w = fit(*samples(rows))
        np.save(WEIGHTS, w.astype(np.float16))
        print(f"\nsaved {WEIGHTS.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
