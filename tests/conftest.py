"""Shared fixtures: every test gets its own workspace and a pinned clock."""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")

NOW = "2026-11-29T13:06:40Z"


def pytest_configure(config: pytest.Config) -> None:
    """The tests drive Lab in-process the way the ``labmem`` command does, so the process
    scrubs freed heap memory as that command does (memory/heap.py): a test that scans every
    byte of a workspace for a refused secret sees what a user's workspace would hold."""
    from memory.heap import scrub_freed_memory

    scrub_freed_memory()


@pytest.fixture(scope="session")
def _model_cache(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """One model cache for the run (built once), never the developer's ~/.cache."""
    return tmp_path_factory.mktemp("model-cache")


@pytest.fixture(autouse=True)
def _isolated_env(monkeypatch: pytest.MonkeyPatch, tmp_path: Path, _model_cache: Path) -> None:
    """No test reads the real ~/labmem or a developer's LABMEM_* settings."""
    for key in list(os.environ):
        if key.startswith("LABMEM_"):
            monkeypatch.delenv(key)
    monkeypatch.setenv("LABMEM_CACHE_DIR", str(_model_cache))
    monkeypatch.setenv("LABMEM_HOME", str(tmp_path / "lab"))
    monkeypatch.setenv("LABMEM_NOW", NOW)
    monkeypatch.setenv("LABMEM_TZ", "UTC")


@pytest.fixture
def home(tmp_path: Path) -> Path:
    return tmp_path / "lab"


@pytest.fixture
def lab(home: Path) -> Iterator[object]:
    from coordinator import Lab

    with Lab.open(home) as opened:
        yield opened


@pytest.fixture
def write_tree(tmp_path: Path) -> Callable[[dict[str, str]], Path]:
    def write(files: dict[str, str], root: Path | None = None) -> Path:
        base = root or tmp_path / "lab"
        for rel, text in files.items():
            target = base / rel
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_text(text, encoding="utf-8")
        return base

    return write
