"""What the workspace already knows about its projects, as evidence for routing a note.

A note often names neither its project nor any word of the folder's name: "Ice Age 50k is
May 10, that's the goal race" belongs to ``ultra-training`` only because the project's notes
already speak of the Ice Age 50k. The words a statement shares with one project's notes,
and with nothing else the workspace holds (MEMORY.md, the other projects' notes), point at
that project. Words every store shares ("backup", "server") point nowhere; so do words of
MEMORY.md. Words are compared folded and cut to five letters (``memory.dedupe``), so the
evidence is the same in English and Spanish and for names, models and numbers ("DS220",
"50k", "Tiendanube").
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from memory.dedupe import content_words

__all__ = ["Leaning", "WorkspaceEvidence"]

# At least this many words shared with one project's notes alone, and more than with
# MEMORY.md alone: one shared word ("the van", "la web") is too little to move a fact.
SHARED = 2
MEMORY = "\0memory"  # MEMORY.md's words, kept beside the projects'


@dataclass(frozen=True, slots=True)
class Leaning:
    project: str
    words: tuple[str, ...]  # the shared words, as the statement writes them


class WorkspaceEvidence:
    """The words of each project's notes (and of statements filed under it this session)
    and of MEMORY.md; ``leaning`` says which project a statement's own words point at."""

    def __init__(
        self, notes: Mapping[str, Iterable[str]] | None = None, memory: Iterable[str] = ()
    ) -> None:
        self._words: dict[str, set[str]] = {}
        self._stores: dict[str, int] = {}  # how many stores hold each word
        for project, texts in (notes or {}).items():
            for text in texts:
                self.heard(project, text)
        for text in memory:
            self.heard(MEMORY, text)

    def heard(self, project: str, text: str) -> None:
        """A note filed under ``project`` (or MEMORY.md: ``MEMORY``)."""
        known = self._words.setdefault(project, set())
        for term in _terms(text) - known:
            known.add(term)
            self._stores[term] = self._stores.get(term, 0) + 1

    def leaning(self, text: str) -> Leaning | None:
        """The one project whose notes alone share at least ``SHARED`` of the statement's
        words, more than MEMORY.md alone does; None when the evidence is thin or split."""
        terms = _terms(text)
        if not terms or not any(p != MEMORY for p in self._words):
            return None
        alone = {t for t in terms if self._stores.get(t) == 1}  # one store holds it
        own = {store: alone & known for store, known in self._words.items()}
        memory = len(own.pop(MEMORY, set()))
        ranked = sorted(own.items(), key=lambda item: -len(item[1]))
        if not ranked or len(ranked[0][1]) < max(SHARED, memory + 1):
            return None
        if len(ranked) > 1 and len(ranked[1][1]) == len(ranked[0][1]):
            return None
        project, shared = ranked[0]
        return Leaning(project, _as_written(text, shared))


def _terms(text: str) -> set[str]:
    """Content words of three letters or more (a bare "15" or "ok" says little)."""
    return {w for w in content_words(text) if len(w) >= 3}


def _as_written(text: str, shared: set[str]) -> tuple[str, ...]:
    """The statement's words behind ``shared``, as it spells them, in its order."""
    found = []
    for word in text.split():
        bare = word.strip(".,;:!?¿¡()\"'«»")
        if bare and content_words(bare) & shared:
            found.append(bare)
    return tuple(dict.fromkeys(found))
