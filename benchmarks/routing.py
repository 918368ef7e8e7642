"""Routing, supersede and durability on labelled sets.

    python benchmarks/routing.py                         # the sets in tests/data/routing
    python benchmarks/routing.py --routing R.jsonl --pairs P.jsonl --distill D.jsonl
    python benchmarks/routing.py --json                  # the figures as JSON

Any labelled jsonl with the same fields can be measured: routing lines ``text, layer,
kind, project, persona, lang``; pairs ``old, new, label, lang``; distill ``text, label,
kind, lang``. Without options it reads the old test parts of tests/data/routing
(``a_test``, ``b_test``, ``pairs_test``, ``distill_test``): those were frozen once, but the
shipped models are now trained on them, so their figures are training-data figures — a
regression floor, not a measure of generalisation (``scripts/train_router.py --cross`` and
``scripts/train_supersede.py`` give the cross-set estimates). No statement is ever printed.

Routing runs the real offline ``Router`` (cues + classifier) on each statement after
``strip_intent``, as the Coordinator does. Each persona gets a workspace as a user has one:
a folder ``projects/<slug>/`` for every project its statements are filed under, listed back
the way the Coordinator lists them (``ProjectNotes.names()``) — the router sees only the
folder names, never the statements' labels. Layer+kind is measured where the writer's kind
has a labmem counterpart (``WRITER_KINDS``: a writer's "none" is a question, small talk or a
one-off request; a project "fact" a note or configuration; a project "todo" a task); other
kinds are counted apart and printed. Latency is one ``route()`` call with the embedder
loaded (say whether the machine was shared beside the figure).
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
DATA = ROOT / "tests" / "data" / "routing"
LAYERS = ["memory", "daily", "session", "skill", "project", "none"]


FIELDS = {
    "routing": ("text", "layer", "kind", "project", "persona", "lang"),
    "pairs": ("old", "new", "label", "lang"),
    "distill": ("text", "label", "kind", "lang"),
}


class BadSet(ValueError):
    """A labelled file that cannot be measured: the message names the file, line and fix."""


def _rows(path: Path, fields: tuple[str, ...]) -> list[dict[str, Any]]:
    try:
        text = path.read_text("utf-8")
    except (OSError, UnicodeDecodeError) as error:
        raise BadSet(f"cannot read {path}: {error}") from None
    rows = []
    for number, line in enumerate(text.splitlines(), 1):
        if not line.strip():
            continue
        try:
            row = json.loads(line)
        except json.JSONDecodeError:
            raise BadSet(f"{path}:{number} is not JSON; write one JSON object a line") from None
        missing = [f for f in fields if not isinstance(row, dict) or f not in row]
        if missing:
            raise BadSet(f"{path}:{number} lacks {', '.join(missing)}; each line needs {fields}")
        rows.append(row)
    if not rows:
        raise BadSet(f"{path} holds no labelled lines; write one JSON object a line")
    return rows


def _default(*names: str) -> list[Path]:
    return [DATA / name for name in names]


def routing(
    embedder: Any, paths: list[Path] | None = None, daily_task_done: bool = False
) -> dict[str, Any]:
    """Layer and kind of each statement. ``daily_task_done``: the set's daily "task" is a
    task done that day (the v4 to v7 writers: "what happened or got done today"), which
    labmem files as an event; elsewhere it is a to-do."""
    from coordinator.router import Router, strip_intent
    from memory.folding import fold_ascii

    rows: list[dict[str, Any]] = []
    for path in paths or _default("a_test.jsonl", "b_test.jsonl"):
        rows += _rows(path, FIELDS["routing"])
    routers = {
        persona: Router(embedder, known_projects=names)
        for persona, names in workspaces(rows).items()
    }
    plain = Router(embedder, known_projects=[])
    plain.route("warm-up")
    confusion: Counter[tuple[str, str]] = Counter()
    layer_ok = kind_ok = project_ok = projects = comparable = 0
    other_kinds: Counter[str] = Counter()
    by_lang: Counter[str] = Counter()
    lang_ok: Counter[str] = Counter()
    times = []
    for row in rows:
        router = routers.get(str(row["persona"]), plain)
        started = time.perf_counter()
        route = router.route(strip_intent(row["text"])[0])
        times.append(time.perf_counter() - started)
        confusion[(row["layer"], route.layer)] += 1
        layer_ok += route.layer == row["layer"]
        kinds = same_kind(str(row["layer"]), str(row["kind"]))
        if daily_task_done and (row["layer"], row["kind"]) == ("daily", "task"):
            kinds = {"event"}
        if kinds:
            comparable += 1
            kind_ok += route.layer == row["layer"] and route.kind in kinds
        else:
            other_kinds[f"{row['layer']}/{row['kind']}"] += 1
        by_lang[str(row["lang"])] += 1
        lang_ok[str(row["lang"])] += route.layer == row["layer"]
        if row["layer"] == "project":
            projects += 1
            slug = "-".join(fold_ascii(str(row["project"]).lower()).split())
            project_ok += route.project == slug
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
        "layer_kind_accuracy": kind_ok / max(1, comparable),
        "kinds_compared": comparable,
        "kinds_not_comparable": dict(other_kinds),
        "project_name_accuracy": project_ok / max(1, projects),
        "recall": recall,
        "by_language": {lang: lang_ok[lang] / by_lang[lang] for lang in sorted(by_lang)},
        "confusion": {f"{w}->{g}": n for (w, g), n in sorted(confusion.items())},
        "p50_ms": 1000 * times[len(times) // 2],
        "p95_ms": 1000 * times[int(len(times) * 0.95)],
        "embed_p50_ms": 1000 * embed_times[len(rows) // 2],
        "embed_p95_ms": 1000 * embed_times[int(len(rows) * 0.95)],
    }


# The routes labmem gives (docs/contracts.md: MEMORY.md and project sections, daily
# event/task, session note/task, skill procedure, none question/smalltalk).
LABMEM_KINDS = {
    "memory": {
        "fact",
        "decision",
        "preference",
        "lesson",
        "pitfall",
        "convention",
        "identity",
        "policy",
    },
    "project": {"decision", "convention", "pitfall", "configuration", "note", "lesson", "task"},
    "daily": {"event", "task"},
    "session": {"note", "task"},
    "skill": {"procedure"},
    "none": {"question", "smalltalk", "request"},
}
# Writers' kinds that labmem names otherwise: a route matches when it gives one of these.
# A writer's "none" is a question or small talk; a project "fact" is a note (or, for a
# setting, configuration); a project "todo" a task; session "context" a note; a skill
# "trigger" (a standing instruction bound to a phrase) is kept as a procedure.
WRITER_KINDS = {
    "none/none": {"question", "smalltalk", "request"},
    "project/fact": {"note", "configuration"},
    "project/todo": {"task"},
    "session/context": {"note"},
    "skill/trigger": {"procedure"},
}


def same_kind(layer: str, kind: str) -> set[str]:
    """The labmem kinds that match a labelled ``layer/kind``; empty when labmem has none
    (such rows are left out of layer+kind and counted apart)."""
    if f"{layer}/{kind}" in WRITER_KINDS:
        return WRITER_KINDS[f"{layer}/{kind}"]
    return {kind} if kind in LABMEM_KINDS.get(layer, set()) else set()


def workspaces(rows: list[dict[str, Any]]) -> dict[str, list[str]]:
    """Each persona's workspace as labmem sees one: a folder ``projects/<slug>/`` for every
    project its statements are filed under (a name like "Menú Otoño" as its slug,
    menu-otono), listed back by ``ProjectNotes.names()`` as the Coordinator lists them."""
    import tempfile

    from memory.clock import SystemClock
    from memory.folding import fold_ascii
    from memory.workspace import Workspace
    from projects.notes import ProjectNotes

    wanted: dict[str, set[str]] = {}
    for row in rows:
        if row.get("project"):
            slug = "-".join(fold_ascii(str(row["project"]).lower()).split())
            wanted.setdefault(str(row["persona"]), set()).add(slug)
    found = {}
    with tempfile.TemporaryDirectory() as scratch:
        for number, (persona, slugs) in enumerate(sorted(wanted.items())):
            root = Path(scratch) / f"w{number}"
            for slug in slugs:
                (root / "projects" / slug).mkdir(parents=True)
            found[persona] = ProjectNotes(Workspace(root), SystemClock()).names()
    return found


def supersede(embedder: Any, paths: list[Path] | None = None) -> dict[str, Any]:
    from memory.supersede import is_update

    rows: list[dict[str, Any]] = []
    for path in paths or _default("pairs_test.jsonl"):
        rows += _rows(path, FIELDS["pairs"])
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


def durability(embedder: Any, paths: list[Path] | None = None) -> dict[str, Any]:
    from coordinator.route_model import durability as judge
    from coordinator.route_model import durability_vector

    rows: list[dict[str, Any]] = []
    for path in paths or _default("distill_test.jsonl"):
        rows += _rows(path, FIELDS["distill"])
    vectors = [durability_vector(embedder, r["text"]) for r in rows]
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


def measure(
    routing_paths: list[Path] | None = None,
    pairs_paths: list[Path] | None = None,
    distill_paths: list[Path] | None = None,
    daily_task_done: bool = False,
) -> dict[str, Any]:
    """All three on the given files; with none given, on the old test parts. When some
    files are given, only the parts they name are measured."""
    from memory.search.embedders import MiniLMEmbedder

    everything = not (routing_paths or pairs_paths or distill_paths)
    for paths, part in (
        (routing_paths, "routing"),
        (pairs_paths, "pairs"),
        (distill_paths, "distill"),
    ):
        for path in paths or []:
            _rows(path, FIELDS[part])  # a bad file is refused before the model loads
    embedder = MiniLMEmbedder()
    result: dict[str, Any] = {}
    if everything or routing_paths:
        result["routing"] = routing(embedder, routing_paths, daily_task_done)
    if everything or pairs_paths:
        result["supersede"] = supersede(embedder, pairs_paths)
    if everything or distill_paths:
        result["durability"] = durability(embedder, distill_paths)
    return result


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--routing", type=Path, action="append", help="labelled statements")
    parser.add_argument("--pairs", type=Path, action="append", help="labelled update pairs")
    parser.add_argument("--distill", type=Path, action="append", help="labelled log lines")
    parser.add_argument(
        "--daily-task-done",
        action="store_true",
        help="the set's daily 'task' is a task done that day (an event), not a to-do",
    )
    args = parser.parse_args()
    try:
        result = measure(args.routing, args.pairs, args.distill, args.daily_task_done)
    except BadSet as error:
        print(f"routing benchmark: {error}", file=sys.stderr)
        raise SystemExit(1) from None
    if args.json:
        print(json.dumps(result, indent=1))
        return
    given = args.routing or args.pairs or args.distill
    print("given files" if given else "old test parts of tests/data/routing (training data now)")
    if "routing" in result:
        _print_routing(result["routing"])
    if "supersede" in result:
        s = result["supersede"]
        print(f"\nsupersede: {s['pairs']} pairs  precision {s['precision']:.3f}  ", end="")
        print(f"recall {s['recall']:.3f}")
    if "durability" in result:
        d = result["durability"]
        print(f"durability: {d['lines']} lines  precision {d['precision']:.3f}  ", end="")
        print(f"recall {d['recall']:.3f}")


def _print_routing(r: dict[str, Any]) -> None:
    print(f"routing: {r['statements']} statements")
    print(
        f"layer accuracy {r['layer_accuracy']:.3f}  layer+kind {r['layer_kind_accuracy']:.3f}  "
        f"project name {r['project_name_accuracy']:.3f}  "
        f"route() p50 {r['p50_ms']:.1f} ms p95 {r['p95_ms']:.1f} ms "
        f"(embed() alone p50 {r['embed_p50_ms']:.1f} ms p95 {r['embed_p95_ms']:.1f} ms)"
    )
    if r["kinds_not_comparable"]:
        apart = ", ".join(f"{k} {n}" for k, n in sorted(r["kinds_not_comparable"].items()))
        print(f"layer+kind over {r['kinds_compared']} statements; kinds labmem lacks: {apart}")
    print("recall: " + "  ".join(f"{k} {v:.3f}" for k, v in r["recall"].items()))
    print("accuracy by language: " + "  ".join(f"{k} {v:.3f}" for k, v in r["by_language"].items()))
    print("\nexpected \\ routed " + " ".join(f"{x:>8}" for x in LAYERS))
    for want in LAYERS:
        cells = " ".join(f"{r['confusion'].get(f'{want}->{got}', 0):>8}" for got in LAYERS)
        print(f"{want:18}{cells}")


if __name__ == "__main__":
    main()
