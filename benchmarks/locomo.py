"""LoCoMo retrieval through the product, next to the FACTS.md baselines in the same run.

    python benchmarks/locomo.py [--data ../shared/data/locomo10.json] [--conversations 0-9]

Data: LoCoMo (Maharana et al., ACL 2024; snap-research/locomo, data/locomo10.json),
CC BY-NC 4.0 — used for evaluation only, never shipped. Each conversation is imported into
its own workspace as daily-log entries (one per turn: ``Speaker: words`` plus the image
caption, ``source`` = the turn's dia_id) with the clock pinned just after the last session,
then every question of categories 1–4 with evidence runs through ``Lab.search``.
Tuning used conversations 0–4 only; 5–9 are reported separately as held out.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import re
import tempfile
import time
from collections import defaultdict
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

import numpy as np

os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
DEFAULT_DATA = Path(__file__).resolve().parents[2] / "shared" / "data" / "locomo10.json"
CATEGORIES = {1: "multi-hop", 2: "temporal", 3: "open-domain", 4: "single-hop"}


def session_time(text: str) -> datetime:
    return datetime.strptime(text.strip(), "%I:%M %p on %d %B, %Y")


def turns(conv: dict[str, Any]) -> list[tuple[datetime, dict[str, Any]]]:
    out = []
    for key in sorted(
        (k for k in conv if re.fullmatch(r"session_\d+", k)), key=lambda k: int(k.split("_")[1])
    ):
        when = session_time(conv[f"{key}_date_time"])
        for i, turn in enumerate(conv[key]):
            out.append((when + timedelta(seconds=i), turn))
    return out


def turn_text(turn: dict[str, Any]) -> str:
    text = f"{turn['speaker']}: {turn['text']}"
    if turn.get("blip_caption"):
        text += f" [shares a photo: {turn['blip_caption']}]"
    return text


def questions(sample: dict[str, Any]) -> list[dict[str, Any]]:
    return [q for q in sample["qa"] if q.get("category") in CATEGORIES and q.get("evidence")]


def score(ranked: list[str], evidence: list[str]) -> tuple[float, float, float]:
    gold = set(evidence)
    r5 = len(gold & set(ranked[:5])) / len(gold)
    r10 = len(gold & set(ranked[:10])) / len(gold)
    rr = next((1.0 / (i + 1) for i, d in enumerate(ranked) if d in gold), 0.0)
    return r5, r10, rr


# -- baselines (FACTS.md): one document per turn, "(<date>) <speaker> said, "<text>"" --------
class Baselines:
    def __init__(self, docs: list[str], ids: list[str], embedder: Any) -> None:
        from memory.search.lexical import terms

        self.ids = ids
        self.tokens = [terms(d) for d in docs]
        self.df: dict[str, int] = defaultdict(int)
        for toks in self.tokens:
            for t in set(toks):
                self.df[t] += 1
        self.avgdl = sum(len(t) for t in self.tokens) / len(self.tokens)
        self.tf = [defaultdict(int) for _ in self.tokens]
        for tf, toks in zip(self.tf, self.tokens, strict=True):
            for t in toks:
                tf[t] += 1
        self.vectors = embedder.embed(docs)
        self.embedder = embedder

    def bm25(self, query: str) -> np.ndarray:
        from memory.search.lexical import terms

        n = len(self.tokens)
        out = np.zeros(n)
        for t in set(terms(query)):
            if t not in self.df:
                continue
            idf = math.log(1 + (n - self.df[t] + 0.5) / (self.df[t] + 0.5))
            for i, tf in enumerate(self.tf):
                f = tf.get(t, 0)
                if f:
                    out[i] += (
                        idf * f * 2.5 / (f + 1.5 * (0.25 + 0.75 * len(self.tokens[i]) / self.avgdl))
                    )
        return out

    def rank(self, query: str) -> dict[str, list[str]]:
        bm = self.bm25(query)
        cos = self.vectors @ self.embedder.embed([query])[0]

        def order(scores: np.ndarray) -> list[str]:
            return [self.ids[i] for i in np.argsort(-scores, kind="stable")[:10]]

        def mm(x: np.ndarray) -> np.ndarray:
            span = x.max() - x.min()
            return (x - x.min()) / span if span else np.zeros_like(x)

        return {
            "BM25 + Snowball stemming": order(bm),
            "dense all-MiniLM-L6-v2": order(cos),
            "0.45·BM25 + 0.55·cos (baseline)": order(0.45 * mm(bm) + 0.55 * mm(cos)),
        }


def run(
    data: Path, picks: list[int]
) -> dict[str, dict[str, list[tuple[int, int, float, float, float]]]]:
    from coordinator import Lab, load_settings
    from memory.search.embedders import MiniLMEmbedder

    embedder = MiniLMEmbedder()
    samples = json.loads(data.read_text())
    results: dict[str, dict[str, list[tuple[int, int, float, float, float]]]] = defaultdict(
        lambda: defaultdict(list)
    )
    for index in picks:
        sample = samples[index]
        conv = sample["conversation"]
        all_turns = turns(conv)
        items = [
            {
                "layer": "daily",
                "text": turn_text(t),
                "time": when.isoformat(),
                "source": t["dia_id"],
            }
            for when, t in all_turns
        ]
        now = all_turns[-1][0] + timedelta(days=1)
        docs = [
            f'({when.day} {when:%B %Y}) {t["speaker"]} said, "{t["text"]}"'
            + (f" [shares a photo: {t['blip_caption']}]" if t.get("blip_caption") else "")
            for when, t in all_turns
        ]
        base = Baselines(docs, [t["dia_id"] for _, t in all_turns], embedder)
        with tempfile.TemporaryDirectory() as tmp:
            settings = load_settings(
                home=Path(tmp) / "lab", now=now.isoformat() + "Z", embedder="minilm"
            )
            with Lab.open(settings=settings) as lab:
                report = lab.import_entries(items)
                assert report.refused == 0, report.refusals[:3]
                started = time.perf_counter()
                lab.reindex()
                build_s = time.perf_counter() - started
                for q in questions(sample):
                    hits = lab.search(q["question"], k=10)
                    ranked = [h.source or "" for h in hits]
                    results["labmem (product)"][str(index)].append(
                        (index, q["category"], *score(ranked, q["evidence"]))
                    )
                    for name, order in base.rank(q["question"]).items():
                        results[name][str(index)].append(
                            (index, q["category"], *score(order, q["evidence"]))
                        )
        print(
            f"conversation {index}: {len(items)} turns, {len(questions(sample))} questions, "
            f"index built in {build_s:.1f} s",
            flush=True,
        )
    return results


def table(
    results: dict[str, dict[str, list[tuple[int, int, float, float, float]]]], picks: list[int]
) -> None:
    groups = [
        ("all", set(picks)),
        ("tuning 0-4", {i for i in picks if i < 5}),
        ("held-out 5-9", {i for i in picks if i >= 5}),
    ]
    print(f"\n{'retriever':34} {'subset':13} {'n':>5} {'R@5':>6} {'R@10':>6} {'MRR':>6}")
    for name, per_conv in results.items():
        rows = [r for conv_rows in per_conv.values() for r in conv_rows]
        for label, members in groups:
            sub = [r for r in rows if r[0] in members]
            if sub:
                m = np.array([r[2:] for r in sub]).mean(axis=0)
                print(f"{name:34} {label:13} {len(sub):5d} {m[0]:6.3f} {m[1]:6.3f} {m[2]:6.3f}")
    print(f"\n{'retriever':34} {'category':13} {'n':>5} {'R@5':>6} {'R@10':>6} {'MRR':>6}")
    for name, per_conv in results.items():
        rows = [r for conv_rows in per_conv.values() for r in conv_rows]
        for cat, label in CATEGORIES.items():
            sub = [r for r in rows if r[1] == cat]
            if sub:
                m = np.array([r[2:] for r in sub]).mean(axis=0)
                print(f"{name:34} {label:13} {len(sub):5d} {m[0]:6.3f} {m[1]:6.3f} {m[2]:6.3f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--data", type=Path, default=DEFAULT_DATA)
    parser.add_argument("--conversations", default="0-9", help="e.g. 0-4 or 0,3,7")
    args = parser.parse_args()
    spec = args.conversations
    if "-" in spec:
        lo, hi = spec.split("-")
        picks = list(range(int(lo), int(hi) + 1))
    else:
        picks = [int(x) for x in spec.split(",")]
    table(run(args.data, picks), picks)


if __name__ == "__main__":
    main()
