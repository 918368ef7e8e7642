"""LangChain memory tools over a Lab: each tool is the Lab method, within the session kind."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from coordinator import Lab
from coordinator.integrations import memory_tools


@pytest.fixture(autouse=True)
def _hashing(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("LABMEM_EMBEDDER", "hashing")


def _by_name(lab: Any) -> dict[str, Any]:
    return {tool.name: tool for tool in memory_tools(lab)}


@pytest.mark.parametrize(
    ("kind", "names"),
    [
        ("main", ["remember", "recall", "ask", "forget", "activate_skill"]),
        ("shared", ["remember", "recall", "ask", "activate_skill"]),
        ("subagent", ["remember", "recall", "ask", "activate_skill"]),
        ("cron", ["remember", "activate_skill"]),
    ],
)
def test_tools_follow_the_session_kind(home: Path, kind: str, names: list[str]) -> None:
    with Lab.open(home, session_kind=kind) as lab:
        tools = memory_tools(lab)
        assert [t.name for t in tools] == names
        assert all(t.description and t.args for t in tools)


def test_remember_recall_ask_forget(home: Path) -> None:
    with Lab.open(home) as lab:
        tools = _by_name(lab)
        receipt = json.loads(
            tools["remember"].invoke({"text": "The VPN runs WireGuard on 51820", "layer": "memory"})
        )
        assert receipt["status"] == "written" and receipt["layer"] == "memory"
        assert "src=langgraph" in (home / "MEMORY.md").read_text()
        hits = json.loads(tools["recall"].invoke({"query": "which port does the VPN use"}))
        assert hits[0]["id"] == receipt["id"] and hits[0]["citation"].startswith("MEMORY.md#L")
        answer = json.loads(tools["ask"].invoke({"question": "Which port does the VPN use?"}))
        assert "51820" in answer["answer"] and answer["citations"]
        report = json.loads(tools["forget"].invoke({"entry_id": receipt["id"]}))
        assert report["removed_from"] == ["MEMORY.md"]
        assert "WireGuard" not in (home / "MEMORY.md").read_text()


def test_errors_come_back_as_one_line_for_the_model(home: Path) -> None:
    with Lab.open(home) as lab:
        tools = _by_name(lab)
        refused = json.loads(
            tools["remember"].invoke({"text": "token ghp_abcdefghijklmnopqrstuvwxyz0123456789"})
        )
        assert refused["status"] == "refused" and "ghp_" not in json.dumps(refused)
        missing = json.loads(tools["forget"].invoke({"entry_id": "m-000000"}))
        assert "no entry with id 'm-000000'" in missing["error"]
        bad = json.loads(tools["remember"].invoke({"text": "x y z", "layer": "attic"}))
        assert "unknown layer 'attic'" in bad["error"]
        skill = json.loads(tools["activate_skill"].invoke({"name": "no-such-skill"}))
        assert "no skill named 'no-such-skill'" in skill["error"]


def test_shared_session_tools_never_reach_memory(home: Path) -> None:
    with Lab.open(home) as lab:
        lab.remember("We will replace the NAS in March", layer="memory")
    with Lab.open(home, session_kind="shared") as shared:
        tools = _by_name(shared)
        hits = json.loads(tools["recall"].invoke({"query": "replace the NAS"}))
        assert all(h["layer"] != "memory" for h in hits)
        wrote = json.loads(
            tools["remember"].invoke({"text": "The UPS lasts twenty minutes", "layer": "memory"})
        )
        assert wrote["layer"] == "daily"  # a shared session's statement stays in the log


def test_activate_skill_loads_the_workflow(home: Path) -> None:
    with Lab.open(home) as lab:
        loaded = json.loads(_by_name(lab)["activate_skill"].invoke({"name": "daily-review"}))
        assert loaded["name"] == "daily-review" and loaded["workflow"]
        assert "skill-activation" in (home / "memory" / "2026-11-29.md").read_text()
