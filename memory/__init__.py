"""The memory layers as Markdown files: formats, stores, hygiene and search.

The exported names load on first use (PEP 562): importing one module of the package (the
layer registry, say) does not parse-load the Markdown reader with it.
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from memory.errors import (
        DirtyFileError,
        EntryNotFoundError,
        InvalidInputError,
        MemoryFrameworkError,
        PastDayWriteError,
        PermissionDeniedError,
        SecretDetectedError,
        WorkspaceError,
    )
    from memory.records import Record
    from memory.workspace import Workspace

__all__ = [
    "DirtyFileError",
    "EntryNotFoundError",
    "InvalidInputError",
    "MemoryFrameworkError",
    "PastDayWriteError",
    "PermissionDeniedError",
    "Record",
    "SecretDetectedError",
    "Workspace",
    "WorkspaceError",
]

_HOME = {
    **{name: "memory.errors" for name in __all__ if name.endswith("Error")},
    "Record": "memory.records",
    "Workspace": "memory.workspace",
}


def __getattr__(name: str) -> Any:
    if name in _HOME:
        return getattr(import_module(_HOME[name]), name)
    raise AttributeError(f"module 'memory' has no attribute {name!r}")
