"""One lock per open ``Lab``, shared by the store and the tools, and a clean context.

A ``Lab`` is used from one thread at a time (its SQLite and chromadb handles move between
threads but are not shared). LangGraph runs tool calls and store calls on worker threads,
so everything here takes the Lab's lock. Calls also run in a fresh ``contextvars`` context:
the Coordinator graph a write runs must not take the caller's graph run for its parent.
"""

from __future__ import annotations

import contextvars
import threading
import weakref
from collections.abc import Callable
from typing import TYPE_CHECKING, TypeVar

if TYPE_CHECKING:
    from coordinator.lab import Lab

__all__ = ["run_locked"]

T = TypeVar("T")
_LOCKS: weakref.WeakKeyDictionary[Lab, threading.RLock] = weakref.WeakKeyDictionary()
_GUARD = threading.Lock()


def _lock_of(lab: Lab) -> threading.RLock:
    with _GUARD:
        lock = _LOCKS.get(lab)
        if lock is None:
            lock = _LOCKS[lab] = threading.RLock()
        return lock


def run_locked(lab: Lab, fn: Callable[[], T]) -> T:
    with _lock_of(lab):
        return contextvars.Context().run(fn)
