"""The secret scan's cache: a text is scanned once for the guard, the writer and the index,
however large the batch; memory stays bounded; metadata is scanned value by value."""

from __future__ import annotations

from collections.abc import Sequence

import pytest

import memory.secrets as secrets
from memory.document import parse_document
from memory.secret_lines import document_secrets
from memory.secrets import forget_scans, scan_batch

TOKEN = "ghp_VJFxnvXPDyknUku288Z7KtYI9jpqJ2Rmfm3S"


def _letters(n: int) -> str:
    out = ""
    while True:
        n, rest = divmod(n, 26)
        out += "abcdefghijklmnopqrstuvwxyz"[rest]
        if not n:
            return out


@pytest.fixture
def scanned(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Every text that reaches the scanner (the cache missed it)."""
    seen: list[str] = []
    inner = secrets._scan

    def counting(texts: Sequence[str]) -> list[list[str]]:
        seen.extend(texts)
        return inner(texts)

    monkeypatch.setattr(secrets, "_scan", counting)
    forget_scans()
    return seen


def test_a_batch_as_large_as_a_bulk_import_is_never_scanned_twice(scanned: list[str]) -> None:
    texts = [f"Caroline: we fixed the router in room {_letters(n)}" for n in range(12_000)]
    first = scan_batch(texts)
    assert len(scanned) == 12_000 and first == [[] for _ in texts]
    scanned.clear()
    assert scan_batch(texts) == first  # the writer, then the index: all from the cache
    assert scan_batch([*texts[:5], "something new"]) == [[]] * 6
    assert scanned == ["something new"]


def test_a_text_repeated_in_a_batch_is_scanned_once_and_each_place_gets_its_finding(
    scanned: list[str],
) -> None:
    secret = f"export GITHUB_TOKEN={TOKEN}"
    found = scan_batch(["ok", secret, "ok", secret, "src:chat"])
    assert found[1] and found[1] == found[3]
    assert found[0] == found[2] == found[4] == []
    assert sorted(scanned) == sorted(["ok", secret, "src:chat"])
    found[1].append("changed by a caller")
    assert "changed by a caller" not in scan_batch([secret])[0]  # callers get copies


def test_the_cache_stays_within_its_character_budget(
    scanned: list[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(secrets, "_SEEN_MAX_CHARS", 1_000)
    texts = [f"line {n:04d} of a long log" for n in range(200)]  # 4,800 characters
    scan_batch(texts)
    assert sum(map(len, secrets._SEEN)) <= 1_000
    assert scan_batch([f"export GITHUB_TOKEN={TOKEN}"])[0]  # still scanned, still found


def test_a_secret_in_hand_written_metadata_is_still_found() -> None:
    """The index scans an entry's values as the write guard does (labmem's own ids and
    stamps need no scan): a token in a tag or after 'import:' is found all the same."""
    forget_scans()
    doc = parse_document(
        "# 2026-11-20\n\n"
        "- 09:00:00Z [event] Deployed. <!-- id=d-1a2b3c4d src=user -->\n"
        f"- 09:05:00Z [event] Pushed. <!-- id=d-5e6f7a8b src=import:{TOKEN} -->\n"
        f"- 09:10:00Z [event] Tagged. <!-- id=d-9c0d1e2f src=user tags=ops,{TOKEN} -->\n"
    )
    found = document_secrets("memory/2026-11-20.md", doc)
    assert [s.line for s in found] == [4, 5]


def test_an_ordinary_imported_line_is_not_read_joined_with_its_source() -> None:
    """A line exactly as labmem writes it is read as the guard read it: its text and each
    value alone. Joined, "that's key!" next to "src=import:bench:683" looked like a token."""
    forget_scans()
    doc = parse_document(
        "# 2026-01-04\n\n"
        "- 07:41:00Z [event] Jon: Gotta stay focused, that's key! "
        "<!-- id=d-1a2b3c4d5e6f src=import:bench:683 -->\n"
        "- 07:42:00Z [event] Jon: The UPS is new. <!-- note=the root pw is Zq8#kLm2vv -->\n"
    )
    assert [s.line for s in document_secrets("memory/2026-01-04.md", doc)] == [4]
