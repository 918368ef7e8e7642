"""The receipt of one write (docs/contracts.md §4) and the import report."""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import TYPE_CHECKING, Any, Literal

if TYPE_CHECKING:
    from memory.records import Record

__all__ = ["ImportReport", "Receipt", "Status"]

Status = Literal[
    "written", "confirmed", "similar", "superseded", "quarantined", "refused", "not_stored"
]


@dataclass(frozen=True, slots=True)
class Receipt:
    status: Status
    layer: str | None
    kind: str | None
    id: str | None
    path: str | None
    line: int | None
    citation: str | None
    reason: str
    similar_to: list[str] = field(default_factory=list)
    supersedes: dict[str, str] | None = None  # {"id", "text"} of the entry replaced

    @classmethod
    def from_record(cls, record: Record, status: Status, reason: str) -> Receipt:
        return cls(
            status,
            record.layer,
            record.kind,
            record.id,
            record.path,
            record.line_start,
            record.citation,
            reason,
        )

    @property
    def ok(self) -> bool:
        return self.status not in {"refused", "not_stored"}

    def to_json(self) -> dict[str, Any]:
        data = asdict(self)
        if data["supersedes"] is None:
            del data["supersedes"]  # present only on a "superseded" receipt
        return data


@dataclass(frozen=True, slots=True)
class ImportReport:
    written: int
    refused: int
    confirmed: int
    refusals: list[dict[str, Any]]
    quarantined: int = 0  # untrusted items kept in the daily log, marked trust=untrusted
    already_present: int = 0  # items imported before (same id and text): not written again

    def to_json(self) -> dict[str, Any]:
        return asdict(self)
