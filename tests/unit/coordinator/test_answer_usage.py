"""Asking leaves usage as it was: the entry that answers a question asked again and again
neither sinks as "served, never used" nor rises over a newer value, so the answer stays."""

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
    path = home / ".labmem" / "state" / "usage.json"
    if not path.exists():
        return {}
    data = json.loads(path.read_text("utf-8"))
    return dict(data.get("entries", data))


def test_the_same_question_keeps_its_answer_and_usage(home: Path) -> None:
    with Lab.open(home) as lab:
        ids = [lab.remember(text, layer="memory", kind="fact").id for text in FACTS]
        before = usage(home)
        first = lab.ask("where does Paperless run now?")
        for _ in range(8):
            again = lab.ask("where does Paperless run now?")
            assert again.text.split("\n")[0] == first.text.split("\n")[0]
        assert first.found and first.hits[0].id == ids[0]
        assert usage(home) == before
        lab.search("Paperless mini PC")  # a search serves what it returns
    assert usage(home)[ids[0]]["served"] == 1
