"""The Coordinator's write step: put one decided entry into one layer, and say where.

``write`` trusts its ``Decision``: the guard checked the text and metadata, the route
chose the layer and kind, so nothing is scanned twice. A write that does not come through
the Coordinator (a statement flushed before compaction) gets its ``Decision`` from
``decide``, which runs the same checks once.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from coordinator.graph.state import Checked, Decision
from coordinator.receipt import Receipt
from memory.curated import NewEntry, Written
from memory.daily_log import DailyEntry
from memory.entry_text import clean_entry_text
from memory.errors import InvalidInputError
from memory.hygiene import check_kind, check_tags, check_texts, metadata_problem
from memory.layers import written_kind
from memory.records import Record, citation
from memory.usage import UsageLog
from memory.visibility import check_layer, require
from projects.notes import check_project_name

if TYPE_CHECKING:
    from datetime import datetime

    from coordinator.services import Services

__all__ = ["confirm", "decide", "store", "write"]


def decide(
    services: Services,
    text: str,
    *,
    layer: str,
    kind: str | None = None,
    project: str | None = None,
    tags: Sequence[str] = (),
    source: str = "user",
    why: str | None = None,
    meta: Mapping[str, str] | None = None,
) -> Decision | Receipt:
    """Check a write that bypasses the guard: a ``Decision``, or the refusal's receipt."""
    layer = check_layer(layer)
    kind = check_kind(kind or written_kind(layer))
    tags = check_tags(tags)
    if layer == "project":
        if not project:
            raise InvalidInputError(
                "the project layer needs a project name (project=… / --project NAME)."
            )
        check_project_name(project)
    reason = check_texts([text], services.settings.max_entry_bytes)[0] or metadata_problem(
        {"tag": tags, "source": source, "reason": why}
    )
    if reason is not None:
        return Receipt("refused", layer, kind, None, None, None, None, reason)
    entry = Checked(text, tuple(tags), source, None, dict(meta or {}))
    return Decision(entry, layer, kind, project, why or f"explicit layer ({layer})")


def store(services: Services, text: str, *, layer: str, **given: Any) -> Receipt:
    """``decide`` then ``write``: a write outside the Coordinator, checked once."""
    decision = decide(services, text, layer=layer, **given)
    return decision if isinstance(decision, Receipt) else write(services, decision)


def write(services: Services, decision: Decision) -> Receipt:
    """Write ``decision`` where it says; the session's right to append is the one check."""
    layer, kind, entry = decision.layer, decision.kind, decision.entry
    require(services.session_kind, layer, "append")
    # One line, structure escaped; a daily entry keeps its further lines nested under it.
    text = entry.text.strip() if layer == "daily" else clean_entry_text(entry.text)
    why = decision.why
    now = services.clock.now()
    if layer == "session":
        position = services.session.remember(text, kind, now)
        ref = f"session:{services.session.id}#{position}"
        return Receipt("written", layer, kind, ref, None, None, ref, why)
    if layer == "daily":
        extra = dict(entry.meta, **({"supersedes": entry.supersedes} if entry.supersedes else {}))
        item = DailyEntry(text, kind, entry.source, now, entry.tags, extra=extra)
        placed = services.daily.append([item])[0]
        cite = citation(placed.path, placed.line_start, placed.line_end)
        return Receipt("written", layer, kind, placed.id, placed.path, placed.line_start, cite, why)
    if layer == "skill":
        from skills.drafts import write_draft

        path, line = write_draft(services.workspace.skills_dir, text, now)
        name = path.split("/")[1]
        cite = f"{path}#L{line}"
        return Receipt(
            "written", "skill", kind, name, path, line, cite, why + "; draft skill for review"
        )
    return _curated(services, replace(decision, entry=replace(entry, text=text)), now)


def _curated(services: Services, decision: Decision, now: datetime) -> Receipt:
    entry, kind = decision.entry, decision.kind
    supersedes = entry.supersedes
    item = NewEntry(entry.text, kind, entry.source, entry.tags, now, extra=entry.meta)
    written: Written
    if decision.layer == "memory":
        memory = services.memory
        written = memory.supersede(supersedes, item) if supersedes else memory.add([item])[0]
    else:
        assert decision.project is not None
        notes = services.projects.notes_file(decision.project)
        written = notes.supersede(supersedes, item) if supersedes else notes.add([item])[0]
    confirmed = written.status == "confirmed"
    reason = f"{decision.why}; an equal entry existed" if confirmed else decision.why
    return Receipt.from_record(written.record, "confirmed" if confirmed else "written", reason)


def confirm(services: Services, entry_id: str) -> Record:
    """Confirm an entry is still true; a confirmation counts as use (it ranks higher)."""
    record = services.holder_of(entry_id).store.confirm(entry_id)
    UsageLog(services.workspace.state_dir).used([record.id])
    return record
