"""Secret detection on the labelled corpus in tests/data/secrets/.

    python benchmarks/secret_detection.py                # train part, then the frozen test part
    python benchmarks/secret_detection.py --part train   # only the part the rules are tuned on
    python benchmarks/secret_detection.py --part train --misses

Prints recall (secrets refused / secrets) and the false-refusal rate (clean texts refused /
clean texts) for each part, by kind and by language, and the scan speed. The test part is
frozen: it was split off once by a seeded hash and is not read while the rules are tuned.
``--misses`` lists the misclassified texts of the parts it reads (use it on train only).
"""

from __future__ import annotations

import argparse
import json
import time
from collections import defaultdict
from dataclasses import dataclass
from pathlib import Path

DATA = Path(__file__).resolve().parents[1] / "tests" / "data" / "secrets"
# The first frozen part (test_v1) was read once and has been tuned on since: it is train now.
# The frozen part is a second set, written independently of everything before it (README_v2).
PARTS = {
    "train": ("train.jsonl", "train_extra.jsonl", "test_v1.jsonl"),
    "test": ("frozen_v2.jsonl",),
}


@dataclass(frozen=True)
class Item:
    text: str
    secret: bool
    kind: str
    lang: str


@dataclass
class Score:
    secrets: int = 0
    caught: int = 0
    clean: int = 0
    refused: int = 0

    def add(self, item: Item, flagged: bool) -> None:
        if item.secret:
            self.secrets += 1
            self.caught += flagged
        else:
            self.clean += 1
            self.refused += flagged

    @property
    def recall(self) -> float:
        return self.caught / self.secrets if self.secrets else float("nan")

    @property
    def false_refusals(self) -> float:
        return self.refused / self.clean if self.clean else float("nan")


def load(part: str) -> list[Item]:
    items = []
    for name in PARTS[part]:
        path = DATA / name
        if not path.exists():
            continue
        for line in path.read_text(encoding="utf-8").splitlines():
            if line.strip():
                row = json.loads(line)
                items.append(Item(row["text"], row["label"] == "secret", row["kind"], row["lang"]))
    return items


def evaluate(part: str) -> tuple[Score, dict[str, Score], dict[str, Score], list[str], float]:
    from memory.secrets import scan_batch

    items = load(part)
    started = time.perf_counter()
    flagged = [bool(found) for found in scan_batch([item.text for item in items])]
    elapsed = time.perf_counter() - started
    total = Score()
    by_kind: dict[str, Score] = defaultdict(Score)
    by_lang: dict[str, Score] = defaultdict(Score)
    misses = []
    for item, hit in zip(items, flagged, strict=True):
        total.add(item, hit)
        by_kind[item.kind].add(item, hit)
        by_lang[item.lang].add(item, hit)
        if hit != item.secret:
            label = "missed" if item.secret else "refused"
            misses.append(f"{label} {item.kind}/{item.lang}: {item.text!r}")
    return total, by_kind, by_lang, misses, elapsed / max(1, len(items))


def _row(name: str, score: Score) -> str:
    recall = f"{score.caught}/{score.secrets} {score.recall:.3f}" if score.secrets else "-"
    false = f"{score.refused}/{score.clean} {score.false_refusals:.3f}" if score.clean else "-"
    return f"| {name} | {recall} | {false} |"


def report(part: str, show_misses: bool) -> Score:
    total, by_kind, by_lang, misses, per_item = evaluate(part)
    print(f"\n## {part}{' (frozen)' if part == 'test' else ''}\n")
    print("| part | recall | false refusals |\n|---|---|---|")
    print(_row(part, total))
    print(f"\nscan: {per_item * 1e6:.0f} µs per text (machine shared; order of magnitude)")
    print("\n| language | recall | false refusals |\n|---|---|---|")
    for lang in sorted(by_lang):
        print(_row(lang, by_lang[lang]))
    print("\n| kind | recall | false refusals |\n|---|---|---|")
    for kind in sorted(by_kind):
        print(_row(kind, by_kind[kind]))
    if show_misses and misses:
        print("\nmisclassified:")
        for miss in misses:
            print("  " + miss)
    return total


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--part", choices=["train", "test", "both"], default="both")
    parser.add_argument("--misses", action="store_true", help="list misclassified texts")
    args = parser.parse_args()
    parts = ["train", "test"] if args.part == "both" else [args.part]
    for part in parts:
        report(part, args.misses)


if __name__ == "__main__":
    main()
