"""One suite, two stores: LangGraph's ``InMemoryStore`` and ``LabmemStore`` must agree.

LangGraph ships no store conformance suite (``langgraph-checkpoint-conformance`` covers
checkpointers only), so these are the store behaviours an agent relies on, run against the
reference implementation and ours. Where labmem differs on purpose, the case is not here but
in ``tests/unit/integrations/test_store_differences.py``, and the difference is listed in
``docs/langgraph.md``.
"""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from langgraph.store.base import BaseStore, GetOp, InvalidNamespaceError, PutOp, SearchOp
from langgraph.store.memory import InMemoryStore

MEM = ("memory",)
DAILY = ("daily",)
ALPHA = ("projects", "alpha")
BETA = ("projects", "beta")


def _hashing(texts: list[str]) -> list[list[float]]:
    from memory.search.embedders import HashingEmbedder

    return [list(map(float, row)) for row in HashingEmbedder().embed(texts)]


@pytest.fixture(params=["in-memory", "labmem"])
def store(
    request: pytest.FixtureRequest, home: Path, monkeypatch: pytest.MonkeyPatch
) -> Iterator[BaseStore]:
    if request.param == "in-memory":
        yield InMemoryStore(index={"dims": 384, "embed": _hashing, "fields": ["text"]})
        return
    monkeypatch.setenv("LABMEM_EMBEDDER", "hashing")
    from coordinator.integrations import LabmemStore

    with LabmemStore.open(home) as opened:
        yield opened


def _values(items: list[Any]) -> list[dict[str, Any]]:
    return [item.value for item in items]


def test_get_returns_what_was_put(store: BaseStore) -> None:
    value = {
        "text": "The NAS answers at 10.0.0.5",
        "kind": "decision",
        "tags": ["nas", "network"],
        "room": "cellar rack",
        "port": 5000,
        "ratio": 0.25,
        "wired": True,
        "aliases": ["nas", "storage box"],
        "owner": {"name": "Ana", "since": 2021},
        "note": None,
        "odd": "json:not really",
    }
    store.put(MEM, "nas", value)
    item = store.get(MEM, "nas")
    assert item is not None
    assert item.value == value
    assert (item.namespace, item.key) == (MEM, "nas")
    assert item.created_at <= item.updated_at


def test_missing_key_is_none(store: BaseStore) -> None:
    store.put(MEM, "a", {"text": "The UPS lasts twenty minutes"})
    assert store.get(MEM, "b") is None
    assert store.get(DAILY, "a") is None


def test_put_on_a_key_replaces_its_value(store: BaseStore) -> None:
    store.put(MEM, "nas", {"text": "The NAS answers at 10.0.0.5", "room": "cellar"})
    store.put(MEM, "nas", {"text": "The NAS answers at 10.0.0.6", "room": "cellar"})
    store.put(MEM, "nas", {"text": "The NAS answers at 10.0.0.6", "room": "attic"})
    item = store.get(MEM, "nas")
    assert item is not None and item.value == {
        "text": "The NAS answers at 10.0.0.6",
        "room": "attic",
    }
    assert [i.key for i in store.search(MEM)] == ["nas"]


def test_daily_put_replaces_too(store: BaseStore) -> None:
    store.put(DAILY, "run", {"text": "Restarted Jellyfin after it ran out of memory"})
    store.put(DAILY, "run", {"text": "Restarted Jellyfin twice after it ran out of memory"})
    assert _values(store.search(DAILY)) == [
        {"text": "Restarted Jellyfin twice after it ran out of memory"}
    ]


def test_delete_removes_and_missing_delete_is_quiet(store: BaseStore) -> None:
    store.put(MEM, "ups", {"text": "The UPS lasts twenty minutes"})
    store.put(ALPHA, "cfg", {"text": "Alpha reads its settings from alpha.toml"})
    store.delete(MEM, "ups")
    store.delete(ALPHA, "cfg")
    store.delete(MEM, "never-there")
    assert store.get(MEM, "ups") is None
    assert store.get(ALPHA, "cfg") is None
    assert store.search(MEM) == [] and store.search(ALPHA) == []


def test_search_without_query_lists_in_insertion_order(store: BaseStore) -> None:
    for n, word in enumerate(["first", "second", "third", "fourth"]):
        store.put(ALPHA, f"k{n}", {"text": f"The {word} alpha convention", "n": n})
    assert [i.key for i in store.search(ALPHA)] == ["k0", "k1", "k2", "k3"]
    assert [i.key for i in store.search(ALPHA, limit=2, offset=1)] == ["k1", "k2"]
    assert all(i.score is None for i in store.search(ALPHA))


def test_filters(store: BaseStore) -> None:
    store.put(ALPHA, "a", {"text": "Alpha builds with make", "stage": "build", "cost": 3})
    store.put(ALPHA, "b", {"text": "Alpha deploys with rsync", "stage": "deploy", "cost": 7})
    store.put(ALPHA, "c", {"text": "Alpha tests with pytest", "stage": "test", "cost": 5})

    def keys(flt: dict[str, Any]) -> list[str]:
        return [i.key for i in store.search(ALPHA, filter=flt)]

    assert keys({"stage": "deploy"}) == ["b"]
    assert keys({"cost": {"$gt": 4}}) == ["b", "c"]
    assert keys({"cost": {"$gte": 3, "$lt": 7}}) == ["a", "c"]
    assert keys({"stage": {"$ne": "build"}}) == ["b", "c"]
    assert keys({"stage": {"$eq": "test"}}) == ["c"]
    assert keys({"stage": "nothing"}) == []


def test_namespace_prefixes(store: BaseStore) -> None:
    store.put(ALPHA, "a", {"text": "Alpha uses Postgres 16"})
    store.put(BETA, "b", {"text": "Beta uses SQLite"})
    store.put(MEM, "m", {"text": "The lab runs Proxmox"})
    assert {i.key for i in store.search(("projects",))} == {"a", "b"}
    assert [i.key for i in store.search(BETA)] == ["b"]
    # labmem's skills (bundled ones included) live under ("skills", …): difference 2.
    everything = {(i.namespace, i.key) for i in store.search(()) if i.namespace[0] != "skills"}
    assert everything == {(ALPHA, "a"), (BETA, "b"), (MEM, "m")}
    assert store.search(("projects", "gamma")) == []


def test_query_ranks_the_matching_item_first(store: BaseStore) -> None:
    store.put(MEM, "printer", {"text": "The 3D printer needs PLA filament at 210 degrees"})
    store.put(MEM, "vpn", {"text": "The VPN runs WireGuard on port 51820"})
    store.put(MEM, "ups", {"text": "The UPS battery was replaced in March"})
    found = store.search(MEM, query="which port does WireGuard use", limit=2)
    assert found[0].key == "vpn"
    assert found[0].score is not None
    assert len(found) <= 2


def test_query_with_filter(store: BaseStore) -> None:
    store.put(ALPHA, "a", {"text": "Alpha deploys on Fridays", "env": "prod"})
    store.put(ALPHA, "b", {"text": "Alpha deploys on Mondays to staging", "env": "staging"})
    found = store.search(ALPHA, query="when does alpha deploy", filter={"env": "staging"})
    assert [i.key for i in found] == ["b"]


def test_list_namespaces(store: BaseStore) -> None:
    store.put(ALPHA, "a", {"text": "Alpha uses Postgres 16"})
    store.put(BETA, "b", {"text": "Beta uses SQLite"})
    assert store.list_namespaces(prefix=("projects",)) == [ALPHA, BETA]
    assert store.list_namespaces(prefix=("projects",), max_depth=1) == [("projects",)]
    assert store.list_namespaces(prefix=("projects",), suffix=("beta",)) == [BETA]
    assert store.list_namespaces(prefix=("projects", "*")) == [ALPHA, BETA]
    assert store.list_namespaces(prefix=("projects",), limit=1, offset=1) == [BETA]


def test_batch_reads_before_writes_and_last_put_wins(store: BaseStore) -> None:
    store.put(MEM, "k", {"text": "The router is a Mikrotik hEX"})
    results = store.batch(
        [
            PutOp(MEM, "k", {"text": "The router is an OPNsense box"}),
            GetOp(MEM, "k"),
            PutOp(MEM, "k", {"text": "The router is a pfSense box"}),
            SearchOp(MEM),
        ]
    )
    assert results[0] is None and results[2] is None
    assert results[1] is not None and results[1].value == {"text": "The router is a Mikrotik hEX"}
    assert _values(results[3]) == [{"text": "The router is a Mikrotik hEX"}]
    item = store.get(MEM, "k")
    assert item is not None and item.value == {"text": "The router is a pfSense box"}


def test_async_methods_match_sync(store: BaseStore) -> None:
    async def scenario() -> tuple[Any, ...]:
        await store.aput(DAILY, "a", {"text": "Cleaned the camera lens", "mins": 5})
        got = await store.aget(DAILY, "a")
        listed = await store.asearch(DAILY)
        spaces = await store.alist_namespaces(prefix=("daily",))
        await store.adelete(DAILY, "a")
        gone = await store.aget(DAILY, "a")
        return got, listed, spaces, gone

    got, listed, spaces, gone = asyncio.run(scenario())
    assert got.value == {"text": "Cleaned the camera lens", "mins": 5}
    assert _values(listed) == [got.value]
    assert spaces == [DAILY]
    assert gone is None


@pytest.mark.parametrize("bad", [("memory.x",), ("projects", ""), ("langgraph",)])
def test_invalid_namespaces_are_refused(store: BaseStore, bad: tuple[str, ...]) -> None:
    with pytest.raises(InvalidNamespaceError):
        store.put(bad, "k", {"text": "anything at all"})


def test_ttl_is_not_supported(store: BaseStore) -> None:
    with pytest.raises(NotImplementedError):
        store.put(MEM, "k", {"text": "The UPS lasts twenty minutes"}, ttl=5)
