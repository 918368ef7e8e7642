"""``labmem forget ID``: remove an entry's text from every file, for real.

What goes: the entry (matched by id) and the entries linked to it by distillation (the
daily line it was promoted from, the MEMORY.md entry promoted from it) — from MEMORY.md, its
archive, project notes, daily logs (live and archived), backups, summary lines that quote
it, the distillation checkpoint, usage counts, kept chat sessions, the chat history and the
kept entry vectors; then the search index is brought in step and compacted, so no SQLite
page keeps the old text.

Matching is by id, or by a line whose whole text *is* the entry's text and that has no id of
its own (a hand-written copy, or a summary line quoting it): never by a substring of another
line, so forgetting "VPN" leaves every other line that mentions a VPN alone, and never an
entry with its own id that says the same thing (another statement, kept). In a daily log the
entry's line stays, marked ``[forgotten]`` (the log is a chronological record); the past-day
manifest records the change as a lawful one.

A journal (``.labmem/state/forget/<id>.json``) is written before anything changes and removed
when everything is done: a forget that was killed is finished by running it again.
"""

from __future__ import annotations

import json
import re
import sqlite3
from dataclasses import dataclass, field, replace
from functools import cached_property
from pathlib import Path
from typing import TYPE_CHECKING, Any

from memory.clock import format_utc
from memory.document import Document, parse_document
from memory.entry import Entry
from memory.entry_vectors import forget_texts
from memory.errors import EntryNotFoundError, InvalidInputError
from memory.files import atomic_write, locked, read_snapshot
from memory.search.chunking import FORGOTTEN  # the marker search leaves out
from memory.usage import UsageLog
from memory.visibility import require

if TYPE_CHECKING:
    from coordinator.lab import Lab
    from memory.curated import CuratedFile

__all__ = ["ForgetReport", "forget", "pending_forgets"]

_ID = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_.-]{1,63}$")
# A summary or receipt line: "- remembered: <text> (MEMORY.md#L3)"; the label is optional.
_QUOTE = re.compile(
    r"^\s*[-*+]\s+(?:[a-z][a-z -]{0,20}:\s+)?(?P<text>.*?)(?:\s+\([^()]*#L\d+(?:-L\d+)?\))?\s*$"
)
QUOTE_MIN_CHARS = 16  # shorter texts are matched only whole, never inside another string
_KEPT_KEYS = ("id", "kind", "at", "src")  # what a redacted log line keeps of its comment


@dataclass
class ForgetReport:
    id: str
    removed_from: list[str] = field(default_factory=list)
    redacted_in: list[str] = field(default_factory=list)
    backups_cleaned: int = 0
    sessions_dropped: int = 0
    resumed: bool = False


@dataclass
class Targets:
    ids: set[str]
    texts: set[str]

    def same_text(self, text: str) -> bool:
        return bool(text) and _norm(text) in self._normed_texts

    def hits(self, entry: Entry, prefix: str) -> bool:
        """The entry is forgotten: its id is a target, or it has no id of its own and its
        whole text is a target's (a hand-written copy). An entry with an id of its own is
        another statement, kept even when it says the same thing."""
        if entry.id:
            return entry.id in self.ids
        return entry.derived_id(prefix) in self.ids or self.same_text(entry.text)

    def may_be_in(self, data: str) -> bool:
        """A cheap test that lets most files and lines be skipped unparsed: False when
        ``data`` holds no id and no whole text (entry texts are one line each)."""
        return any(i in data for i in self.ids) or any(t in _norm(data) for t in self._normed_texts)

    @cached_property
    def _normed_texts(self) -> set[str]:
        return {_norm(t) for t in self.texts if t.strip()}

    def names_id(self, value: str) -> bool:
        return any(re.search(rf"(?<![\w-]){re.escape(i)}(?![\w-])", value) for i in self.ids)

    def quoted_by(self, line: str) -> bool:
        """A nested line that quotes a forgotten text whole, or names a forgotten id."""
        if self.names_id(line):
            return True
        found = _QUOTE.match(line)
        return found is not None and self.same_text(found.group("text"))

    def in_conversation(self, value: str) -> bool:
        """Conversation state (a kept session, the chat history): a long text counts when
        it appears inside a message; a short one only as the whole message."""
        from coordinator.router import strip_intent

        said = _norm(strip_intent(value.strip())[0])
        return self.names_id(value) or any(
            said == _norm(t) or (len(t) >= QUOTE_MIN_CHARS and _norm(t) in said) for t in self.texts
        )


def _norm(text: str) -> str:
    return " ".join(text.split()).casefold()


class Journal:
    """The forget in progress: what to remove, kept until every step is done."""

    def __init__(self, state_dir: Path, entry_id: str) -> None:
        self.path = state_dir / "forget" / f"{entry_id}.json"

    def load(self) -> Targets | None:
        try:
            data = json.loads(self.path.read_text(encoding="utf-8"))
        except (FileNotFoundError, json.JSONDecodeError):
            return None
        return Targets(set(data.get("ids", [])), set(data.get("texts", [])))

    def save(self, targets: Targets, started: str) -> None:
        data = {"ids": sorted(targets.ids), "texts": sorted(targets.texts), "started": started}
        atomic_write(self.path, json.dumps(data, ensure_ascii=False, indent=1))

    def done(self) -> None:
        self.path.unlink(missing_ok=True)


def pending_forgets(state_dir: Path) -> list[str]:
    """Ids of forgets that were started and not finished (run them again)."""
    folder = state_dir / "forget"
    return sorted(p.stem for p in folder.glob("*.json")) if folder.is_dir() else []


def what_forget_removes(lab: Lab, entry_id: str) -> list[str]:
    """The texts ``forget`` would remove (the entry and what distillation linked to it), or
    [] when it would finish an interrupted forget; an unknown id is an error. For the
    question asked before forgetting."""
    require(lab.session_kind, "memory", "write")
    _check_id(entry_id)
    found = _collect(lab, entry_id)
    if Journal(lab.workspace.state_dir, entry_id).load() is not None:
        return sorted(found.texts)
    if not found.texts:
        raise EntryNotFoundError(f"no entry with id {entry_id!r} in any layer file.")
    return sorted(found.texts)


def _check_id(entry_id: str) -> None:
    if not _ID.match(entry_id):
        raise InvalidInputError(
            f"{entry_id!r} is not an entry id (letters, digits, '.', '_', '-'); copy it from "
            "'labmem show' or a search hit."
        )


def forget(lab: Lab, entry_id: str) -> ForgetReport:
    require(lab.session_kind, "memory", "write")
    _check_id(entry_id)
    journal = Journal(lab.workspace.state_dir, entry_id)
    saved = journal.load()
    found = _collect(lab, entry_id)
    if saved is None and not found.texts:
        raise EntryNotFoundError(f"no entry with id {entry_id!r} in any layer file.")
    targets = found
    if saved is not None:
        targets = Targets(found.ids | saved.ids, found.texts | saved.texts)
    journal.save(targets, format_utc(lab.clock.now()))
    report = ForgetReport(entry_id, resumed=saved is not None)
    _remove_curated(lab, targets, report)
    _redact_daily(lab, targets, report)
    report.backups_cleaned = _clean_backups(lab.workspace.backup_dir, targets)
    usage = UsageLog(lab.workspace.state_dir)
    for forgotten in sorted(targets.ids):
        usage.forget(forgotten)
    _clean_distill_checkpoint(lab.workspace.state_dir, targets)
    report.sessions_dropped = _drop_kept_sessions(lab.workspace.state_dir, targets)
    _clean_chat_history(lab.workspace.state_dir / "chat_history", targets)
    forget_texts(lab.workspace.index_dir / "entry-vectors.npz", targets.texts)
    if (lab.workspace.index_dir / "lexical.sqlite").exists():
        lab.reindex()
        lab.services.search_service.lexical.compact()
    # The copy of the vectors kept for one-shot searches is derived: removed, it is saved
    # again from chromadb without the forgotten entries.
    (lab.workspace.index_dir / "chroma" / "labmem-vectors.npz").unlink(missing_ok=True)
    journal.done()
    return report


def _curated_stores(lab: Lab) -> list[CuratedFile]:
    return [holder.store for holder in lab.services.curated_files(archive=True)]


def _collect(lab: Lab, entry_id: str) -> Targets:
    """The entry and everything distillation linked to it (``from=`` both ways)."""
    found: list[tuple[str, str, str | None]] = []  # (id, text, from)
    for store in _curated_stores(lab):
        doc = parse_document(read_snapshot(store.path).text)
        found += [(store.id_of(e), e.text, e.get("from")) for e in doc.entries()]
    ids = _linked({entry_id}, found)
    # Most logs hold none of the ids and are skipped unparsed; a hand-written entry's
    # derived id is not in its file, so when the id is still not found every log is read.
    logs = [read_snapshot(p).text for p in lab.daily.files(include_archive=True).values()]
    skipped = []
    for data in logs:
        if any(i in data for i in ids):
            found += _daily_entries(data)
        else:
            skipped.append(data)
    if entry_id not in {eid for eid, _, _ in found}:
        for data in skipped:
            found += _daily_entries(data)
    ids = _linked(ids, found)
    texts = {text for eid, text, _ in found if eid in ids and text and text != FORGOTTEN}
    return Targets(ids, texts)


def _daily_entries(data: str) -> list[tuple[str, str, str | None]]:
    doc = parse_document(data)
    return [(e.id or e.derived_id("d"), e.text, e.get("from")) for e in doc.entries()]


def _linked(ids: set[str], found: list[tuple[str, str, str | None]]) -> set[str]:
    while True:
        grown = set(ids)
        for eid, _, source in found:
            if eid in grown and source:
                grown.add(source)
            if source in grown:
                grown.add(eid)
        if grown == ids:
            return ids
        ids = grown


def _remove_curated(lab: Lab, targets: Targets, report: ForgetReport) -> None:
    for store in _curated_stores(lab):
        doc = parse_document(read_snapshot(store.path).text)
        hit = [store.id_of(e) for e in doc.entries() if targets.hits(e, store.prefix)]
        if hit:
            store.remove(hit)
            report.removed_from.append(store.rel)


def _redact_daily(lab: Lab, targets: Targets, report: ForgetReport) -> None:
    stamp = format_utc(lab.clock.now())
    for day, path in lab.daily.files(include_archive=True).items():
        if not targets.may_be_in(path.read_text(encoding="utf-8", errors="replace")):
            continue
        with locked(lab.workspace.lock_dir, "daily"):
            scrubbed = _scrub_text(read_snapshot(path).text, targets, "d", redacted=stamp)
            if scrubbed is None:
                continue
            atomic_write(path, scrubbed)
        if day < lab.daily.today():
            lab.daily.manifest.record(day, path, "forget")
        report.redacted_in.append(lab.workspace.relative(path))


_TOP_ITEM = re.compile(r"^[-*+] ")


def _scrub_text(text: str, targets: Targets, prefix: str, redacted: str | None) -> str | None:
    """``_scrub`` on a file's text, parsing only the list items that may hold a target
    (a MEMORY.md backup has hundreds of entries; one or two matter). None if unchanged."""
    lines = text.split("\n")
    blocks: set[tuple[int, int]] = set()
    for i, line in enumerate(lines):
        if targets.may_be_in(line):
            block = _item_around(lines, i)
            if block is not None:
                blocks.add(block)
    changed = False
    for start, end in sorted(blocks, reverse=True):
        doc = parse_document("\n".join(lines[start:end]) + "\n")
        if _scrub(doc, targets, prefix, redacted):
            rendered = doc.render()
            lines[start:end] = rendered[:-1].split("\n") if rendered else []
            changed = True
    return "\n".join(lines) if changed else None


def _item_around(lines: list[str], at: int) -> tuple[int, int] | None:
    """Line range of the top-level list item holding line ``at``: its bullet line and the
    indented lines after it. None when the line is not inside a list item."""
    start = at
    while start > 0 and not _TOP_ITEM.match(lines[start]):
        if lines[start].strip() and not lines[start][0].isspace():
            return None  # a heading or paragraph: not inside an item
        start -= 1
    if not _TOP_ITEM.match(lines[start]):
        return None
    end = start + 1
    while end < len(lines) and lines[end].strip() and lines[end][0].isspace():
        end += 1
    return (start, end) if end > at else None


def _scrub(doc: Document, targets: Targets, prefix: str, redacted: str | None) -> bool:
    """Remove (``redacted`` None) or redact the forgotten entries of ``doc``, and the nested
    lines of other entries that quote them. True if anything changed."""
    changed = False
    for index in reversed(range(len(doc.parts))):
        part = doc.parts[index]
        if not isinstance(part, Entry) or part.text == FORGOTTEN:
            continue
        if targets.hits(part, prefix):
            changed = True
            if redacted is None:
                doc.remove_at(index)
            else:
                # Only the structural keys stay: any other key (a store field, a title)
                # may repeat what was forgotten.
                kept = {k: v for k, v in part.meta.items() if k in _KEPT_KEYS}
                marked = replace(part, text=FORGOTTEN, meta=kept, children=(), raw=None)
                doc.replace_at(index, marked.with_meta(redacted=redacted))
            continue
        children = tuple(
            _forgotten_line(line) if targets.quoted_by(line) else line for line in part.children
        )
        if children != part.children:
            doc.replace_at(index, replace(part, children=children, raw=None))
            changed = True
    return changed


def _forgotten_line(line: str) -> str:
    indent = line[: len(line) - len(line.lstrip())]
    return f"{indent}- {FORGOTTEN}"


def _clean_backups(backups: Path, targets: Targets) -> int:
    """Backups are parsed like the files they copy; entries are matched by id or whole text."""
    cleaned = 0
    if not backups.is_dir():
        return 0
    for path in sorted(backups.rglob("*.bak")):
        prefix = "p" if "projects" in path.parent.name else "m"
        try:
            text = path.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError):
            continue
        scrubbed = _scrub_text(text, targets, prefix, redacted=None)
        if scrubbed is not None:
            atomic_write(path, scrubbed)
            cleaned += 1
    return cleaned


def _clean_distill_checkpoint(state_dir: Path, targets: Targets) -> None:
    path = state_dir / "distill.json"
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (FileNotFoundError, json.JSONDecodeError):
        return
    promoted: dict[str, str] = data.get("promoted", {})
    kept = {k: v for k, v in promoted.items() if k not in targets.ids and v not in targets.ids}
    if kept != promoted:
        data["promoted"] = kept
        atomic_write(path, json.dumps(data, indent=1, sort_keys=True))


def _drop_kept_sessions(state_dir: Path, targets: Targets) -> int:
    """Kept chat sessions (LangGraph's SQLite checkpoints) that hold the text are dropped
    whole — their state is one unit — and the file is compacted. Returns threads dropped."""
    path = state_dir / "sessions.sqlite"
    if not path.exists():
        return 0
    db = sqlite3.connect(str(path), isolation_level=None)
    try:
        tables = {r[0] for r in db.execute("SELECT name FROM sqlite_master WHERE type='table'")}
        threads: set[str] = set()
        for table in ("checkpoints", "writes"):
            if table not in tables:
                continue
            for row in db.execute(f"SELECT * FROM {table}"):
                if any(_blob_holds(value, targets) for value in row[1:]):
                    threads.add(str(row[0]))
        for thread in sorted(threads):
            for table in ("checkpoints", "writes"):
                if table in tables:
                    db.execute(f"DELETE FROM {table} WHERE thread_id = ?", (thread,))
        db.execute("VACUUM")
        db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    finally:
        db.close()
    return len(threads)


def _blob_holds(value: Any, targets: Targets) -> bool:
    """A checkpoint blob (msgpack or JSON) holding a forgotten text as a whole string
    value, a long one anywhere inside a string, or a forgotten id."""
    raw = value if isinstance(value, bytes) else str(value).encode("utf-8")
    text = raw.decode("utf-8", errors="replace")
    if targets.in_conversation(text):
        return True
    for said in targets.texts:
        data = said.encode("utf-8")
        if json.dumps(said, ensure_ascii=False).encode("utf-8") in raw or _packed(data) in raw:
            return True
    return False


def _packed(data: bytes) -> bytes:
    """The msgpack encoding of a string (how LangGraph serialises state values)."""
    size = len(data)
    if size < 32:
        return bytes([0xA0 | size]) + data
    if size < 256:
        return b"\xd9" + bytes([size]) + data
    if size < 65536:
        return b"\xda" + size.to_bytes(2, "big") + data
    return b"\xdb" + size.to_bytes(4, "big") + data


def _clean_chat_history(path: Path, targets: Targets) -> None:
    """prompt_toolkit's history: blocks of ``# time`` then ``+line`` lines."""
    try:
        text = path.read_text(encoding="utf-8")
    except (FileNotFoundError, UnicodeDecodeError):
        return
    blocks = re.split(r"\n(?=\n# )", text)
    kept = [
        block
        for block in blocks
        if not targets.in_conversation(
            "\n".join(line[1:] for line in block.split("\n") if line.startswith("+"))
        )
    ]
    if len(kept) != len(blocks):
        atomic_write(path, "\n".join(kept))
