"""One memory entry: a Markdown list item with an optional trailing metadata comment.

The grammar (docs/contracts.md §1)::

    - <text> <!-- id=m-1b9e04 kind=preference at=2026-11-29T13:06:40Z src=user -->
    - 13:05:12Z [event] <text> <!-- id=d-4f2a91 src=session:s-8c01 -->   (daily-log style)
      - nested lines belong to the entry above

Metadata values contain no spaces; writers URL-encode them (``encode_value``) and the raw
form is kept, so a hand-written value survives a rewrite byte for byte. Unknown keys are kept
in file order.
"""

from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass, field, replace
from urllib.parse import quote, unquote

__all__ = [
    "Entry",
    "decode_value",
    "encode_value",
    "parse_entry",
    "render_entry",
]

_BULLET = re.compile(r"^[-*+] ")
_COMMENT = re.compile(r"\s*<!--(?P<body>(?:(?!-->).)*)-->\s*$")
_DAILY_HEAD = re.compile(
    r"^(?P<clock>\d{2}:\d{2}:\d{2})Z \[(?P<tag>[A-Za-z0-9_.-]+)\] (?P<text>.*)$"
)


def encode_value(value: str) -> str:
    """Encode a metadata value so it holds no spaces and cannot close the comment."""
    return quote(value, safe="/:#,.@+_~=-")


def decode_value(value: str) -> str:
    return unquote(value) if "%" in value else value


@dataclass(frozen=True, slots=True)
class Entry:
    """A list item as written in a layer file.

    ``meta`` holds the comment's keys exactly as written (raw, encoded values, file order).
    ``clock``/``tag`` are the visible ``HH:MM:SSZ [kind]`` of daily-log entries.
    ``children`` are the item's further lines, verbatim (nested items, wrapped text).
    ``raw`` is the text the entry was parsed from; it is reused on render while the entry is
    unchanged, so hand formatting survives rewrites. It takes no part in equality.
    """

    text: str
    meta: dict[str, str] = field(default_factory=dict)
    children: tuple[str, ...] = ()
    clock: str | None = None
    tag: str | None = None
    raw: tuple[str, ...] | None = field(default=None, compare=False, repr=False)

    def get(self, key: str) -> str | None:
        value = self.meta.get(key)
        return None if value is None else decode_value(value)

    def with_meta(self, **values: str | None) -> Entry:
        """A copy with keys set (``None`` removes a key); order of existing keys is kept."""
        meta = dict(self.meta)
        for key, value in values.items():
            if value is None:
                meta.pop(key, None)
            else:
                meta[key] = encode_value(value)
        return replace(self, meta=meta, raw=None)

    def with_text(self, text: str) -> Entry:
        return replace(self, text=text, raw=None)

    @property
    def kind(self) -> str | None:
        return self.tag or self.get("kind")

    @property
    def id(self) -> str | None:
        return self.get("id")

    @property
    def body(self) -> str:
        """The fact as a person reads it: the text plus any nested lines, stripped."""
        parts = [self.text] + [line.strip() for line in self.children if line.strip()]
        return "\n".join(parts)

    def derived_id(self, prefix: str) -> str:
        """The id a hand-written entry has until ``doctor --fix`` gives it a real one."""
        digest = hashlib.sha256(self.text.strip().encode("utf-8")).hexdigest()[:8]
        return f"{prefix}-{digest}"


def parse_entry(lines: list[str]) -> Entry:
    """Parse the lines of one top-level list item (first line starts with a bullet)."""
    if not lines or not _BULLET.match(lines[0]):
        raise ValueError(f"not a list item: {lines[:1]!r}")
    head = lines[0][2:]
    meta: dict[str, str] = {}
    found = _COMMENT.search(head)
    if found:
        head = head[: found.start()]
        for token in found.group("body").split():
            key, _, value = token.partition("=")
            meta[key] = value
    clock = tag = None
    daily = _DAILY_HEAD.match(head)
    if daily:
        clock, tag, head = daily.group("clock"), daily.group("tag"), daily.group("text")
    return Entry(
        text=head.rstrip(),
        meta=meta,
        children=tuple(lines[1:]),
        clock=clock,
        tag=tag,
        raw=tuple(lines),
    )


def render_entry(entry: Entry) -> list[str]:
    """The lines of an entry; unchanged parsed entries come back exactly as read."""
    if entry.raw is not None:
        return list(entry.raw)
    head = "- "
    if entry.clock is not None:
        head += f"{entry.clock}Z [{entry.tag or 'event'}] "
    head += entry.text
    if entry.meta:
        tokens = " ".join(f"{k}={v}" if v != "" else k for k, v in entry.meta.items())
        head += f" <!-- {tokens} -->"
    return [head, *entry.children]
