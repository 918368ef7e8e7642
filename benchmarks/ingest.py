"""Ingest speed: from import to lexically searchable and to fully embedded.

    python benchmarks/ingest.py [--short 10000] [--long 1000]

Two loads, each imported through ``Lab.import_entries`` into a fresh workspace:
- ``short``: LoCoMo-like chat turns (the real LoCoMo turns from ../shared/data when present,
  cycled with their session dates; otherwise synthetic ones of the same length);
- ``long``: turns of about 3,000 characters (several LoCoMo turns joined).
For each it reports the time until a search answers from the words (import, then the lexical
half of the index: ``sync(budget=0)`` and one search), then until every vector is stored,
beside, in the same run, the bare embedder on one thread over a sample of the same chunk
texts, timed just before and just after the build (× the cores this process may use), and
``python -c pass`` start-up. The time spent inside the
secret scan (``memory.secrets``) is measured on the way and shown apart, so the rest of the
path to searchable can be read on its own.
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


def _rate(embedder: Any, texts: list[str]) -> float:
    started = time.perf_counter()
    embedder.embed(texts)
    return len(texts) / (time.perf_counter() - started)


def run(name: str, texts: list[str], root: Path) -> dict[str, float | str]:
    from coordinator import Lab, load_settings
    from memory.search.embedders import MiniLMEmbedder

    # The search below answers from the words at once (no time for vectors): what a
    # search right after the import sees when the vectors are still being filled in.
    settings = load_settings(home=root, now="2026-12-31T12:00:00Z", index_budget_s=0)
    out: dict[str, float | str] = {"load": name, "entries": len(texts)}
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
        chunks = sync.pending
        catalogue = service.lexical.chunks(service.lexical.pending())
        texts_in = [c.embed_text for c in catalogue.values()]
        mean = sum(map(len, texts_in)) / max(1, len(texts_in))
        size = min(len(texts_in), max(100, int(150_000 / max(mean, 1.0))))  # ~150k characters
        sample = random.Random(5).sample(texts_in, size)
        bare = MiniLMEmbedder()
        bare.embed(sample[:32])  # warm-up
        rates = [_rate(bare, sample)]  # the bare embedder just before the build...
        fill_started = time.perf_counter()
        stored = service.fill()
        fill = time.perf_counter() - fill_started
        rates.append(_rate(bare, sample))  # ...and just after it: the mean of the two
        embedded = lexical + fill
        assert service.pending() == 0
    bare_rate = sum(rates) / len(rates)
    cores = len(os.sched_getaffinity(0))
    out.update(
        chunks=chunks,
        import_s=imported,
        import_scan_s=import_scan,
        lexical_s=lexical,
        lexical_scan_s=lexical_scan,
        lexical_rest_s=lexical - lexical_scan,
        embedded_s=embedded,
        lexical_per_s=len(texts) / lexical,
        embedded_per_s=len(texts) / embedded,
        build_per_s=stored / fill,
        bare_per_s=bare_rate,
        cores=cores,
        ratio=(stored / fill) / (bare_rate * cores),
    )
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--short", type=int, default=10_000, help="LoCoMo-like turns")
    parser.add_argument("--long", type=int, default=1_000, help="turns of ~3,000 characters")
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
            rows.append(run(name, texts, Path(tmp) / "lab"))
            print(f"done {name}: {rows[-1]}", flush=True)
    print(f"\npython -c pass: {startup * 1000:.0f} ms   cores: {rows[0]['cores']}\n")
    head = (
        f"{'load':>6} {'entries':>8} {'chunks':>7} {'to words':>9} {'of it scan':>11} "
        f"{'rest':>6} {'words/s':>8} {'to vectors':>11} {'entries/s':>10} {'build/s':>8} "
        f"{'bare/s':>7} {'build÷(bare×cores)':>19}"
    )
    print(head)
    for r in rows:
        print(
            f"{r['load']:>6} {r['entries']:>8} {r['chunks']:>7} {r['lexical_s']:>8.1f}s "
            f"{r['lexical_scan_s']:>10.1f}s {r['lexical_rest_s']:>5.1f}s "
            f"{r['lexical_per_s']:>8.0f} {r['embedded_s']:>10.1f}s {r['embedded_per_s']:>10.0f} "
            f"{r['build_per_s']:>8.0f} {r['bare_per_s']:>7.0f} {r['ratio']:>19.2f}"
        )


if __name__ == "__main__":
    main()
