"""The owner's maintenance job: distil daily logs into MEMORY.md, prune, archive old logs.

Runs with main rights under a lease (an inter-process lock): a second run at the same time
says "already running" and stops. Used by ``labmem distill`` and the scheduler.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from datetime import date
from typing import TYPE_CHECKING, Any

import numpy as np
from filelock import FileLock, Timeout

from memory.distill import DistillReport, distill
from memory.errors import MemoryFrameworkError
from memory.prune import PrunePlan, plan_pruning
from memory.records import Record
from memory.usage import UsageLog
from memory.visibility import require

if TYPE_CHECKING:
    from coordinator.lab import Lab

__all__ = ["AlreadyRunningError", "MaintenanceReport", "run_maintenance"]


class AlreadyRunningError(MemoryFrameworkError):
    """Another distillation holds the lease."""


@dataclass
class MaintenanceReport:
    distill: DistillReport
    prune: PrunePlan | None = None
    archived: list[dict[str, str]] = field(default_factory=list)
    logs_archived: list[str] = field(default_factory=list)

    def to_json(self) -> dict[str, Any]:
        data = self.distill.to_json()
        data["archived"] = self.archived
        data["prune_aborted"] = self.prune.aborted if self.prune else None
        data["logs_archived"] = self.logs_archived
        return data


def _vectors(lab: Lab) -> Callable[[Sequence[Record]], np.ndarray]:
    """Vectors for records: from the search index when it has them, else embedded now."""

    def lookup(records: Sequence[Record]) -> np.ndarray:
        ids = [f"{r.path}#{r.id}" for r in records]
        found: dict[str, Any] = {}
        try:
            service = lab.services.search_service
            if service.lexical.get_meta() and service.check_identity():
                found = service.vectors.vectors(ids)
        except MemoryFrameworkError:
            found = {}
        missing = [r for r, i in zip(records, ids, strict=True) if i not in found]
        if missing:
            fresh = lab.services.vectors_for([r.body.split("\n")[0] for r in missing])
            for record, vec in zip(missing, fresh, strict=True):
                found[f"{record.path}#{record.id}"] = vec
        dim = lab.services.embedder.identity.dimension
        return np.stack([found[i] for i in ids]) if ids else np.zeros((0, dim))

    return lookup


def run_maintenance(
    lab: Lab,
    *,
    since: date | None = None,
    until: date | None = None,
    include_today: bool = False,
    dry_run: bool = False,
    prune: bool = True,
    archive_logs: bool = False,
    progress: Callable[[int, int], None] | None = None,
) -> MaintenanceReport:
    require(lab.session_kind, "memory", "write")
    lease = FileLock(str(lab.workspace.lock_dir / "distill.lease"), timeout=0)
    lab.workspace.lock_dir.mkdir(parents=True, exist_ok=True)
    try:
        lease.acquire()
    except Timeout:
        raise AlreadyRunningError(
            "distillation is already running in another process; this run stopped. Wait "
            "for it to finish."
        ) from None
    try:
        from coordinator.route_model import durability, durability_vector

        usage = UsageLog(lab.workspace.state_dir)
        used = {i: c.get("used", 0) for i, c in usage.load().items()}

        # The Coordinator's router when a model is set (the model's); built only then.
        router = lab.services.router() if lab.model is not None else None

        def classify(text: str) -> tuple[str, str]:
            if router is not None:
                route = router.route(text)
                return route.layer, route.kind
            # Offline, the durability judge trained on labelled log lines decides.
            durable, kind, _ = durability(text, durability_vector(lab.services.embedder, text))
            return ("memory", kind) if durable else ("daily", kind)

        rewrite: Callable[[str], str | None] | None = None
        if lab.model is not None:
            from coordinator.llm import rewrite_as_fact

            model, timeout = lab.model, lab.settings.llm_timeout_s

            def rewrite(text: str) -> str | None:
                return rewrite_as_fact(model, text, timeout)

        report = MaintenanceReport(
            distill(
                daily=lab.daily,
                memory=lab.memory,
                state_dir=lab.workspace.state_dir,
                classify=classify,
                vectors=_vectors(lab),
                used=used,
                since=since,
                until=until,
                include_today=include_today,
                dry_run=dry_run,
                thresholds=lab.services.dedupe_thresholds,
                max_bytes=lab.settings.max_entry_bytes,
                progress=progress,
                rewrite=rewrite,
            )
        )
        if prune:
            report.prune = plan_pruning(
                lab.memory.records(),
                used,
                lab.clock.now(),
                lab.settings.stale_days,
                lab.settings.memory_budget_tokens,
                lab.settings.max_prune_ratio,
            )
            if not report.prune.aborted and report.prune.remove and not dry_run:
                # One journaled change: a killed prune archives all of the plan or none.
                lab.memory.archive_many(report.prune.remove)
            report.archived = [{"id": i, "reason": r} for i, r in report.prune.remove]
        if archive_logs:
            report.logs_archived = lab.archive_logs(dry_run=dry_run)
        return report
    finally:
        lease.release()
