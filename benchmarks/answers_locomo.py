"""LoCoMo through ``labmem ask``: answer-hit@1, abstention on category 5, and search beside it.

    python benchmarks/answers_locomo.py [--conversations 0-9] [--dump features.json]

Same import as ``benchmarks/locomo.py`` (one daily-log entry per turn, clock one day after
the last session, time zone UTC). For every question of categories 1–4 with evidence:
``lab.search(q, k=10)`` (top-1 hit and R@10, the landed search) and ``lab.ask(q)`` (answer-hit@1:
the first cited source holds an evidence turn; ``found``). Category 5 questions are
unanswerable from the conversation (the adversarial ones swap who did what): abstention is
``found=false`` there. Thresholds were chosen on conversations 0–4 only; 5–9 are held out.
``--dump`` writes every question's candidates and their features (for calibration).
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
import time
from collections import defaultdict
from datetime import timedelta
from pathlib import Path
from typing import Any

os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
sys.path.insert(0, str(Path(__file__).resolve().parent))

from locomo import DEFAULT_DATA, turn_text, turns

CATEGORIES = {1: "multi-hop", 2: "temporal", 3: "open-domain", 4: "single-hop", 5: "adversarial"}


def _questions(sample: dict[str, Any]) -> list[dict[str, Any]]:
    return [
        q
        for q in sample["qa"]
        if q.get("category") == 5 or (q.get("category") in CATEGORIES and q.get("evidence"))
    ]


def run(data: Path, picks: list[int], dump: Path | None) -> list[dict[str, Any]]:
    from coordinator import Lab, load_settings
    from coordinator.answer import _candidates, names_in

    samples = json.loads(data.read_text())
    rows: list[dict[str, Any]] = []
    features: list[dict[str, Any]] = []
    for index in picks:
        sample = samples[index]
        all_turns = turns(sample["conversation"])
        items = [
            {"layer": "daily", "text": turn_text(t), "time": w.isoformat(), "source": t["dia_id"]}
            for w, t in all_turns
        ]
        now = all_turns[-1][0] + timedelta(days=1)
        with tempfile.TemporaryDirectory() as tmp:
            settings = load_settings(
                home=Path(tmp) / "lab", now=now.isoformat() + "Z", embedder="minilm", tz="UTC"
            )
            with Lab.open(settings=settings) as lab:
                lab.import_entries(items)
                lab.reindex()
                started = time.perf_counter()
                for q in _questions(sample):
                    gold = set(q.get("evidence") or [])
                    hits = lab.search(q["question"], k=10)
                    answer = lab.ask(q["question"])
                    first = answer.hits[0].source if answer.hits else None
                    rows.append(
                        {
                            "conv": index,
                            "cat": q["category"],
                            "search_top1": bool(hits and hits[0].source in gold),
                            "r10": len(gold & {h.source for h in hits}) / len(gold) if gold else 0,
                            "ask_hit1": first in gold,
                            "found": answer.found,
                        }
                    )
                    if dump is not None:
                        wide = lab.search(q["question"], k=20)
                        names = names_in(q["question"])
                        cands = _candidates(lab, q["question"], wide, names)
                        features.append(
                            {
                                "conv": index,
                                "cat": q["category"],
                                "names": names,
                                "question": q["question"],
                                "cands": [
                                    [
                                        c.hit.score,
                                        c.cos,
                                        c.cover,
                                        c.named,
                                        c.change,
                                        c.hit.source in gold,
                                        c.hit.text.split(":")[0],
                                    ]
                                    for c in cands
                                ],  # fmt: skip
                            }
                        )
                spent = time.perf_counter() - started
        print(
            f"conversation {index}: {len(items)} turns, {len(_questions(sample))} questions "
            f"in {spent:.0f} s",
            flush=True,
        )
    if dump is not None:
        dump.write_text(json.dumps(features))
    return rows


def _mean(values: list[float]) -> float:
    return sum(values) / len(values) if values else float("nan")


def table(rows: list[dict[str, Any]], picks: list[int]) -> None:
    groups = [
        ("all", set(picks)),
        ("tuning 0-4", {i for i in picks if i < 5}),
        ("held-out 5-9", {i for i in picks if i >= 5}),
    ]
    print(
        f"\n{'subset':13} {'n(1-4)':>6} {'search@1':>8} {'ask-hit@1':>9} {'temporal':>8} "
        f"{'R@10':>6} {'n(5)':>5} {'abst.P':>6} {'abst.R':>6} {'false-abst':>10}"
    )
    for label, members in groups:
        sub = [r for r in rows if r["conv"] in members]
        if not sub:
            continue
        answerable = [r for r in sub if r["cat"] != 5]
        adversarial = [r for r in sub if r["cat"] == 5]
        temporal = [r for r in answerable if r["cat"] == 2]
        abstained = [r for r in sub if not r["found"]]
        precision = _mean([float(r["cat"] == 5) for r in abstained])
        recall = _mean([float(not r["found"]) for r in adversarial])
        false_rate = _mean([float(not r["found"]) for r in answerable])
        print(
            f"{label:13} {len(answerable):6d} "
            f"{_mean([r['search_top1'] for r in answerable]):8.3f} "
            f"{_mean([r['ask_hit1'] for r in answerable]):9.3f} "
            f"{_mean([r['ask_hit1'] for r in temporal]):8.3f} "
            f"{_mean([r['r10'] for r in answerable]):6.3f} {len(adversarial):5d} "
            f"{precision:6.3f} {recall:6.3f} {false_rate:10.3f}"
        )
    print(f"\n{'category':13} {'n':>5} {'search@1':>8} {'ask-hit@1':>9} {'found':>6}")
    by_cat: dict[int, list[dict[str, Any]]] = defaultdict(list)
    for r in rows:
        by_cat[r["cat"]].append(r)
    for cat, label in CATEGORIES.items():
        sub = by_cat.get(cat, [])
        if sub:
            print(
                f"{label:13} {len(sub):5d} {_mean([r['search_top1'] for r in sub]):8.3f} "
                f"{_mean([r['ask_hit1'] for r in sub]):9.3f} "
                f"{_mean([r['found'] for r in sub]):6.3f}"
            )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--data", type=Path, default=DEFAULT_DATA)
    parser.add_argument("--conversations", default="0-9", help="e.g. 0-4 or 0,3,7")
    parser.add_argument("--dump", type=Path, help="write candidate features here")
    args = parser.parse_args()
    spec = args.conversations
    if "-" in spec:
        lo, hi = spec.split("-")
        picks = list(range(int(lo), int(hi) + 1))
    else:
        picks = [int(x) for x in spec.split(",")]
    table(run(args.data, picks, args.dump), picks)


if __name__ == "__main__":
    main()
