"""A layer file as a sequence of verbatim lines and entries, parsed with markdown-it-py.

markdown-it-py finds the block structure (headings and top-level bullet-list items with
their line maps); ``memory.entry`` reads each item. Everything that is not a top-level
bullet item — headings, paragraphs, tables, comments — is kept line for line, so a rewrite
changes only the entries it means to change.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from functools import lru_cache

from markdown_it import MarkdownIt

from memory.block_scan import simple_item_spans
from memory.entry import Entry, parse_entry, render_entry

__all__ = ["Document", "Located", "parse_document"]

_LONE_CR = re.compile(r"\r(?!\n)")


@dataclass(frozen=True, slots=True)
class Located:
    """An entry with where it stands: 1-based inclusive lines and its ``##`` section."""

    entry: Entry
    line_start: int
    line_end: int
    section: str | None
    index: int  # position in Document.parts


@lru_cache(maxsize=1)
def _parser() -> MarkdownIt:
    # Only the block structure is read (list items and their lines): inline parsing, half
    # the cost of a parse, is switched off.
    return MarkdownIt("commonmark").disable("inline")


class Document:
    """Lines and entries of one Markdown file; ``render()`` gives the file text back."""

    def __init__(self, parts: list[str | Entry], trailing_newline: bool = True) -> None:
        self.parts = parts
        self.trailing_newline = trailing_newline
        # The parts as parsed and where their entries stand: valid while ``parts`` holds
        # the very same objects (a change anywhere makes ``located()`` count again).
        self._as_parsed: tuple[tuple[str | Entry, ...], tuple[Located, ...]] | None = None

    def render(self) -> str:
        """The file text. New or changed entries pass the secret guard first."""
        from memory.hygiene import check_entries

        check_entries(part for part in self.parts if isinstance(part, Entry))
        lines: list[str] = []
        for part in self.parts:
            if isinstance(part, Entry):
                lines.extend(render_entry(part))
            else:
                lines.append(part)
        text = "\n".join(lines)
        return text + "\n" if self.trailing_newline and lines else text

    def located(self) -> Iterator[Located]:
        if self._as_parsed is not None:
            parts, found = self._as_parsed
            if len(parts) == len(self.parts) and all(
                a is b for a, b in zip(parts, self.parts, strict=True)
            ):
                return iter(found)
        return _locate(self.parts)

    def entries(self) -> list[Entry]:
        return [part for part in self.parts if isinstance(part, Entry)]

    def find(self, entry_id: str, prefix: str) -> Located | None:
        for loc in self.located():
            if (loc.entry.id or loc.entry.derived_id(prefix)) == entry_id:
                return loc
        return None

    def replace_at(self, index: int, entry: Entry) -> None:
        self.parts[index] = entry

    def remove_at(self, index: int) -> None:
        del self.parts[index]

    def insert_in_section(self, entry: Entry, section: str | None) -> int:
        """Put ``entry`` after the last entry of ``## section`` (creating it if needed).

        Returns the index of the new part. ``None`` appends at the end of the file.
        """
        if section is None:
            return self._append_block(entry)
        start = self._heading_index(section)
        if start is None:
            self._ensure_blank_tail()
            self.parts.extend([f"## {section}", ""])
            return self._append_block(entry)
        end = len(self.parts)
        for i in range(start + 1, len(self.parts)):
            part = self.parts[i]
            if isinstance(part, str) and (part.startswith("## ") or part.startswith("# ")):
                end = i
                break
        last_entry = max(
            (i for i in range(start + 1, end) if isinstance(self.parts[i], Entry)), default=None
        )
        if last_entry is not None:
            self.parts.insert(last_entry + 1, entry)
            return last_entry + 1
        at = start + 1
        if at < len(self.parts) and self.parts[at] == "":
            at += 1
        else:
            self.parts.insert(at, "")
            at += 1
        self.parts.insert(at, entry)
        if at + 1 < len(self.parts) and self.parts[at + 1] != "":
            self.parts.insert(at + 1, "")
        return at

    def _heading_index(self, section: str) -> int | None:
        wanted = section.strip().lower()
        for i, part in enumerate(self.parts):
            if isinstance(part, str) and part.startswith("## "):
                if part[3:].strip().lower() == wanted:
                    return i
        return None

    def _ensure_blank_tail(self) -> None:
        while self.parts and self.parts[-1] == "":
            self.parts.pop()
        if self.parts:
            self.parts.append("")

    def _append_block(self, entry: Entry) -> int:
        if self.parts and not isinstance(self.parts[-1], Entry):
            while self.parts and self.parts[-1] == "":
                self.parts.pop()
            if self.parts and not isinstance(self.parts[-1], Entry):
                self.parts.append("")
        self.parts.append(entry)
        self.trailing_newline = True
        return len(self.parts) - 1


def parse_document(text: str) -> Document:
    parts, trailing, found = _parsed(text)
    document = Document(list(parts), trailing)
    document._as_parsed = (parts, found)
    return document


@lru_cache(maxsize=16)
def _parsed(text: str) -> tuple[tuple[str | Entry, ...], bool, tuple[Located, ...]]:
    """The parts of ``text`` and where its entries stand. A write reads the same file
    several times (dedupe, the write, the store after it), so the last few texts are kept;
    each ``Document`` gets its own list of the (immutable) parts."""
    lines = text.split("\n")
    trailing = text.endswith("\n")
    if trailing:
        lines.pop()
    spans = _item_spans(text)
    parts: list[str | Entry] = []
    cursor = 0
    for start, end in spans:
        parts.extend(lines[cursor:start])
        item = lines[start:end]
        if _bullet(item[0]):
            parts.append(_entry_of(tuple(item)))
        else:
            parts.extend(item)
        cursor = end
    parts.extend(lines[cursor:])
    return tuple(parts), trailing, tuple(_locate(parts))


def _locate(parts: list[str | Entry]) -> Iterator[Located]:
    line = 1
    section: str | None = None
    for index, part in enumerate(parts):
        if isinstance(part, Entry):
            height = len(part.raw) if part.raw is not None else len(render_entry(part))
            yield Located(part, line, line + height - 1, section, index)
            line += height
        else:
            if part.startswith("## "):
                section = part[3:].strip()
            elif part.startswith("# "):
                section = None
            line += 1


@lru_cache(maxsize=65536)
def _entry_of(lines: tuple[str, ...]) -> Entry:
    """Entries are immutable: the same lines read again give the same Entry."""
    return parse_entry(list(lines))


@lru_cache(maxsize=16)
def _item_spans(text: str) -> tuple[tuple[int, int], ...]:
    """0-based ``[start, end)`` line spans of the top-level bullet items.

    A write reads the same file several times (dedupe, add, supersede), so the spans of the
    last few texts are kept; the Document itself is built fresh each time (it is mutable).
    """
    lines = text.split("\n")
    if text.endswith("\n"):
        lines.pop()
    found = simple_item_spans(lines)
    return tuple(found) if found is not None else tuple(markdown_item_spans(text, lines))


def markdown_item_spans(text: str, lines: list[str]) -> list[tuple[int, int]]:
    """The item spans as markdown-it-py finds them (the reference for any text)."""
    spans: list[tuple[int, int]] = []
    # markdown-it ends a line at a lone CR too; we split on LF only. A CR typed into a
    # hand edit must not shift every later line map (it once made readers crash).
    for token in _parser().parse(_LONE_CR.sub(" ", text)):
        if token.type == "list_item_open" and token.level == 1 and token.map:
            if token.markup in "-*+":
                start, end = token.map
                while end - 1 > start and not lines[end - 1].strip():
                    end -= 1
                spans.append((start, end))
    return spans


def _bullet(line: str) -> bool:
    return len(line) >= 2 and line[0] in "-*+" and line[1] == " "
