"""What the web forms do — each one call into the same ``Lab`` API the CLI uses, with the
same guard and the same visibility checks; the result is the receipt the page shows.

It does NOT write files itself and does NOT catch domain errors: the app turns a
``MemoryFrameworkError`` into a page with its one-line message.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from memory.errors import InvalidInputError
from memory.layers import layer_of_id

if TYPE_CHECKING:
    from coordinator.lab import Lab
    from memory.records import Record

__all__ = ["ACTIONS", "run_action"]

ACTIONS = ("keep", "confirm", "supersede", "archive", "merge", "forget", "approve", "discard")


def _layer_of(entry_id: str) -> str:
    layer = layer_of_id(entry_id)
    if layer in {"memory", "project"}:
        return layer
    raise InvalidInputError(
        f"entry id {entry_id!r} names no MEMORY.md or project entry (ids start with m- or p-); "
        "open the entry from its page and try again."
    )


def confirm(lab: Lab, entry_id: str) -> dict[str, Any]:
    record = lab.confirm(entry_id)
    return {
        "status": "confirmed",
        "id": record.id,
        "citation": record.citation,
        "reason": f"confirmed {record.confirms} times; it ranks higher in search",
    }


def supersede(lab: Lab, entry_id: str, text: str, project: str | None) -> dict[str, Any]:
    if not text.strip():
        raise InvalidInputError(
            "the corrected text is empty; type the entry's new wording and submit again."
        )
    layer = _layer_of(entry_id)
    receipt = lab.remember(
        text, layer=layer, project=project if layer == "project" else None, supersedes=entry_id
    )
    return dict(receipt.to_json(), supersedes=entry_id)


def forget(lab: Lab, entry_id: str) -> dict[str, Any]:
    from coordinator.maintenance.forget import forget as forget_entry

    report = forget_entry(lab, entry_id)
    return {
        "status": "forgotten",
        "id": report.id,
        "removed_from": report.removed_from,
        "redacted_in": report.redacted_in,
        "backups_cleaned": report.backups_cleaned,
    }


def archive(lab: Lab, entry_id: str) -> dict[str, Any]:
    moved: list[Record] = lab.archive_memory([entry_id], reason="archived in review")
    return {
        "status": "archived",
        "id": entry_id,
        "moved": [r.citation for r in moved],
        "reason": "archived in review",
    }


def merge(lab: Lab, entry_id: str, into: str) -> dict[str, Any]:
    """A near-duplicate folded into the entry it repeats: that entry is confirmed (the
    repetition counts as a confirmation) and the duplicate goes to the archive."""
    if not into or into == entry_id:
        raise InvalidInputError(
            f"merge needs the id of the entry {entry_id!r} repeats; use the review queue's "
            "Merge button, which names it."
        )
    kept = lab.confirm(into)
    reason = f"merged into {into}"
    lab.archive_memory([entry_id], reason=reason)
    return {
        "status": "merged",
        "id": kept.id,
        "citation": kept.citation,
        "archived": entry_id,
        "reason": f"{reason}; {into} confirmed {kept.confirms} times",
    }


def run_action(lab: Lab, action: str, target: str, form: dict[str, str]) -> dict[str, Any]:
    """Dispatch one form's action; ``target`` is an entry id or a skill name."""
    if action == "keep":
        return {"status": "kept", "id": target, "reason": "nothing changed"}
    if action == "confirm":
        return confirm(lab, target)
    if action == "supersede" and form.get("by"):
        # Review's near-duplicate: the older entry is retired in favour of the newer one.
        from coordinator.maintenance.review import supersede_entry

        record = supersede_entry(lab, target, form["by"])
        return {
            "status": "superseded",
            "id": record.id,
            "citation": record.citation,
            "superseded_by": form["by"],
        }
    if action == "supersede":
        return supersede(lab, target, form.get("text", ""), form.get("project") or None)
    if action == "archive":
        return archive(lab, target)
    if action == "merge":
        return merge(lab, target, form.get("into", ""))
    if action == "forget":
        return forget(lab, target)
    if action in ("approve", "discard"):
        from coordinator.maintenance.skill_review import approve_skill, discard_skill

        if action == "approve":
            return {"status": "approved", "skill": target, "path": approve_skill(lab, target)}
        return {"status": "discarded", "skill": target, "path": discard_skill(lab, target)}
    raise InvalidInputError(f"unknown action {action!r}; use one of: {', '.join(ACTIONS)}.")
