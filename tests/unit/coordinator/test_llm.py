"""The optional model: used when it answers well, the offline router when it does not."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import pytest
from langchain_core.language_models import FakeListChatModel

from coordinator import Lab


class BrokenModel(FakeListChatModel):
    def invoke(self, *args: Any, **kwargs: Any) -> Any:  # type: ignore[override]
        raise ConnectionError("connection refused")


class SlowModel(FakeListChatModel):
    def invoke(self, *args: Any, **kwargs: Any) -> Any:  # type: ignore[override]
        time.sleep(2)
        return super().invoke(*args, **kwargs)


def test_model_decision_is_used_and_explained(lab: Lab) -> None:
    lab.use_model(
        FakeListChatModel(
            responses=['{"layer": "memory", "kind": "lesson", "reason": "a lesson about disks"}']
        )
    )
    receipt = lab.remember("Cheap SATA adapters drop disks under load.")
    assert (receipt.layer, receipt.kind) == ("memory", "lesson")
    assert receipt.reason == "model: a lesson about disks"


@pytest.mark.parametrize(
    "model",
    [
        BrokenModel(responses=["x"]),
        FakeListChatModel(responses=["I think it goes to memory"]),
        FakeListChatModel(responses=['{"layer": "attic", "kind": "fact"}']),
    ],
)
def test_failing_model_falls_back_offline_and_keeps_the_fact(
    lab: Lab, home: Path, model: Any
) -> None:
    lab.use_model(model)
    receipt = lab.remember("Restarted the router this morning.")
    assert receipt.status == "written" and receipt.layer == "daily"
    assert "model unavailable" in receipt.reason
    assert "Restarted the router" in (home / receipt.path).read_text()


def test_slow_model_times_out_to_the_offline_router(home: Path) -> None:
    from coordinator import load_settings

    with Lab.open(settings=load_settings(home=home, llm_timeout_s=0.2)) as lab:
        lab.use_model(SlowModel(responses=['{"layer": "memory", "kind": "fact"}']))
        receipt = lab.remember("I prefer tea.")
    assert receipt.layer == "memory" and "no answer within" in receipt.reason


def test_kept_session_is_checkpointed_in_sqlite_without_secrets(lab: Lab) -> None:
    import sqlite3

    path = lab.keep_session()
    lab.remember("The UPS lasts 20 minutes.", layer="memory")
    assert lab.remember("password=Tr0ub4dor3xyz", layer="daily").status == "refused"
    conn = sqlite3.connect(path)
    blobs = b"".join(
        row[0] if isinstance(row[0], bytes) else str(row[0]).encode()
        for table in ("checkpoints", "writes")
        for row in conn.execute(f"SELECT * FROM {table}").fetchall()
        for row in [(b"".join(c if isinstance(c, bytes) else str(c).encode() for c in row),)]
    )
    assert b"UPS lasts" in blobs and b"Tr0ub4dor3xyz" not in blobs


def test_half_configured_model_is_a_clear_error(home: Path) -> None:
    from coordinator import load_settings
    from memory.errors import InvalidInputError

    with Lab.open(settings=load_settings(home=home, llm_base_url="http://127.0.0.1:1/v1")) as lab:
        with pytest.raises(InvalidInputError, match="LABMEM_LLM_MODEL"):
            lab.remember("I prefer tea.")


def test_model_answers_with_tools_and_citations(lab: Lab) -> None:
    from langchain_core.language_models import GenericFakeChatModel
    from langchain_core.messages import AIMessage

    fact = lab.remember("The NAS is at 10.0.0.5.", layer="memory")
    model = GenericFakeChatModel(
        messages=iter(
            [
                AIMessage(
                    content="",
                    tool_calls=[{"name": "recall", "args": {"query": "NAS address"}, "id": "c1"}],
                ),
                AIMessage(
                    content="",
                    tool_calls=[
                        {
                            "name": "remember",
                            "args": {"text": "The user asked about the NAS."},
                            "id": "c2",
                        }
                    ],
                ),
                # the remember tool goes through the Coordinator, which asks the model to route
                AIMessage(content='{"layer": "daily", "kind": "event", "reason": "asked"}'),
                AIMessage(content=f"The NAS is at 10.0.0.5 ({fact.citation})."),
            ]
        )
    )
    lab.use_model(model)
    answer = lab.ask("where is the NAS?")
    assert answer.text == f"The NAS is at 10.0.0.5 ({fact.citation})."
    assert [h.citation for h in answer.hits] == [fact.citation]
    log = (lab.workspace.root / "memory/2026-11-29.md").read_text()
    assert "The user asked about the NAS." in log
    assert (
        "The user asked about the NAS." in (lab.workspace.root / "memory/2026-11-29.md").read_text()
    )


def test_model_answer_failure_falls_back_to_snippets(lab: Lab) -> None:
    lab.remember("The NAS is at 10.0.0.5.", layer="memory")
    lab.use_model(BrokenModel(responses=["x"]))
    answer = lab.ask("where is the NAS?")
    assert answer.text.startswith("The NAS is at 10.0.0.5.") and "model unavailable" in answer.text


def test_model_written_summary_goes_through_the_guard(home: Path) -> None:
    from coordinator.session.chat import run_chat

    with Lab.open(home) as lab:
        lab.use_model(
            FakeListChatModel(
                responses=[
                    '{"layer": "daily", "kind": "event", "reason": "event"}',
                    "Worked on the router; the admin password=Tr0ub4dor3xyz was mentioned.",
                ]
            )
        )
        run_chat(lab, ["Rebooted the router."], lambda line: None)
    log = (home / "memory/2026-11-29.md").read_text()
    assert "Tr0ub4dor3xyz" not in log and "[session-summary] Session" in log
    with Lab.open(home) as lab:
        lab.use_model(
            FakeListChatModel(
                responses=[
                    '{"layer": "daily", "kind": "event", "reason": "event"}',
                    "Rebooted the router; nothing open.",
                ]
            )
        )
        run_chat(lab, ["Rebooted the switch."], lambda line: None)
    assert "Rebooted the router; nothing open." in (home / "memory/2026-11-29.md").read_text()
