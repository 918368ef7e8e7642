"""Asking counts what the answer shows, not every candidate it weighed: the entry that
answers is used, so asking the same question again and again gives the same answer."""

from __future__ import annotations

import json
from pathlib import Path

from coordinator import Lab

FACTS = [
    "Paperless moved to the new mini PC, a Beelink S12 at 192.168.1.40.",
    "Frigate runs on the Raspberry Pi 5 in the garage.",
    "The Proxmox host is a Dell OptiPlex 7060.",
    "Home Assistant runs on the Proxmox host as a VM.",
    "The Synology NAS keeps the nightly vzdump backups.",
    "The LoRa gateway sits on the shed roof.",
]


def usage(home: Path) -> dict[str, dict[str, int]]:
    data = json.loads((home / ".labmem" / "state" / "usage.json").read_text("utf-8"))
    return data.get("entries", data)


def test_the_same_question_keeps_its_answer(home: Path) -> None:
    with Lab.open(home) as lab:
        ids = [lab.remember(text, layer="memory", kind="fact").id for text in FACTS]
        first = lab.ask("where does Paperless run now?")
        for _ in range(8):
            again = lab.ask("where does Paperless run now?")
            assert again.text.split("\n")[0] == first.text.split("\n")[0]
    assert first.found and first.hits[0].id == ids[0]
    counts = usage(home)
    assert counts[ids[0]]["used"] == 9
    # a fact the answers never showed was not served by them
    shown = {h.id for h in first.hits}
    for entry_id in ids[1:]:
        if entry_id not in shown:
            assert counts.get(entry_id, {"served": 0})["served"] == 0


def test_an_answer_that_finds_nothing_uses_nothing(home: Path) -> None:
    with Lab.open(home) as lab:
        for text in FACTS:
            lab.remember(text, layer="memory", kind="fact")
        answer = lab.ask("what is the capital of Peru?")
    assert not answer.found
    path = home / ".labmem" / "state" / "usage.json"
    counts = usage(home) if path.exists() else {}
    assert all(c.get("used", 0) == 0 for c in counts.values())
