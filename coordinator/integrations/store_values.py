"""How LangGraph store items map onto labmem: namespaces → layers, values ↔ entries.

Namespaces: ``("memory",)`` is MEMORY.md, ``("daily",)`` the daily logs, ``("projects",
NAME)`` a project's notes, ``("skills", NAME)`` a skill. A value is a dict whose text field
(``"text"`` unless configured) becomes the entry's visible text; ``kind`` and ``tags`` become
the entry's kind and tags; every other field becomes one key of the entry's metadata comment
(docs/contracts.md §1). Metadata values hold no spaces: strings are written URL-encoded, and any
other JSON value (or a string that itself starts with ``json:``) as ``json:`` + its JSON, so
``{"priority": 2}`` reads ``priority=json:2`` and comes back as the number 2.

The item's key is kept in the ``key`` comment key (several keys, comma-separated, when
dedupe folded two puts into one entry). An entry without a ``key`` answers to its id.

It does NOT read or write files (``store_entries`` and ``Lab`` do).
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from coordinator.integrations.errors import InvalidValueError, UnknownNamespaceError
from memory.entry import Entry
from memory.errors import InvalidInputError
from memory.hygiene import WRITER_KEYS, check_meta

__all__ = [
    "DEFAULT_KINDS",
    "STORE_KEYS",
    "EntryFields",
    "Place",
    "decode_field",
    "decode_keys",
    "encode_field",
    "encode_keys",
    "entry_value",
    "matches_filter",
    "namespace_of",
    "place_of",
    "places_under",
    "value_fields",
]

JSON_PREFIX = "json:"
# The comment keys the store itself owns, on top of the writers' own.
STORE_KEYS = frozenset({"key"})
# A kind equal to the layer's default is not echoed back in the value.
DEFAULT_KINDS = {"memory": "fact", "daily": "event", "project": "note"}
NAMESPACE_HELP = 'use ("memory",), ("daily",), ("projects", NAME) or ("skills", NAME)'


@dataclass(frozen=True, slots=True)
class Place:
    """Where a namespace lives: a layer, and the project or skill name for those layers."""

    layer: str
    name: str | None = None

    @property
    def namespace(self) -> tuple[str, ...]:
        return namespace_of(self.layer, self.name)


def place_of(namespace: Sequence[str]) -> Place:
    ns = tuple(namespace)
    if ns == ("memory",):
        return Place("memory")
    if ns == ("daily",):
        return Place("daily")
    if len(ns) == 2 and ns[0] in ("projects", "skills"):
        return Place("project" if ns[0] == "projects" else "skill", ns[1])
    raise UnknownNamespaceError(f"namespace {ns!r} is not a labmem layer; {NAMESPACE_HELP}.")


def namespace_of(layer: str, name: str | None) -> tuple[str, ...]:
    if layer == "project":
        return ("projects", name or "")
    if layer == "skill":
        return ("skills", name or "")
    return (layer,)


def places_under(
    prefix: Sequence[str], projects: Sequence[str], skills: Sequence[str]
) -> list[Place]:
    """Every place whose namespace starts with ``prefix`` (in listing order)."""
    every = [Place("memory"), Place("daily")]
    every += [Place("project", name) for name in projects]
    every += [Place("skill", name) for name in skills]
    n = len(prefix)
    return [p for p in every if p.namespace[:n] == tuple(prefix)]


# -- values ------------------------------------------------------------------------------
def encode_field(value: Any) -> str:
    if isinstance(value, str) and not value.startswith(JSON_PREFIX):
        return value
    try:
        return JSON_PREFIX + json.dumps(value, ensure_ascii=False, separators=(",", ":"))
    except (TypeError, ValueError):
        raise InvalidValueError(
            f"a value of type {type(value).__name__} is not JSON; store strings, numbers, "
            "booleans, lists or dicts."
        ) from None


def decode_field(raw: str) -> Any:
    if raw.startswith(JSON_PREFIX):
        try:
            return json.loads(raw[len(JSON_PREFIX) :])
        except ValueError:
            return raw  # hand-written text that merely starts with "json:"
    return raw


def encode_keys(keys: Sequence[str]) -> str:
    return ",".join(k.replace("%", "%25").replace(",", "%2C") for k in keys)


def decode_keys(raw: str | None) -> tuple[str, ...]:
    if not raw:
        return ()
    return tuple(k.replace("%2C", ",").replace("%25", "%") for k in raw.split(",") if k)


@dataclass(frozen=True, slots=True)
class EntryFields:
    """A value taken apart: the entry's text, kind, tags and extra comment keys."""

    text: str
    kind: str | None
    tags: tuple[str, ...]
    meta: dict[str, str]


def value_fields(value: Any, text_field: str) -> EntryFields:
    if not isinstance(value, Mapping):
        raise InvalidValueError(
            f"a labmem store value is a dict, not a {type(value).__name__}; "
            f"put {{{text_field!r}: 'the fact', …}}."
        )
    text = value.get(text_field)
    if not isinstance(text, str) or not text.strip():
        raise InvalidValueError(
            f"the value has no {text_field!r} field holding the fact as a non-empty string; "
            f"put the text under {text_field!r} (or open the store with text_field=…)."
        )
    if "\n" in text.strip() or "\r" in text:
        raise InvalidValueError(
            f"the {text_field!r} field spans several lines; one entry is one line: put "
            "separate facts as separate items."
        )
    kind = value.get("kind")
    if kind is not None and not isinstance(kind, str):
        raise InvalidValueError(f"'kind' is a {type(kind).__name__}; use a string like 'fact'.")
    tags = value.get("tags", [])
    if not isinstance(tags, (list, tuple)) or not all(isinstance(t, str) for t in tags):
        raise InvalidValueError("'tags' must be a list of strings, e.g. ['nas', 'backup'].")
    meta: dict[str, str] = {}
    for field, item in value.items():
        if field in (text_field, "kind", "tags"):
            continue
        if field in WRITER_KEYS or field in STORE_KEYS:
            raise InvalidValueError(
                f"field {field!r} is labmem's own entry metadata (docs/contracts.md §1); "
                "rename the field."
            )
        meta[field] = encode_field(item)
    try:
        check_meta(meta)
    except InvalidInputError as exc:
        raise InvalidValueError(str(exc)) from None
    return EntryFields(text.strip(), kind, tuple(tags), meta)


def entry_value(
    entry: Entry, kind: str, tags: Sequence[str], layer: str, text_field: str
) -> dict[str, Any]:
    """The store value of an entry: its text, non-default kind, tags and own comment keys."""
    value: dict[str, Any] = {text_field: entry.body}
    if kind != DEFAULT_KINDS.get(layer):
        value["kind"] = kind
    if tags:
        value["tags"] = list(tags)
    for key in entry.meta:
        if key in WRITER_KEYS or key in STORE_KEYS or key == text_field:
            continue
        raw = entry.get(key)
        value[key] = decode_field(raw if raw is not None else "")
    return value


# -- filters (LangGraph's operators: exact match, $eq $ne $gt $gte $lt $lte) ---------------
def matches_filter(value: Mapping[str, Any], conditions: Mapping[str, Any] | None) -> bool:
    if not conditions:
        return True
    return all(_compare(value.get(key), want) for key, want in conditions.items())


def _compare(have: Any, want: Any) -> bool:
    if isinstance(want, dict):
        if any(str(k).startswith("$") for k in want):
            return all(_operator(have, op, arg) for op, arg in want.items())
        return isinstance(have, dict) and all(_compare(have.get(k), v) for k, v in want.items())
    if isinstance(want, (list, tuple)):
        return (
            isinstance(have, (list, tuple))
            and len(have) == len(want)
            and all(_compare(h, w) for h, w in zip(have, want, strict=True))
        )
    return bool(have == want)


def _operator(have: Any, op: str, arg: Any) -> bool:
    if op == "$eq":
        return bool(have == arg)
    if op == "$ne":
        return bool(have != arg)
    if op not in ("$gt", "$gte", "$lt", "$lte"):
        raise InvalidValueError(
            f"filter operator {op!r} is not supported; use $eq, $ne, $gt, $gte, $lt or $lte."
        )
    try:
        a, b = float(have), float(arg)
    except (TypeError, ValueError):
        return False
    return {"$gt": a > b, "$gte": a >= b, "$lt": a < b, "$lte": a <= b}[op]
