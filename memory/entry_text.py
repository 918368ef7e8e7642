"""The one normaliser every entry text passes before it is written to a layer file.

An entry is one Markdown list item whose first line holds the text (docs/contracts.md §1). Text from
a person, an import file, a model or a tool may hold anything, so before it is written:

- every line break — CR, LF, CR LF, VT, FF, NEL (U+0085), the file/group/record separators,
  LINE SEPARATOR (U+2028) and PARAGRAPH SEPARATOR (U+2029) — and every tab is folded into
  one space, so a text is always one line and can never start a heading, a list item or a
  second entry;
- Markdown that would change the structure at the start of the text (``#``, ``-``, ``+``,
  ``*``, ``>``, ``1.``, a code fence, a thematic break, an HTML block) and a daily-log head
  (``HH:MM:SSZ [kind]``) are escaped with a backslash, which Markdown renders as the
  character itself;
- a text that is empty once whitespace and invisible format characters (zero-width space,
  joiners, BOM…) are taken away is refused, and so are other control characters.

``clean_entry_text`` is idempotent: cleaning a cleaned text changes nothing, so each layer
may apply it again as a last line of defence. It does NOT check secrets or sizes
(``memory.hygiene`` does) and does NOT touch the metadata comment (``memory.entry`` encodes
values).
"""

from __future__ import annotations

import re
import unicodedata

from memory.errors import InvalidInputError

__all__ = ["clean_entry_text", "entry_text_problem", "fold_lines", "split_entry_text"]

# Characters that end a line for Markdown, for editors or for Python's str.splitlines.
_BREAKS = "\r\n\x0b\x0c\x1c\x1d\x1e\x85\u2028\u2029\t"
_FOLD = re.compile(f"[ {_BREAKS}]*[{_BREAKS}][ {_BREAKS}]*")
_LINE_BREAK = re.compile("\r\n|[\r\n\x0b\x0c\x1c\x1d\x1e\x85\u2028\u2029]")
# C0/C1 controls other than the breaks above: never part of a note.
_CONTROL = re.compile(r"[\x00-\x08\x0e-\x1b\x1f\x7f\x80-\x84\x86-\x9f]")
# What would start a block when it opens the first line of a list item.
_BLOCK_START = re.compile(
    r"^(?:"
    r"[>|<]|`{3}|~{3}"  # block quote, table, HTML block, code fence: any text after them
    r"|#{1,6}(?= |$)"  # heading
    r"|[-+*](?= |$)"  # bullet
    r"|(?P<rule>[-*_])(?: *(?P=rule)){2,} *$"  # thematic break
    r"|(?P<num>\d{1,9})[.)](?= |$)"  # ordered list item
    r")"
)
_DAILY_HEAD = re.compile(r"^\d{2}:\d{2}:\d{2}Z \[")
# A lone surrogate: text decoded from broken UTF-8 (or a JSON "\\ud800"), not writable.
SURROGATE = re.compile("[\ud800-\udfff]")
# Any printable ASCII character: a text holding one has something visible.
_ASCII_VISIBLE = re.compile("[!-~]")


def fold_lines(text: str) -> str:
    """``text`` on one line: each run of line breaks (with the spaces around it) → one space."""
    return _FOLD.sub(" ", text).strip()


def _visible(text: str) -> bool:
    if _ASCII_VISIBLE.search(text):
        return True
    return any(not ch.isspace() and unicodedata.category(ch) != "Cf" for ch in text)


def _escape(text: str) -> str:
    # A comment marker inside the text could close or fake the metadata comment.
    text = text.replace("<!--", "<\\!--").replace("-->", "--\\>")
    match = _BLOCK_START.match(text)
    if match is not None:
        if match.group("num") is not None:
            cut = len(match.group("num"))
            return f"{text[:cut]}\\{text[cut:]}"
        return "\\" + text
    if _DAILY_HEAD.match(text):
        # A curated entry that began "12:00:00Z [event]" would be read as a daily head.
        return text[:10] + "\\" + text[10:]
    return text


def entry_text_problem(text: str) -> str | None:
    """Why ``text`` cannot become an entry at all (before folding), or None."""
    if _CONTROL.search(text):
        return "the text holds binary or control characters; only plain text is stored."
    if SURROGATE.search(text):
        return "the text is not valid UTF-8; send UTF-8 text."
    if not _visible(text):
        return (
            "the text is empty (only spaces or invisible characters such as zero-width "
            "spaces); say what to remember."
        )
    return None


def clean_entry_text(text: str) -> str:
    """The text as an entry stores it: one line, structure escaped. Raises if unusable."""
    problem = entry_text_problem(text)
    if problem is not None:
        raise InvalidInputError(problem)
    return _escape(fold_lines(text))


def split_entry_text(text: str) -> tuple[str, tuple[str, ...]]:
    """A daily-log entry's text: its first visible line cleaned as the entry's text, every
    further line (any line break) kept as a nested line of the entry, indented two
    spaces, comment markers escaped. Nested lines belong to the entry (docs/contracts.md §1): a
    line that looks like a heading, a log line or a second entry can never be one."""
    problem = entry_text_problem(text)
    if problem is not None:
        raise InvalidInputError(problem)
    lines = [line for line in _LINE_BREAK.split(text) if _visible(line)]
    rest = (
        fold_lines(line).replace("<!--", "<\\!--").replace("-->", "--\\>") for line in lines[1:]
    )
    return clean_entry_text(lines[0]), tuple("  " + line for line in rest)
