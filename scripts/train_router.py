"""Train the routing and durability classifiers on the train parts and ship them.

    python scripts/train_router.py                     # coordinator/data/router_model.npz
    python scripts/train_router.py --task durability   # coordinator/data/durability_model.npz
    python scripts/train_router.py --cv 5              # k-fold figures on train, writes nothing

Reads only the ``*_train.jsonl`` files of tests/data/routing (never the frozen test parts).
Softmax logistic regression with L2, fitted by full-batch Adam in numpy; deterministic.
The router learns ``layer/kind`` from ``a_train`` and ``b_train``; the durability judge
learns ``durable/kind`` or ``chatter/kind`` from ``distill_train`` plus the routing train
statements (and tests/fixtures/routing.txt) that are curated facts (durable) or daily-log
lines (chatter).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from coordinator.route_model import RouteModel, features  # noqa: E402

DATA = ROOT / "tests" / "data" / "routing"
TRAIN = ("a_train.jsonl", "b_train.jsonl")
DISTILL = ("distill_train.jsonl",)
OUT = ROOT / "coordinator" / "data"
FIXTURE = ROOT / "tests" / "fixtures" / "routing.txt"
# The projects each persona's world names (README_a.md, README_b.md): a workspace has them.
PROJECTS = (
    "media-stack ha-automations offsite-backup vlan-migration minecraft-server nrf2-reporter "
    "organoid-paper crispr-screen il6-elisa r01-renewal seahorse-mito tinyrouter longctx-bench "
    "distil-es webes-clean rlhf-ablations ledgerly tidepool nightjar bikeshed-bot m365-migration "
    "nas-replacement wifi-upgrade kitchen-renovation japan-trip solar-panels"
).split()


def load(names: tuple[str, ...]) -> tuple[list[dict[str, str]], str]:
    digest = hashlib.sha256()
    rows: list[dict[str, str]] = []
    for name in names:
        data = (DATA / name).read_bytes()
        digest.update(data)
        rows += [json.loads(line) for line in data.decode("utf-8").splitlines() if line.strip()]
    return rows, digest.hexdigest()


def as_durability(rows: list[dict[str, str]]) -> list[dict[str, str]]:
    """Routing statements as durability examples: curated → durable, daily → chatter."""
    out = []
    for row in rows:
        if row["layer"] in {"memory", "daily"}:
            label = "durable" if row["layer"] == "memory" else "chatter"
            out.append({"text": row["text"], "layer": label, "kind": row["kind"]})
    return out


def fixture_rows() -> tuple[list[dict[str, str]], str]:
    """tests/fixtures/routing.txt, the earlier hand-made set: ``layer|kind|text`` lines."""
    data = FIXTURE.read_bytes()
    rows = []
    for line in data.decode("utf-8").splitlines():
        if line.strip() and not line.startswith("#"):
            layer, kind, text = line.split("|", 2)
            rows.append({"text": text, "layer": layer, "kind": kind})
    return rows, hashlib.sha256(data).hexdigest()


def examples(task: str) -> tuple[list[dict[str, str]], str]:
    if task == "router":
        return load(TRAIN)
    distill, digest = load(DISTILL)
    routing, routing_digest = load(TRAIN)
    earlier, earlier_digest = fixture_rows()
    rows = [{"text": r["text"], "layer": r["label"], "kind": r["kind"]} for r in distill]
    combined = hashlib.sha256((digest + routing_digest + earlier_digest).encode()).hexdigest()
    return rows + as_durability(routing) + as_durability(earlier), combined


def design(rows: list[dict[str, str]], vectors: np.ndarray) -> np.ndarray:
    known = tuple(PROJECTS)
    return np.stack([features(r["text"], v, known) for r, v in zip(rows, vectors, strict=True)])


def fit(
    x: np.ndarray, y: np.ndarray, classes: int, l2: float = 1e-3, steps: int = 600
) -> np.ndarray:
    """Softmax regression, full-batch Adam; the bias (last column) is not penalised."""
    weights = np.zeros((classes, x.shape[1]), dtype=np.float64)
    onehot = np.eye(classes)[y]
    m = np.zeros_like(weights)
    v = np.zeros_like(weights)
    penalty = np.ones(x.shape[1])
    penalty[-1] = 0.0
    for step in range(1, steps + 1):
        logits = x @ weights.T
        logits -= logits.max(axis=1, keepdims=True)
        probs = np.exp(logits)
        probs /= probs.sum(axis=1, keepdims=True)
        grad = (probs - onehot).T @ x / len(x) + l2 * weights * penalty
        m = 0.9 * m + 0.1 * grad
        v = 0.999 * v + 0.001 * grad**2
        m_hat = m / (1 - 0.9**step)
        v_hat = v / (1 - 0.999**step)
        weights -= 0.05 * m_hat / (np.sqrt(v_hat) + 1e-8)
    return weights.astype(np.float32)


def cross_validate(
    rows: list[dict[str, str]],
    x: np.ndarray,
    classes: list[str],
    folds: int,
    l2: float,
    steps: int,
) -> None:
    y = np.array([classes.index(f"{r['layer']}/{r['kind']}") for r in rows])
    order = np.random.default_rng(7).permutation(len(rows))
    layer_ok = kind_ok = 0
    misses = []
    for fold in range(folds):
        test = order[fold::folds]
        train = np.setdiff1d(order, test)
        model = RouteModel(fit(x[train], y[train], len(classes), l2, steps), classes, "cv")
        for i in test:
            probs = model.probabilities(x[i])
            layers: dict[str, float] = {}
            for name, p in zip(classes, probs, strict=True):
                layers[name.split("/")[0]] = layers.get(name.split("/")[0], 0.0) + float(p)
            layer = max(layers, key=lambda k: layers[k])
            best = max(
                (j for j, c in enumerate(classes) if c.startswith(layer + "/")),
                key=lambda j: probs[j],
            )
            layer_ok += layer == rows[i]["layer"]
            kind_ok += classes[best] == f"{rows[i]['layer']}/{rows[i]['kind']}"
            if layer != rows[i]["layer"]:
                misses.append(f"{rows[i]['layer']}->{layer}: {rows[i]['text']}")
    print(f"cv l2={l2}: layer {layer_ok / len(rows):.3f}  layer+kind {kind_ok / len(rows):.3f}")
    for miss in misses:
        print("  " + miss)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--task", choices=["router", "durability"], default="router")
    parser.add_argument("--cv", type=int, default=0)
    parser.add_argument("--l2", type=float, default=3e-5)
    parser.add_argument("--steps", type=int, default=400)
    parser.add_argument("--vectors", type=Path, help="cached train embeddings (.npy)")
    args = parser.parse_args()
    rows, corpus = examples(args.task)
    if args.vectors and args.vectors.is_file():
        vectors = np.load(args.vectors)
    else:
        from memory.search.embedders import MiniLMEmbedder

        vectors = MiniLMEmbedder().embed([r["text"] for r in rows])
        if args.vectors:
            np.save(args.vectors, vectors)
    x = design(rows, vectors)
    classes = sorted({f"{r['layer']}/{r['kind']}" for r in rows})
    if args.cv:
        cross_validate(rows, x, classes, args.cv, args.l2, args.steps)
        return
    y = np.array([classes.index(f"{r['layer']}/{r['kind']}") for r in rows])
    model = RouteModel(fit(x, y, len(classes), args.l2, args.steps), classes, corpus)
    out = OUT / f"{args.task}_model.npz"
    out.write_bytes(model.to_bytes())
    print(f"wrote {out.relative_to(ROOT)}: {len(rows)} statements, {len(classes)} classes")
    print(f"corpus sha256 {corpus}")


if __name__ == "__main__":
    main()
