"""What gets indexed: one chunk per entry (long ones windowed), sections for skills.

A chunk is derived from one file; its id is ``path#entry-id`` so edits to the text keep the
id and only change the content hash. Daily-log chunks carry their date in the text that is
embedded and matched, because questions about "when" need it.
"""

from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass
from datetime import date
from functools import lru_cache
from pathlib import Path

from memory.document import parse_document
from memory.files import read_snapshot
from memory.layers import kind_of_section, locate, spec
from memory.records import Record, resolve
from memory.secret_lines import (
    SecretLine,
    document_secrets,
    file_secrets,
    lines_without_secrets,
)

__all__ = ["CHUNKING_VERSION", "Chunk", "chunk_file", "layer_of"]

FORGOTTEN = "[forgotten]"  # what ``labmem forget`` leaves in a daily log's line

CHUNKING_VERSION = "5"  # 5: section kinds from memory.layers
WINDOW_CHARS = 900
_DAY = re.compile(r"^(\d{4}-\d{2}-\d{2})\.md$")


@dataclass(frozen=True, slots=True)
class Chunk:
    id: str
    text: str
    embed_text: str
    path: str
    line_start: int
    line_end: int
    layer: str
    kind: str
    date: str | None
    project: str | None
    entry_id: str | None
    source: str | None
    tags: str
    archived: bool
    hash: str
    seq: int = 0  # the entry's position in its file: adjacent entries are neighbours
    vhash: str = ""  # hash of embed_text alone: same vhash, same vector

    @property
    def lexical_text(self) -> str:
        return self.embed_text


@lru_cache(maxsize=1 << 16)
def layer_of(rel: str) -> tuple[str, bool] | None:
    """(layer, archived) of a workspace-relative path, or None if it is not indexed (kept:
    every search checks every file's path)."""
    return locate(rel)


def _human_date(day: date) -> str:
    return f"{day.day} {day.strftime('%B %Y')}"


def _windows(text: str) -> list[str]:
    if len(text) <= WINDOW_CHARS:
        return [text]
    words = text.split()
    out: list[str] = []
    current: list[str] = []
    size = 0
    for word in words:
        current.append(word)
        size += len(word) + 1
        if size >= WINDOW_CHARS:
            out.append(" ".join(current))
            current = []  # windows do not overlap: no text is embedded twice
            size = 0
    if current and out and len(current) <= 5:
        out[-1] += " " + " ".join(current)  # a few trailing words join the last window
    elif current:
        out.append(" ".join(current))
    return out


def _digest(*parts: str) -> str:
    return hashlib.sha256("\x1f".join(parts).encode("utf-8")).hexdigest()[:16]


def chunk_file(root: Path, rel: str, withheld: list[SecretLine] | None = None) -> list[Chunk]:
    """The chunks of one file. Lines that hold a secret are never indexed; they are added to
    ``withheld`` when given (the file is parsed and scanned once for both)."""
    where = layer_of(rel)
    if where is None:
        return []
    layer, archived = where
    text = read_snapshot(root / rel).text
    if layer == "skill":
        if withheld is not None:
            withheld += file_secrets(root, rel)
        return _skill_chunks(rel, text)
    day = None
    match = _DAY.match(rel.split("/")[-1])
    if layer == "daily" and match:
        day = date.fromisoformat(match.group(1))
    project = rel.split("/")[1] if layer == "project" else None
    prefix = spec(layer).id_prefix or layer[0]
    chunks: list[Chunk] = []
    document = parse_document(text)
    secrets = document_secrets(rel, document)
    if withheld is not None:
        withheld += secrets
    secret_lines = {s.line for s in secrets}
    for seq, loc in enumerate(document.located()):
        record = resolve(
            loc,
            layer=layer,
            path=rel,
            prefix=prefix,
            default_kind=kind_of_section(layer, loc.section),
            file_day=day,
            project=project,
        )
        if not record.active or record.body.strip() in {"", FORGOTTEN}:
            continue  # a forgotten entry's line keeps its place in the log, not in search
        if loc.line_start in secret_lines:
            continue  # a hand-written line holding a secret is never indexed
        chunks += _entry_chunks(record, archived, seq)
    return chunks


def _entry_chunks(record: Record, archived: bool, seq: int) -> list[Chunk]:
    day = record.at.date() if record.at else None
    source = record.src[len("import:") :] if record.src.startswith("import:") else record.src
    out: list[Chunk] = []
    pieces = _windows(record.body)
    for n, piece in enumerate(pieces):
        embed = f"({_human_date(day)}) {piece}" if record.layer == "daily" and day else piece
        chunk_id = f"{record.path}#{record.id}" + (f"#w{n}" if len(pieces) > 1 else "")
        out.append(
            Chunk(
                id=chunk_id,
                text=piece,
                embed_text=embed,
                path=record.path,
                line_start=record.line_start,
                line_end=record.line_end,
                layer=record.layer,
                kind=record.kind,
                date=day.isoformat() if day else None,
                project=record.project,
                entry_id=record.id,
                source=source,
                tags=",".join(record.tags),
                archived=archived,
                hash=_digest(
                    embed,
                    record.kind,
                    ",".join(record.tags),
                    str(record.line_start),
                    str(record.line_end),
                    source,
                    str(seq),
                ),
                seq=seq,
                vhash=_digest(embed),
            )
        )
    return out


def _front_matter(lines: list[str]) -> tuple[int, str]:
    """(lines the front matter takes, a readable summary: description and triggers)."""
    if not lines or lines[0].strip() != "---":
        return 0, ""
    end = next((i for i in range(1, len(lines)) if lines[i].strip() == "---"), None)
    if end is None:
        return 0, ""
    try:
        import yaml

        data = yaml.safe_load("\n".join(lines[1:end])) or {}
    except Exception:  # a broken manifest is lint's business; index its body anyway
        data = {}
    if not isinstance(data, dict):
        data = {}
    triggers = ", ".join(str(t) for t in data.get("triggers") or [])
    summary = str(data.get("description") or "").strip()
    if triggers:
        summary += f" (triggers: {triggers})"
    return end + 1, summary


def _skill_chunks(rel: str, text: str) -> list[Chunk]:
    name = rel.split("/")[1]
    lines = text.split("\n")
    head, summary = _front_matter(lines)
    sections: list[tuple[int, int, str]] = []
    if summary:
        sections.append((0, head, summary))
    start = head
    for i in range(head, len(lines)):
        if lines[i].startswith("## ") and i > start:
            sections.append((start, i, "\n".join(lines[start:i])))
            start = i
    sections.append((start, len(lines), "\n".join(lines[start:])))
    out: list[Chunk] = []
    for first, last, body in sections:
        # Lines holding a secret are left out; what remains can still be found.
        body = "\n".join(lines_without_secrets(body.split("\n"))).strip()
        content = [ln for ln in body.split("\n") if ln.strip() and not ln.startswith("#")]
        if not content:
            continue  # a heading with nothing under it
        for n, piece in enumerate(_windows(body)):
            embed = f"skill {name}: {piece}"
            out.append(
                Chunk(
                    id=f"{rel}#L{first + 1}" + (f"#w{n}" if n else ""),
                    text=piece,
                    embed_text=embed,
                    path=rel,
                    line_start=first + 1,
                    line_end=max(first + 1, last),
                    layer="skill",
                    kind="skill",
                    date=None,
                    project=None,
                    entry_id=None,
                    source=None,
                    tags="",
                    archived=False,
                    hash=_digest(embed, str(first), str(last)),
                    vhash=_digest(embed),
                )
            )
    return out
