"""A line scanner for the Markdown shapes labmem writes, as fast as reading the lines.

markdown-it-py is the reference parser of layer files, but it takes ~30 ms for a MEMORY.md of
a few hundred entries, and a write reads the file several times. Files made of headings,
paragraphs, one-line HTML comments and ``- `` bullet items with indented continuation lines
(everything labmem writes, and most of what people write by hand) have a block structure
that a line scan finds exactly. ``simple_item_spans`` returns the spans of the top-level
bullet items for such a file and ``None`` for anything else — fences, block quotes, HTML
blocks, ordered lists, setext headings, thematic breaks, tabs or odd indentation — which then
goes to markdown-it. A randomised test checks that both agree wherever the scan answers.
"""

from __future__ import annotations

import re

__all__ = ["simple_item_spans"]

_HEADING = re.compile(r"#{1,6}(?: |$)")
_BULLET = re.compile(r"[-*+] \S")
_COMMENT_LINE = re.compile(r"<!--.*-->")
_BREAK_OR_UNDERLINE = re.compile(r"(?:(?:[-*_][ \t]*){3,}|=+[ \t]*|-+[ \t]*)$")
_REFERENCE = re.compile(r"\[[^\]]*\]:")  # a link reference definition, not a paragraph
_ORDERED = re.compile(r"\d{1,9}[.)](?:[ \t]|$)")
# A line whose first character could open a block other than a paragraph at column 0.
_SPECIAL_START = frozenset("#>-*+_=`~<\t ")
# Opening characters of blocks that change how the following lines nest.
_NESTED_SPECIAL = ("```", "~~~", "<", ">", "\t")


def simple_item_spans(lines: list[str]) -> list[tuple[int, int]] | None:
    """0-based ``[start, end)`` spans of top-level ``-``/``*``/``+`` items, trailing blank
    lines excluded; ``None`` when the text holds a construct the scan does not model."""
    spans: list[tuple[int, int]] = []
    start: int | None = None  # first line of the open item
    last = -1  # last non-blank line of the open item
    lazy = False  # a paragraph is open at the end of the item, so a plain line continues it
    blank_before = False
    for i, line in enumerate(lines):
        shape = _shape(line)
        if shape is None:
            return None
        if shape == "blank":
            blank_before = True
            continue
        if shape == "indented":
            indent = len(line) - len(line.lstrip(" "))
            if start is None or (indent >= 6 and (blank_before or not lazy)):
                return None  # outside an item, or maybe indented code inside one
            last, lazy = i, not _HEADING.match(line, indent)
        elif shape == "plain" and start is not None and lazy and not blank_before:
            last = i  # a lazy continuation line of the item's paragraph
        else:  # a bullet, a heading, a one-line comment or a paragraph line: the item ends
            if start is not None:
                spans.append((start, last + 1))
            start, last, lazy = (i, i, True) if shape == "bullet" else (None, last, False)
        blank_before = False
    if start is not None:
        spans.append((start, last + 1))
    return spans


def _shape(line: str) -> str | None:
    """blank, indented, bullet, closer (heading, one-line comment), plain, or None."""
    stripped = line.lstrip(" ")
    if not stripped:
        return "blank"
    if not stripped.strip() or "\r" in line:
        return None  # tabs or other white space: markdown-it and str.strip() disagree
    if _BREAK_OR_UNDERLINE.match(stripped) or _ORDERED.match(stripped):
        return None
    if stripped is not line:
        if line.startswith(" ") and not line.startswith("  "):
            return None
        if stripped.startswith(_NESTED_SPECIAL) or _REFERENCE.match(stripped):
            return None
        return "indented"
    if _BULLET.match(line):
        if line[2] in _SPECIAL_START or _ORDERED.match(line, 2) or _REFERENCE.match(line, 2):
            return None  # the item opens with a block other than a paragraph
        return "bullet"
    if _HEADING.match(line) or _COMMENT_LINE.fullmatch(line.rstrip()):
        return "closer"
    return None if line[0] in _SPECIAL_START else "plain"
