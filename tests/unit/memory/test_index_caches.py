"""Caches on the search path never hide another process's writes."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from memory.search.chunking import Chunk
from memory.search.lexical import LexicalIndex
from memory.usage import UsageLog


def _chunk(text: str, digest: str) -> Chunk:
    return Chunk(
        id="memory/2026-11-29.md#d-1",
        text=text,
        embed_text=text,
        path="memory/2026-11-29.md",
        line_start=3,
        line_end=3,
        layer="daily",
        kind="event",
        date="2026-11-29",
        project=None,
        entry_id="d-1",
        source="user",
        tags="",
        archived=False,
        hash=digest,
    )


def test_decoded_chunks_follow_writes_from_another_connection(tmp_path: Path) -> None:
    path = tmp_path / "lexical.sqlite"
    reader, writer = LexicalIndex(path), LexicalIndex(path)
    writer.upsert([_chunk("Restarted the router.", "h1")])
    first = reader.chunks(["memory/2026-11-29.md#d-1"])["memory/2026-11-29.md#d-1"]
    assert first.text == "Restarted the router."
    writer.upsert([replace(_chunk("Replaced the router.", "h2"))])
    again = reader.chunks(["memory/2026-11-29.md#d-1"])["memory/2026-11-29.md#d-1"]
    assert again.text == "Replaced the router." and again.hash == "h2"
    writer.delete(["memory/2026-11-29.md#d-1"])
    assert reader.chunks(["memory/2026-11-29.md#d-1"]) == {}
    reader.close()
    writer.close()


def test_usage_factors_follow_the_file(tmp_path: Path) -> None:
    usage = UsageLog(tmp_path)
    assert usage.factors() == {}
    for _ in range(5):
        usage.served(["m-1"])
    assert usage.factors() == {"m-1": 0.75}  # served often, never used
    UsageLog(tmp_path).used(["m-1"])  # another writer
    assert usage.factors()["m-1"] > 1.0
