"""How well a request fits a skill that has no trigger phrases, by its description.

Published skills are matched on what they say they do: the ``description``, the name and
the body's first heading, and (at lower weight) the body itself. Two signals are added:

- **meaning**: the best cosine between the request and the description, each of its
  sentences, the name and the heading, plus half the best cosine with a passage of the
  body (a paragraph or list item: bodies name the tools, formats and errors a user types);
- **words**: the request's content words found in the skill's text, weighted by how few
  skills use them (an IDF over the installed skills); the body's words count at half
  weight. Words meet by stem or prefix (``skills.language``).

Either side in Spanish is glossed first (``skills.language.gloss``), so a Spanish request
meets an English description and an English request a Spanish one. A Spanish request is
also read by a multilingual model (``multilingual``, loaded on the first such request):
``MULTILINGUAL_WEIGHT`` times its best cosine with the description, its sentences, the
name and the heading, as written, is added — the gloss knows a few hundred words, the
model the whole language. English requests do not load it.

The sum is compared with a threshold calibrated on labelled requests
(``benchmarks/skill_triggers.py --calibrate``).
"""

from __future__ import annotations

import math
import re
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from skills.intent import ACTION_VERBS
from skills.language import content_words, gloss, is_spanish, leans_spanish, word_keys
from skills.model import Skill

__all__ = [
    "DescriptionScorer",
    "Signals",
    "body_passages",
    "profile_texts",
    "reads_across_languages",
    "what_it_does",
    "written_texts",
]

WORD_WEIGHT = 0.3  # description, name and heading words
BODY_WORD_WEIGHT = 0.15  # the same words plus the body's
BODY_MEANING_WEIGHT = 0.5  # the best body passage's cosine
MULTILINGUAL_WEIGHT = 2.0  # the multilingual model's best cosine, for Spanish requests
GATE = (0.05, 0.2)  # words count not at all below this cosine, fully from 0.25 up
_SENTENCE = re.compile(r"(?<=[.;])\s+|\s+—\s+")
_EXCLUSION = re.compile(
    r"(?:not for|not meant|not to be used|does not|doesn't|do not use|don't use|never use|"
    r"no es para|no sirve para|no (?:la|lo) uses|no usar)\b",
    re.IGNORECASE,
)
_PASSAGE = re.compile(r"\n\s*\n|\n(?=\s*(?:[-*+]|\d+[.)])\s)|\n(?=#)")
PASSAGE_CHARS = 300  # a passage is cut here: the model reads about 256 word pieces
MAX_PASSAGES = 4  # per skill, in order: the opening of a body says what the skill does


def what_it_does(skill: Skill) -> str:
    """The description without the sentences that say what the skill is *not* for ("Not
    for joining PDF pages", "Does not fill form fields"): their words are not evidence."""
    description = " ".join(skill.meta.description.split())
    kept = [s for s in _SENTENCE.split(description) if not _EXCLUSION.match(s.strip())]
    return " ".join(kept).strip() or description


def profile_texts(skill: Skill) -> list[str]:
    """What a skill is matched on by meaning: what it does, each sentence of that, name,
    heading (glossed when Spanish)."""
    description = what_it_does(skill)
    names = {skill.name.replace("-", " "), skill.meta.name.replace("-", " ").lower()}
    parts = [description, *(s for s in _SENTENCE.split(description) if len(s) > 3)]
    parts += sorted(names) + ([skill.heading] if skill.heading else [])
    return list(dict.fromkeys(gloss(p.strip()) for p in parts if p.strip()))


def written_texts(skill: Skill) -> list[str]:
    """What the multilingual model reads of a skill: the description without what it is
    not for, each of its sentences, the name and the heading, as written (not glossed)."""
    description = what_it_does(skill)
    parts = [description, *(s for s in _SENTENCE.split(description) if len(s) > 3)]
    parts += [skill.name.replace("-", " ")] + ([skill.heading] if skill.heading else [])
    return list(dict.fromkeys(p.strip() for p in parts if p.strip()))


def body_passages(skill: Skill) -> list[str]:
    """The body's paragraphs and list items, without Markdown marks, glossed when Spanish."""
    out: list[str] = []
    for part in _PASSAGE.split(skill.body):
        text = " ".join(part.split()).strip("#-*+ ")
        if len(text) > 15:
            out.append(gloss(text[:PASSAGE_CHARS]))
    return list(dict.fromkeys(out))[:MAX_PASSAGES]


class _WordScorer:
    """Words shared by a request and each document, weighted by IDF (an inverted index:
    the time grows with the matches, not with the number of skills)."""

    def __init__(self, documents: Sequence[str]) -> None:
        docs = [{k for w in content_words(d) for k in word_keys(w)} for d in documents]
        self.size = len(docs)
        counts = Counter(k for doc in docs for k in doc)
        self.idf = {k: math.log(1 + self.size / n) for k, n in counts.items()}
        self.postings: dict[str, list[int]] = {}
        for index, doc in enumerate(docs):
            for key in doc:
                self.postings.setdefault(key, []).append(index)

    def score(self, words: dict[str, frozenset[str]]) -> tuple[np.ndarray, list[list[str]]]:
        """``words``: each request word with its keys (stems, prefix). Per document, the
        sum over the request's words of the best IDF among the keys it shares."""
        out = np.zeros(self.size)
        found: list[list[str]] = [[] for _ in range(self.size)]
        for word, keys in words.items():
            best: dict[int, float] = {}
            for key in keys:
                idf = self.idf.get(key)
                if idf is None:
                    continue
                for index in self.postings[key]:
                    if idf > best.get(index, 0.0):
                        best[index] = idf
            for index, idf in best.items():
                out[index] += idf
                found[index].append(word)
        return out / math.sqrt(len(words) + 1), found


@dataclass(frozen=True, slots=True)
class Signals:
    """What a request shares with each skill (arrays in the skills' order), and the
    request's own vectors: what the relevance score and the learned activation read."""

    meaning: np.ndarray  # best cosine with the description, its sentences, name, heading
    passage: np.ndarray  # best cosine with a body passage (0 at worst)
    lexical: np.ndarray  # shared words of description, name and heading (IDF)
    body: np.ndarray  # shared words, the body's included
    across: np.ndarray | None  # multilingual: best cosine with the written texts
    across_passage: np.ndarray | None  # multilingual: best cosine with a body passage
    found: list[list[str]]  # the request's words found in each skill's head
    action: np.ndarray  # the request's action verbs found in each skill's head (IDF)
    actions: int  # how many action verbs the request has
    vector: np.ndarray | None  # the (glossed) request's MiniLM vector
    written_vector: np.ndarray | None  # the request's multilingual vector, as written
    spanish: np.ndarray | None = None  # per skill: its description is written in Spanish
    # per skill: the MiniLM vector of what its description says it does (rows)
    descriptions: np.ndarray | None = None


def reads_across_languages(request: str) -> bool:
    """Whether a request is read by the multilingual model too: it is Spanish, or leans
    Spanish (mostly numbers and names around a few Spanish words)."""
    return is_spanish(request) or leans_spanish(request)


class DescriptionScorer:
    """Scores a request against every skill by description (meaning + words).

    ``multilingual``: returns the multilingual embedder (or None); called on the first
    request that needs it, so English-only use never loads the model."""

    def __init__(
        self,
        skills: Sequence[Skill],
        embedder: Any,
        multilingual: Callable[[], Any] | None = None,
    ) -> None:
        self.skills = list(skills)
        self.embedder = embedder
        self.multilingual = multilingual
        self._written = [(i, t) for i, s in enumerate(self.skills) for t in written_texts(s)]
        self._written_vectors: tuple[Any, np.ndarray] | None = None
        heads = [
            gloss(f"{s.name.replace('-', ' ')} {s.meta.name} {s.heading} {what_it_does(s)}")
            for s in self.skills
        ]
        self.words = _WordScorer(heads)
        self.body_words = _WordScorer(
            [f"{h} {gloss(s.body)}" for h, s in zip(heads, self.skills, strict=True)]
        )
        self._texts = [(i, t) for i, s in enumerate(self.skills) for t in profile_texts(s)]
        self._passages = [(i, t) for i, s in enumerate(self.skills) for t in body_passages(s)]
        self._owners = (
            np.array([i for i, _ in self._texts], dtype=int),
            np.array([i for i, _ in self._passages], dtype=int),
        )
        self._vectors: tuple[np.ndarray, np.ndarray] | None = None
        self.spanish = np.array([is_spanish(s.meta.description) for s in self.skills], dtype=float)

    def _matrices(self) -> tuple[np.ndarray, np.ndarray]:
        """Vectors of the profile texts and of the body passages (computed once)."""
        if self._vectors is None:
            texts = [t for _, t in self._texts] + [t for _, t in self._passages]
            vectors = self.embedder.embed(texts) if texts else np.zeros((0, 1))
            self._vectors = (vectors[: len(self._texts)], vectors[len(self._texts) :])
        return self._vectors

    def descriptions(self) -> np.ndarray:
        """Per skill, the vector of what its description says it does: the first of its
        profile texts (``profile_texts``)."""
        owners = self._owners[0]
        starts = np.flatnonzero(np.r_[True, owners[1:] != owners[:-1]])
        return self._matrices()[0][starts]

    def crosses(self, request: str) -> bool:
        """Whether ``request`` is scored with the multilingual model (after ``totals``)."""
        return self._written_vectors is not None and reads_across_languages(request)

    def _across(self, request: str) -> tuple[np.ndarray, np.ndarray, np.ndarray] | None:
        """Per skill, the multilingual model's best cosine with its written texts and with
        its body passages, and the request's vector (None when the request is not read
        across languages or no model is available)."""
        if self.multilingual is None or not self._written or not reads_across_languages(request):
            return None
        if self._written_vectors is None:
            model = self.multilingual()
            if model is None:
                self.multilingual = None
                return None
            texts = [t for _, t in self._written] + [t for _, t in self._passages]
            self._written_vectors = (model, model.embed(texts))
        model, vectors = self._written_vectors
        vector = model.embed([request])[0]
        cosines = vectors @ vector
        written = len(self._written)
        owners = np.array([i for i, _ in self._written], dtype=int)
        return (
            self._best(owners, cosines[:written]),
            np.maximum(self._best(self._owners[1], cosines[written:]), 0.0),
            vector,
        )

    def _best(self, owners: np.ndarray, cosines: np.ndarray) -> np.ndarray:
        """Per skill, the best of its texts' cosines (-1 for a skill without texts).
        ``owners`` is non-decreasing: each skill's texts are listed together."""
        best = np.full(len(self.skills), -1.0)
        if len(owners):
            starts = np.flatnonzero(np.r_[True, owners[1:] != owners[:-1]])
            best[owners[starts]] = np.maximum.reduceat(cosines, starts)
        return best

    def signals(self, request: str, embed: Callable[[str], np.ndarray] | None = None) -> Signals:
        """What ``request`` shares with each skill. ``embed`` may serve the request's
        vector from a cache."""
        across = self._across(request)
        request = gloss(request, reads_across_languages(request))
        words = {w: word_keys(w) for w in sorted(set(content_words(request)))}
        lexical, found = self.words.score(words)
        body, _ = self.body_words.score(words)
        verbs = {w: k for w, k in words.items() if w in ACTION_VERBS}
        action = self.words.score(verbs)[0] if verbs else np.zeros(len(self.skills))
        meaning = np.zeros(len(self.skills))
        passage = np.zeros(len(self.skills))
        vector = None
        if self.embedder is not None and self._texts:
            vector = embed(request) if embed else self.embedder.embed([request])[0]
            texts, passages = self._matrices()
            meaning = self._best(self._owners[0], texts @ vector)
            passage = np.maximum(self._best(self._owners[1], passages @ vector), 0.0)
        return Signals(
            meaning,
            passage,
            lexical,
            body,
            None if across is None else across[0],
            None if across is None else across[1],
            found,
            action,
            len(verbs),
            vector,
            None if across is None else across[2],
            self.spanish,
            None if vector is None else self.descriptions(),
        )

    def totals(
        self, request: str, embed: Callable[[str], np.ndarray] | None = None
    ) -> tuple[np.ndarray, Callable[[int], str]]:
        """The score of each skill, in the order given, and ``why(index)``, which says
        what made a skill's score. ``embed`` may serve the request's vector from a cache."""
        signals = self.signals(request, embed)
        return self.total(signals), lambda index: explain(signals, index)

    def total(self, signals: Signals) -> np.ndarray:
        """The hand-weighted sum of the signals (used without the learned activation)."""
        related = np.ones(len(self.skills))  # without a model, words alone
        if signals.vector is not None:
            # Shared words count as far as the meaning is related: "remove the last page"
            # shares 'remove' and 'last' with a changelog skill and means nothing like it.
            best = np.maximum(signals.meaning, signals.passage)
            related = np.clip((best - GATE[0]) / GATE[1], 0.0, 1.0)
        total = (
            signals.meaning
            + BODY_MEANING_WEIGHT * signals.passage
            + related * (WORD_WEIGHT * signals.lexical + BODY_WORD_WEIGHT * signals.body)
        )
        if signals.across is not None:
            total = total + MULTILINGUAL_WEIGHT * signals.across
        return total

    def scores(
        self, request: str, embed: Callable[[str], np.ndarray] | None = None
    ) -> list[tuple[float, str]]:
        """(score, why) for each skill, in the order given."""
        total, why = self.totals(request, embed)
        return [(float(score), why(index)) for index, score in enumerate(total)]


def explain(signals: Signals, index: int) -> str:
    """What made skill ``index``'s score: meanings and the shared words."""
    shown = ", ".join(f"'{w}'" for w in signals.found[index][:4]) or "none"
    crossed = "" if signals.across is None else f", across languages {signals.across[index]:.2f}"
    return (
        f"meaning {signals.meaning[index]:.2f}{crossed}, body {signals.passage[index]:.2f}, "
        f"words {shown}"
    )
