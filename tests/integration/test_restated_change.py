"""The same fact said again with fewer details, in either language, confirms the entry: its
details stay (superseding it would hide the address and the model from every answer)."""

from __future__ import annotations

from pathlib import Path

import pytest

from coordinator import Lab

pytestmark = pytest.mark.integration  # the supersede judge reads the real models' meaning

DETAILED = "Jellyfin moved to the new NUC, an Intel NUC 11 at 192.168.1.20."


@pytest.mark.parametrize(
    "said",
    ["Jellyfin se ha mudado al NUC nuevo.", "Jellyfin now runs on the new NUC."],
)
def test_fewer_details_confirm_the_entry_and_keep_its_details(home: Path, said: str) -> None:
    with Lab.open(home) as lab:
        old = lab.remember(DETAILED, layer="memory")
        receipt = lab.remember(said)
        assert (receipt.status, receipt.id) == ("confirmed", old.id), receipt.reason
        assert "192.168.1.20" in lab.boot().text
    assert "superseded_by" not in (home / "MEMORY.md").read_text()


def test_a_new_value_still_supersedes(home: Path) -> None:
    with Lab.open(home) as lab:
        old = lab.remember(DETAILED, layer="memory")
        receipt = lab.remember("Jellyfin se ha mudado al Synology, en 192.168.1.30.")
    assert receipt.status == "superseded", receipt.reason
    assert receipt.supersedes is not None and receipt.supersedes["id"] == old.id


def test_a_new_value_alone_keeps_the_entrys_other_details(home: Path) -> None:
    with Lab.open(home) as lab:
        old = lab.remember(
            "Home Assistant runs on the Beelink mini PC in the shed, IP 192.168.1.40.",
            layer="memory",
        )
        receipt = lab.remember("La IP de Home Assistant ahora es 192.168.1.45.")
        assert receipt.status == "superseded", receipt.reason
        assert receipt.supersedes is not None and receipt.supersedes["id"] == old.id
        assert "the rest of it kept" in receipt.reason
        answer = lab.ask("what machine does Home Assistant run on?").text
    assert answer.startswith(
        "Home Assistant runs on the Beelink mini PC in the shed, IP 192.168.1.45."
    )
    memory = (home / "MEMORY.md").read_text()
    assert "La IP de Home Assistant" not in memory  # written as the entry it changes


@pytest.mark.parametrize(
    ("said", "judged", "status"),
    [
        # a restatement within the language is asked across too, once: it is confirmed
        ("Jellyfin se ha mudado al NUC nuevo.", 2, "confirmed"),
        # a change found within the language ends the judging
        ("Jellyfin se ha mudado al Synology, en 192.168.1.30.", 1, "superseded"),
    ],
)
def test_a_write_asks_the_judge_once_per_language(
    home: Path, said: str, judged: int, status: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Whether the statement changes an entry and whether it only says it again is one
    answer: the judge runs at most once in the statement's language and once across."""
    import coordinator.change_judge as change_judge

    calls: list[str] = []
    judge = change_judge.judge

    def counted(text: str, *args: object, **kwargs: object) -> object:
        calls.append(text)
        return judge(text, *args, **kwargs)  # type: ignore[arg-type]

    with Lab.open(home) as lab:
        lab.remember(DETAILED, layer="memory")
        monkeypatch.setattr(change_judge, "judge", counted)
        receipt = lab.remember(said)
    assert receipt.status == status, receipt.reason
    assert calls == [said] * judged
