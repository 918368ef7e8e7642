"""Secrets already on disk: lines a person wrote by hand that hold a credential.

Hand-written text is never refused (it is already there), but such a line is never indexed
(search cannot return it), ``labmem doctor`` names it (file and line, the kind, never the
value) and ``labmem reindex`` warns about it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from pathlib import Path

from memory.document import Document, parse_document
from memory.entry import Entry, render_entry
from memory.files import read_snapshot
from memory.records import Record
from memory.secrets import find_secrets, scan_batch

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
    """Kinds of secret in an entry's text, nested lines or metadata values."""
    meta = "\n".join(entry.get(key) or "" for key in entry.meta)
    found = scan_batch([entry.body, meta]) if meta.strip() else [find_secrets(entry.body)]
    return sorted({kind for kinds in found for kind in kinds})


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
            texts.append(part.body)
            owners.append(line)
            # Each value on its own, as the write guard scans them: joined, "src=user" next
            # to an id of letters and digits read as a login ("user m-2f82b02f") and withheld
            # ordinary entries from the index.
            for key in part.meta:
                value = part.get(key) or ""
                if value.strip():
                    texts.append(value)
                    owners.append(line)
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
    anything shown or handed to a model: the boot preamble, a file view)."""
    lines = text.split("\n")
    out = []
    for line, kinds in zip(lines, scan_batch(lines), strict=True):
        if kinds:
            indent = line[: len(line) - len(line.lstrip())]
            bullet = "- " if line.lstrip().startswith(("- ", "* ", "+ ")) else ""
            line = f"{indent}{bullet}{_withheld_note(kinds)}"
        out.append(line)
    return "\n".join(out)


def withhold_records(records: Sequence[Record]) -> list[Record]:
    """Records to show: one whose text holds a secret shows a note instead of its text."""
    found = scan_batch([r.body for r in records])
    return [
        replace(r, text=_withheld_note(kinds), body=_withheld_note(kinds)) if kinds else r
        for r, kinds in zip(records, found, strict=True)
    ]
