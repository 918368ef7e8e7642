#!/usr/bin/env python3
"""Frozen train/test split of scenario.json questions.

A question goes to TEST when int(sha256("labmem-frozen-v1:" + question_text).hexdigest(), 16) % 1000 < 350,
otherwise to TRAIN. Both output files carry all statements. The rule depends only on the
question text, so it is stable under reordering/renumbering and adding new questions.
"""
import hashlib
import json
import os

HERE = os.path.dirname(os.path.abspath(__file__))
SALT = "labmem-frozen-v1:"


def is_test(text: str) -> bool:
    h = hashlib.sha256((SALT + text).encode("utf-8")).hexdigest()
    return int(h, 16) % 1000 < 350


def main():
    with open(os.path.join(HERE, "scenario.json"), encoding="utf-8") as fh:
        sc = json.load(fh)
    parts = {"train": [], "test": []}
    for q in sc["questions"]:
        parts["test" if is_test(q["question"]) else "train"].append(q)
    for name, qs in parts.items():
        out = {k: v for k, v in sc.items() if k != "questions"}
        out["questions"] = qs
        with open(os.path.join(HERE, f"scenario_{name}.json"), "w", encoding="utf-8") as fh:
            json.dump(out, fh, ensure_ascii=False, indent=1)
        print(name, len(qs))


if __name__ == "__main__":
    main()
