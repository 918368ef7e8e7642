"""A LabmemStore over a fresh workspace, with the hashing embedder (fast, deterministic)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest


@pytest.fixture
def store(home: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[object]:
    monkeypatch.setenv("LABMEM_EMBEDDER", "hashing")
    from coordinator.integrations import LabmemStore

    with LabmemStore.open(home) as opened:
        yield opened


@pytest.fixture
def open_store(home: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[object]:
    """Open further stores on the same workspace (e.g. another session kind)."""
    monkeypatch.setenv("LABMEM_EMBEDDER", "hashing")
    from contextlib import ExitStack

    from coordinator.integrations import LabmemStore

    with ExitStack() as stack:

        def opener(**kwargs: object) -> LabmemStore:
            return stack.enter_context(LabmemStore.open(home, **kwargs))  # type: ignore[arg-type]

        yield opener
