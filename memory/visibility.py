"""Who may do what: session kind × layer × action (docs/contracts.md §2), enforced in code."""

from __future__ import annotations

from typing import Literal, get_args

from memory.errors import InvalidInputError, PermissionDeniedError
from memory.layers import LAYER_NAMES

__all__ = [
    "ACTIONS",
    "LAYERS",
    "SESSION_KINDS",
    "Action",
    "Layer",
    "SessionKind",
    "allowed",
    "check_layer",
    "check_session_kind",
    "require",
    "visible_layers",
]

SessionKind = Literal["main", "shared", "subagent", "cron"]
Layer = Literal["memory", "daily", "session", "skill", "project"]
Action = Literal["read", "search", "write", "append"]

SESSION_KINDS: tuple[str, ...] = get_args(SessionKind)
LAYERS: tuple[str, ...] = LAYER_NAMES
ACTIONS: tuple[str, ...] = get_args(Action)

# "write" includes "append". Session context is always the session's own.
_MATRIX: dict[str, dict[str, frozenset[str]]] = {
    "memory": {
        "main": frozenset({"read", "search", "write", "append"}),
        "shared": frozenset(),
        "subagent": frozenset(),
        "cron": frozenset(),
    },
    "daily": {
        "main": frozenset({"read", "search", "append"}),
        "shared": frozenset({"search", "append"}),
        "subagent": frozenset({"search", "append"}),
        "cron": frozenset({"append"}),
    },
    "project": {
        "main": frozenset({"read", "search", "write", "append"}),
        "shared": frozenset({"read", "search", "append"}),
        "subagent": frozenset({"read", "search"}),
        "cron": frozenset({"read"}),
    },
    "skill": {
        "main": frozenset({"read", "search", "write", "append"}),
        "shared": frozenset({"read", "search"}),
        "subagent": frozenset({"read", "search"}),
        "cron": frozenset({"read"}),
    },
    "session": {kind: frozenset(ACTIONS) for kind in SESSION_KINDS},
}


def allowed(kind: str, layer: str, action: str) -> bool:
    return action in _MATRIX.get(layer, {}).get(kind, frozenset())


# "search" is the right to read a layer at all: by search, ask, show or get.
_SAID = {"search": "read (search, ask or show)"}


def require(kind: str, layer: str, action: str) -> None:
    if not allowed(kind, layer, action):
        raise PermissionDeniedError(
            f"a {kind} session may not {_SAID.get(action, action)} the {layer} layer "
            "(docs/contracts.md §2); "
            "open a main session for that, or choose another layer."
        )


def visible_layers(kind: str, action: str = "search") -> tuple[str, ...]:
    return tuple(layer for layer in LAYERS if allowed(kind, layer, action))


def check_session_kind(kind: str) -> str:
    if kind not in SESSION_KINDS:
        raise InvalidInputError(
            f"unknown session kind {kind!r}; use one of: {', '.join(SESSION_KINDS)}."
        )
    return kind


def check_layer(layer: str) -> str:
    if layer not in LAYERS:
        raise InvalidInputError(f"unknown layer {layer!r}; use one of: {', '.join(LAYERS)}.")
    return layer
