"""Search latency and index build at scale, next to the bare embedder in the same run.

    python benchmarks/search_scale.py [--sizes 10000,100000] [--queries 200]

Builds synthetic workspaces (daily logs over a year, a MEMORY.md, project notes), indexes
them through the product (``Lab.reindex``), then times ``Lab.search`` from a shared session
(which filters MEMORY.md out) including the query embedding: a fresh process's first search,
the second (which copies the words and vectors into memory) and the warm searches after it.
Vectors for the larger workspace are cached in ``benchmarks/.cache`` (embedding 100k texts
takes ~8 minutes once).
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import tempfile
import time
from datetime import UTC, datetime, timedelta
from math import nan
from pathlib import Path
from typing import Any

import numpy as np

os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
CACHE = Path(__file__).resolve().parent / ".cache"

THINGS = [
    "NAS",
    "router",
    "Jellyfin",
    "backup job",
    "UPS",
    "Proxmox host",
    "Home Assistant",
    "Pi-hole",
    "Grafana",
    "Postgres",
    "the 3D printer",
    "ZFS pool",
    "switch",
    "VPN",
    "Nextcloud",
    "camera",
    "the lab PC",
    "restic",
    "Gitea",
    "MQTT broker",
]
ACTIONS = [
    "restarted",
    "upgraded",
    "rebooted",
    "migrated",
    "reconfigured",
    "replaced the fan of",
    "moved",
    "benchmarked",
    "fixed the certificate of",
    "cleaned up",
    "rolled back",
    "added monitoring to",
    "patched",
    "measured the power draw of",
    "backed up",
]
REASONS = [
    "after it ran out of memory",
    "because the disk was full",
    "to get the new release",
    "since the latency was high",
    "after a power cut",
    "to test the failover",
    "because logs showed timeouts",
    "at the user's request",
    "to free a port",
    "after the kernel update",
]


def sentence(rng: random.Random) -> str:
    return (
        f"{rng.choice(ACTIONS).capitalize()} {rng.choice(THINGS)} {rng.choice(REASONS)}; "
        f"took {rng.randint(2, 90)} minutes, ticket {rng.randint(100, 9999)}."
    )


def build_workspace(root: Path, n: int, seed: int = 7) -> list[str]:
    from memory.entry import Entry, render_entry

    rng = random.Random(seed)
    (root / "memory").mkdir(parents=True)
    days = 365
    per_day = max(1, n // days)
    start = datetime(2025, 11, 29, tzinfo=UTC)
    texts: list[str] = []
    for d in range(days):
        day = (start + timedelta(days=d)).date()
        lines = [f"# {day.isoformat()}", ""]
        for i in range(per_day):
            text = sentence(rng)
            texts.append(text)
            entry = Entry(
                text,
                {"id": f"d-{d:04d}{i:05d}", "src": "bench"},
                clock=f"{(i * 7) // 3600 % 24:02d}:{(i * 7) // 60 % 60:02d}:{i * 7 % 60:02d}",
                tag="event",
            )
            lines += render_entry(entry)
        (root / "memory" / f"{day.isoformat()}.md").write_text("\n".join(lines) + "\n")
    mem = ["# MEMORY", "", "## Lab facts", ""]
    for i in range(200):
        mem.append(f"- {sentence(rng)} <!-- id=m-{i:08x} kind=fact -->")
    (root / "MEMORY.md").write_text("\n".join(mem) + "\n")
    return texts


class CachedEmbedder:
    """The real MiniLM embedder behind a text→vector cache kept on disk."""

    def __init__(self, inner: Any, name: str) -> None:
        self.inner = inner
        self.identity = inner.identity
        self.degraded = False
        self.path = CACHE / f"{name}.npz"
        self.cache: dict[str, np.ndarray] = {}
        if self.path.exists():
            data = np.load(self.path, allow_pickle=True)
            self.cache = dict(zip(data["texts"].tolist(), data["vectors"], strict=True))

    def embed(self, texts: list[str]) -> np.ndarray:
        missing = [t for t in dict.fromkeys(texts) if t not in self.cache]
        if missing:
            for t, v in zip(missing, self.inner.embed(missing), strict=True):
                self.cache[t] = v
        return np.stack([self.cache[t] for t in texts]) if texts else self.inner.embed([])

    def save(self) -> None:
        CACHE.mkdir(exist_ok=True)
        texts = list(self.cache)
        np.savez(
            self.path,
            texts=np.array(texts, dtype=object),
            vectors=np.stack([self.cache[t] for t in texts]),
        )


def measure(n: int, queries: int, use_cache: bool, keep: Path | None = None) -> dict[str, float]:
    from coordinator import Lab, load_settings
    from memory.search import embedders

    real = embedders.MiniLMEmbedder()
    out: dict[str, float] = {"chunks": 0}
    with tempfile.TemporaryDirectory() as tmp:
        root = keep / f"lab-{n}" if keep else Path(tmp) / "lab"
        reuse = root.exists()  # kept from an earlier run: searches only
        texts = [] if reuse else build_workspace(root, n)
        # The bare embedder on exactly what the index embeds (daily chunks carry their date).
        sample = [f"(29 November 2025) {t}" for t in texts[:2000]]
        started = time.perf_counter()
        real.embed(sample)
        out["embedder_per_s"] = len(sample) / (time.perf_counter() - started) if sample else nan
        settings = load_settings(home=root, now="2026-11-29T12:00:00Z")
        cached = CachedEmbedder(real, f"scale-{n}") if use_cache else None
        if cached is not None:
            embedders._cached_minilm.cache_clear()
            original = embedders._cached_minilm
            embedders._cached_minilm = lambda: cached  # type: ignore[assignment]
        try:
            with Lab.open(settings=settings) as lab:
                started = time.perf_counter()
                report = lab.reindex()
                build = time.perf_counter() - started
                service = getattr(lab, "services", lab).search_service  # older checkouts: lab
                out["chunks"] = service.lexical.count()
                out["build_per_s"] = report.added / build if report.added else nan
                started = time.perf_counter()
                lab.reindex()
                out["nochange_sync_s"] = time.perf_counter() - started
            if cached is not None:
                cached.save()
            rng = random.Random(11)
            qs = [
                f"why did we {rng.choice(ACTIONS)} the {rng.choice(THINGS)}" for _ in range(queries)
            ]
            with Lab.open(settings=settings, session_kind="shared") as lab:
                started = time.perf_counter()
                lab.search("warm up")  # a one-shot command's search: SQLite and chromadb
                out["first_ms"] = (time.perf_counter() - started) * 1000
                started = time.perf_counter()
                lab.search("warm up again")  # copies words and vectors into memory
                out["second_ms"] = (time.perf_counter() - started) * 1000
                times = []
                for q in qs:
                    started = time.perf_counter()
                    hits = lab.search(q, k=10)
                    times.append(time.perf_counter() - started)
                    assert all(h.layer != "memory" for h in hits)
            times.sort()
            out["p50_ms"] = statistics.median(times) * 1000
            out["p95_ms"] = times[int(0.95 * len(times)) - 1] * 1000
        finally:
            if cached is not None:
                embedders._cached_minilm = original  # type: ignore[assignment]
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--sizes", default="10000,100000")
    parser.add_argument("--queries", type=int, default=200)
    parser.add_argument(
        "--keep",
        type=Path,
        help="keep the workspaces in this folder; one found there is searched, not rebuilt "
        "(run the same command with another checkout on PYTHONPATH: side by side)",
    )
    args = parser.parse_args()
    rows = []
    for n in (int(s) for s in args.sizes.split(",")):
        result = measure(n, args.queries, use_cache=n > 20_000, keep=args.keep)
        rows.append((n, result))
        print(f"done {n}: {result}", flush=True)
    print(
        f"\n{'chunks':>8} {'embedder/s':>11} {'build/s':>9} {'build÷emb':>10} "
        f"{'no-change sync':>15} {'1st ms':>8} {'2nd ms':>8} {'p50 ms':>8} {'p95 ms':>8}"
    )
    for _, r in rows:
        ratio = r["build_per_s"] / r["embedder_per_s"]
        print(
            f"{int(r['chunks']):>8} {r['embedder_per_s']:>11.0f} {r['build_per_s']:>9.0f} "
            f"{ratio:>10.2f} {r['nochange_sync_s']:>14.3f}s {r['first_ms']:>8.0f} "
            f"{r['second_ms']:>8.0f} {r['p50_ms']:>8.1f} {r['p95_ms']:>8.1f}"
        )
    print(
        "(1st: a fresh process's first search; 2nd: the search that copies words and vectors "
        "into memory; p50/p95 over the searches after it)"
    )
    print("(build÷emb is meaningful only for uncached runs; cached runs skip the embedding)")


if __name__ == "__main__":
    main()
