"""A fact said again, or changed, in the other language.

MiniLM (the search model) is English: "ahora la impresora de etiquetas está en 192.168.5.31"
scores 0.31 with "The label printer is a Brother QL-820NWB at 192.168.5.20." and is never
weighed as its update; "El NAS está en 10.0.0.5" is written beside "The NAS is at 10.0.0.5"
as a second entry. For the entries written in the other language than the statement, the
multilingual model (Universal Sentence Encoder, English and Spanish in one space) gives the
closeness instead: 0.65 for the printer's change, 0.95 for the NAS said again, 0.04 for an
unrelated fact. The same judges then decide as within one language: the supersede model
for a change (``coordinator.change_judge``), and for a repeat a closeness of
``SAME_ACROSS`` or more with the same numbers, names and negation.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from coordinator.crosslang import spanish_in
from memory.dedupe import differs_in_specifics

if TYPE_CHECKING:
    from coordinator.services import Services

__all__ = ["SAME_ACROSS", "closeness", "other_language", "repeated_across"]

# A fact and its translation scored 0.84–0.91 ("The oscilloscope is a Rigol DS1054Z and it
# sits on bench 1." / "El osciloscopio es un Rigol DS1054Z y está en el banco 1." 0.84), two
# facts about one subject at most 0.77 ("My sister lives in Seville." / "Mi hermana trabaja
# en Sevilla."), on twelve pairs written for the purpose; some translations score lower
# ("… on Mondays." / "… los lunes." 0.71) and are left as two entries.
SAME_ACROSS = 0.80


def other_language(text: str, candidates: list[tuple[str, str]]) -> list[tuple[str, str]]:
    """The candidates written in the other language than ``text`` (English / Spanish)."""
    spanish = spanish_in([text])
    return [(i, t) for i, t in candidates if spanish_in([t]) != spanish]


def closeness(services: Services, text: str, others: list[tuple[str, str]]) -> list[float]:
    """The multilingual model's closeness of ``text`` to each of ``others`` (none without it)."""
    if not others:
        return []
    vectors = services.across_vectors([t for _, t in others])
    query = services.across_vectors([text], keep=False)
    if vectors is None or query is None:
        return []
    return [float(x) for x in vectors @ query[0]]


def repeated_across(
    services: Services, text: str, candidates: list[tuple[str, str]]
) -> tuple[str, float] | None:
    """(id, closeness) of the other-language entry ``text`` says again, or None."""
    others = other_language(text, candidates)
    scores = closeness(services, text, others)
    if not scores:
        return None
    best = max(range(len(scores)), key=lambda i: scores[i])
    entry_id, old = others[best]
    if scores[best] >= SAME_ACROSS and not differs_in_specifics(old, text):
        return entry_id, scores[best]
    return None
