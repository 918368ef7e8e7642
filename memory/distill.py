"""Distillation: daily-log entries not yet distilled → curated MEMORY.md entries.

``distill`` is one ordinary, idempotent function; the CLI and the scheduler both call it
with its services injected (a classifier, vectors, usage counts). Offline and extractive:
an entry is promoted when the durability judge says it is a durable fact (a decision,
lesson, preference, policy, identity or lab fact) or when searches keep using it.
Repetition alone never promotes: "Read a few emails." logged every day stays in the logs.
Untrusted entries (marked, or from an untrusted source in any spelling), instructions
addressed to the assistant, summaries, activations and tasks never are, and every text is
checked for secrets again.

Each promotion is deduplicated against MEMORY.md by meaning (confirm / similar, as the
Coordinator does), written under its section with the time of promotion and a citation of
the log line (``src=memory/YYYY-MM-DD.md#Lnn``), and remembered in a checkpoint, one day at
a time, so a crash resumes where it stopped and a second run changes nothing.
"""

from __future__ import annotations

import json
import re
from collections import defaultdict
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass, field
from datetime import date, timedelta
from pathlib import Path
from typing import Any

import numpy as np

from memory.clock import format_utc
from memory.curated import NewEntry
from memory.daily_log import DailyLog
from memory.dedupe import Thresholds, differs_in_specifics
from memory.files import atomic_write
from memory.hygiene import check_texts, normalise
from memory.longterm import LongTermMemory
from memory.records import Record
from memory.state import DistillState, load_state
from memory.supersede import replaced
from memory.trust import addresses_assistant, is_untrusted_source

__all__ = ["DistillReport", "Promotion", "distill"]

NEVER_PROMOTED = {"session-summary", "skill-activation", "task"}
MEMORY_KINDS = {
    "fact",
    "decision",
    "preference",
    "lesson",
    "pitfall",
    "policy",
    "identity",
    "convention",
}
Classify = Callable[[str], tuple[str, str]]  # text -> (layer, kind)
Vectors = Callable[[Sequence[Record]], np.ndarray]


@dataclass
class Promotion:
    text: str
    kind: str
    source: str  # memory/YYYY-MM-DD.md#Lnn
    daily_id: str
    reason: str
    status: str = "written"  # written, confirmed, similar (outdated ones are not promoted)
    memory_id: str | None = None
    similar_to: list[str] = field(default_factory=list)


@dataclass
class DistillReport:
    dry_run: bool
    days: list[str] = field(default_factory=list)
    scanned: int = 0
    promotions: list[Promotion] = field(default_factory=list)
    skipped: dict[str, int] = field(default_factory=lambda: defaultdict(int))
    problems: list[str] = field(default_factory=list)

    @property
    def written(self) -> list[Promotion]:
        return [p for p in self.promotions if p.status in {"written", "similar"}]

    def diff(self) -> str:
        lines = []
        for p in self.promotions:
            if p.status == "confirmed":
                lines.append(f"~ confirm {p.memory_id}: {p.text}  ({p.source})")
            else:
                tail = f"  [similar to {', '.join(p.similar_to)}]" if p.similar_to else ""
                lines.append(f"+ [{p.kind}] {p.text}  ({p.source}){tail}")
        return "\n".join(lines)

    def to_json(self) -> dict[str, Any]:
        return {
            "dry_run": self.dry_run,
            "days": self.days,
            "scanned": self.scanned,
            "promotions": [asdict(p) for p in self.promotions],
            "skipped": dict(self.skipped),
            "problems": self.problems,
        }


class Checkpoint:
    """Which days are distilled and which daily entries were promoted (state, not index)."""

    def __init__(self, state_dir: Path) -> None:
        self.path = state_dir / "distill.json"

    def load(self) -> dict[str, Any]:
        """The checkpoint; a corrupt one is moved aside and distillation starts over (it is
        idempotent: promoted facts are found again and confirmed, not duplicated)."""
        return load_state(self.path, DistillState).model_dump(mode="json")

    def save(self, data: dict[str, Any]) -> None:
        atomic_write(self.path, json.dumps(data, indent=1, sort_keys=True))


# Said for the moment ("for now, let's only talk about the printer", "de momento usa el
# puerto 32400"): a one-shot command keeps such a line in the log; it is never a lasting fact.
_FOR_NOW = re.compile(
    r"\b(?:for now|for the moment|for the time being|temporarily|for this (?:chat|session|"
    r"conversation|thread)|de momento|por ahora|por el momento|temporalmente|"
    r"para esta (?:conversaci[oó]n|sesi[oó]n|charla))\b",
    re.IGNORECASE,
)


def _candidates(
    records: Sequence[Record],
    classify: Classify,
    used: dict[str, int],
    report: DistillReport,
) -> list[Promotion]:
    out: list[Promotion] = []
    for record in records:
        if untrusted(record):
            report.skipped["untrusted"] += 1
            continue
        if record.kind in NEVER_PROMOTED:
            report.skipped[record.kind] += 1
            continue
        text = record.body.split("\n")[0].strip()
        if addresses_assistant(record.body):
            report.skipped["instruction to the assistant"] += 1
            continue
        if _FOR_NOW.search(text):  # said for the moment, kept in the log so it is not lost
            report.skipped["said for now"] += 1
            continue
        layer, kind = classify(text)
        if layer == "memory" and kind in MEMORY_KINDS:
            reason = f"durable {kind}"
        elif used.get(record.id, 0) >= 2:
            kind, reason = "fact", "searches keep using it"
        else:
            report.skipped["not durable"] += 1
            continue
        out.append(Promotion(text, kind, record.citation, record.id, reason))
    return out


def untrusted(record: Record) -> bool:
    """Marked ``trust=untrusted``, or from a source that is (matched in any case)."""
    return record.trust == "untrusted" or is_untrusted_source(record.src)


def distill(
    *,
    daily: DailyLog,
    memory: LongTermMemory,
    state_dir: Path,
    classify: Classify,
    vectors: Vectors,
    used: dict[str, int] | None = None,
    since: date | None = None,
    until: date | None = None,
    include_today: bool = False,
    dry_run: bool = False,
    thresholds: Thresholds | None = None,
    max_bytes: int = 4096,
    progress: Callable[[int, int], None] | None = None,
    rewrite: Callable[[str], str | None] | None = None,
) -> DistillReport:
    """``rewrite`` (model-assisted consolidation, optional) may reword a candidate; its
    output passes the same secret check, and None keeps the extractive text."""
    report = DistillReport(dry_run)
    checkpoint = Checkpoint(state_dir)
    state = checkpoint.load()
    done_days: set[str] = set(state.get("days", []))
    promoted: dict[str, str] = dict(state.get("promoted", {}))
    today = daily.today()
    last = until or (today if include_today else today - timedelta(days=1))
    files = daily.files()
    days = [
        d
        for d in files
        if d <= last
        and (since is None or d >= since)
        and (since is not None or d.isoformat() not in done_days)
    ]
    if any(d > today for d in files):
        report.problems += [
            f"{d.isoformat()}: a log dated in the future was skipped" for d in files if d > today
        ]
    by_day = {d: daily.read_path(d, files[d]) for d in days}
    limits = thresholds or Thresholds()
    seen_texts: set[str] = set()
    for n, day in enumerate(days, start=1):
        fresh = [r for r in by_day[day] if r.id not in promoted]
        report.scanned += len(by_day[day])
        candidates = _candidates(fresh, classify, used or {}, report)
        if rewrite is not None:
            for cand in candidates:
                better = rewrite(cand.text)
                # A rewording that trips the guard is dropped; the checked original stays.
                if (
                    better
                    and check_texts([better], max_bytes)[0] is None
                    and not addresses_assistant(better)
                ):
                    cand.text = better
        candidates = [c for c in candidates if normalise(c.text) not in seen_texts]
        seen_texts.update(normalise(c.text) for c in candidates)
        secrets = check_texts([c.text for c in candidates], max_bytes)
        report.skipped["refused by the guard"] += sum(p is not None for p in secrets)
        candidates = [c for c, p in zip(candidates, secrets, strict=True) if p is None]
        if candidates:
            _dedupe(candidates, memory, vectors, by_day[day], limits)
            outdated = [c for c in candidates if c.status == "outdated"]
            report.skipped["a newer entry replaces it"] += len(outdated)
            candidates = [c for c in candidates if c.status != "outdated"]
            if not dry_run:
                _apply(candidates, memory, promoted)
        report.promotions += candidates
        report.days.append(day.isoformat())
        if not dry_run:
            done_days.add(day.isoformat())
            checkpoint.save(
                {
                    "days": sorted(done_days),
                    "promoted": promoted,
                    "last_run": format_utc(daily.clock.now()),
                }
            )
        if progress:
            progress(n, len(days))
    return report


def _dedupe(
    candidates: list[Promotion],
    memory: LongTermMemory,
    vectors: Vectors,
    day_records: Sequence[Record],
    limits: Thresholds,
) -> None:
    active = [r for r in memory.records() if r.active]
    by_id = {r.id: r for r in day_records}
    cand_vecs = vectors([by_id[c.daily_id] for c in candidates])
    mem_vecs = vectors(active) if active else np.zeros((0, cand_vecs.shape[1]))
    for cand, vec in zip(candidates, cand_vecs, strict=True):
        if not len(active):
            continue
        scores = mem_vecs @ vec
        best = int(np.argmax(scores))
        if scores[best] >= limits.confirm and not differs_in_specifics(
            cand.text, active[best].text
        ):
            cand.status, cand.memory_id = "confirmed", active[best].id
        elif newer := _newer_value(cand, by_id[cand.daily_id], active, scores, limits):
            # "booked the confocal on Thursdays" (Monday's log) after "the confocal booking
            # is now on Fridays" (a fact of Wednesday): promoting it would bring back the
            # old value beside the new one.
            cand.status, cand.memory_id = "outdated", newer
        else:
            close = [active[i].id for i in np.argsort(-scores)[:3] if scores[i] >= limits.similar]
            if close:
                cand.status, cand.similar_to = "similar", close


_FROM_LOG = re.compile(r"^memory/(\d{4}-\d{2}-\d{2})\.md#")


def _said_after(entry: Record, line: Record) -> bool:
    """Whether ``entry`` was said after the log ``line``: a promoted entry was said on the
    day of the log line it came from, not when it was promoted."""
    if line.at is None:
        return False
    origin = _FROM_LOG.match(entry.src or "")
    if origin:
        return date.fromisoformat(origin.group(1)) > line.at.date()
    return entry.at is not None and entry.at > line.at


def _newer_value(
    cand: Promotion,
    line: Record,
    active: Sequence[Record],
    scores: np.ndarray,
    limits: Thresholds,
) -> str | None:
    """The id of an entry written after the log line that gives its subject a new value."""
    for index in np.argsort(-scores)[:3]:
        entry = active[int(index)]
        if not _said_after(entry, line):
            continue
        if replaced(entry.text, [(cand.daily_id, cand.text)], [float(scores[index])], limits):
            return entry.id
    return None


def _apply(candidates: list[Promotion], memory: LongTermMemory, promoted: dict[str, str]) -> None:
    news = [c for c in candidates if c.status != "confirmed"]
    for cand in candidates:
        if cand.status == "confirmed" and cand.memory_id:
            memory.confirm(cand.memory_id)
            promoted[cand.daily_id] = cand.memory_id
    if not news:
        return
    items = [NewEntry(c.text, c.kind, c.source, extra={"from": c.daily_id}) for c in news]
    for cand, written in zip(news, memory.add(items), strict=True):
        cand.memory_id = written.record.id
        if written.status == "confirmed":
            cand.status = "confirmed"
        promoted[cand.daily_id] = written.record.id
