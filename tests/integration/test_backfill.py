"""Searchable at once: words are indexed with the write, vectors are filled in behind it.

Real chromadb and SQLite; the embedder is the hashing one (through the same interface as
MiniLM), wrapped to count what it is asked to embed.
"""

from __future__ import annotations

import json
import time
from collections.abc import Sequence
from pathlib import Path

import numpy as np
import pytest
from click.testing import CliRunner

from coordinator import Lab, load_settings
from coordinator.cli import cli
from coordinator.search import build_search
from memory.search.embedders import HashingEmbedder, Vectors
from memory.search.service import SearchService
from memory.workspace import Workspace

pytestmark = pytest.mark.integration


@pytest.fixture(autouse=True)
def _hashing(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("LABMEM_EMBEDDER", "hashing")


class CountingEmbedder:
    """The hashing embedder, recording every batch it is given."""

    degraded = False

    def __init__(self) -> None:
        self.inner = HashingEmbedder()
        self.identity = self.inner.identity
        self.batches: list[list[str]] = []

    def embed(self, texts: Sequence[str]) -> Vectors:
        self.batches.append(list(texts))
        return self.inner.embed(texts)


def _import(home: Path, n: int, repeat: int = 1) -> None:
    items = [
        {
            "layer": "daily",
            "text": f"Checked sensor {i % (n // repeat)} in greenhouse row {i % (n // repeat)}.",
            "time": f"2026-11-2{1 + i // 1000}T{(i // 60) % 24:02d}:{i % 60:02d}:00Z",
        }
        for i in range(n)
    ]
    with Lab.open(home) as lab:
        report = lab.import_entries(items)
        assert report.written == n


def _service(home: Path, embedder: CountingEmbedder, threads: int = 2) -> SearchService:
    settings = load_settings(home=home)
    service = build_search(Workspace(home), settings, embedder)  # type: ignore[arg-type]
    service.threads = threads
    return service


def test_words_are_searchable_before_any_vector(home: Path) -> None:
    _import(home, 300)
    embedder = CountingEmbedder()
    service = _service(home, embedder)
    report = service.sync(budget=0)
    assert report.added == 300 and report.pending == 300 and report.reembedded == 0
    assert embedder.batches == []  # nothing embedded yet...
    hits = service.search("sensor 17 greenhouse", k=3, layers=["daily"], now=_now())
    assert hits and "sensor 17 " in hits[0].text  # ...and the words already answer
    assert service.pending() == 300
    service.close()


def test_backfill_embeds_each_text_once_in_length_order_and_survives_reopen(home: Path) -> None:
    _import(home, 200, repeat=2)  # every text twice (on different lines)
    embedder = CountingEmbedder()
    service = _service(home, embedder)
    service.sync(budget=0)
    service.close()
    # A new process finds the pending work where the last one left it.
    embedder = CountingEmbedder()
    service = _service(home, embedder)
    assert service.pending() == 200
    report = service.sync()
    assert report.reembedded == 200 and report.pending == 0
    embedded = [t for batch in embedder.batches for t in batch]
    assert len(embedded) == len(set(embedded)) == 100  # identical text: one vector
    assert all(len(a) <= len(b) for a, b in zip(embedded, embedded[1:], strict=False))
    assert service.vectors.count() == service.lexical.count() == 200
    service.close()


def test_a_time_budget_stops_between_batches(home: Path) -> None:
    _import(home, 400)
    embedder = CountingEmbedder()
    service = _service(home, embedder, threads=1)
    service.sync(budget=0)
    assert service.fill(budget=0) == 0  # no time: nothing is embedded
    inner = embedder.embed

    def slow(texts: Sequence[str]) -> Vectors:
        time.sleep(0.1)
        return inner(texts)

    embedder.embed = slow  # type: ignore[method-assign]
    stored = service.fill(budget=0.25)  # batches in flight at the deadline still finish
    assert 0 < stored < 400
    assert service.pending() == 400 - stored
    assert service.fill() == 400 - stored and service.pending() == 0
    service.close()


def test_embedding_goes_on_while_finished_vectors_are_stored(
    home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Storing (chromadb, SQLite) runs on the thread that hands out batches: every worker
    still has a batch to start while it stores, so the cores do not wait for the disk."""
    from memory.search import service as service_module

    monkeypatch.setattr(service_module, "EMBED_BATCH", 8)
    monkeypatch.setattr(service_module, "STORE_BATCH", 32)
    _import(home, 400)
    embedder = CountingEmbedder()
    service = _service(home, embedder, threads=2)
    service.sync(budget=0)
    inner = embedder.embed

    def model_speed(texts: Sequence[str]) -> Vectors:
        vectors = inner(texts)
        time.sleep(0.05)  # a model takes a while (and, like onnxruntime, releases the GIL)
        return vectors

    embedder.embed = model_speed  # type: ignore[method-assign]
    started_during: list[tuple[int, int]] = []  # (batches started, batches still to start)
    upsert = service.vectors.upsert

    def slow_store(ids: Sequence[str], vectors: Vectors, layers: Sequence[str]) -> None:
        before = len(embedder.batches)
        want = min(2, 400 // 8 - before)
        deadline = time.monotonic() + 3.0
        while len(embedder.batches) - before < want and time.monotonic() < deadline:
            time.sleep(0.005)  # the disk is slow: the workers should not wait for it
        started_during.append((len(embedder.batches) - before, want))
        upsert(ids, vectors, layers)

    service.vectors.upsert = slow_store  # type: ignore[method-assign]
    assert service.fill() == 400 and service.pending() == 0
    assert len(started_during) > 5
    # During every store each worker started a new batch (while there were any left).
    assert all(started >= want for started, want in started_during), started_during
    service.close()


def test_an_embedder_of_another_size_stops_the_fill_with_the_fix(home: Path) -> None:
    from memory.errors import IndexModelMismatchError

    _import(home, 300)
    embedder = CountingEmbedder()
    service = _service(home, embedder, threads=2)
    service.sync(budget=0)
    embedder.inner = HashingEmbedder(dimension=128)  # what the index was not built with
    with pytest.raises(IndexModelMismatchError, match="128-d vectors, expected 384.*reindex"):
        service.fill()
    assert len(embedder.batches) <= 4  # no batch starts after the error
    assert service.pending() == 300  # nothing half-stored
    service.close()


def test_cli_search_during_backfill_says_partial(
    home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("LABMEM_EMBEDDER", "hashing")
    monkeypatch.setenv("LABMEM_INDEX_BUDGET_S", "0")
    _import(home, 600)
    runner = CliRunner()
    result = runner.invoke(cli, ["--home", str(home), "search", "greenhouse row 42", "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert list(data) == ["query", "partial", "hits"]  # the documented shape
    assert data["partial"] is True
    assert data["hits"] and "row 42" in data["hits"][0]["text"]
    assert "matched by their words only" in result.stderr
    result = runner.invoke(cli, ["--home", str(home), "reindex", "--json"])
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)["pending"] == 0
    result = runner.invoke(cli, ["--home", str(home), "search", "greenhouse row 42", "--json"])
    assert json.loads(result.stdout)["partial"] is False


def test_changed_text_loses_its_old_vector_at_once(home: Path) -> None:
    with Lab.open(home) as lab:
        receipt = lab.remember("The incubator is set to 37 degrees.", layer="memory")
        lab.reindex()
    path = home / "MEMORY.md"
    path.write_text(path.read_text().replace("37 degrees", "30 degrees and humid"))
    embedder = CountingEmbedder()
    service = _service(home, embedder)
    service.sync(budget=0)
    chunk_id = f"MEMORY.md#{receipt.id}"
    assert service.vectors.vectors([chunk_id]) == {}  # no stale vector scores the old text
    assert service.pending() == 1
    service.sync()
    vector = service.vectors.vectors([chunk_id])[chunk_id]
    want = HashingEmbedder().embed(["The incubator is set to 30 degrees and humid."])[0]
    assert np.allclose(vector, want, atol=1e-5)
    service.close()


def _now():  # type: ignore[no-untyped-def]
    from datetime import UTC, datetime

    return datetime(2026, 11, 29, 12, tzinfo=UTC)


def test_an_entry_without_its_vector_yet_is_not_outranked_for_it(home: Path) -> None:
    """Right after a bulk write, the entry whose words match best leads, vector or not."""
    with Lab.open(home) as lab:
        for n in range(30):
            lab.remember(f"Reset the Zigbee dongle, attempt {n}.", layer="daily")
        lab.reindex()  # these have vectors
        report = lab.import_entries(
            [
                {
                    "layer": "daily",
                    "text": "Swapped the Zigbee coordinator to a Sonoff dongle.",
                    "time": "2026-11-28T11:00:00Z",
                }
            ]
        )
        assert report.written == 1
    embedder = CountingEmbedder()
    service = _service(home, embedder)
    service.sync(budget=0)
    assert service.pending() == 1
    hits = service.search("Sonoff Zigbee dongle", k=3, layers=["daily"], now=_now())
    assert "Sonoff" in hits[0].text
    service.close()


def test_a_warm_search_sees_every_write_of_another_process(home: Path) -> None:
    _import(home, 50)
    warm = _service(home, CountingEmbedder())
    warm.sync()
    for _ in range(3):  # a warm process: words and vectors are copied into memory
        warm.search("greenhouse sensor", k=3, layers=["daily"], now=_now())
    assert warm.sync().files_changed == 0
    with Lab.open(home) as other:  # written, not indexed
        other.remember("Calibrated the pH meter in the cold room.", layer="daily")
    report = warm.sync()
    assert report.files_changed == 1 and report.added == 1
    hits = warm.search("pH meter cold room", k=3, layers=["daily"], now=_now())
    assert hits and "pH meter" in hits[0].text
    with Lab.open(home) as other:  # written and indexed by the other process
        other.remember("Defrosted the minus-80 freezer.", layer="daily")
        assert other.search("defrosted freezer", layers=["daily"])
    assert warm.sync().added == 0  # nothing left to index here...
    hits = warm.search("defrosted freezer", k=3, layers=["daily"], now=_now())
    assert hits and "minus-80" in hits[0].text  # ...and the copies in memory follow
    warm.close()
