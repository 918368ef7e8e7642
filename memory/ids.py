"""Stable random entry ids: ``m-`` MEMORY.md, ``d-`` daily logs, ``p-`` project notes."""

from __future__ import annotations

import secrets

__all__ = ["new_id"]


def new_id(prefix: str, taken: set[str] | frozenset[str] = frozenset()) -> str:
    while True:
        candidate = f"{prefix}-{secrets.token_hex(4)}"
        if candidate not in taken:
            return candidate
