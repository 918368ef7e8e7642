"""Errors the LangGraph store raises. Every message names the value, the rule and the fix::

LabmemStoreError (memory.errors.MemoryFrameworkError)
├── WriteRefusedError        the guard refused a put (a secret, too large…); nothing written
├── StorePermissionError     the session kind may not do that to that namespace
├── InvalidValueError        a value labmem cannot store (also a ValueError)
└── UnknownNamespaceError    a namespace that maps to no layer (also LangGraph's
                             InvalidNamespaceError)
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from langgraph.store.base import InvalidNamespaceError

from memory.errors import MemoryFrameworkError

if TYPE_CHECKING:
    from coordinator.receipt import Receipt

__all__ = [
    "InvalidValueError",
    "LabmemStoreError",
    "StorePermissionError",
    "UnknownNamespaceError",
    "WriteRefusedError",
]


class LabmemStoreError(MemoryFrameworkError):
    """Base class of every error ``LabmemStore`` raises."""


class WriteRefusedError(LabmemStoreError):
    """The Coordinator's guard refused the value; ``receipt`` says why. Never echoes a secret."""

    def __init__(self, receipt: Receipt) -> None:
        self.receipt = receipt
        super().__init__(f"labmem refused the put: {receipt.reason}")


class StorePermissionError(LabmemStoreError):
    """The store's session kind may not read or write that layer (docs/contracts.md §2)."""


class InvalidValueError(LabmemStoreError, ValueError):
    """A value (or a field of it) that cannot become a Markdown entry."""


class UnknownNamespaceError(LabmemStoreError, InvalidNamespaceError):
    """A namespace other than ("memory",), ("daily",), ("projects", NAME), ("skills", NAME)."""
