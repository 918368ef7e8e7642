"""The Coordinator: the ``Lab`` facade, settings, and the command line.

Names are imported on first use (PEP 562), so ``labmem --help`` does not pay for pydantic,
langgraph or the stores.
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from coordinator.importer import ImportItem
    from coordinator.lab import Lab
    from coordinator.receipt import ImportReport, Receipt
    from coordinator.settings import Settings, load_settings

__all__ = ["ImportItem", "ImportReport", "Lab", "Receipt", "Settings", "load_settings"]

_HOME = {
    "ImportItem": "coordinator.importer",
    "ImportReport": "coordinator.receipt",
    "Lab": "coordinator.lab",
    "Receipt": "coordinator.receipt",
    "Settings": "coordinator.settings",
    "load_settings": "coordinator.settings",
}


def __getattr__(name: str) -> Any:
    if name in _HOME:
        return getattr(import_module(_HOME[name]), name)
    raise AttributeError(f"module 'coordinator' has no attribute {name!r}")
