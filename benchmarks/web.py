"""Page render times of ``labmem web`` at 10k entries, in-process (Starlette's test client).

    python benchmarks/web.py [--entries 10000] [--repeat 10] [--embedder minilm]

Builds a synthetic workspace — MEMORY.md with supersede chains and promoted entries, its
archive, three projects, daily logs over 250 days — indexes it through the product
(``Lab.reindex``), then times every page three ways: the first render after start, the
render right after a write (the workspace snapshot is re-read), and warm renders
(p50/p95 of ``--repeat``). The write is an entry appended to today's log; a write to
MEMORY.md makes the next page re-parse MEMORY.md. The target (≤ 300 ms) applies to warm
renders; the first render after start also loads the embedder and runs doctor.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import tempfile
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path

os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")

WORDS = (
    "NAS router Jellyfin backup UPS Proxmox Grafana Postgres ZFS switch VPN Nextcloud camera "
    "restic Gitea MQTT printer certificate disk fan firmware kernel snapshot pool"
).split()
VERBS = "restarted upgraded rebooted migrated reconfigured moved benchmarked cleaned".split()
TARGET_MS = 300.0


def sentence(rng: random.Random) -> str:
    a, b = rng.sample(WORDS, 2)
    return f"{rng.choice(VERBS).capitalize()} the {a} next to the {b} ({rng.randint(1, 999)})."


def build(root: Path, entries: int, seed: int = 11) -> dict[str, str]:
    from memory.entry import Entry, render_entry

    rng = random.Random(seed)
    now = datetime(2026, 11, 29, 12, tzinfo=UTC)
    n_memory, n_project = entries // 10, entries * 15 // 100
    n_daily = entries - n_memory - n_project
    days = 250
    (root / "memory" / "archive").mkdir(parents=True)
    per_day = n_daily // days
    for d in range(days):
        day = (now - timedelta(days=days - d)).date()
        lines = [f"# {day.isoformat()}", ""]
        for i in range(per_day):
            clock = f"{i * 60 // 3600 % 24:02d}:{i % 60:02d}:00"
            entry = Entry(
                sentence(rng), {"id": f"d-{d:04d}{i:04d}", "src": "user"}, clock=clock, tag="event"
            )
            lines += render_entry(entry)
        (root / "memory" / f"{day.isoformat()}.md").write_text("\n".join(lines) + "\n")
    mem = ["# MEMORY", ""]
    for s, section in enumerate(("Preferences", "Decisions", "Lab facts", "Lessons learned")):
        mem += [f"## {section}", ""]
        for i in range(n_memory // 4):
            n = s * 100000 + i
            at = (now - timedelta(days=rng.randint(1, 400))).strftime("%Y-%m-%dT%H:%M:%SZ")
            meta = f"id=m-{n:08x} kind=fact at={at} src=user"
            if i % 10 == 1:  # every tenth entry supersedes the one before it
                meta += f" supersedes=m-{n - 1:08x}"
            if i % 10 == 0:
                meta += f" superseded_by=m-{n + 1:08x}"
            if i % 7 == 0:
                meta = meta.replace("src=user", f"src=memory/{now.date().isoformat()}.md#L{i}")
            mem.append(f"- {sentence(rng)} <!-- {meta} -->")
        mem.append("")
    (root / "MEMORY.md").write_text("\n".join(mem))
    arch = ["# MEMORY archive", "", "## Archived", ""]
    for i in range(200):
        arch.append(
            f"- {sentence(rng)} <!-- id=m-a{i:07x} kind=fact src=user "
            f"archived=2026-11-{1 + i % 28:02d}T03:00:00Z reason=stale -->"
        )
    (root / "memory" / "archive" / "MEMORY-archive.md").write_text("\n".join(arch) + "\n")
    for p in range(3):
        folder = root / "projects" / f"project-{p}"
        folder.mkdir(parents=True)
        notes = [f"# project-{p}", "", "## Notes", ""]
        for i in range(n_project // 3):
            notes.append(f"- {sentence(rng)} <!-- id=p-{p:02d}{i:06d} kind=note src=user -->")
        (folder / "NOTES.md").write_text("\n".join(notes) + "\n")
    return {"memory_id": f"m-{200000 + 5:08x}", "day": (now - timedelta(days=3)).date().isoformat()}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--entries", type=int, default=10000)
    parser.add_argument("--repeat", type=int, default=10)
    parser.add_argument("--embedder", default="minilm")
    args = parser.parse_args()
    os.environ["LABMEM_EMBEDDER"] = args.embedder
    os.environ["LABMEM_NOW"] = "2026-11-29T13:00:00Z"
    os.environ["LABMEM_TZ"] = "UTC"
    from starlette.testclient import TestClient

    from coordinator import Lab
    from coordinator.web import build_app

    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp) / "lab"
        ids = build(root, args.entries)
        with Lab.open(root) as lab:
            t0 = time.perf_counter()
            lab.reindex()
            print(
                f"workspace: {args.entries} entries; index built in "
                f"{time.perf_counter() - t0:.0f} s ({args.embedder})"
            )
            total = (
                len(lab.memory_records())
                + sum(len(lab.project_records(n)) for n in lab.project_names())
                + sum(len(lab.daily.read(d)) for d in lab.daily.files())
            )
            print(f"entries read back: {total}")
            client = TestClient(build_app(lab, "bench"), base_url="http://127.0.0.1:8765")
            pages = {
                "overview": "/",
                "search": "/search?q=restarted+the+NAS+firmware",
                "search, filtered": "/search?q=NAS&layer=daily&since=2026-06-01",
                "ask": "/search?q=when+was+the+ZFS+pool+migrated&mode=ask",
                "MEMORY.md (page 1 of 5)": "/memory",
                "project notes": "/projects/project-1",
                "entry + history": f"/entry/{ids['memory_id']}",
                "file view": "/file?path=MEMORY.md&line=500",
                "daily calendar": "/days",
                "one day": f"/days?day={ids['day']}",
                "review queue": "/review",
                "skills, try a phrase": "/skills?phrase=rotate+the+backup+disks",
                "distillation": "/distill",
            }
            first: dict[str, float] = {}
            for name, url in pages.items():
                t = time.perf_counter()
                response = client.get(url + ("&" if "?" in url else "?") + "token=bench")
                first[name] = (time.perf_counter() - t) * 1000
                assert response.status_code == 200, (name, response.status_code)
            rows = []
            for name, url in pages.items():
                # A write to today's log: the next page re-reads that one file.
                lab.remember(f"Checked the {name} page.", layer="daily")
                t = time.perf_counter()
                client.get(url)
                after = (time.perf_counter() - t) * 1000
                times = []
                for _ in range(args.repeat):
                    t = time.perf_counter()
                    client.get(url)
                    times.append((time.perf_counter() - t) * 1000)
                times.sort()
                p95 = times[min(len(times) - 1, round(0.95 * (len(times) - 1)))]
                rows.append((name, first[name], after, statistics.median(times), p95))
            bare = []
            for label, query, kwargs in (
                ("Lab.search alone", "restarted the NAS firmware", {}),
                ("Lab.search alone, filtered", "NAS", {"layers": ["daily"], "since": "2026-06-01"}),
            ):
                times = []
                for _ in range(args.repeat):
                    t = time.perf_counter()
                    lab.search(query, k=20, **kwargs)  # type: ignore[arg-type]
                    times.append((time.perf_counter() - t) * 1000)
                times.sort()
                p95 = times[min(len(times) - 1, round(0.95 * (len(times) - 1)))]
                bare.append((label, statistics.median(times), p95))
    print("\n| page | first render | after a write | warm p50 | warm p95 | ≤ 300 ms |")
    print("|---|---|---|---|---|---|")
    for name, f, after, p50, p95 in rows:
        ok = "✔" if p95 <= TARGET_MS else "✘"
        print(f"| {name} | {f:.0f} ms | {after:.0f} ms | {p50:.0f} ms | {p95:.0f} ms | {ok} |")
    for label, p50, p95 in bare:
        print(f"| ({label}, same run) | — | — | {p50:.0f} ms | {p95:.0f} ms | |")


if __name__ == "__main__":
    main()
