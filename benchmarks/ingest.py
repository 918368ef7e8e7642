"""Ingest speed: from import to lexically searchable and to fully embedded.

    python benchmarks/ingest.py [--short 10000] [--long 1000] [--words-only] [--segment 60]

Two loads, each imported through ``Lab.import_entries`` into a fresh workspace:
- ``short``: LoCoMo-like chat turns (the real LoCoMo turns from ../shared/data when present,
  cycled with their session dates; otherwise synthetic ones of the same length);
- ``long``: turns of about 3,000 characters (several LoCoMo turns joined).
For each it reports the time until a search answers from the words (import, then the lexical
half of the index: ``sync(budget=0)`` and one search), then until every vector is stored,
beside, in the same run, the bare embedder on one thread over a sample of the same chunk
texts (× the cores this process may use), and ``python -c pass`` start-up. The time spent
inside the secret scan (``memory.secrets``) is measured on the way and shown apart, so the
rest of the path to searchable can be read on its own.

On a shared machine the load changes while the build runs, so the build and the bare
embedder take turns: the build runs for ``--segment`` seconds, then the bare embedder over
its sample, and so on until every vector is stored; the ratio compares their totals. The
CPU seconds each spends per text are shown too (``cpu ÷ bare``: 1.00 means the build does no
work beyond the embedder's) with the cores the build kept busy, and the load average before
and after.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import subprocess
import sys
import tempfile
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
# ../shared/data beside the repository (or beside the folder of work trees it sits in)
LOCOMO = next(
    (
        up / "shared" / "data" / "locomo10.json"
        for up in Path(__file__).resolve().parents[1:4]
        if (up / "shared" / "data" / "locomo10.json").exists()
    ),
    Path("locomo10.json"),
)


def locomo_turns() -> list[str]:
    if not LOCOMO.exists():
        rng = random.Random(3)
        words = "the we a camping trip paint dog kids work new book friends and it so".split()
        return [" ".join(rng.choice(words) for _ in range(rng.randint(8, 30))) for _ in range(6000)]
    data = json.loads(LOCOMO.read_text(encoding="utf-8"))
    turns: list[str] = []
    for sample in data:
        conv = sample["conversation"]
        n = 1
        while f"session_{n}" in conv:
            for turn in conv[f"session_{n}"]:
                turns.append(f"{turn['speaker']}: {turn['text']}")
            n += 1
    return turns


def items_for(texts: list[str]) -> list[dict[str, str]]:
    start = datetime(2026, 1, 1, tzinfo=UTC)
    return [
        {
            "layer": "daily",
            "text": text,
            "time": (start + timedelta(minutes=7 * i)).isoformat(),
            "source": f"bench:{i}",
        }
        for i, text in enumerate(texts)
    ]


def python_startup() -> float:
    runs = []
    for _ in range(5):
        started = time.perf_counter()
        subprocess.run([sys.executable, "-c", "pass"], check=True)
        runs.append(time.perf_counter() - started)
    return min(runs)


class ScanClock:
    """Total seconds spent in the secret scanner's batch scan while installed."""

    def __init__(self) -> None:
        import memory.secrets as secrets

        self.seconds = 0.0
        self._module = secrets
        self._inner = getattr(secrets, "_scan", None)
        if self._inner is not None:
            secrets._scan = self._timed

    def _timed(self, texts: Any) -> Any:
        started = time.perf_counter()
        try:
            return self._inner(texts)  # type: ignore[misc]
        finally:
            self.seconds += time.perf_counter() - started

    def close(self) -> None:
        if self._inner is not None:
            self._module._scan = self._inner


class Clock:
    """Wall and process CPU seconds of what runs inside ``with clock:``, added up."""

    def __init__(self) -> None:
        self.wall = 0.0
        self.cpu = 0.0

    def __enter__(self) -> Clock:
        self._wall = time.perf_counter()
        self._cpu = time.process_time()
        return self

    def __exit__(self, *exc: object) -> None:
        self.wall += time.perf_counter() - self._wall
        self.cpu += time.process_time() - self._cpu


def run(
    name: str, texts: list[str], root: Path, *, vectors: bool, segment: float
) -> dict[str, Any]:
    from coordinator import Lab, load_settings
    from memory.search.embedders import MiniLMEmbedder

    # The search below answers from the words at once (no time for vectors): what a
    # search right after the import sees when the vectors are still being filled in.
    settings = load_settings(home=root, now="2026-12-31T12:00:00Z", index_budget_s=0)
    out: dict[str, Any] = {"load": name, "entries": len(texts), "loadavg": os.getloadavg()[0]}
    scan = ScanClock()
    started = time.perf_counter()
    with Lab.open(settings=settings) as lab:
        report = lab.import_entries(items_for(texts))
        assert report.written == len(texts), report
        imported = time.perf_counter() - started
        import_scan = scan.seconds
        service = lab.services.search_service
        sync = service.sync(budget=0)
        hits = lab.search(texts[len(texts) // 2][:60], k=5, layers=["daily"])
        assert hits
        lexical = time.perf_counter() - started
        lexical_scan = scan.seconds
        scan.close()
        out.update(
            chunks=sync.pending,
            import_s=imported,
            import_scan_s=import_scan,
            lexical_s=lexical,
            lexical_scan_s=lexical_scan,
            lexical_rest_s=lexical - lexical_scan,
            lexical_per_s=len(texts) / lexical,
        )
        if not vectors:
            return out
        catalogue = service.lexical.chunks(service.lexical.pending())
        texts_in = [c.embed_text for c in catalogue.values()]
        mean = sum(map(len, texts_in)) / max(1, len(texts_in))
        size = min(len(texts_in), max(100, int(150_000 / max(mean, 1.0))))  # ~150k characters
        sample = random.Random(5).sample(texts_in, size)
        bare = MiniLMEmbedder()
        bare.embed(sample[:32])  # warm-up
        service.embedder.embed(sample[:32])
        build, alone = Clock(), Clock()
        stored = rounds = 0
        while True:
            with alone:  # the bare embedder, then the build, in turns: the same load
                bare.embed(sample)
            rounds += 1
            if not service.pending():
                break
            with build:
                stored += service.fill(budget=segment)
        embedded = lexical + build.wall
    bare_rate = size * rounds / alone.wall
    cores = len(os.sched_getaffinity(0))
    build_rate = stored / build.wall
    out.update(
        embedded_s=embedded,
        embedded_per_s=len(texts) / embedded,
        build_per_s=build_rate,
        bare_per_s=bare_rate,
        cores=cores,
        ratio=build_rate / (bare_rate * cores),
        busy=build.cpu / build.wall,
        cpu_ratio=(build.cpu / stored) / (alone.cpu / (size * rounds)),
        loadavg_after=os.getloadavg()[0],
    )
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--short", type=int, default=10_000, help="LoCoMo-like turns")
    parser.add_argument("--long", type=int, default=1_000, help="turns of ~3,000 characters")
    parser.add_argument("--words-only", action="store_true", help="stop once searchable by words")
    parser.add_argument(
        "--segment", type=float, default=60.0, help="seconds of build between bare-embedder runs"
    )
    args = parser.parse_args()
    turns = locomo_turns()
    short = [turns[i % len(turns)] for i in range(args.short)]
    long_turns: list[str] = []
    i = 0
    while len(long_turns) < args.long:
        parts: list[str] = []
        while sum(len(p) + 1 for p in parts) < 3000:
            parts.append(turns[i % len(turns)])
            i += 1
        long_turns.append(" ".join(parts)[:3000])
    startup = python_startup()
    rows = []
    for name, texts in (("short", short), ("long", long_turns)):
        if not texts:
            continue
        with tempfile.TemporaryDirectory() as tmp:
            row = run(
                name, texts, Path(tmp) / "lab", vectors=not args.words_only, segment=args.segment
            )
            rows.append(row)
            print(f"done {name}: {row}", flush=True)
    cores = len(os.sched_getaffinity(0))
    print(f"\npython -c pass: {startup * 1000:.0f} ms   cores: {cores}\n")
    print(
        f"{'load':>6} {'entries':>8} {'chunks':>7} {'to words':>9} {'of it scan':>11} "
        f"{'rest':>6} {'words/s':>8} {'loadavg':>8}"
    )
    for r in rows:
        print(
            f"{r['load']:>6} {r['entries']:>8} {r['chunks']:>7} {r['lexical_s']:>8.1f}s "
            f"{r['lexical_scan_s']:>10.1f}s {r['lexical_rest_s']:>5.1f}s "
            f"{r['lexical_per_s']:>8.0f} {r['loadavg']:>8.1f}"
        )
    if args.words_only:
        return
    print(
        f"\n{'load':>6} {'to vectors':>11} {'entries/s':>10} {'build/s':>8} {'bare/s':>7} "
        f"{'build÷(bare×cores)':>19} {'cpu÷bare':>9} {'busy cores':>11} {'loadavg after':>14}"
    )
    for r in rows:
        print(
            f"{r['load']:>6} {r['embedded_s']:>10.1f}s {r['embedded_per_s']:>10.0f} "
            f"{r['build_per_s']:>8.1f} {r['bare_per_s']:>7.1f} {r['ratio']:>19.2f} "
            f"{r['cpu_ratio']:>9.2f} {r['busy']:>11.2f} {r['loadavg_after']:>14.1f}"
        )


if __name__ == "__main__":
    main()
