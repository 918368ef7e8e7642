"""Skill activation quality and speed on the evaluation set in tests/fixtures/skills_eval.py.

    python benchmarks/skill_triggers.py [--threshold 0.44]

Reports recall for exact triggers and paraphrases, the false-activation rate on
near-misses and unrelated requests, precision, and matching time per request with 20 and
with 200 skills installed.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests" / "fixtures"))


def build_skills(rows: list[tuple[str, str, list[str]]]) -> list[Any]:
    from skills.model import Skill, SkillFrontMatter

    return [
        Skill(
            SkillFrontMatter(name=n, description=d, triggers=t),
            f"skills/{n}/SKILL.md",
            {"workflow": "-"},
            "workspace",
        )
        for n, d, t in rows
    ]


def evaluate(threshold: float) -> dict[str, Any]:
    from skills_eval import REQUESTS, SKILLS

    from memory.search.embedders import MiniLMEmbedder
    from skills.matching import Matcher

    embedder = MiniLMEmbedder()
    matcher = Matcher(build_skills(SKILLS), embedder, semantic_threshold=threshold)
    by_cat: dict[str, list[bool]] = {}
    activations = correct = 0
    misses: list[str] = []
    for text, expected, category in REQUESTS:
        found = matcher.match(text)
        top = found[0].name if found else None
        activations += top is not None
        correct += top is not None and top == expected
        ok = top == expected
        by_cat.setdefault(category, []).append(ok)
        if not ok:
            why = found[0].why if found else "nothing"
            misses.append(f"[{category}] {text!r}: expected {expected}, got {top} ({why})")
    # speed: 200 skills (the 20 with ten variants each)
    many = [
        (f"{n}-{i}", d, [f"{t} {i}" if i else t for t in trig])
        for i in range(10)
        for n, d, trig in SKILLS
    ]
    big = Matcher(build_skills(many), embedder, semantic_threshold=threshold)
    big.match("warm up")
    small = Matcher(build_skills(SKILLS), embedder, semantic_threshold=threshold)
    small.match("warm up")
    timings: dict[int, list[float]] = {20: [], 200: []}
    for size, m in ((20, small), (200, big)):
        for text, _, _ in REQUESTS:
            started = time.perf_counter()
            m.match(text)
            timings[size].append(time.perf_counter() - started)
    return {
        "by_cat": by_cat,
        "activations": activations,
        "correct": correct,
        "misses": misses,
        "timings": timings,
        "n": len(REQUESTS),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--threshold", type=float, default=0.44)
    args = parser.parse_args()
    r = evaluate(args.threshold)
    cats = r["by_cat"]

    def rate(name: str) -> float:
        return sum(cats[name]) / len(cats[name])

    false = sum(not ok for name in ("near-miss", "none") for ok in cats[name])
    negatives = len(cats["near-miss"]) + len(cats["none"])
    print(f"requests: {r['n']}  semantic threshold: {args.threshold}")
    print(f"{'measure':40} {'value':>8}  target")
    print(f"{'exact triggers recall':40} {rate('exact'):>8.1%}  100 %")
    print(f"{'explicit /name recall':40} {rate('explicit'):>8.1%}  100 %")
    print(f"{'paraphrase recall':40} {rate('paraphrase'):>8.1%}  ≥ 85 %")
    print(f"{'false activations (near-miss + none)':40} {false / negatives:>8.1%}  ≤ 3 %")
    print(f"{'precision of activations':40} {r['correct'] / max(1, r['activations']):>8.1%}")
    for size, values in r["timings"].items():
        values.sort()
        print(
            f"{f'match time, {size} skills, p50 / p95':40} "
            f"{statistics.median(values) * 1000:>5.1f} / "
            f"{values[int(0.95 * len(values)) - 1] * 1000:.1f} ms"
            + ("  ≤ 20 ms" if size == 200 else "")
        )
    if r["misses"]:
        print("\nmisses:")
        for line in r["misses"]:
            print("  " + line)


if __name__ == "__main__":
    main()
