"""`labmem mcp` as a real process over stdio, driven by the MCP SDK's stdio client."""

from __future__ import annotations

import json
import os
import shutil
import sys
from pathlib import Path

import anyio
import pytest
from mcp import StdioServerParameters
from mcp.client import Client

pytestmark = pytest.mark.integration


def test_labmem_mcp_serves_over_stdio(home: Path) -> None:
    exe = shutil.which("labmem") or str(Path(sys.executable).with_name("labmem"))
    env = {**os.environ, "LABMEM_HOME": str(home), "LABMEM_EMBEDDER": "hashing"}
    params = StdioServerParameters(command=exe, args=["mcp"], env=env)

    async def scenario() -> None:
        async with Client(params) as client:
            result = await client.call_tool(
                "remember", {"text": "Restarted the Jellyfin container."}
            )
            assert not result.is_error
            receipt = result.structured_content or json.loads(result.content[0].text)
            assert receipt["status"] == "written" and receipt["layer"] == "daily"
            found = await client.call_tool("search", {"query": "Jellyfin"})
            hits = (found.structured_content or json.loads(found.content[0].text))["hits"]
            assert hits and hits[0]["path"].startswith("memory/")

    anyio.run(scenario)
    assert "Jellyfin" in next((home / "memory").glob("*.md")).read_text()


def test_requests_piped_then_closed_are_all_answered(home: Path) -> None:
    import subprocess

    exe = shutil.which("labmem") or str(Path(sys.executable).with_name("labmem"))
    env = {**os.environ, "LABMEM_HOME": str(home), "LABMEM_EMBEDDER": "hashing"}
    hello = {
        "protocolVersion": "2025-06-18",
        "capabilities": {},
        "clientInfo": {"name": "t", "version": "1"},
    }
    calls = [
        {"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": hello},
        {"jsonrpc": "2.0", "method": "notifications/initialized"},
        {"jsonrpc": "2.0", "id": 2, "method": "tools/call",
         "params": {"name": "remember", "arguments": {"text": "Restarted the Jellyfin box."}}},
        {"jsonrpc": "2.0", "id": "three", "method": "tools/call",
         "params": {"name": "search", "arguments": {"query": "Jellyfin"}}},
    ]  # fmt: skip
    piped = "".join(json.dumps(call) + "\n" for call in calls)
    done = subprocess.run(
        [exe, "mcp"], input=piped, capture_output=True, text=True, env=env, timeout=120
    )
    replies = [json.loads(line) for line in done.stdout.splitlines()]
    assert [reply["id"] for reply in replies] == [1, 2, "three"]
    assert all("result" in reply for reply in replies)
    assert "Jellyfin" in json.dumps(replies[2])
