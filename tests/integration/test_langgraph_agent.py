"""examples/langgraph_agent.py runs offline with LangChain's fake chat models: a LangGraph
agent that reads LabmemStore before each model call and writes through labmem's tools."""

from __future__ import annotations

import asyncio
import importlib.util
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest
from langchain_core.language_models import GenericFakeChatModel
from langchain_core.messages import AIMessage, HumanMessage, ToolMessage

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "langgraph_agent.py"


@pytest.fixture(scope="module")
def example() -> ModuleType:
    spec = importlib.util.spec_from_file_location("langgraph_agent_example", EXAMPLE)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


@pytest.fixture(autouse=True)
def _hashing(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("LABMEM_EMBEDDER", "hashing")


def _call(tool: str, **args: Any) -> AIMessage:
    return AIMessage(content="", tool_calls=[{"name": tool, "args": args, "id": f"c-{tool}"}])


def test_the_example_remembers_then_answers_from_memory(
    example: ModuleType, home: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert example.main(["Remember that the NAS is at 10.0.0.5"]) == 0
    assert "The NAS is at 10.0.0.5" in (home / "MEMORY.md").read_text()
    assert example.main(["Where is the NAS?"]) == 0
    out = capsys.readouterr().out
    assert "What memory holds:\n- The NAS is at 10.0.0.5" in out  # the store fed the prompt
    assert '"citations": ["MEMORY.md#L' in out  # the ask tool answered with a citation


def test_a_scripted_model_drives_every_tool(example: ModuleType, home: Path) -> None:
    model = GenericFakeChatModel(
        messages=iter(
            [
                _call("remember", text="Ana prefers answers in metric units", layer="memory"),
                _call("recall", query="metric units"),
                _call("activate_skill", name="daily-review"),
                AIMessage(content="Done."),
            ]
        )
    )
    messages = example.run("I like metric units", home=home, model=model)
    tools = [m for m in messages if isinstance(m, ToolMessage)]
    assert [t.name for t in tools] == ["remember", "recall", "activate_skill"]
    assert '"status": "written"' in str(tools[0].content)
    assert "Ana prefers answers in metric units" in str(tools[1].content)
    assert messages[-1].content == "Done."


def test_the_graph_uses_the_store_asynchronously(example: ModuleType, home: Path) -> None:
    from coordinator.integrations import LabmemStore, memory_tools

    with LabmemStore.open(home) as store:
        store.put(("memory",), "ups", {"text": "The UPS lasts twenty minutes on battery"})
        model = GenericFakeChatModel(messages=iter([AIMessage(content="About twenty minutes.")]))
        agent = example.build_agent(model, memory_tools(store.lab), store)
        result = asyncio.run(
            agent.ainvoke({"messages": [HumanMessage("How long does the UPS last?")]})
        )
    prompt = str(result["messages"][1].content)
    assert "The UPS lasts twenty minutes on battery" in prompt
    assert result["messages"][-1].content == "About twenty minutes."


def test_a_node_writes_through_the_store(home: Path) -> None:
    """A put inside a graph node runs labmem's own Coordinator graph without mixing runs."""
    from langgraph.graph import START, MessagesState, StateGraph
    from langgraph.runtime import Runtime

    from coordinator.integrations import LabmemStore

    def keep(state: MessagesState, runtime: Runtime[None]) -> dict[str, Any]:
        assert runtime.store is not None
        runtime.store.put(("daily",), "turn-1", {"text": str(state["messages"][-1].content)})
        return {}

    graph = StateGraph(MessagesState)
    graph.add_node("keep", keep)
    graph.add_edge(START, "keep")
    with LabmemStore.open(home) as store:
        agent = graph.compile(store=store)
        agent.invoke({"messages": [HumanMessage("Swapped the router's power brick")]})
        asyncio.run(agent.ainvoke({"messages": [HumanMessage("Swapped it back")]}))
        item = store.get(("daily",), "turn-1")
    assert item is not None and item.value == {"text": "Swapped it back"}
    log = (home / "memory" / "2026-11-29.md").read_text()
    assert "Swapped the router's power brick" in log and "supersedes=" in log
