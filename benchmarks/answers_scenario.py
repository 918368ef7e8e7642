"""The answer-quality scenario through ``lab.ask``: current value first, dates, abstention.

    python benchmarks/answers_scenario.py --part train      # tuning part
    python benchmarks/answers_scenario.py --part test       # FROZEN part: final run only

Data: ``tests/data/answers/`` (seven weeks of statements by a homelab owner in Madrid, English
and Spanish; questions split once by a seeded hash — see its README). Statements are imported
in time order and each question is asked with the clock pinned at its ``asked_at``, so memory
holds only what was said before it; time zone Europe/Madrid.

    python benchmarks/answers_scenario.py --scenario PATH --stages   # where misses fail

Measures: current_value — the current value appears in the answer's first line ("leads"),
and the first cited source is a statement that holds it; temporal — recall / precision / F1
of the cited statements against every event in the window; answerable — hit@1; unanswerable
— ``found=false`` (abstention); and the false-abstention rate on the answerable types.

``--stages`` counts, for each current-value question whose value does not lead, the stage
where it failed: ``abstained`` (found=false), ``not a candidate`` (no statement holding the
value among the candidates the answer weighed: search's, the multilingual channel's and those
found from the leading one's text — retrieval), ``outranked`` (among them, but another
statement leads: ranking) and ``answer line`` (the right statement leads, its line does not
show the value); each split by whether the question and the statement are in the same
language. Counts only: it is safe on a frozen set.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import tempfile
import unicodedata
from collections import Counter, defaultdict
from pathlib import Path
from typing import Any

os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
DATA = Path(__file__).resolve().parents[1] / "tests" / "data" / "answers"


def _norm(text: str) -> str:
    text = unicodedata.normalize("NFD", text.casefold())
    text = "".join(c for c in text if not unicodedata.combining(c))
    return re.sub(r"\s+", " ", text)


class _Weighed:
    """The statements (import sources) the last answer weighed as candidates: the answer
    module's candidate step, observed from outside for ``--stages``."""

    def __init__(self) -> None:
        import coordinator.answer as answer

        self.sources: set[str] = set()
        inner = answer._candidates

        def observed(*args: Any, **kwargs: Any) -> Any:
            found = inner(*args, **kwargs)
            self.sources.update(c.hit.source for c in found)
            return found

        answer._candidates = observed  # type: ignore[assignment]


def _stage(row: dict[str, Any], weighed: set[str], byid: dict[str, str]) -> str:
    from coordinator.crosslang import spanish_in

    q = row["q"]
    ok = set(q["expect"]) | set(q.get("also_ok") or [])
    asked = spanish_in([q["question"]])
    said = any(spanish_in([byid.get(i, "")]) for i in q["expect"])
    lang = "same language" if asked == said else "other language"
    if not row["found"]:
        return f"abstained, {lang}"
    if not ok & weighed:
        return f"not a candidate, {lang}"
    if not row["cited"] or row["cited"][0] not in ok:
        return f"outranked, {lang}"
    return f"answer line, {lang}"


def run(
    part: str, verbose: bool, path: Path | None = None, stages: bool = False
) -> dict[str, list[dict[str, Any]]]:
    from coordinator import Lab, load_settings
    from memory.clock import parse_instant

    weighed = _Weighed() if stages else None

    source = path or DATA / f"scenario_{part}.json"
    scenario = json.loads(source.read_text(encoding="utf-8"))
    statements = sorted(scenario["statements"], key=lambda s: s["at"])
    questions = sorted(scenario["questions"], key=lambda q: q["asked_at"])
    byid = {s["id"]: s["text"] for s in statements}
    results: dict[str, list[dict[str, Any]]] = defaultdict(list)
    with tempfile.TemporaryDirectory() as tmp:
        start = scenario["start"]  # a day ("2026-10-12") or an instant
        start = start if "T" in start else start + "T00:00:00Z"
        settings = load_settings(home=Path(tmp) / "lab", now=start, tz=scenario["tz"])
        with Lab.open(settings=settings) as lab:
            told = 0
            for q in questions:
                lab.clock.instant = parse_instant(q["asked_at"])  # type: ignore[attr-defined]
                batch = []
                while told < len(statements) and statements[told]["at"] < q["asked_at"]:
                    s = statements[told]
                    item = {"layer": s["layer"], "text": s["text"], "time": s["at"]}
                    item["source"] = s["id"]
                    if s["project"]:
                        item["project"] = s["project"]
                    batch.append(item)
                    told += 1
                if batch:
                    report = lab.import_entries(batch)
                    assert report.refused == 0, report.refusals[:3]
                if weighed is not None:
                    weighed.sources.clear()
                answer = lab.ask(q["question"])
                cited = [h.source for h in answer.hits]
                first_line = answer.text.split("\n")[0]
                expect = set(q["expect"])
                row: dict[str, Any] = {"q": q, "found": answer.found, "cited": cited}
                if q["type"] == "current_value":
                    ok = expect | set(q.get("also_ok") or [])
                    row["leads"] = _norm(q["expect_value"]) in _norm(first_line)
                    row["first_ok"] = bool(cited) and cited[0] in ok
                    if weighed is not None and not row["leads"]:
                        row["stage"] = _stage(row, weighed.sources, byid)
                elif q["type"] == "temporal":
                    got = set(cited)
                    row["recall"] = len(got & expect) / len(expect) if expect else 0.0
                    row["precision"] = len(got & expect) / len(got) if got else 0.0
                    p, r = row["precision"], row["recall"]
                    row["f1"] = 2 * p * r / (p + r) if p + r else 0.0
                elif q["type"] == "answerable":
                    row["hit1"] = bool(cited) and cited[0] in expect
                results[q["type"]].append(row)
                if verbose and not _good(row):
                    print(f"--- {q['type']} {q['id']} {q['question']} expect={q['expect']}")
                    print(answer.text[:600])
    return results


def _good(row: dict[str, Any]) -> bool:
    kind = row["q"]["type"]
    if kind == "current_value":
        return bool(row["leads"])
    if kind == "temporal":
        return bool(row["recall"] == 1.0)
    if kind == "answerable":
        return bool(row["hit1"])
    return not row["found"]


def _mean(values: list[Any]) -> float:
    return sum(float(v) for v in values) / len(values) if values else float("nan")


def table(results: dict[str, list[dict[str, Any]]], part: str) -> None:
    print(f"\nscenario part: {part}")
    cv = results.get("current_value", [])
    tm = results.get("temporal", [])
    an = results.get("answerable", [])
    un = results.get("unanswerable", [])
    print(f"{'measure':52} {'n':>4} {'value':>6}")
    lines = [
        ("current value leads the answer (first line)", cv, [r["leads"] for r in cv]),
        ("first cited source holds the current value", cv, [r["first_ok"] for r in cv]),
        ("temporal recall (cited ⊇ events in window)", tm, [r["recall"] for r in tm]),
        ("temporal precision", tm, [r["precision"] for r in tm]),
        ("temporal F1", tm, [r["f1"] for r in tm]),
        ("answerable hit@1", an, [r["hit1"] for r in an]),
        ("unanswerable: found=false (abstention recall)", un, [not r["found"] for r in un]),
    ]
    answerable = cv + tm + an
    lines.append(
        ("false abstention on answerable types", answerable, [not r["found"] for r in answerable])
    )
    abstained = [r for r in cv + tm + an + un if not r["found"]]
    lines.append(
        (
            "abstention precision (found=false is right)",
            abstained,
            [r["q"]["type"] == "unanswerable" for r in abstained],
        )
    )
    for label, rows, values in lines:
        print(f"{label:52} {len(rows):4d} {_mean(values):6.3f}")
    stages = Counter(r["stage"] for r in cv if "stage" in r)
    if stages:
        print(f"\ncurrent-value misses by stage ({sum(stages.values())} of {len(cv)})")
        for stage, n in sorted(stages.items()):
            print(f"  {stage:50} {n:4d}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--part", choices=["train", "test"], default="train")
    parser.add_argument("--verbose", action="store_true", help="print the misses (train only)")
    parser.add_argument(
        "--stages",
        action="store_true",
        help="count where each current-value miss fails (figures only)",
    )
    parser.add_argument(
        "--scenario",
        type=Path,
        help="another scenario file of the same shape (a frozen set: figures only)",
    )
    args = parser.parse_args()
    if (args.part == "test" or args.scenario) and args.verbose:
        parser.error("--verbose prints questions; a frozen set is reported as figures")
    label = args.scenario.name if args.scenario else args.part
    table(run(args.part, args.verbose, args.scenario, args.stages), label)


if __name__ == "__main__":
    main()
