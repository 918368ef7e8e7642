"""Supersede as a write meets it: a new statement against a whole MEMORY.md, not one pair.

    python benchmarks/supersede_in_context.py          # every pairs file in tests/data/routing
    python benchmarks/supersede_in_context.py --pairs P.jsonl [--distractors 30] [--json]

The pair benchmark (``benchmarks/routing.py --pairs``) asks the judge about one old fact and
one new statement that were written about the same thing. A write asks about the entries
nearest to it among *all* of MEMORY.md, where most entries are about something else; an
unrelated entry that the judge retires is a fact the user still holds, hidden from answers.

For every labelled pair (``old, new, label``) the candidates are its old fact plus
``--distractors`` old facts of other pairs of the same file (other subjects, drawn with a
fixed seed), ranked by the search embedder as the write path ranks them, and
``memory.supersede.replaced`` picks at most one. Reported per file:

- *wrong entry retired*: the pick is one of the distractors (any label) — should be 0;
- *in-context precision*: picks that are an update's own old fact ÷ all picks;
- *in-context recall*: updates whose own old fact is picked.

No statement is printed.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import sys
from pathlib import Path
from typing import Any

os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
DATA = ROOT / "tests" / "data" / "routing"


def _rows(path: Path) -> list[dict[str, Any]]:
    rows = []
    for number, line in enumerate(path.read_text("utf-8").splitlines(), 1):
        if not line.strip():
            continue
        row = json.loads(line)
        for field in ("old", "new", "label"):
            if field not in row:
                sys.exit(f"{path}:{number}: no {field!r} field; a pairs line has old, new, label")
        rows.append(row)
    return rows


def measure(path: Path, embedder: Any, distractors: int, seed: int = 7) -> dict[str, Any]:
    from memory.supersede import replaced

    rows = _rows(path)
    olds = sorted({str(r["old"]) for r in rows})
    vectors = dict(zip(olds, embedder.embed(olds), strict=True))
    news = embedder.embed([str(r["new"]) for r in rows])
    rng = random.Random(seed)
    wrong = picks = right = updates = found = 0
    for row, new_vector in zip(rows, news, strict=True):
        own = str(row["old"])
        others = [o for o in olds if o != own]
        chosen = [own] + rng.sample(others, min(distractors, len(others)))
        candidates = [(f"c{i}", text) for i, text in enumerate(chosen)]
        scores = [float(vectors[text] @ new_vector) for text in chosen]
        pick = replaced(str(row["new"]), candidates, scores)
        is_update = row["label"] == "update"
        updates += is_update
        if pick is None:
            continue
        picks += 1
        if pick != "c0":
            wrong += 1
        elif is_update:
            right += 1
            found += 1
    return {
        "file": path.name,
        "pairs": len(rows),
        "wrong_entry_retired": wrong,
        "wrong_entry_rate": wrong / max(1, len(rows)),
        "precision": right / max(1, picks),
        "recall": found / max(1, updates),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--pairs", type=Path, action="append", help="labelled pairs (jsonl)")
    parser.add_argument("--distractors", type=int, default=30)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    from memory.search.embedders import make_embedder

    embedder, warning = make_embedder("minilm")
    if warning:
        sys.exit(warning)
    paths = args.pairs or sorted(DATA.glob("*pairs*.jsonl"))
    results = [measure(p, embedder, args.distractors) for p in paths]
    if args.json:
        print(json.dumps(results, indent=2))
        return
    print(f"candidates: the pair's old fact + {args.distractors} other facts of the same file")
    print("| file | pairs | wrong entry retired | in-context precision | in-context recall |")
    print("|---|---|---|---|---|")
    for r in results:
        print(
            f"| {r['file']} | {r['pairs']} | {r['wrong_entry_retired']} "
            f"({r['wrong_entry_rate']:.3f}) | {r['precision']:.3f} | {r['recall']:.3f} |"
        )


if __name__ == "__main__":
    main()
