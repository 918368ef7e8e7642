"""Real processes: concurrent appends and a writer killed mid-rewrite."""

from __future__ import annotations

import multiprocessing as mp
import os
import re
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from memory.document import parse_document

pytestmark = pytest.mark.integration

WORKERS, APPENDS = 8, 200


def _append_many(home: str, worker: int) -> None:
    os.environ["LABMEM_HOME"] = home
    from coordinator import Lab

    with Lab.open(home) as lab:
        for i in range(APPENDS):
            lab.remember(f"worker {worker} entry {i} " + "x" * (i % 50), layer="daily")


def test_eight_processes_appending_lose_nothing_and_never_interleave(home: Path) -> None:
    from coordinator import Lab

    with Lab.open(home):
        pass
    ctx = mp.get_context("spawn")
    procs = [ctx.Process(target=_append_many, args=(str(home), w)) for w in range(WORKERS)]
    for proc in procs:
        proc.start()
    for proc in procs:
        proc.join(timeout=300)
        assert proc.exitcode == 0
    text = (home / "memory" / "2026-11-29.md").read_text()
    entries = parse_document(text).entries()
    assert len(entries) == WORKERS * APPENDS
    pattern = re.compile(r"^worker (\d) entry (\d+)(?: x+)?$")
    seen = set()
    for entry in entries:
        match = pattern.match(entry.text)
        assert match, f"torn or interleaved entry: {entry.text!r}"
        assert entry.clock == "13:06:40" and entry.id and entry.id.startswith("d-")
        seen.add((int(match.group(1)), int(match.group(2))))
    assert len(seen) == WORKERS * APPENDS
    per_worker = [[e for e in entries if e.text.startswith(f"worker {w} ")] for w in range(8)]
    for worker_entries in per_worker:  # each worker's own entries stay in order
        numbers = [int(e.text.split()[3]) for e in worker_entries]
        assert numbers == sorted(numbers)


_REWRITER = """
import sys
from pathlib import Path
from memory.files import atomic_write
path = Path(sys.argv[1])
old, new = sys.argv[2], sys.argv[3]
Path(sys.argv[4]).write_text("ready")
i = 0
while True:
    atomic_write(path, (new if i % 2 else old) * 20000)
    i += 1
"""


def test_sigkill_during_rewrite_leaves_old_or_new_file(tmp_path: Path) -> None:
    target = tmp_path / "MEMORY.md"
    old, new = "- old fact\n", "- new fact, longer than the old one\n"
    target.write_text(old * 20000)
    for attempt in range(5):
        ready = tmp_path / f"ready{attempt}"
        proc = subprocess.Popen(
            [sys.executable, "-c", _REWRITER, str(target), old, new, str(ready)],
            env={**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parents[2])},
        )
        deadline = time.monotonic() + 30
        while not ready.exists() and time.monotonic() < deadline:
            time.sleep(0.01)
        time.sleep(0.05 + attempt * 0.037)
        proc.send_signal(signal.SIGKILL)
        proc.wait(timeout=10)
        content = target.read_text()
        assert content in (old * 20000, new * 20000)
    leftovers = [p.name for p in tmp_path.iterdir() if p.name.endswith(".tmp")]
    # A killed writer may leave its temp file behind, never a torn MEMORY.md.
    assert all(name.startswith(".MEMORY.md.") for name in leftovers)
