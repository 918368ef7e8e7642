"""Shared set-up for the coordinator's tests."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping
from pathlib import Path
from typing import Any

import pytest

from coordinator import Lab

Importer = Callable[[str, Iterable[Mapping[str, Any]]], None]


@pytest.fixture
def import_in_madrid(monkeypatch: pytest.MonkeyPatch, home: Path) -> Importer:
    """Fills the test's workspace in Europe/Madrid with the clock at ``now`` with ``items``
    (import items: layer, text, time…), every one of them accepted."""

    def fill(now: str, items: Iterable[Mapping[str, Any]]) -> None:
        monkeypatch.setenv("LABMEM_NOW", now)
        monkeypatch.setenv("LABMEM_TZ", "Europe/Madrid")
        with Lab.open(home) as lab:
            report = lab.import_entries(items)
            assert report.refused == 0, report

    return fill


@pytest.fixture
def facts_lab(
    request: pytest.FixtureRequest, import_in_madrid: Importer, home: Path
) -> Iterator[Lab]:
    """A lab holding the test module's ``FACTS`` (layer, text, time) imported at its ``NOW``."""
    facts = request.module.FACTS
    items = ({"layer": layer, "text": text, "time": at} for layer, text, at in facts)
    import_in_madrid(request.module.NOW, items)
    with Lab.open(home) as opened:
        yield opened
