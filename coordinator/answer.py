"""Answers from memory. Offline, the answer is the best snippets themselves, each cited."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from memory.search.service import Hit

__all__ = ["Answer", "answer_offline"]


@dataclass
class Answer:
    question: str
    text: str
    hits: list[Hit] = field(default_factory=list)

    def to_json(self) -> dict[str, Any]:
        return {
            "question": self.question,
            "answer": self.text,
            "citations": [h.citation for h in self.hits],
            "hits": [h.to_json() for h in self.hits],
        }


RELATIVE_FLOOR = 0.35  # a snippet scoring under this share of the best one is noise


def answer_offline(question: str, hits: list[Hit]) -> Answer:
    if hits:
        best = hits[0].score
        hits = [h for h in hits if best <= 0 or h.score >= RELATIVE_FLOOR * best]
    if not hits:
        return Answer(question, "I have nothing in memory about that.", [])
    lines = ["From memory (best matches first):"]
    for hit in hits:
        when = f"{hit.date}, " if hit.date and hit.layer == "daily" else ""
        lines.append(f"- {hit.text} ({when}{hit.citation})")
    return Answer(question, "\n".join(lines), hits)
