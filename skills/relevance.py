"""How well a request fits a skill that has no trigger phrases, by its description.

Published skills are matched on what they say they do: the ``description``, the name and
the body's first heading. Two signals are added:

- **meaning**: the best cosine between the request and the description, each of its
  sentences, the name and the heading (the embedder's vectors);
- **words**: the request's content words found in the skill's text, weighted by how few
  skills use them (an IDF over the installed skills). Words are folded (case, accents),
  English and Spanish stop words are dropped, and a word matches by its English or
  Spanish Snowball stem or its first five letters, so "certificado" meets "certificate"
  and "seperate" meets "separate". The words of the body count at half weight.

A Spanish request is first glossed: the English of common office, computing and lab words
(``skills/data/glossary_es_en.txt``) is appended, since the embedding model reads English.

The sum is compared with a threshold calibrated on labelled requests
(``benchmarks/skill_triggers.py --calibrate``).
"""

from __future__ import annotations

import math
import re
import unicodedata
from collections import Counter
from collections.abc import Callable, Sequence
from functools import lru_cache
from typing import Any

import numpy as np

from memory.search.lexical import STOPWORDS
from skills.model import Skill

__all__ = ["DescriptionScorer", "content_words", "gloss", "profile_texts"]

WORD_WEIGHT = 0.3  # description, name and heading words
BODY_WORD_WEIGHT = 0.15  # the same words plus the body's
_SPANISH_STOPWORDS = frozenset(
    """a al algo alguna algunas alguno algunos ante antes aqui asi aun bajo bien cada casi
    como con contra cual cuales cuando de del desde donde dos el ella ellas ello ellos en
    entre era eran es esa esas ese eso esos esta estaba estado estan estar este esto estos
    estoy fue fueron ha habia han hasta hay la las le les lo los mas me mi mis mucho muy nada
    ni no nos nosotros o os otra otro para pero poco por porque que quien se sea segun ser si
    sin sobre solo son su sus tambien te tengo tiene tienen todo todos tu tus un una uno unos
    y ya yo quiero necesito puedes hazme dame ponle favor hacer haz""".split()
)
_REQUEST_WORDS = frozenset("pls plz please can could need want like help".split())
_STOP = STOPWORDS | _SPANISH_STOPWORDS | _REQUEST_WORDS
_WORD = re.compile(r"[a-z0-9]+")
_SENTENCE = re.compile(r"(?<=[.;])\s+|\s+—\s+")


def _fold(text: str) -> str:
    decomposed = unicodedata.normalize("NFKD", text.lower())
    return "".join(c for c in decomposed if not unicodedata.combining(c))


def content_words(text: str) -> list[str]:
    """Folded words of ``text`` without English or Spanish stop words."""
    return [w for w in _WORD.findall(_fold(text)) if len(w) > 1 and w not in _STOP]


@lru_cache(maxsize=1)
def _stemmers() -> tuple[Any, Any]:
    import Stemmer

    return Stemmer.Stemmer("english"), Stemmer.Stemmer("spanish")


def _keys(word: str) -> set[str]:
    english, spanish = _stemmers()
    return {english.stemWord(word), spanish.stemWord(word), word[:5]}


@lru_cache(maxsize=1)
def _glossary() -> dict[str, str]:
    from importlib import resources

    text = resources.files("skills").joinpath("data/glossary_es_en.txt").read_text("utf-8")
    pairs = (line.split(" ", 1) for line in text.splitlines() if line and line[0] != "#")
    return {spanish: english.strip() for spanish, english in pairs}


def gloss(text: str) -> str:
    """``text`` with the English of the Spanish words it contains appended."""
    known = _glossary()
    extra = [known[w] for w in dict.fromkeys(_WORD.findall(_fold(text))) if w in known]
    return f"{text} ({' '.join(extra)})" if extra else text


def profile_texts(skill: Skill) -> list[str]:
    """What a skill is matched on by meaning: description, its sentences, name, heading."""
    description = " ".join(skill.meta.description.split())
    names = {skill.name.replace("-", " "), skill.meta.name.replace("-", " ").lower()}
    parts = [description, *(s for s in _SENTENCE.split(description) if len(s) > 3)]
    parts += sorted(names) + ([skill.heading] if skill.heading else [])
    return list(dict.fromkeys(p.strip() for p in parts if p.strip()))


class _WordScorer:
    def __init__(self, documents: Sequence[str]) -> None:
        self.docs = [{k for w in content_words(d) for k in _keys(w)} for d in documents]
        counts = Counter(k for doc in self.docs for k in doc)
        self.idf = {k: math.log(1 + len(self.docs) / n) for k, n in counts.items()}

    def score(self, words: dict[str, set[str]]) -> tuple[np.ndarray, list[list[str]]]:
        """``words``: each request word with its keys (stems, prefix)."""
        out = np.zeros(len(self.docs))
        found: list[list[str]] = [[] for _ in self.docs]
        for index, doc in enumerate(self.docs):
            total = 0.0
            for word, keys in words.items():
                shared = keys & doc
                if shared:
                    total += max(self.idf[k] for k in shared)
                    found[index].append(word)
            out[index] = total / math.sqrt(len(words) + 1)
        return out, found


class DescriptionScorer:
    """Scores a request against every skill by description (meaning + words)."""

    def __init__(self, skills: Sequence[Skill], embedder: Any) -> None:
        self.skills = list(skills)
        self.embedder = embedder
        heads = [
            f"{s.name.replace('-', ' ')} {s.meta.name} {s.heading} {s.meta.description}"
            for s in self.skills
        ]
        self.words = _WordScorer(heads)
        self.body_words = _WordScorer(
            [f"{h} {s.body}" for h, s in zip(heads, self.skills, strict=True)]
        )
        self._texts: list[tuple[int, str]] = [
            (i, t) for i, s in enumerate(self.skills) for t in profile_texts(s)
        ]
        self._vectors: np.ndarray | None = None

    def _matrix(self) -> np.ndarray:
        if self._vectors is None:
            texts = [t for _, t in self._texts]
            self._vectors = self.embedder.embed(texts) if texts else np.zeros((0, 1))
        return self._vectors

    def scores(
        self, request: str, embed: Callable[[str], np.ndarray] | None = None
    ) -> list[tuple[float, str]]:
        """(score, why) for each skill, in the order given. ``embed`` may serve the
        request's vector from a cache."""
        request = gloss(request)
        words = {w: _keys(w) for w in sorted(set(content_words(request)))}
        lexical, found = self.words.score(words)
        body, _ = self.body_words.score(words)
        meaning = np.zeros(len(self.skills))
        if self.embedder is not None and self._texts:
            vector = embed(request) if embed else self.embedder.embed([request])[0]
            cosines = self._matrix() @ vector
            meaning = np.full(len(self.skills), -1.0)
            for (index, _), cos in zip(self._texts, cosines, strict=True):
                meaning[index] = max(meaning[index], float(cos))
        total = meaning + WORD_WEIGHT * lexical + BODY_WORD_WEIGHT * body
        out: list[tuple[float, str]] = []
        for index in range(len(self.skills)):
            shown = ", ".join(f"'{w}'" for w in found[index][:4]) or "none"
            why = f"meaning {meaning[index]:.2f}, words {shown}"
            out.append((float(total[index]), why))
        return out
