"""``labmem review``: what needs a person — near-duplicates, quarantined text, stale
entries, draft skills — each with the actions that fit it."""

from __future__ import annotations

from dataclasses import asdict, dataclass
from datetime import timedelta
from typing import TYPE_CHECKING, Any

import numpy as np

from memory.dedupe import content_words, differs_in_specifics
from memory.layers import layer_of_id
from memory.prune import plan_pruning
from memory.supersede import other_attribute, update_probability
from memory.usage import UsageLog

if TYPE_CHECKING:
    from coordinator.lab import Lab
    from memory.records import Record

__all__ = ["ReviewItem", "review_items", "supersede_entry"]


@dataclass
class ReviewItem:
    kind: str  # near-duplicate, quarantined, stale, draft-skill
    id: str
    text: str
    citation: str
    detail: str
    actions: tuple[str, ...]
    other: str = ""  # near-duplicate: the newer entry, which supersedes this one

    def to_json(self) -> dict[str, Any]:
        return asdict(self)


# MiniLM reads Spanish poorly: two unrelated Spanish sentences about one garden scored 0.70
# ("Javier es el coordinador…" / "Mi hermana Lucía me ayuda con el diseño…"). The
# multilingual model gives them 0.31, while one fact said twice scores ≥ 0.75 and a related
# fact or an update ≥ 0.55 on tests/fixtures/dedupe_pairs.txt. A pair is offered only when
# both models find it close.
SAME_ACROSS = 0.5


def _multilingual_closeness(pairs: list[tuple[str, str]]) -> list[float]:
    """Each pair's cosine in the multilingual model; 1.0 each when it is not installed."""
    if not pairs:
        return []
    from memory.search.embedders import ModelUnavailableError, multilingual_embedder

    try:
        model = multilingual_embedder()
    except ModelUnavailableError:
        return [1.0] * len(pairs)
    first = model.embed([a for a, _ in pairs])
    second = model.embed([b for _, b in pairs])
    return [float(x) for x in (first * second).sum(axis=1)]


# Review asks a person, so it offers a possible update below the write path's confidence
# (``memory.supersede.CONFIDENT``): "The NAS is at 10.0.0.5." / "… 10.0.0.6." scores 0.47,
# "… es una Ricoh." / "… es una Kyocera de renting." 0.30, while two facts about one thing
# ("Jellyfin moved to the mini PC." / "Jellyfin's library is on the 4TB USB disk.") 0.14.
MAYBE_UPDATE = 0.25


def _maybe_update(old: str, new: str, similarity: float) -> bool:
    return not other_attribute(old, new) and (
        update_probability(old, new, similarity) >= MAYBE_UPDATE
    )


def review_items(lab: Lab, days: int = 30) -> list[ReviewItem]:
    items: list[ReviewItem] = []
    active = [r for r in lab.memory_records() if r.active]
    if len(active) > 1:
        vecs = lab.services.vectors_for([r.text for r in active])
        sims = vecs @ vecs.T
        # Pairs above the threshold, in row order (the order a double loop over i < j gives).
        rows, cols = np.nonzero(np.triu(sims >= lab.services.dedupe_thresholds.similar, k=1))
        pairs = [
            (i, j)
            for i, j in zip(rows.tolist(), cols.tolist(), strict=True)
            # close by the model only (two Spanish sentences): no shared subject
            if content_words(active[i].text) & content_words(active[j].text)
        ]
        across = _multilingual_closeness([(active[i].text, active[j].text) for i, j in pairs])
        limits = lab.services.dedupe_thresholds
        for (i, j), closeness in zip(pairs, across, strict=True):
            if closeness < SAME_ACROSS:
                continue
            old, new = _older_first(active[i], active[j])
            similarity = float(sims[i, j])
            repeated = similarity >= limits.confirm and not differs_in_specifics(old.text, new.text)
            if not (repeated or _maybe_update(old.text, new.text, similarity)):
                continue  # related facts ("Jellyfin moved to the mini PC" / "… library on …")
            items.append(
                ReviewItem(
                    "near-duplicate",
                    old.id,
                    old.text,
                    old.citation,
                    f"older than {new.id} ({sims[i, j]:.2f}): {new.text}",
                    ("keep", "supersede", "archive", "drop"),
                    new.id,
                )
            )
    today = lab.daily.today()
    for n in range(days):
        for record in lab.daily.read(today - timedelta(days=n)):
            if record.trust == "untrusted":
                items.append(
                    ReviewItem(
                        "quarantined",
                        record.id,
                        record.text,
                        record.citation,
                        f"from {record.src}; promote it yourself if true",
                        ("keep", "drop"),
                    )
                )
    used = {i: c.get("used", 0) for i, c in UsageLog(lab.workspace.state_dir).load().items()}
    plan = plan_pruning(active, used, lab.clock.now(), lab.settings.stale_days, 10**9, 1.0)
    by_id = {r.id: r for r in active}
    for entry_id, reason in plan.remove:
        if reason.startswith("stale"):
            r = by_id[entry_id]
            items.append(
                ReviewItem(
                    "stale", r.id, r.text, r.citation, reason, ("confirm", "archive", "drop")
                )
            )
    for skill in lab.skills.catalogue().skills.values():
        if skill.meta.status == "draft":
            items.append(
                ReviewItem(
                    "draft-skill",
                    skill.name,
                    skill.meta.description,
                    skill.path,
                    "drafted from a capability statement",
                    ("keep",),
                )
            )
    return items


def _older_first(a: Record, b: Record) -> tuple[Record, Record]:
    """The older entry first (by ``at``; file order when a time is missing)."""
    if a.at is not None and b.at is not None and b.at < a.at:
        return b, a
    return a, b


def supersede_entry(lab: Lab, old_id: str, new_id: str) -> Record:
    """Mark ``old_id`` as replaced by ``new_id`` (same file): the old entry is retired
    (``superseded_by``, archived at the next prune), the new one says what it ``supersedes``."""
    from memory.errors import InvalidInputError

    if old_id == new_id:
        raise InvalidInputError(f"{old_id} cannot supersede itself; give the newer entry's id.")
    store = lab.services.holder_of(old_id).store
    store.get(new_id)  # both must live in the same file; raises with the id if not
    store.update(new_id, supersedes=old_id)
    return store.update(old_id, superseded_by=new_id)


def restore_entry(lab: Lab, old_id: str) -> tuple[Record, str]:
    """Undo a supersede: ``old_id`` is active again and the entry that replaced it no longer
    says it does (both stay). An entry ``distill`` has since moved to MEMORY-archive.md comes
    back into MEMORY.md. Returns the restored record and the other entry's id ("" when it
    was archived for another reason)."""
    from memory.errors import EntryNotFoundError, InvalidInputError

    try:
        store = lab.services.holder_of(old_id).store
    except EntryNotFoundError:
        archived = [r for r in lab.services.memory.archived() if r.id == old_id]
        if not archived or layer_of_id(old_id) != "memory":
            raise
        replaced_by = archived[0].superseded_by or ""
        back = lab.services.memory.unarchive(old_id)
        current = lab.services.memory.file
        if replaced_by and any(
            r.id == replaced_by and r.supersedes == old_id for r in current.records()
        ):
            current.update(replaced_by, supersedes=None)
        return back, replaced_by
    record = store.get(old_id)
    newer = record.superseded_by
    if newer is None:
        raise InvalidInputError(
            f"{old_id} is not superseded, so there is nothing to restore; 'labmem show "
            "memory' lists entries and what replaced them."
        )
    if any(r.id == newer and r.supersedes == old_id for r in store.records()):
        store.update(newer, supersedes=None)
    return store.update(old_id, superseded_by=None), newer
