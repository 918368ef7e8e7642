"""The public Python API of docs/contracts.md §3, pinned by signature: names, order, kinds
and defaults of what the contract names. A later keyword-only option with a default keeps
old calls working and is allowed; anything else breaks callers and fails here."""

from __future__ import annotations

import dataclasses
import inspect
from collections.abc import Callable
from typing import Any

import pytest

import coordinator
from coordinator import Lab

POS = inspect.Parameter.POSITIONAL_OR_KEYWORD
KW = inspect.Parameter.KEYWORD_ONLY
EMPTY = inspect.Parameter.empty

# (name, kind, default) as docs/contracts.md §3 writes them.
CONTRACT: dict[str, list[tuple[str, Any, Any]]] = {
    "open": [
        ("path", POS, None),
        ("session_kind", KW, "main"),
        ("settings", KW, None),
    ],
    "remember": [
        ("text", POS, EMPTY),
        ("layer", KW, None),
        ("kind", KW, None),
        ("project", KW, None),
        ("tags", KW, ()),
        ("source", KW, "user"),
        ("supersedes", KW, None),
    ],
    "import_entries": [("items", POS, EMPTY)],
    "search": [
        ("query", POS, EMPTY),
        ("k", KW, 10),
        ("layers", KW, None),
        ("project", KW, None),
        ("kinds", KW, None),
        ("since", KW, None),
        ("until", KW, None),
    ],
}


def _parameters(func: Callable[..., Any]) -> list[inspect.Parameter]:
    params = list(inspect.signature(func).parameters.values())
    return [p for p in params if p.name not in {"self", "cls"}]


@pytest.mark.parametrize("name", sorted(CONTRACT))
def test_contract_signatures_are_unchanged(name: str) -> None:
    params = _parameters(getattr(Lab, name))
    pinned = CONTRACT[name]
    assert [(p.name, p.kind, p.default) for p in params[: len(pinned)]] == pinned
    extra = params[len(pinned) :]
    assert all(p.kind == KW and p.default is not EMPTY for p in extra), extra


def test_a_changed_signature_would_be_caught() -> None:
    def remember(text: str, layer: str | None = None) -> None: ...  # layer not keyword-only

    pinned = CONTRACT["remember"][:2]
    got = [(p.name, p.kind, p.default) for p in _parameters(remember)]
    assert got != pinned


def test_open_is_a_context_manager_and_the_package_exports_the_api() -> None:
    assert set(coordinator.__all__) >= {"Lab", "ImportItem", "ImportReport", "Receipt"}
    assert {"load_settings", "Settings"} <= set(coordinator.__all__)
    assert {f.name for f in dataclasses.fields(coordinator.ImportReport)} >= {
        "written",
        "refused",
        "confirmed",
        "refusals",
    }
    assert set(coordinator.ImportItem.model_fields) == {
        "layer",
        "text",
        "time",
        "kind",
        "source",
        "project",
        "tags",
        "id",
    }


def test_internals_are_not_part_of_the_facade() -> None:
    """The write step, the graph, the embedder and the index are reached through
    ``Lab.services`` (the composition root), not the facade."""
    public = {n for n in dir(Lab) if not n.startswith("_")}
    internals = {
        "store",
        "curated_store",
        "receipt_for",
        "vectors_for",
        "search_service",
        "coordinator",
        "embedder",
        "store_of",
    }
    assert not public & internals
