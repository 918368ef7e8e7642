"""Train the routing and durability classifiers on every labelled statement and ship them.

    python scripts/train_router.py                        # coordinator/data/router_model.npz
    python scripts/train_router.py --task durability      # coordinator/data/durability_model.npz
    python scripts/train_router.py --cross                # cross-set figures, writes nothing
    python scripts/train_router.py --task durability --cross

All of tests/data/routing is training data (every set in it has been read); independently
written sets measure the shipped models. ``--cross`` estimates how the whole router (cue
rules + classifier) generalises to other users by leaving one writer out: the classifier is
fitted on every other writer's set (a, b, v3 … v11) and the fixture, and the held-out set is
routed; per set, the mean and the pooled confusion matrix. For durability the held-out
writer's distill lines (and its routing statements) are left out of the fit.
Softmax logistic regression with L2, fitted by full-batch Adam in numpy; deterministic.
The router learns ``layer/kind`` over the multilingual embedding (``--embedders``), hashed
words and cues; the durability judge learns ``durable/kind`` or ``chatter/kind`` over the
same (MiniLM's alone, English-only, lost Spanish durable lines) from the distill lines plus
the routing statements that are curated facts (durable) or daily-log lines (chatter).
``--vectors DIR`` keeps the embeddings between runs.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import re
import sys
from collections import Counter
from pathlib import Path
from typing import Any

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from coordinator.project_evidence import WorkspaceEvidence  # noqa: E402
from coordinator.route_model import (  # noqa: E402
    BUCKETS,
    CUES,
    DIMENSIONS,
    DURABLE,
    EMBEDDER,
    MULTILINGUAL,
    RouteModel,
    features,
)
from coordinator.router import Router, strip_intent  # noqa: E402
from memory.folding import fold_ascii  # noqa: E402

sys.path.insert(0, str(ROOT / "benchmarks"))
from routing import same_kind  # noqa: E402

DATA = ROOT / "tests" / "data" / "routing"
# Each set was written by a different person for other owners: the cross-writer figures
# hold one out at a time.
ROUTING_SETS = {
    "a": ("a_train.jsonl", "a_test.jsonl"),
    "b": ("b_train.jsonl", "b_test.jsonl"),
    "v3": ("frozen_v3_routing.jsonl",),
    "v4": ("frozen_v4_routing.jsonl",),
    "v5": ("frozen_v5_routing.jsonl",),
    "v6": ("frozen_v6_routing.jsonl",),
    "v7": ("frozen_v7_routing.jsonl",),
    "v8": ("frozen_v8_routing.jsonl",),
    "v9": ("frozen_v9_routing.jsonl",),
    "v10": ("frozen_v10_routing.jsonl",),
    "v11": ("frozen_v11_routing.jsonl",),
}
DISTILL_SETS = {
    "a+b": ("distill_train.jsonl", "distill_test.jsonl"),
    "v3": ("frozen_v3_distill.jsonl",),
    "v4": ("frozen_v4_distill.jsonl",),
    "v5": ("frozen_v5_distill.jsonl",),
    "v6": ("frozen_v6_distill.jsonl",),
    "v7": ("frozen_v7_distill.jsonl",),
    "v8": ("frozen_v8_distill.jsonl",),
    "v9": ("frozen_v9_distill.jsonl",),
    "v10": ("frozen_v10_distill.jsonl",),
    "v11": ("frozen_v11_distill.jsonl",),
}
ROUTER_ONLY_CUES = (
    "progressive",
    "alias",
    "naming",
    "consequence",
    "obligation",
    "config",
    "here_and_now",
    "lasting",
)
# The weight of the words-only copy of each example (see train_model).
WORDS_ONLY = 0.3
LAYERS = ["memory", "daily", "session", "skill", "project", "none"]
OUT = ROOT / "coordinator" / "data"
FIXTURE = ROOT / "tests" / "fixtures" / "routing.txt"
SHORT = {"minilm": EMBEDDER, "use": MULTILINGUAL}


# The v4 and later writers' kinds in labmem's words (their "none" is a question or small
# talk; a project "fact" is a note, a project "todo" a task; a daily "task" is a task done
# that day — "what happened or got done today" — an event in labmem, not a to-do).
MAPPED = frozenset({"v4", "v5", "v6", "v7", "v8", "v9", "v10", "v11"})
WRITER_KINDS = {
    "none/none": "question?",
    "session/context": "note",
    "project/fact": "note",
    "project/todo": "task",
    "skill/trigger": "procedure",
}
QUESTION = re.compile(
    r"\?\s*$|^\s*¿|^\s*(?:what|how|why|when|where|who|which|is|are|do|does|can|qu[eé]|"
    r"c[oó]mo|por qu[eé]|cu[aá]ndo|d[oó]nde|qui[eé]n|cu[aá]l)\b",
    re.IGNORECASE,
)


def slug(name: str) -> str:
    """A project as a workspace names it: "Menú Otoño" -> "menu-otono"."""
    return "-".join(fold_ascii(name.lower()).split())


def adapt(writer: str, row: dict[str, Any]) -> dict[str, Any] | None:
    """A labelled row as labmem reads it. The v4 writer's "skill" rows are one-off requests
    to run a capability ("convierte esta tabla a latex", "lock the front door"), which
    labmem does not keep in its skill layer (procedures and standing triggers): they are
    left out, not relabelled. Its project names are given as workspace names. The v4 and
    v5 writers' kinds are read in labmem's words (``WRITER_KINDS``)."""
    if writer == "v4" and row.get("layer") == "skill":
        return None
    project = row.get("project")
    mapped = writer in MAPPED
    kind = WRITER_KINDS.get(f"{row.get('layer')}/{row['kind']}") if mapped else None
    if kind == "question?":
        kind = "question" if QUESTION.search(row["text"]) else "smalltalk"
    # The kinds a route may give and still match the writer's (benchmarks/routing.py).
    kinds = same_kind(str(row.get("layer")), str(row["kind"])) or {kind or row["kind"]}
    if mapped and (row.get("layer"), row["kind"]) == ("daily", "task"):
        kind, kinds = "event", {"event"}  # a task done that day, not a to-do
    return {
        **row,
        "kinds": kinds,
        "kind": kind or row["kind"],
        "set": writer,
        "persona": f"{writer}:{row.get('persona')}",
        "project": slug(project) if project else project,
    }


def load(sets: dict[str, tuple[str, ...]]) -> tuple[list[dict[str, Any]], str]:
    digest = hashlib.sha256()
    rows: list[dict[str, Any]] = []
    for writer, names in sets.items():
        for name in names:
            data = (DATA / name).read_bytes()
            digest.update(data)
            for line in data.decode("utf-8").splitlines():
                if line.strip():
                    row = adapt(writer, json.loads(line))
                    if row is not None:
                        rows.append(row)
    return rows, digest.hexdigest()


def workspaces(rows: list[dict[str, Any]]) -> dict[str, tuple[str, ...]]:
    """Each persona's workspace holds the projects its labelled statements are filed under."""
    found: dict[str, set[str]] = {}
    for row in rows:
        if row.get("project"):
            found.setdefault(str(row.get("persona")), set()).add(str(row["project"]))
    return {persona: tuple(sorted(names)) for persona, names in found.items()}


def as_durability(rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Routing statements as durability examples: curated → durable, daily → chatter."""
    out = []
    for row in rows:
        if row["layer"] in {"memory", "daily"}:
            label = "durable" if row["layer"] == "memory" else "chatter"
            out.append({**row, "layer": label})
    return out


def fixture_rows() -> tuple[list[dict[str, Any]], str]:
    """tests/fixtures/routing.txt, the earlier hand-made set: ``layer|kind|text`` lines."""
    data = FIXTURE.read_bytes()
    rows = []
    for line in data.decode("utf-8").splitlines():
        if line.strip() and not line.startswith("#"):
            layer, kind, text = line.split("|", 2)
            rows.append(
                {
                    "text": text,
                    "layer": layer,
                    "kind": kind,
                    "kinds": {kind},
                    "persona": "fixture",
                    "set": "fixture",
                }
            )
    return rows, hashlib.sha256(data).hexdigest()


def examples(task: str) -> tuple[list[dict[str, Any]], str]:
    routing, routing_digest = load(ROUTING_SETS)
    earlier, earlier_digest = fixture_rows()
    if task == "router":
        combined = hashlib.sha256((routing_digest + earlier_digest).encode()).hexdigest()
        return routing + earlier, combined
    distill, digest = load(DISTILL_SETS)
    rows = [{**r, "layer": r["label"], "distill": True} for r in distill]
    combined = hashlib.sha256((digest + routing_digest + earlier_digest).encode()).hexdigest()
    return rows + as_durability(routing) + as_durability(earlier), combined


def design(
    rows: list[dict[str, str]], vectors: np.ndarray, known: dict[str, tuple[str, ...]]
) -> np.ndarray:
    """Each statement's features, with its persona's projects as the workspace's."""
    return np.stack(
        [
            features(r["text"], v, known.get(r.get("persona", ""), ()))
            for r, v in zip(rows, vectors, strict=True)
        ]
    )


def balanced(labels: list[str]) -> np.ndarray:
    """Per-example weights that give every group (here: layer) the same total weight, so
    the rarer session and skill statements count as much as the many facts."""
    counts = {label: labels.count(label) for label in set(labels)}
    weights = np.array([len(labels) / (len(counts) * counts[label]) for label in labels])
    return weights.astype(np.float32)


def fit(
    x: np.ndarray,
    y: np.ndarray,
    classes: int,
    l2: float = 1e-3,
    steps: int = 600,
    sample_weight: np.ndarray | None = None,
) -> np.ndarray:
    """Softmax regression, full-batch Adam; the bias (last column) is not penalised."""
    x = x.astype(np.float32)
    weights = np.zeros((classes, x.shape[1]), dtype=np.float32)
    onehot = np.eye(classes, dtype=np.float32)[y]
    each = np.ones(len(x), np.float32) if sample_weight is None else sample_weight
    each = (each / each.mean()).astype(np.float32)[:, None]
    m = np.zeros_like(weights)
    v = np.zeros_like(weights)
    penalty = np.ones(x.shape[1], dtype=np.float32)
    penalty[-1] = 0.0
    for step in range(1, steps + 1):
        logits = x @ weights.T
        logits -= logits.max(axis=1, keepdims=True)
        probs = np.exp(logits)
        probs /= probs.sum(axis=1, keepdims=True)
        grad = ((probs - onehot) * each).T @ x / len(x) + l2 * weights * penalty
        m = 0.9 * m + 0.1 * grad
        v = 0.999 * v + 0.001 * grad**2
        m_hat = m / (1 - 0.9**step)
        v_hat = v / (1 - 0.999**step)
        weights -= 0.05 * m_hat / (np.sqrt(v_hat) + 1e-8)
    return weights


class _Cached:
    """The embedders' vectors for texts embedded once, as ``RouteModel.embedding`` reads them:
    the first embedder's identity, and the whole row of vectors for each text."""

    def __init__(self, vectors: dict[str, np.ndarray], embedders: tuple[str, ...]) -> None:
        self.identity = type("Identity", (), {"name": EMBEDDER})()
        self._vectors = vectors
        self.embedders = embedders

    def embed(self, texts: list[str]) -> np.ndarray:
        return np.stack([self._vectors[t] for t in texts])


class _CachedModel(RouteModel):
    """A model whose ``embedding`` reads the cache (both embedders at once)."""

    def embedding(self, embedder: Any, text: str) -> np.ndarray:
        vector: np.ndarray = embedder.embed([text])[0]
        return vector


def train_model(
    rows: list[dict[str, Any]],
    x: np.ndarray,
    l2: float,
    steps: int,
    corpus: str,
    embedders: tuple[str, ...],
    balance: float = 0.0,
) -> RouteModel:
    """Fitted on each example twice: with its embeddings, and with zeros in their place —
    what ``RouteModel.embedding()`` gives under another embedder (the hashing fallback), so
    that words and cues alone still decide sensibly there. ``balance`` (0…1) moves each
    layer's total weight toward an equal share, so rarer layers (session, skill) count."""
    classes = sorted({f"{r['layer']}/{r['kind']}" for r in rows})
    y = np.array([classes.index(f"{r['layer']}/{r['kind']}") for r in rows])
    dimension = sum(DIMENSIONS[name] for name in embedders)
    words_only = x.copy()
    words_only[:, :dimension] = 0.0
    both = np.concatenate([x, words_only])
    each = balanced([r["layer"] for r in rows]) ** balance
    weight = np.concatenate([each, WORDS_ONLY * each]).astype(np.float32)
    weights = fit(both, np.concatenate([y, y]), len(classes), l2, steps, weight)
    return _CachedModel(weights, classes, corpus, embedders)


def route_figures(
    model: RouteModel,
    rows: list[dict[str, Any]],
    cached: _Cached,
    known: dict[str, tuple[str, ...]],
    in_use: bool = False,
) -> dict[str, Any]:
    """The whole router (cue rules + ``model``) on ``rows``: accuracy, recall, by language.
    ``in_use``: each statement is routed in a workspace already in use (see
    ``workspace_in_use``)."""
    confusion: Counter[tuple[str, str]] = Counter()
    kind_ok = named = projects = 0
    kinds: Counter[str] = Counter()
    by_lang: Counter[str] = Counter()
    lang_ok: Counter[str] = Counter()
    wrong = []
    for row in rows:
        router = Router(cached, list(known.get(row.get("persona", ""), ())), model)
        if in_use:
            router.evidence = workspace_in_use(row, rows)
        route = router.route(row["text"])
        confusion[(row["layer"], route.layer)] += 1
        kind_ok += route.layer == row["layer"] and route.kind in row["kinds"]
        if row["layer"] == "project":
            projects += 1
            named += route.project == row.get("project")
        by_lang[row.get("lang", "?")] += 1
        lang_ok[row.get("lang", "?")] += route.layer == row["layer"]
        if route.layer != row["layer"]:
            wrong.append(f"{row['layer']}->{route.layer} [{route.reason}] {row['text']}")
        elif route.kind not in row["kinds"]:
            kinds[f"{row['layer']}: {row['kind']} -> {route.kind}"] += 1
    right = sum(confusion[(layer, layer)] for layer in LAYERS)
    return {
        "n": len(rows),
        "layer": right / len(rows),
        "kind": kind_ok / len(rows),
        "named": named / max(1, projects),
        "recall": {
            layer: confusion[(layer, layer)]
            / max(1, sum(confusion[(layer, got)] for got in LAYERS))
            for layer in LAYERS
            if any(confusion[(layer, got)] for got in LAYERS)
        },
        "lang": {lang: lang_ok[lang] / by_lang[lang] for lang in sorted(by_lang)},
        "confusion": confusion,
        "wrong": wrong,
        "kinds": kinds,
    }


def workspace_in_use(row: dict[str, Any], rows: list[dict[str, Any]]) -> WorkspaceEvidence:
    """The workspace of ``row``'s persona as it stands once the persona has told the set's
    other statements: its project notes hold the ones filed under each project, MEMORY.md
    the curated ones — everything but ``row`` itself."""
    notes: dict[str, list[str]] = {}
    memory = []
    for other in rows:
        if other is row or other.get("persona") != row.get("persona"):
            continue
        if other["layer"] == "project" and other.get("project"):
            notes.setdefault(str(other["project"]), []).append(other["text"])
        elif other["layer"] == "memory":
            memory.append(other["text"])
    return WorkspaceEvidence(notes, memory)


def _print(name: str, figures: dict[str, Any]) -> None:
    recall = " ".join(f"{k} {v:.2f}" for k, v in figures["recall"].items())
    langs = " ".join(f"{k} {v:.3f}" for k, v in figures["lang"].items())
    print(
        f"{name:14} n={figures['n']:4}  layer {figures['layer']:.3f}  layer+kind "
        f"{figures['kind']:.3f}  project named {figures['named']:.3f}  recall {recall}  "
        f"by language {langs}"
    )


def _print_confusion(confusion: Counter[tuple[str, str]]) -> None:
    print("confusion, summed over the held-out sets (rows: labelled, columns: routed)")
    print(" " * 9 + "".join(f"{g:>9}" for g in LAYERS))
    for want in LAYERS:
        print(f"{want:>9}" + "".join(f"{confusion[(want, g)]:9}" for g in LAYERS))


def cross_router(
    rows: list[dict[str, Any]],
    x: np.ndarray,
    cached: _Cached,
    known: dict[str, tuple[str, ...]],
    args: argparse.Namespace,
) -> None:
    """Leave one writer out: trained on every other set (and the fixture), measured on it."""
    layer = kind = named = 0.0
    total: Counter[tuple[str, str]] = Counter()
    writers = args.hold.split(",") if args.hold else list(ROUTING_SETS)
    for writer in writers:
        test = np.array([r["set"] == writer for r in rows])
        model = train_model(
            [r for r, t in zip(rows, test, strict=True) if not t],
            x[~test],
            args.l2,
            args.steps,
            "",
            cached.embedders,
            args.balance,
        )
        held = [r for r, t in zip(rows, test, strict=True) if t]
        figures = route_figures(model, held, cached, known, args.workspace)
        _print(f"held out {writer}", figures)
        if args.why:
            print("\n".join("    " + w for w in figures["wrong"]))
            print("    right layer, other kind (labelled -> routed): ", end="")
            print(", ".join(f"{k} {n}" for k, n in figures["kinds"].most_common()))
        layer += figures["layer"] / len(writers)
        kind += figures["kind"] / len(writers)
        named += figures["named"] / len(writers)
        total.update(figures["confusion"])
    recall = {w: total[(w, w)] / max(1, sum(total[(w, g)] for g in LAYERS)) for w in LAYERS}
    print(
        f"leave-one-writer-out mean: layer {layer:.3f}  layer+kind {kind:.3f}  project named "
        f"{named:.3f}  pooled recall " + " ".join(f"{k} {v:.2f}" for k, v in recall.items())
    )
    _print_confusion(total)


def cross_durability(
    rows: list[dict[str, Any]], x: np.ndarray, embedders: tuple[str, ...], args: argparse.Namespace
) -> None:
    """Leave one writer out: the held-out writer's distill lines (and routing statements)
    are left out of the fit; measured on its distill lines."""
    distill = np.array([bool(r.get("distill")) for r in rows])
    writers = {"a+b": {"a+b", "a", "b"}, **{name: {name} for name in DISTILL_SETS if name != "a+b"}}
    if args.hold:
        writers = {name: sets for name, sets in writers.items() if name in args.hold.split(",")}
    for name, sets in writers.items():
        held = np.array([r["set"] in sets for r in rows])
        test = held & distill
        model = train_model(
            [r for r, t in zip(rows, held, strict=True) if not t],
            x[~held],
            args.l2,
            args.steps,
            "",
            embedders,
        )
        truth = np.array([r["layer"] == "durable" for r in rows])[test]
        durable = np.array(
            [
                sum(
                    float(p)
                    for c, p in zip(model.classes, model.probabilities(f), strict=True)
                    if c.startswith("durable/")
                )
                for f in x[test]
            ]
        )
        cells = []
        for threshold in (0.5, DURABLE, 0.6, 0.65):
            said = durable >= threshold
            tp = int((said & truth).sum())
            cells.append(
                f"at {threshold:.2f}: P {tp / max(1, said.sum()):.3f} R {tp / truth.sum():.3f}"
            )
        print(f"held out {name:5} lines {int(test.sum()):4}  " + "  ".join(cells))


def vectors_for(texts: list[str], name: str, store: Path | None) -> dict[str, np.ndarray]:
    """Each text's vector under one embedder, kept in ``store``/NAME.npz between runs."""
    cache: dict[str, np.ndarray] = {}
    path = store / f"{name}.npz" if store else None
    if path and path.is_file():
        with np.load(path) as stored:
            cache = dict(zip([str(t) for t in stored["texts"]], stored["vectors"], strict=True))
    missing = [t for t in texts if t not in cache]
    if missing:
        from memory.search.embedders import MiniLMEmbedder, multilingual_embedder

        embedder = MiniLMEmbedder() if name == EMBEDDER else multilingual_embedder()
        cache.update(zip(missing, embedder.embed(missing), strict=True))
        if path:
            path.parent.mkdir(parents=True, exist_ok=True)
            np.savez(path, texts=np.array(list(cache)), vectors=np.stack(list(cache.values())))
    return cache


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--task", choices=["router", "durability"], default="router")
    parser.add_argument("--cross", action="store_true", help="cross-set figures; writes nothing")
    parser.add_argument("--why", action="store_true", help="with --cross: list the misrouted")
    parser.add_argument("--l2", type=float, help="L2 strength (chosen by cross-set figures)")
    parser.add_argument("--steps", type=int, default=400)
    parser.add_argument("--balance", type=float, default=0.0, help="0 none … 1 equal layers")
    parser.add_argument("--embedders", default="use", help="use, minilm or minilm,use")
    parser.add_argument("--hold", help="with --cross: the writers to hold out, e.g. v4,a")
    parser.add_argument("--vectors", type=Path, help="a folder caching the embeddings")
    parser.add_argument(
        "--workspace",
        action="store_true",
        help="with --cross: route each held-out statement in a workspace already holding "
        "the persona's other project notes and MEMORY.md entries",
    )
    args = parser.parse_args()
    if args.l2 is None:
        args.l2 = 3e-5 if args.task == "router" else 1e-4
    embedders = tuple(SHORT[n] for n in args.embedders.split(","))
    rows, corpus = examples(args.task)
    if args.task == "router":
        rows = [{**r, "text": strip_intent(r["text"])[0]} for r in rows]
    texts = sorted({r["text"] for r in rows})
    caches = [vectors_for(texts, name, args.vectors) for name in embedders]
    joined = {t: np.concatenate([c[t] for c in caches]).astype(np.float32) for t in texts}
    vectors = np.stack([joined[r["text"]] for r in rows])
    known = workspaces(rows) if args.task == "router" else {}
    x = design(rows, vectors, known)
    if args.task == "durability":
        # Cues written for routing (the conversation at hand, naming, obligations …) cost
        # the judge recall across languages (Spanish -> English 0.841 -> 0.801 at the
        # same precision), so its weights for them stay zero.
        for name in ROUTER_ONLY_CUES:
            x[:, vectors.shape[1] + BUCKETS + list(CUES).index(name)] = 0.0
    if args.cross and args.task == "router":
        cross_router(rows, x, _Cached(joined, embedders), known, args)
        return
    if args.cross:
        cross_durability(rows, x, embedders, args)
        return
    model = train_model(rows, x, args.l2, args.steps, corpus, embedders, args.balance)
    shipped = RouteModel(model.weights, model.classes, corpus, embedders)
    out = OUT / f"{args.task}_model.npz"
    out.write_bytes(shipped.to_bytes())
    print(f"wrote {out.relative_to(ROOT)}: {len(rows)} statements, {len(model.classes)} classes")
    print(f"embedders {', '.join(embedders)}; corpus sha256 {corpus}")


if __name__ == "__main__":
    main()
