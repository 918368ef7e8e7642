"""`ask` over MCP from a shared session: MEMORY.md is invisible, so a line that only shares a
word with the question is no answer; asking about a password does not stop the session
from closing."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import anyio
import pytest
from mcp.client import Client

from coordinator import Lab
from coordinator.mcp_server import build_server

pytestmark = pytest.mark.integration

LOG = [
    "Fixed the heater in the guest room.",
    "wifi in the garage is flaky again",
    "Paris trip photos backed up to the NAS.",
    "Swapped the UPS battery in the rack.",
]


def _data(result: Any) -> Any:
    assert not result.is_error, result.content
    if result.structured_content is not None:
        return result.structured_content
    return json.loads(result.content[0].text)


def test_a_shared_client_hears_nothing_rather_than_an_unrelated_line(home: Path) -> None:
    with Lab.open(home) as owner:
        owner.remember("The garage camera runs on the Pi.", layer="memory")
        for text in LOG:
            owner.remember(text, layer="daily")
    answers: dict[str, Any] = {}

    async def scenario() -> None:
        with Lab.open(home, session_kind="shared") as lab:
            async with Client(build_server(lab)) as client:
                for question in (
                    "when did I back up the Rome photos?",
                    "what is the capital of France?",
                    "what's the guest wifi password?",
                    "when did I swap the UPS battery?",
                ):
                    answers[question] = _data(await client.call_tool("ask", {"question": question}))

    anyio.run(scenario)  # the session closes and writes its summary
    unrelated = answers["when did I back up the Rome photos?"]  # the Paris ones were
    assert unrelated["found"] is False and unrelated["citations"] == []
    assert unrelated["answer"].startswith("Nothing in memory about that.")
    assert answers["what is the capital of France?"]["found"] is False
    swapped = answers["when did I swap the UPS battery?"]
    assert swapped["found"] is True and "UPS battery" in swapped["answer"].split("\n")[0]
    log = "".join(p.read_text() for p in (home / "memory").glob("*.md"))
    assert "[session-summary] Session" in log and "(shared)" in log
