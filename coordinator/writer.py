"""The Coordinator's write step: put one decided fact into one layer, and say where."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from coordinator.receipt import Receipt
from memory.curated import NewEntry, Written
from memory.daily_log import DailyEntry
from memory.entry_text import clean_entry_text
from memory.errors import InvalidInputError
from memory.hygiene import check_kind, check_tags, check_texts, metadata_problem
from memory.records import citation
from memory.visibility import check_layer, require
from projects.notes import check_project_name

if TYPE_CHECKING:
    from coordinator.lab import Lab

__all__ = ["DEFAULT_KIND", "store"]

DEFAULT_KIND = {
    "memory": "fact",
    "daily": "event",
    "project": "note",
    "session": "note",
    "skill": "procedure",
}


def store(
    lab: Lab,
    text: str,
    *,
    layer: str,
    kind: str | None = None,
    project: str | None = None,
    tags: Sequence[str] = (),
    source: str = "user",
    supersedes: str | None = None,
    why: str | None = None,
    extra: dict[str, str] | None = None,
) -> Receipt:
    layer = check_layer(layer)
    kind = check_kind(kind or DEFAULT_KIND.get(layer, "note"))
    tags = check_tags(tags)
    if layer == "project":
        if not project:
            raise InvalidInputError(
                "the project layer needs a project name (project=… / --project NAME)."
            )
        check_project_name(project)
    require(lab.session_kind, layer, "append")
    reason = check_texts([text], lab.settings.max_entry_bytes)[0] or metadata_problem(
        {"tag": tags, "source": source, "supersedes": supersedes, "reason": why}
    )
    if reason is not None:
        return Receipt("refused", layer, kind, None, None, None, None, reason)
    # One line, structure escaped; a daily entry keeps its further lines nested under it.
    text = text.strip() if layer == "daily" else clean_entry_text(text)
    why = why or f"explicit layer ({layer})"
    now = lab.clock.now()
    if layer == "session":
        position = lab.session.remember(text, kind, now)
        ref = f"session:{lab.session.id}#{position}"
        return Receipt("written", layer, kind, ref, None, None, ref, why)
    if layer == "daily":
        extra = dict(extra or {}, **({"supersedes": supersedes} if supersedes else {}))
        placed = lab.daily.append([DailyEntry(text, kind, source, now, tags, extra=extra)])[0]
        cite = citation(placed.path, placed.line_start, placed.line_end)
        return Receipt("written", layer, kind, placed.id, placed.path, placed.line_start, cite, why)
    if layer == "skill":
        from skills.drafts import write_draft

        path, line = write_draft(lab.workspace.skills_dir, text, now)
        return Receipt(
            "written",
            "skill",
            kind,
            path.split("/")[1],
            path,
            line,
            f"{path}#L{line}",
            why + "; draft skill for review",
        )
    return _curated(
        lab, text, layer, kind, project, tuple(tags), source, supersedes, why, now, extra or {}
    )


def _curated(
    lab: Lab,
    text: str,
    layer: str,
    kind: str,
    project: str | None,
    tags: tuple[str, ...],
    source: str,
    supersedes: str | None,
    why: str,
    now: object,
    extra: dict[str, str],
) -> Receipt:
    item = NewEntry(text, kind, source, tags, now, extra=extra)  # type: ignore[arg-type]
    written: Written
    if layer == "memory":
        written = (
            lab.memory.supersede(supersedes, item) if supersedes else lab.memory.add([item])[0]
        )
    else:
        assert project is not None
        notes = lab.projects.notes_file(project)
        written = notes.supersede(supersedes, item) if supersedes else notes.add([item])[0]
    confirmed = written.status == "confirmed"
    reason = f"{why}; an equal entry existed" if confirmed else why
    return Receipt.from_record(written.record, "confirmed" if confirmed else "written", reason)
