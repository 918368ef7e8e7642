"""A small tool-calling agent whose memory is labmem: a LangGraph graph, ``LabmemStore`` and
labmem's LangChain tools.

    python examples/langgraph_agent.py "Remember that the NAS is at 10.0.0.5"
    python examples/langgraph_agent.py "Where is the NAS?"

Before each model call the graph looks up memories for the user's message in the store
(``runtime.store.search``) and hands them to the model; the model may call the tools
(remember, recall, ask, forget, activate_skill). With ``LABMEM_LLM_BASE_URL`` and
``LABMEM_LLM_MODEL`` set (any OpenAI-compatible endpoint; ``pip install 'labmem[llm]'``) it
uses that model; otherwise a scripted offline model stands in, so the example always runs.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from langchain_core.language_models import BaseChatModel, GenericFakeChatModel
from langchain_core.messages import AIMessage, BaseMessage, HumanMessage, SystemMessage
from langchain_core.tools import BaseTool
from langgraph.graph import START, MessagesState, StateGraph
from langgraph.prebuilt import ToolNode, tools_condition
from langgraph.runtime import Runtime

from coordinator.integrations import LabmemStore, memory_tools

SYSTEM = (
    "You are a lab assistant with a long-term memory. Use the memory tools: remember durable "
    "facts the user tells you, recall or ask before answering from memory, cite what you use."
)


def build_agent(model: BaseChatModel, tools: Sequence[BaseTool], store: LabmemStore) -> Any:
    """The graph: memories in, model, tools until the model answers."""
    try:
        bound: Any = model.bind_tools(list(tools))
    except NotImplementedError:  # scripted fakes already know which tools they call
        bound = model

    def memories(state: MessagesState, runtime: Runtime[None]) -> dict[str, list[BaseMessage]]:
        question = str(state["messages"][-1].content)
        assert runtime.store is not None
        found = runtime.store.search((), query=question, limit=3)
        notes = "\n".join(f"- {item.value['text']}" for item in found if "text" in item.value)
        return {"messages": [SystemMessage(f"{SYSTEM}\nWhat memory holds:\n{notes or '-'}")]}

    def agent(state: MessagesState) -> dict[str, list[BaseMessage]]:
        return {"messages": [bound.invoke(state["messages"])]}

    graph = StateGraph(MessagesState)
    graph.add_node("memories", memories)
    graph.add_node("agent", agent)
    graph.add_node("tools", ToolNode(list(tools)))
    graph.add_edge(START, "memories")
    graph.add_edge("memories", "agent")
    graph.add_conditional_edges("agent", tools_condition)
    graph.add_edge("tools", "agent")
    return graph.compile(store=store)


def scripted_model(message: str) -> BaseChatModel:
    """An offline stand-in: a question is looked up with ``ask``, anything else remembered."""
    question = message.rstrip().endswith("?")
    call = {
        "name": "ask" if question else "remember",
        "args": {"question": message} if question else {"text": message},
        "id": "call-1",
        "type": "tool_call",
    }
    reply = "Here is what memory says." if question else "Noted in memory."
    return GenericFakeChatModel(
        messages=iter([AIMessage(content="", tool_calls=[call]), AIMessage(content=reply)])
    )


def run(
    message: str, *, home: str | Path | None = None, model: BaseChatModel | None = None
) -> list[BaseMessage]:
    """One turn of the agent on the workspace ``home`` (None: ``LABMEM_HOME``)."""
    with LabmemStore.open(home) as store:
        chosen = model or store.lab.model or scripted_model(message)
        agent = build_agent(chosen, memory_tools(store.lab), store)
        result = agent.invoke({"messages": [HumanMessage(message)]})
        messages: list[BaseMessage] = result["messages"]
        return messages


def main(argv: Sequence[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    if not args:
        print(__doc__)
        return 2
    for message in run(" ".join(args)):
        print(f"[{message.type}] {message.content}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
