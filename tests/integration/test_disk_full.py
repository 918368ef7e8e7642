"""A full disk: appends until ENOSPC on a 2 MiB tmpfs never leave a torn entry.

Needs to mount a tmpfs (root, or a container that allows it); skipped with the reason
elsewhere.
"""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from coordinator import Lab, load_settings
from coordinator.graph.writer import store
from memory.document import parse_document
from memory.errors import WorkspaceError

pytestmark = pytest.mark.integration


def fill(path: Path) -> Path:
    """Write zeros until the device is full."""
    fd = os.open(path, os.O_WRONLY | os.O_CREAT, 0o644)
    try:
        while True:
            os.write(fd, b"\0" * 4096)
    except OSError:
        return path
    finally:
        os.close(fd)


@pytest.fixture
def small_disk(tmp_path: Path) -> Iterator[Path]:
    mount = tmp_path / "disk"
    mount.mkdir()
    try:
        done = subprocess.run(
            ["mount", "-t", "tmpfs", "-o", "size=2m", "tmpfs", str(mount)],
            capture_output=True,
            text=True,
            timeout=30,
        )
    except (FileNotFoundError, PermissionError) as exc:
        pytest.skip(f"cannot mount a tmpfs here: {exc}")
    if done.returncode != 0:
        pytest.skip(f"cannot mount a tmpfs here: {done.stderr.strip() or done.returncode}")
    try:
        yield mount
    finally:
        subprocess.run(["umount", "-l", str(mount)], capture_output=True, timeout=30)


def test_4_appending_until_the_disk_is_full_leaves_no_torn_entry(small_disk: Path) -> None:
    home = small_disk / "lab"
    settings = load_settings(home=home, embedder="hashing")
    acked: list[str] = []
    with Lab.open(settings=settings) as lab:
        filler = fill(small_disk / "filler.bin")
        os.truncate(filler, filler.stat().st_size - 48 * 1024)  # leave 48 KiB free
        with pytest.raises(WorkspaceError, match="no space left"):
            for n in range(10_000):
                receipt = store(lab.services, f"entry {n} " + "x" * 1500 + " end", layer="daily")
                assert receipt.id is not None
                acked.append(receipt.id)
        log = home / "memory/2026-11-29.md"
        data = log.read_bytes()
        assert data.endswith(b"\n")  # the failed append was cut back whole
        assert [e.id for e in parse_document(data.decode()).entries()] == acked
        filler.unlink()  # space is freed: the next entry follows the last whole one
        last = store(lab.services, "after the disk was freed", layer="daily")
    entries = parse_document(log.read_text()).entries()
    assert [e.id for e in entries] == [*acked, last.id]
    assert all(e.text.endswith(" end") for e in entries[:-1])
    assert len(acked) > 10


def test_4_the_command_line_says_the_disk_is_full_in_one_line(small_disk: Path) -> None:
    home = small_disk / "lab"
    env = {**os.environ, "LABMEM_HOME": str(home), "LABMEM_EMBEDDER": "hashing"}
    cmd = [sys.executable, "-c", "from coordinator.cli import main; main()"]
    assert subprocess.run([*cmd, "init"], env=env, capture_output=True, timeout=120).returncode == 0
    fill(small_disk / "filler.bin")
    done = subprocess.run(
        [*cmd, "remember", "--layer", "daily", "x" * 3000],
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 1 and "Traceback" not in done.stderr
    assert "no space left" in done.stderr and done.stderr.count("\n") == 1
    log = home / "memory/2026-11-29.md"
    assert not log.exists() or not parse_document(log.read_text()).entries()
