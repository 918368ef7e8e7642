"""labmem inside other agents: a LangGraph store and LangChain tools over a ``Lab``.

Names load on first use, like ``coordinator``'s, so importing the package costs nothing.
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from coordinator.integrations.errors import (
        InvalidValueError,
        LabmemStoreError,
        StorePermissionError,
        UnknownNamespaceError,
        WriteRefusedError,
    )
    from coordinator.integrations.langchain_tools import memory_tools
    from coordinator.integrations.langgraph_store import LabmemStore

__all__ = [
    "InvalidValueError",
    "LabmemStore",
    "LabmemStoreError",
    "StorePermissionError",
    "UnknownNamespaceError",
    "WriteRefusedError",
    "memory_tools",
]

_HOME = {
    "InvalidValueError": "coordinator.integrations.errors",
    "LabmemStoreError": "coordinator.integrations.errors",
    "StorePermissionError": "coordinator.integrations.errors",
    "UnknownNamespaceError": "coordinator.integrations.errors",
    "WriteRefusedError": "coordinator.integrations.errors",
    "LabmemStore": "coordinator.integrations.langgraph_store",
    "memory_tools": "coordinator.integrations.langchain_tools",
}


def __getattr__(name: str) -> Any:
    if name in _HOME:
        return getattr(import_module(_HOME[name]), name)
    raise AttributeError(f"module 'coordinator.integrations' has no attribute {name!r}")
