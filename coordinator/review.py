"""``labmem review``: what needs a person — near-duplicates, quarantined text, stale
entries, draft skills — each with the actions that fit it."""

from __future__ import annotations

from dataclasses import asdict, dataclass
from datetime import timedelta
from typing import TYPE_CHECKING, Any

from memory.prune import plan_pruning
from memory.usage import UsageLog

if TYPE_CHECKING:
    from coordinator.lab import Lab

__all__ = ["ReviewItem", "review_items"]


@dataclass
class ReviewItem:
    kind: str  # near-duplicate, quarantined, stale, draft-skill
    id: str
    text: str
    citation: str
    detail: str
    actions: tuple[str, ...]

    def to_json(self) -> dict[str, Any]:
        return asdict(self)


def review_items(lab: Lab, days: int = 30) -> list[ReviewItem]:
    items: list[ReviewItem] = []
    active = [r for r in lab.memory_records() if r.active]
    if len(active) > 1:
        vecs = lab.vectors_for([r.text for r in active])
        sims = vecs @ vecs.T
        for i in range(len(active)):
            for j in range(i + 1, len(active)):
                if sims[i, j] >= lab.dedupe_thresholds.similar:
                    a, b = active[i], active[j]
                    items.append(
                        ReviewItem(
                            "near-duplicate",
                            b.id,
                            b.text,
                            b.citation,
                            f"similar to {a.id} ({sims[i, j]:.2f}): {a.text}",
                            ("keep", "supersede", "archive", "drop"),
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
