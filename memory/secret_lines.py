"""Secrets already on disk: lines a person wrote by hand that hold a credential.

Hand-written text is never refused (it is already there), but such a line is never indexed
(search cannot return it), ``labmem doctor`` names it (file and line, the kind, never the
value) and ``labmem reindex`` warns about it.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, replace
from pathlib import Path

from memory.document import Document, parse_document
from memory.entry import Entry, render_entry
from memory.files import read_snapshot
from memory.hygiene import OWN_VALUE, scanned_values
from memory.records import Record
from memory.secrets import scan_batch

__all__ = [
    "SecretLine",
    "mask_lines",
    "withhold_records",
    "document_secrets",
    "entry_secrets",
    "file_secrets",
    "lines_without_secrets",
]


@dataclass(frozen=True, slots=True)
class SecretLine:
    """A line holding what looks like a secret: where, and which kind (never the value)."""

    path: str
    line: int
    kinds: tuple[str, ...]

    def describe(self) -> str:
        return (
            f"{self.path}#L{self.line}: holds what looks like a secret "
            f"({', '.join(self.kinds)}); it is not indexed. Remove the value from the file "
            "(keep where it lives instead, e.g. 'in the password manager under nas-admin'), "
            "then run 'labmem reindex'."
        )


def entry_secrets(entry: Entry) -> list[str]:
    """Kinds of secret in an entry's text, nested lines or metadata values (each value on
    its own: joined, "src=user" next to a date or an id reads as a login)."""
    found = scan_batch(_entry_texts(entry))
    return sorted({kind for kinds in found for kind in kinds})


def _entry_texts(entry: Entry) -> list[str]:
    """What to scan of an entry: its text, each metadata value, and (hand-written) its
    lines without the values labmem writes itself — a comment the parser splits into
    several keys ("note=the root pw is …") is still read whole."""
    # The values as the write guard scans them (labmem's own ids and stamps need no scan,
    # an import's source without 'import:'): a file just written finds them in the cache.
    texts = [entry.body, *(v for v in scanned_values(entry) if v.strip())]
    if entry.raw is not None and not _as_labmem_writes_it(entry):
        rest = "\n".join(_OWN_TOKEN.sub(_drop_own, line) for line in entry.raw)
        if rest.strip():
            texts.append(rest)
    return texts


def _as_labmem_writes_it(entry: Entry) -> bool:
    """The entry's lines are exactly what labmem writes for it, every comment token a
    ``key=value`` (values encoded, no spaces): its text and each value, read alone above,
    are all there is. Read joined, an ordinary line next to its source ("that's key!
    <!-- src=import:D12:5 -->") looked like a token and was withheld from the index."""
    if entry.raw is None or any(value == "" for value in entry.meta.values()):
        return False  # words the parser split off a hand-written comment
    return render_entry(replace(entry, raw=None)) == list(entry.raw)


_OWN_TOKEN = re.compile(r"(?<!\S)[\w.-]+=(\S+)")


def _drop_own(match: re.Match[str]) -> str:
    return "" if OWN_VALUE.match(match.group(1)) else match.group(0)


def lines_without_secrets(lines: Sequence[str]) -> list[str]:
    """``lines`` with every line that holds a secret left out."""
    return [line for line, kinds in zip(lines, scan_batch(list(lines)), strict=True) if not kinds]


def file_secrets(root: Path, rel: str) -> list[SecretLine]:
    """Every line of a workspace Markdown file that holds a secret."""
    text = read_snapshot(root / rel).text
    if not text:
        return []
    if rel.startswith("skills/"):
        lines = text.split("\n")
        return [
            SecretLine(rel, n, tuple(kinds))
            for n, kinds in enumerate(scan_batch(lines), start=1)
            if kinds
        ]
    return document_secrets(rel, parse_document(text))


def document_secrets(rel: str, document: Document) -> list[SecretLine]:
    """Every line of a parsed file that holds a secret: one scan for the whole file."""
    texts: list[str] = []
    owners: list[int] = []  # the line each scanned text reports under
    line = 1
    for part in document.parts:
        if isinstance(part, Entry):
            # Each value on its own, as the write guard scans them: joined, "src=user" next
            # to an id of letters and digits read as a login ("user m-2f82b02f") and withheld
            # ordinary entries from the index.
            pieces = _entry_texts(part)
            texts += pieces
            owners += [line] * len(pieces)
            line += len(render_entry(part))
        else:
            if part.strip():
                texts.append(part)
                owners.append(line)
            line += 1
    kinds_at: dict[int, set[str]] = {}
    for owner, kinds in zip(owners, scan_batch(texts), strict=True):
        if kinds:
            kinds_at.setdefault(owner, set()).update(kinds)
    return [SecretLine(rel, n, tuple(sorted(kinds_at[n]))) for n in sorted(kinds_at)]


def _withheld_note(kinds: Sequence[str]) -> str:
    return (
        f"[withheld: this line holds what looks like a secret ({', '.join(kinds)}); "
        "'labmem doctor' says where and how to remove it]"
    )


def mask_lines(text: str) -> str:
    """``text`` with every line that holds a secret replaced by a note saying so (for
    anything shown or handed to a model: the boot preamble, a file view). An entry is read
    as the guard reads it — its text, then each metadata value alone — and shown as one
    note in place of all its lines when any of them holds a secret."""
    document = parse_document(text)
    texts: list[str] = []
    owners: list[int] = []  # index of the part each scanned text belongs to
    for index, part in enumerate(document.parts):
        pieces = _entry_texts(part) if isinstance(part, Entry) else [part] if part.strip() else []
        texts += pieces
        owners += [index] * len(pieces)
    kinds_of: dict[int, set[str]] = {}
    for owner, kinds in zip(owners, scan_batch(texts), strict=True):
        if kinds:
            kinds_of.setdefault(owner, set()).update(kinds)
    if not kinds_of:
        return text
    out: list[str] = []
    for index, part in enumerate(document.parts):
        lines = render_entry(part) if isinstance(part, Entry) else [part]
        if index in kinds_of:
            first = lines[0]
            indent = first[: len(first) - len(first.lstrip())]
            bullet = "- " if first.lstrip().startswith(("- ", "* ", "+ ")) else ""
            lines = [f"{indent}{bullet}{_withheld_note(sorted(kinds_of[index]))}"]
        out += lines
    rendered = "\n".join(out)
    return rendered + "\n" if document.trailing_newline and out else rendered


def withhold_records(records: Sequence[Record]) -> list[Record]:
    """Records to show: one whose text holds a secret shows a note instead of its text."""
    found = scan_batch([r.body for r in records])
    return [
        replace(r, text=_withheld_note(kinds), body=_withheld_note(kinds)) if kinds else r
        for r, kinds in zip(records, found, strict=True)
    ]
