"""docs/contracts.md §2, cell by cell: every read path × every session kind × every layer.

Each layer holds one marker word that appears nowhere else. A path shows a marker exactly
when the matrix lets that session kind read (boot, show, get) or search (search, ask, chat,
the MCP search tool) that layer. A main session's summary, written to the daily log, must
not carry MEMORY.md's text to the others either.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import anyio
import pytest
from click.testing import CliRunner
from mcp.client import Client

from coordinator import Lab, load_settings
from coordinator.cli import cli
from coordinator.mcp_server import build_server
from coordinator.session.chat import run_chat
from memory.errors import PermissionDeniedError
from memory.visibility import allowed

pytestmark = pytest.mark.integration

KINDS = ("main", "shared", "subagent", "cron")
# marker word → (layer, file the marker lives in)
MARKERS = {
    "kumquat": ("memory", "MEMORY.md"),
    "quince": ("archive", "memory/archive/MEMORY-archive.md"),
    "daikon": ("daily", "memory/2026-11-29.md"),
    "parsnip": ("project", "projects/alpha/NOTES.md"),
    "figwort": ("skill", "skills/figwort-care/SKILL.md"),
}
SKILL = """---
name: figwort-care
description: Water the figwort seedlings in the lab greenhouse
triggers:
  - water the figwort seedlings
---

# figwort-care

## Workflow

1. Water the figwort seedlings with 200 ml each.
"""


def _layer(marker: str) -> str:
    layer = MARKERS[marker][0]
    return "memory" if layer == "archive" else layer


def _settings(home: Path) -> Any:
    return load_settings(home=home, embedder="hashing")


@pytest.fixture(scope="module")
def workspace(tmp_path_factory: pytest.TempPathFactory) -> Path:
    home = tmp_path_factory.mktemp("vis") / "lab"
    mp = pytest.MonkeyPatch()
    mp.setenv("LABMEM_NOW", "2026-11-29T13:06:40Z")
    mp.setenv("LABMEM_TZ", "UTC")
    try:
        with Lab.open(settings=_settings(home)) as lab:
            lab.projects.create("alpha")
            lab.remember("The kumquat tree stands by the lab's south window.", layer="memory")
            old = lab.remember("The quince shelf holds the spare cables.", layer="memory")
            lab.archive_memory([old.id or ""], reason="moved")
            lab.remember("Watered the daikon sprouts in tray 3.", layer="daily")
            lab.remember(
                "The parsnip sensor reads every 5 minutes.", layer="project", project="alpha"
            )
            (home / "skills/figwort-care").mkdir(parents=True)
            (home / "skills/figwort-care/SKILL.md").write_text(SKILL)
        with Lab.open(settings=_settings(home)) as lab:  # a main chat session
            run_chat(lab, ["Remember that the kumquat harvest is in March."], lambda _: None)
        assert "kumquat" not in (home / "memory/2026-11-29.md").read_text().lower()
        for marker, (_, rel) in MARKERS.items():
            assert marker in (home / rel).read_text().lower(), marker
    finally:
        mp.undo()
    return home


def _text(value: Any) -> str:
    return json.dumps(value, default=str).lower()


def _lab_path(name: str, kind: str, home: Path, marker: str) -> str:
    with Lab.open(settings=_settings(home), session_kind=kind) as lab:
        try:
            if name == "search":
                hits = lab.search(marker, include_archive=True)
                return _text([h.to_json() for h in hits])
            if name == "ask":
                answer = lab.ask(f"what about the {marker}?").to_json()
                return _text([answer["answer"], answer["hits"]])
            if name == "chat":
                result = lab.handle(f"what about the {marker}?")
                return _text([result.get("answer", {}).get("answer"), result.get("skill")])
            if name == "boot":
                return lab.boot(project="alpha").text.lower()
        except PermissionDeniedError:
            return ""
    raise AssertionError(name)


def _cli(home: Path, kind: str, *args: str) -> tuple[int, str]:
    result = CliRunner().invoke(
        cli,
        ["--home", str(home), "--session-kind", kind, *args],
        env={"LABMEM_EMBEDDER": "hashing"},
    )
    return result.exit_code, (result.stdout + result.stderr).lower()


SEARCHING = ("search", "ask", "chat")


@pytest.mark.parametrize("marker", list(MARKERS))
@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("path", [*SEARCHING, "boot"])
def test_lab_read_paths_follow_the_matrix(
    workspace: Path, path: str, kind: str, marker: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("LABMEM_NOW", "2026-11-29T13:06:40Z")
    layer = _layer(marker)
    if path == "boot":
        # The preamble loads what a kind may read; the archive is never preloaded.
        expected = allowed(kind, layer, "read") and marker != "quince"
    else:
        expected = allowed(kind, layer, "search")
        if marker == "quince":  # the archive is searched on request (include_archive) only
            expected = expected and path == "search"
    seen = marker in _lab_path(path, kind, workspace, marker)
    assert seen == expected, f"{path} in a {kind} session, {layer} layer"


SHOW = {"memory": ("memory",), "daily": ("today",), "project": ("project", "alpha")}


@pytest.mark.parametrize("layer", list(SHOW))
@pytest.mark.parametrize("kind", KINDS)
def test_show_follows_the_matrix(workspace: Path, kind: str, layer: str) -> None:
    code, out = _cli(workspace, kind, "show", *SHOW[layer])
    marker = next(m for m in MARKERS if MARKERS[m][0] == layer)
    # show lists a layer: MEMORY.md and notes need "read"; a day's log is a search of it.
    expected = allowed(kind, layer, "search" if layer == "daily" else "read")
    assert (marker in out) == expected
    assert (code == 0) == expected, out
    if not expected:
        assert "may not" in out and "traceback" not in out


@pytest.mark.parametrize("kind", KINDS)
def test_review_is_for_main_sessions_only(workspace: Path, kind: str) -> None:
    code, out = _cli(workspace, kind, "review", "--json")
    if kind == "main":
        assert code == 0
    else:
        assert code == 1 and "may not read the memory layer" in out
        assert not any(marker in out for marker in MARKERS)


def _mcp(home: Path, kind: str, calls: Callable[[Client], Any]) -> Any:
    async def scenario() -> Any:
        with Lab.open(settings=_settings(home), session_kind=kind) as lab:
            async with Client(build_server(lab)) as client:
                return await calls(client)

    return anyio.run(scenario)


@pytest.mark.parametrize("kind", KINDS)
def test_mcp_tools_follow_the_matrix(workspace: Path, kind: str) -> None:
    async def calls(client: Client) -> dict[str, tuple[str, str]]:
        out: dict[str, tuple[str, str]] = {}
        for marker, (_, rel) in MARKERS.items():
            found = await client.call_tool("search", {"query": marker})
            line = next(
                n
                for n, text in enumerate((workspace / rel).read_text().split("\n"), 1)
                if marker in text.lower()
            )
            got = await client.call_tool("get", {"path": rel, "line_start": line})
            hits = [] if found.is_error else json.loads(found.content[0].text)["hits"]
            out[marker] = (_text(hits), "" if got.is_error else _text(got.content))
        return out

    seen = _mcp(workspace, kind, calls)
    for marker, (search_out, get_out) in seen.items():
        layer = _layer(marker)
        searchable = allowed(kind, layer, "search") and marker != "quince"  # archive: opt-in
        readable = allowed(kind, layer, "read") or allowed(kind, layer, "search")
        assert (marker in search_out) == searchable, (kind, marker, "search")
        assert (marker in get_out) == readable, (kind, marker, "get")
