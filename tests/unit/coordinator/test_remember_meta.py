"""``Lab.remember(meta=…)``: extra comment keys, guarded like the text (docs/contracts.md §3)."""

from __future__ import annotations

from pathlib import Path

import pytest

from coordinator import Lab
from memory.errors import InvalidInputError


@pytest.fixture(autouse=True)
def _hashing(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("LABMEM_EMBEDDER", "hashing")


@pytest.mark.parametrize(
    ("layer", "rel"),
    [("memory", "MEMORY.md"), ("daily", "memory/2026-11-29.md"), ("project", None)],
)
def test_meta_lands_in_the_entry_comment(home: Path, layer: str, rel: str | None) -> None:
    with Lab.open(home) as lab:
        receipt = lab.remember(
            "The label printer takes 62 mm tape",
            layer=layer,
            project="labels" if layer == "project" else None,
            meta={"key": "printer", "room": "desk drawer"},
        )
    assert receipt.status == "written"
    line = next(
        ln for ln in (home / (rel or receipt.path or "")).read_text().splitlines() if "62 mm" in ln
    )
    assert line.endswith("key=printer room=desk%20drawer -->")


def test_quarantined_writes_keep_meta(home: Path) -> None:
    with Lab.open(home) as lab:
        receipt = lab.remember(
            "The vendor says firmware 7.2 is stable",
            source="web:vendor.example",
            meta={"key": "fw"},
        )
    assert receipt.status == "quarantined"
    assert "key=fw trust=untrusted" in (home / "memory" / "2026-11-29.md").read_text()


@pytest.mark.parametrize(
    ("meta", "message"),
    [
        ({"id": "m-abcdef"}, "labmem's own entry metadata"),
        ({"superseded_by": "m-abcdef"}, "labmem's own entry metadata"),
        ({"two words": "x"}, "metadata key 'two words' is not valid"),
        ({"n": 3}, "metadata values are strings"),
    ],
)
def test_bad_meta_is_refused_before_anything_is_written(
    home: Path, meta: dict[str, object], message: str
) -> None:
    with Lab.open(home) as lab:
        before = (home / "MEMORY.md").read_text()
        with pytest.raises(InvalidInputError, match=message):
            lab.remember("The UPS lasts twenty minutes", layer="memory", meta=meta)  # type: ignore[arg-type]
        assert (home / "MEMORY.md").read_text() == before


def test_a_secret_in_meta_refuses_the_write(home: Path) -> None:
    with Lab.open(home) as lab:
        receipt = lab.remember(
            "The CI pushes with a deploy token",
            layer="memory",
            meta={"token": "ghp_abcdefghijklmnopqrstuvwxyz0123456789"},
        )
        assert receipt.status == "refused" and "secret" in receipt.reason
        assert "ghp_" not in receipt.reason
        assert "deploy token" not in (home / "MEMORY.md").read_text()
