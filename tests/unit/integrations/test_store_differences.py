"""Where LabmemStore differs from InMemoryStore on purpose (docs/langgraph.md lists each).

Every test names the difference it pins; the shared behaviour is in
tests/contracts/test_store_contract.py.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from langgraph.store.base import InvalidNamespaceError, PutOp

from coordinator.integrations import (
    InvalidValueError,
    LabmemStoreError,
    StorePermissionError,
    UnknownNamespaceError,
    WriteRefusedError,
)

MEM = ("memory",)
DAILY = ("daily",)


def _today(home: Path) -> str:
    return (home / "memory" / "2026-11-29.md").read_text(encoding="utf-8")


# 1. Namespaces are layers.
@pytest.mark.parametrize("ns", [("docs",), ("memory", "x"), ("projects",), ("users", "u1")])
def test_1_other_namespaces_are_refused_for_get_put_delete(store: Any, ns: tuple[str, ...]) -> None:
    for call in (
        lambda: store.put(ns, "k", {"text": "The UPS lasts twenty minutes"}),
        lambda: store.get(ns, "k"),
        lambda: store.delete(ns, "k"),
    ):
        with pytest.raises(UnknownNamespaceError, match="is not a labmem layer") as info:
            call()
        assert isinstance(info.value, InvalidNamespaceError)
    assert store.search(("docs",)) == []


# 2. Every layer the session may see is listed, empty or not; skills included.
def test_2_list_namespaces_shows_the_layers(store: Any) -> None:
    spaces = store.list_namespaces()
    assert MEM in spaces and DAILY in spaces
    assert ("skills", "daily-review") in spaces  # a bundled skill
    assert store.list_namespaces(max_depth=1) == [("daily",), ("memory",), ("skills",)]


# 3. Markdown is the store: the value is an entry, its fields comment keys.
def test_3_values_are_markdown_entries(store: Any, home: Path) -> None:
    store.put(MEM, "nas", {"text": "The NAS is at 10.0.0.5", "room": "cellar rack", "port": 5000})
    line = next(ln for ln in (home / "MEMORY.md").read_text().splitlines() if "NAS" in ln)
    assert line.startswith("- The NAS is at 10.0.0.5 <!-- id=m-")
    assert "key=nas" in line and "room=cellar%20rack" in line and "port=json:5000" in line
    assert "src=langgraph" in line
    # A person edits the text by hand: the store reads the edit.
    path = home / "MEMORY.md"
    path.write_text(path.read_text().replace("10.0.0.5", "10.0.0.9"), encoding="utf-8")
    assert store.get(MEM, "nas").value["text"] == "The NAS is at 10.0.0.9"


def test_3_hand_written_entries_answer_to_their_id(store: Any, write_tree: Any) -> None:
    write_tree(
        {
            "MEMORY.md": "# Memory\n\n## Preferences\n\n"
            "- Answers in metric units <!-- id=m-1b9e04 -->\n"
        }
    )
    item = store.get(MEM, "m-1b9e04")
    assert item.value == {"text": "Answers in metric units", "kind": "preference"}
    assert [i.key for i in store.search(MEM)] == ["m-1b9e04"]


# 4. The default kind is not echoed; an explicit one is. Empty tags are dropped.
def test_4_kind_and_tags(store: Any) -> None:
    store.put(MEM, "a", {"text": "The lab runs Proxmox", "kind": "fact", "tags": []})
    store.put(MEM, "b", {"text": "We prefer ZFS over btrfs", "kind": "preference", "tags": ["fs"]})
    assert store.get(MEM, "a").value == {"text": "The lab runs Proxmox"}
    assert store.get(MEM, "b").value == {
        "text": "We prefer ZFS over btrfs",
        "kind": "preference",
        "tags": ["fs"],
    }


# 5. Values labmem cannot store.
@pytest.mark.parametrize(
    ("value", "message"),
    [
        ({"content": "no text field"}, "has no 'text' field"),
        ({"text": "   "}, "has no 'text' field"),
        ({"text": "line one\nline two"}, "spans several lines"),
        ({"text": "fine", "id": "m-123456"}, "labmem's own entry metadata"),
        ({"text": "fine", "key": "other"}, "labmem's own entry metadata"),
        ({"text": "fine", "has space": 1}, "metadata key 'has space' is not valid"),
        ({"text": "fine", "tags": "nas"}, "'tags' must be a list of strings"),
        ({"text": "fine", "kind": "Not A Kind"}, "kind 'Not A Kind' is not valid"),
        ({"text": "fine", "when": object()}, "is not JSON"),
    ],
)
def test_5_unstorable_values_are_refused(store: Any, home: Path, value: Any, message: str) -> None:
    before = (home / "MEMORY.md").read_text()
    with pytest.raises(InvalidValueError, match=message) as info:
        store.put(MEM, "k", value)
    assert isinstance(info.value, ValueError) and "\n" not in str(info.value)
    assert (home / "MEMORY.md").read_text() == before


def test_5_text_field_is_configurable(open_store: Any) -> None:
    store = open_store(text_field="memory")
    store.put(MEM, "k", {"memory": "Ana owns the 3D printer", "who": "ana"})
    assert store.get(MEM, "k").value == {"memory": "Ana owns the 3D printer", "who": "ana"}


# 6. The guard: secrets are refused, in the text or in any field.
@pytest.mark.parametrize(
    "value",
    [
        {"text": "the token is ghp_abcdefghijklmnopqrstuvwxyz0123456789"},
        {"text": "GitHub access for the CI", "token": "ghp_abcdefghijklmnopqrstuvwxyz0123456789"},
    ],
)
def test_6_secrets_are_refused(store: Any, home: Path, value: dict[str, str]) -> None:
    before = (home / "MEMORY.md").read_text()
    with pytest.raises(WriteRefusedError, match="looks like a secret") as info:
        store.put(MEM, "gh", value)
    assert "ghp_" not in str(info.value)
    assert info.value.receipt.status == "refused"
    assert (home / "MEMORY.md").read_text() == before
    assert store.get(MEM, "gh") is None


def test_6_secret_in_a_metadata_only_update_is_refused(store: Any, home: Path) -> None:
    store.put(MEM, "gh", {"text": "GitHub access for the CI lives in the vault"})
    before = (home / "MEMORY.md").read_text()
    with pytest.raises(WriteRefusedError):
        store.put(
            MEM,
            "gh",
            {"text": "GitHub access for the CI lives in the vault", "t": "ghp_" + "a1b2c3d4" * 5},
        )
    assert (home / "MEMORY.md").read_text() == before


def test_6_untrusted_source_is_quarantined_in_the_daily_log(open_store: Any, home: Path) -> None:
    store = open_store(source="web:example.org")
    store.put(MEM, "claim", {"text": "The NAS firmware 7.2 fixes the SMB bug"})
    assert store.get(MEM, "claim") is None
    item = store.get(DAILY, "claim")
    assert item.value == {"text": "The NAS firmware 7.2 fixes the SMB bug"}
    assert "trust=untrusted" in _today(home)


# 7. Dedupe: a put that says what an entry already says confirms it.
def test_7_a_duplicate_put_confirms_the_known_entry(store: Any, home: Path) -> None:
    store.put(MEM, "a", {"text": "The NAS is at 10.0.0.5"})
    store.put(MEM, "b", {"text": "The NAS is at 10.0.0.5."})
    text = (home / "MEMORY.md").read_text()
    assert text.count("The NAS is at 10.0.0.5") == 1 and "key=a,b" in text
    assert store.get(MEM, "b").value == store.get(MEM, "a").value
    store.delete(MEM, "a")  # the entry stays for the other key
    assert store.get(MEM, "a") is None and store.get(MEM, "b") is not None


# 8. A new version keeps history.
def test_8_update_supersedes_and_keeps_history(store: Any, home: Path) -> None:
    store.put(MEM, "nas", {"text": "The NAS is at 10.0.0.5"})
    store.put(MEM, "nas", {"text": "The NAS is at 10.0.0.6"})
    text = (home / "MEMORY.md").read_text()
    assert "10.0.0.5" in text and "superseded_by=" in text and "supersedes=" in text
    assert store.get(MEM, "nas").value == {"text": "The NAS is at 10.0.0.6"}
    hits = store.search(MEM, query="NAS address")
    assert [h.value["text"] for h in hits] == ["The NAS is at 10.0.0.6"]


def test_8_same_value_twice_writes_nothing(store: Any, home: Path) -> None:
    store.put(MEM, "nas", {"text": "The NAS is at 10.0.0.5", "room": "cellar"})
    before = (home / "MEMORY.md").read_text()
    store.put(MEM, "nas", {"text": "The NAS is at 10.0.0.5", "room": "cellar"})
    assert (home / "MEMORY.md").read_text() == before


def test_8_daily_updates_append(store: Any, home: Path) -> None:
    store.put(DAILY, "run", {"text": "Restarted Jellyfin"})
    store.put(DAILY, "run", {"text": "Restarted Jellyfin twice"})
    log = _today(home)
    assert "Restarted Jellyfin <!--" in log and "supersedes=d-" in log
    hits = store.search(DAILY, query="Jellyfin restarted")
    assert [h.value["text"] for h in hits] == ["Restarted Jellyfin twice"]


# 9. delete is forget: gone from the files, every version, fields too.
def test_9_delete_forgets_every_version(store: Any, home: Path) -> None:
    store.put(MEM, "nas", {"text": "The NAS is at 10.0.0.5"})
    store.put(MEM, "nas", {"text": "The NAS is at 10.0.0.6"})
    store.put(DAILY, "note", {"text": "Paid the ISP bill", "amount": "49.73 EUR"})
    store.delete(MEM, "nas")
    store.delete(DAILY, "note")
    assert "10.0.0." not in (home / "MEMORY.md").read_text()
    log = _today(home)
    # (a value no random entry id can hold: ids are hex, "49.73 EUR" is not)
    assert "[forgotten]" in log and "ISP" not in log and "49.73" not in log and "key=" not in log
    assert store.get(DAILY, "note") is None


# 10. The session kind decides what the store sees and writes.
def test_10_shared_session_never_sees_memory(open_store: Any) -> None:
    main = open_store()
    main.put(MEM, "secret-plan", {"text": "We will replace the NAS in March"})
    main.put(DAILY, "log", {"text": "Replaced the NAS fan"})
    shared = open_store(session_kind="shared")
    with pytest.raises(StorePermissionError, match="shared session may not read"):
        shared.get(MEM, "secret-plan")
    with pytest.raises(StorePermissionError):
        shared.search(MEM, query="NAS")
    # As with remember, a shared session's durable statement goes to today's daily log.
    shared.put(MEM, "x", {"text": "The UPS lasts twenty minutes"})
    assert shared.get(DAILY, "x").value == {"text": "The UPS lasts twenty minutes"}
    assert main.get(MEM, "x") is None
    everything = shared.search((), query="replace the NAS")
    assert everything and all(i.namespace != MEM for i in everything)
    assert all(i.namespace != MEM for i in shared.search(()))
    assert MEM not in shared.list_namespaces()
    with pytest.raises(StorePermissionError):
        shared.delete(DAILY, "log")  # forgetting is the owner's


def test_10_cron_session_cannot_search(open_store: Any) -> None:
    cron = open_store(session_kind="cron")
    cron.put(DAILY, "job", {"text": "Nightly backup finished"})
    with pytest.raises(StorePermissionError):
        cron.search(DAILY, query="backup")
    assert DAILY not in cron.list_namespaces()


# 11. Skills are read through the store, written as files.
def test_11_skills_are_read_only(store: Any) -> None:
    item = store.get(("skills", "daily-review"), "SKILL.md")
    assert item.value["name"] == "daily-review" and item.value["text"]
    assert store.get(("skills", "daily-review"), "other") is None
    assert store.get(("skills", "no-such-skill"), "SKILL.md") is None
    with pytest.raises(StorePermissionError, match="read-only"):
        store.put(("skills", "daily-review"), "SKILL.md", {"text": "anything"})


# 12. Errors: one tree, one line each; LangGraph's namespace checks still apply to batch().
def test_12_errors_share_a_base_and_batch_checks_namespaces(store: Any) -> None:
    assert issubclass(WriteRefusedError, LabmemStoreError)
    with pytest.raises(InvalidNamespaceError):
        store.batch([PutOp(("memory.x",), "k", {"text": "x"})])
    with pytest.raises(InvalidValueError, match="at least one item"):
        store.search(MEM, limit=0)


def test_projects_are_created_on_first_put(store: Any, home: Path) -> None:
    store.put(("projects", "web-shop"), "pm", {"text": "The shop uses pnpm", "kind": "convention"})
    assert (home / "projects" / "web-shop" / "NOTES.md").is_file()
    assert ("projects", "web-shop") in store.list_namespaces()
    with pytest.raises(InvalidValueError, match="project name"):
        store.put(("projects", "Bad Name"), "k", {"text": "x"})


def test_9_delete_reaches_versions_already_archived(store: Any, home: Path) -> None:
    import re

    store.put(MEM, "nas", {"text": "The NAS is at 10.0.0.5"})
    store.put(MEM, "nas", {"text": "The NAS is at 10.0.0.6"})
    old = re.search(r"10\.0\.0\.5 <!-- id=(m-[0-9a-f]+)", (home / "MEMORY.md").read_text())
    assert old is not None
    store.lab.archive_memory([old.group(1)], "superseded")
    archive = home / "memory" / "archive" / "MEMORY-archive.md"
    assert "10.0.0.5" in archive.read_text()
    store.delete(MEM, "nas")
    assert "10.0.0.5" not in archive.read_text()
    assert "10.0.0." not in (home / "MEMORY.md").read_text()


def test_12_a_batch_with_one_refused_put_writes_none(store: Any, home: Path) -> None:
    before = (home / "MEMORY.md").read_text()
    with pytest.raises(WriteRefusedError):
        store.batch(
            [
                PutOp(MEM, "a", {"text": "The UPS lasts twenty minutes"}),
                PutOp(MEM, "b", {"text": "token ghp_abcdefghijklmnopqrstuvwxyz0123456789"}),
            ]
        )
    with pytest.raises(InvalidValueError):
        store.batch(
            [PutOp(MEM, "a", {"text": "The UPS lasts twenty minutes"}), PutOp(MEM, "b", {})]
        )
    assert (home / "MEMORY.md").read_text() == before


def test_keys_of_any_shape_are_found_again_and_new_keys_are_new(store: Any) -> None:
    keys = ["año 2026, plan", "nas/ip address", "m-1b9e04ff", "Zz9", "ñññ"]
    for n, key in enumerate(keys):
        store.put(("memory",), key, {"text": f"Fact number {n} about the rack."})
    for n, key in enumerate(keys):
        item = store.get(("memory",), key)
        assert item is not None and item.value["text"].startswith(f"Fact number {n} "), key
    assert store.get(("memory",), "plan-2027") is None
    store.put(("memory",), "nas/ip address", {"text": "Fact number 1 about the NAS, updated."})
    assert store.get(("memory",), "nas/ip address").value["text"].endswith("updated.")
