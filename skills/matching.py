"""Which skill a request activates: explicit ``/name``, then trigger phrases, then fuzzy
and semantic similarity above a threshold, and for skills without trigger phrases (most
published skills) their description (``skills.relevance``). Every match says why.

By description, with the MiniLM embedder, a learned decision (``skills.activation``)
picks the best skill and decides whether to activate it or nothing; with another embedder
(or none) the hand-weighted score must clear a bar (``description_bar``).

Trigger matching is deterministic: case, punctuation and simple inflections are folded
(Snowball stems), stop words ignored, and the trigger's words must appear in order on word
boundaries. Fuzzy matching accepts all of a trigger's words in any order; semantic matching
compares the request with each skill's triggers and description by meaning.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from memory.search.lexical import terms
from skills.activation import ActivationModel, load_model
from skills.intent import (
    asks_for_advice,
    asks_for_knowledge,
    looks_like_request,
    reports_problem,
)
from skills.language import stem_keys
from skills.model import Skill
from skills.relevance import DescriptionScorer, explain

__all__ = ["Match", "Matcher", "description_bar", "looks_like_request"]

_EXPLICIT = re.compile(r"^\s*/(?P<name>[a-z0-9][a-z0-9-]*)\b")
ORDER = {"explicit": 0, "trigger": 1, "fuzzy": 2, "semantic": 3, "description": 3}
# Without the learned decision (an embedder other than MiniLM, or none): calibrated on the
# labelled requests of tests/data/skills and tests/data/skills_v2 together (two writers):
# see benchmarks/skill_triggers.py --calibrate and --cross-bars. A statement (nothing
# asked, nothing reported as going wrong), a question of general knowledge or one shaped
# to ask for advice has to clear a higher bar by description: it names a skill's topic
# without asking for the skill's task. A Spanish request read by the multilingual model
# has that model's score added, and a bar raised to match. The best skill must also lead
# the second by SECOND_MARGIN: two skills that fit about equally mean the request is not
# clearly either's.
DESCRIPTION_THRESHOLD = 1.55
STATEMENT_MARGIN = 0.3
KNOWLEDGE_MARGIN = 0.6
ADVICE_MARGIN = 0.5
ACROSS_MARGIN = 0.5
SECOND_MARGIN = 0.2


def description_bar(
    request: str, threshold: float = DESCRIPTION_THRESHOLD, across: bool = False
) -> float:
    """The score a skill needs by description to activate on ``request`` (``across``: it
    was scored with the multilingual model too)."""
    bar = threshold
    if not looks_like_request(request) and not reports_problem(request):
        bar += STATEMENT_MARGIN
    if asks_for_knowledge(request):
        bar += KNOWLEDGE_MARGIN
    if asks_for_advice(request):
        bar += ADVICE_MARGIN
    if across:
        bar += ACROSS_MARGIN
    return bar


@dataclass(frozen=True, slots=True)
class Match:
    name: str
    score: float
    method: str
    why: str

    def to_json(self) -> dict[str, object]:
        return {
            "name": self.name,
            "score": round(self.score, 3),
            "method": self.method,
            "why": self.why,
        }


def _contains(haystack: list[frozenset[str]], needle: list[frozenset[str]]) -> bool:
    """The needle's words in order, each meeting the request's word by a stem."""
    n = len(needle)
    return any(
        all(h & w for h, w in zip(haystack[i : i + n], needle, strict=True))
        for i in range(len(haystack) - n + 1)
    )


def _all_of(haystack: list[frozenset[str]], needle: list[frozenset[str]]) -> bool:
    return all(any(h & w for h in haystack) for w in needle)


class Matcher:
    """Matches requests against a fixed set of skills (rebuild it when skills change)."""

    def __init__(
        self,
        skills: Sequence[Skill],
        embedder: Any,
        semantic_threshold: float = 0.44,
        statement_threshold: float = 0.82,
        description_threshold: float = DESCRIPTION_THRESHOLD,
        multilingual: Any = None,
    ) -> None:
        self.skills = sorted(
            (s for s in skills if s.meta.status != "disabled"), key=lambda s: s.name
        )
        self.embedder = embedder
        # A request ("free some space on the log disk") activates at a lower similarity than
        # a statement ("the UPS was a birthday present"), which mentions a thing without
        # asking for anything: calibrated in benchmarks/skill_triggers.py.
        self.threshold = semantic_threshold
        self.statement_threshold = statement_threshold
        self.triggers = [(s, t, stem_keys(t)) for s in self.skills for t in s.meta.triggers]
        self.description_threshold = description_threshold
        # A draft (not reviewed) activates only by its own words or its name, never by a
        # meaning close to its text: an unreviewed guess must not take over other requests.
        self.untriggered = [
            s for s in self.skills if not s.meta.triggers and s.meta.status != "draft"
        ]
        # A callable returning the multilingual embedder, called on the first Spanish
        # request matched by description (``skills.relevance``).
        self.multilingual = multilingual
        self._describer: DescriptionScorer | None = None
        # The learned activation (skills.activation), looked up on first use; False: not yet.
        self._activation: ActivationModel | None | bool = False
        self._vectors: np.ndarray | None = None
        self._owners: list[tuple[int, str]] = []
        self._recent: dict[str, np.ndarray] = {}  # the last texts embedded

    def _embed(self, text: str) -> np.ndarray:
        """The vector of ``text``; the last few are kept (a Spanish request is read as
        written by the trigger side and glossed by the description side)."""
        if text not in self._recent:
            if len(self._recent) >= 4:
                self._recent.pop(next(iter(self._recent)))
            self._recent[text] = self.embedder.embed([text])[0]
        return self._recent[text]

    def _matrix(self) -> np.ndarray:
        if self._vectors is None:
            # Descriptions, not trigger phrases: short triggers match anything that shares
            # a noun ("the UPS was a present" ~ "ups status").
            texts: list[str] = []
            for index, skill in enumerate(self.skills):
                if not skill.meta.triggers or skill.meta.status == "draft":
                    continue  # by description in _by_description; a draft by its words only
                texts.append(skill.meta.description)
                self._owners.append((index, skill.meta.description))
            self._vectors = self.embedder.embed(texts) if texts else np.zeros((0, 1))
        return self._vectors

    def match(self, request: str, limit: int = 5) -> list[Match]:
        best: dict[str, Match] = {}

        def offer(m: Match) -> None:
            old = best.get(m.name)
            if old is None or (ORDER[m.method], -m.score) < (ORDER[old.method], -old.score):
                best[m.name] = m

        explicit = _EXPLICIT.match(request)
        if explicit and any(s.name == explicit.group("name") for s in self.skills):
            name = explicit.group("name")
            offer(Match(name, 1.0, "explicit", f"explicit '/{name}'"))
        words = terms(request)
        keys = stem_keys(request)
        for skill, trigger, stems in self.triggers:
            if not stems:
                continue
            if _contains(keys, stems):
                offer(Match(skill.name, 1.0, "trigger", f"trigger '{trigger}'"))
            elif len(stems) > 1 and _all_of(keys, stems):
                offer(Match(skill.name, 0.9, "fuzzy", f"all words of trigger '{trigger}'"))
        if self.embedder is not None and self.triggers and words:
            self._semantic(request, offer)
        if self.untriggered and words:
            self._by_description(request, offer)
        ranked = sorted(best.values(), key=lambda m: (ORDER[m.method], -m.score, m.name))
        return ranked[:limit]

    def describer(self) -> DescriptionScorer:
        if self._describer is None:
            self._describer = DescriptionScorer(self.untriggered, self.embedder, self.multilingual)
        return self._describer

    def description_scores(self, request: str) -> list[tuple[str, float, str]]:
        """(skill, score, why) by description for every skill without triggers."""
        scored = self.describer().scores(request, self._embed if self.embedder else None)
        return [
            (s.name, score, why) for s, (score, why) in zip(self.untriggered, scored, strict=True)
        ]

    def _model(self) -> ActivationModel | None:
        """The learned activation, when it was trained with this matcher's embedder."""
        if self._activation is False:
            model = load_model()
            self._activation = model if model.applies_to(self.embedder) else None
        return self._activation if isinstance(self._activation, ActivationModel) else None

    def closest(self, request: str) -> tuple[str, float, float] | None:
        """The skill without triggers that comes nearest to activating on ``request`` by
        description: (name, its score, the score it needs). None when there is none. For
        a person asking why a request did not activate their skill."""
        if not self.untriggered or not terms(request):
            return None
        describer = self.describer()
        model = self._model()
        if model is not None:
            decision = model.decide(request, describer.signals(request, self._embed))
            needs = model.needs(len(self.untriggered))
            return self.untriggered[decision.index].name, decision.probability, needs
        total, _ = describer.totals(request, self._embed if self.embedder else None)
        index = int(np.argmax(total))
        bar = description_bar(request, self.description_threshold, describer.crosses(request))
        return self.untriggered[index].name, float(total[index]), bar

    def _by_description(self, request: str, offer: Any) -> None:
        describer = self.describer()
        model = self._model()
        if model is not None:
            signals = describer.signals(request, self._embed)
            decision = model.decide(request, signals)
            if decision.activate:
                skill = self.untriggered[decision.index]
                said = f"{explain(signals, decision.index)}, p {decision.probability:.2f}"
                offer(Match(skill.name, decision.probability, "description", said))
            return
        total, why = describer.totals(request, self._embed if self.embedder else None)
        bar = description_bar(request, self.description_threshold, describer.crosses(request))
        if len(total) > 1:
            second, first = np.partition(total, -2)[-2:]
            if first - second < SECOND_MARGIN:
                return  # two skills fit about equally: the request is not clearly either's
        for index in np.flatnonzero(total >= bar):
            skill = self.untriggered[int(index)]
            offer(Match(skill.name, float(total[index]), "description", why(int(index))))

    def _semantic(self, request: str, offer: Any) -> None:
        scores = self._matrix() @ self._embed(request)
        per_skill: dict[int, tuple[float, str]] = {}
        for (index, text), score in zip(self._owners, scores, strict=True):
            if score > per_skill.get(index, (-1.0, ""))[0]:
                per_skill[index] = (float(score), text)
        threshold = self.threshold if looks_like_request(request) else self.statement_threshold
        for index, (score, text) in per_skill.items():
            if score >= threshold:
                skill = self.skills[index]
                offer(
                    Match(
                        skill.name,
                        score,
                        "semantic",
                        f"meaning close to '{text[:60]}' ({score:.2f})",
                    )
                )
