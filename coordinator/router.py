"""Routing without a language model: explicit hints, then rules, then nearest prototypes.

Each decision says why (``rule: …`` or ``prototype: …``) so a person can see how a fact
landed where it did. The prototypes are labelled example statements shipped with the
package; the nearest ones (by the default embedder) vote on the layer and kind.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources
from typing import Any

import numpy as np

__all__ = ["Route", "Router", "strip_intent", "strip_project"]

_REMEMBER = re.compile(
    r"^\s*(?:please\s+)?(?:remember|note(?! to self)|keep in mind|don't forget|do not forget|fyi)"
    r"(?:\s+that)?\s*[:,-]?\s*",
    re.IGNORECASE,
)
_SESSION = re.compile(
    r"\b(?:for (?:this|the current) (?:session|conversation|chat)|for now|in this session|"
    r"right now i(?:'m| am)|i(?:'m| am) currently|currently working on|my current task|"
    r"for the rest of (?:this|the) (?:session|chat))\b",
    re.IGNORECASE,
)
_PROJECT = re.compile(
    r"\b(?:in|for|on) (?:the )?project (?P<name>[a-z0-9][a-z0-9._-]*)\b|"
    r"^\s*project (?P<name2>[a-z0-9][a-z0-9._-]*)\s*:",
    re.IGNORECASE,
)
_SKILL = re.compile(
    r"^\s*(?:to|how to) [^,:]{3,80}[,:] (?:run|use|call|execute|type|do)\b|"
    r"\b(?:the way to|the command to|the script to|the procedure (?:to|for)) ",
    re.IGNORECASE,
)
_TODAY = re.compile(
    r"\b(?:today|this (?:morning|afternoon|evening)|tonight|just now|earlier today|an hour ago|"
    r"minutes ago|yesterday|last night)\b",
    re.IGNORECASE,
)
_RULES: list[tuple[str, str, str, re.Pattern[str]]] = [
    (
        "memory",
        "identity",
        "identity ('my name is')",
        re.compile(
            r"\b(?:my name is|call me|i am the owner|i'm the owner|my (?:wife|husband|partner|"
            r"kid|son|daughter)(?:'s name)? is|i live in|i work as|my pronouns)\b",
            re.I,
        ),
    ),
    (
        "memory",
        "preference",
        "explicit preference ('I prefer')",
        re.compile(
            r"\b(?:i prefer|i(?:'d| would) rather|i like|i don't like|i do not like|i love|"
            r"i hate|always answer|answer in|please always|please never|my preference|"
            r"i want (?:you|answers|replies) to)\b",
            re.I,
        ),
    ),
    (
        "memory",
        "lesson",
        "lesson ('learned that')",
        re.compile(
            r"\b(?:lesson learned|we learned|i learned|learnt|learned that|turns out|"
            r"next time|in hindsight|never again|note to self)\b",
            re.I,
        ),
    ),
    (
        "memory",
        "pitfall",
        "pitfall ('watch out')",
        re.compile(
            r"\b(?:watch out|beware|gotcha|careful:|be careful|pitfall|don't ever|do not ever)\b",
            re.I,
        ),
    ),
    (
        "memory",
        "decision",
        "decision ('we decided')",
        re.compile(
            r"\b(?:we decided|i decided|decided to|decision:|we chose|i chose|we(?:'re| are) going "
            r"with|we settled on|we will use|we'll use|from now on we)\b",
            re.I,
        ),
    ),
    (
        "memory",
        "policy",
        "policy ('always/never' rule)",
        re.compile(
            r"\b(?:policy|rule of thumb|the rule is|must always|must never|we always|we never|"
            r"is not allowed|are not allowed|only ever)\b",
            re.I,
        ),
    ),
]
# "The NAS is at 10.0.0.5", "Gitea listens on port 3000": a present-tense statement with a
# specific value (a number, an address, a name) is a durable lab fact.
_STATE = re.compile(
    r"\b(?:is|are|lives|sits|runs|listens|has|have|uses|holds|keeps|serves|stores|hosts|"
    r"points|resolves|belongs)\b",
    re.IGNORECASE,
)
_SPECIFIC = re.compile(r"\d|(?<!^)(?<![.!?] )\b[A-Z][A-Za-z0-9-]+")
_TASK = re.compile(r"\b(?:todo|to do:|need to|have to|remind me)\b", re.IGNORECASE)
_EVENT_VERBS = re.compile(
    r"^\s*(?:i |we |just )?(?:restarted|rebooted|fixed|installed|upgraded|updated|replaced|"
    r"ran|deployed|migrated|moved|cleaned|added|removed|deleted|created|configured|set up|"
    r"tested|measured|noticed|saw|found|got|had|backed up|rolled back|patched|bought|"
    r"ordered|flashed|swapped|debugged|resolved|finished|started|tried|renewed|rebuilt|reset|"
    r"wiped|reinstalled|reconfigured|rotated|scrubbed|pruned|synced|exported|imported|"
    r"cleared|checked|verified|ran out|went down|crashed|failed|rolled)\b",
    re.IGNORECASE,
)


@dataclass(frozen=True, slots=True)
class Route:
    layer: str
    kind: str
    reason: str
    project: str | None = None


_PROJECT_PREFIX = re.compile(
    r"^\s*(?:(?:in|for|on) (?:the )?project [a-z0-9][a-z0-9._-]*\s*[,:]|"
    r"project [a-z0-9][a-z0-9._-]*\s*:)\s*(?:we\s+)?",
    re.IGNORECASE,
)


def strip_project(text: str) -> str:
    """Drop a leading "In project X," — the entry lands in X's notes, so it is implied."""
    stripped = _PROJECT_PREFIX.sub("", text, count=1)
    if stripped == text or not stripped.strip():
        return text
    return stripped[:1].upper() + stripped[1:]


def strip_intent(text: str) -> tuple[str, bool]:
    """Remove a leading "remember that …"; returns (text, whether it was there)."""
    stripped = _REMEMBER.sub("", text, count=1)
    if stripped != text and stripped.strip():
        return stripped[:1].upper() + stripped[1:], True
    return text, False


@lru_cache(maxsize=1)
def _prototypes() -> list[dict[str, str]]:
    data = resources.files("coordinator").joinpath("data/prototypes.json").read_text("utf-8")
    rows: list[dict[str, str]] = json.loads(data)
    return rows


class Router:
    """Chooses a layer and kind for a statement. ``embedder`` is the search embedder."""

    def __init__(
        self, embedder: Any, known_projects: list[str] | None = None, neighbours: int = 5
    ) -> None:
        self.embedder = embedder
        self.known_projects = known_projects or []
        self.neighbours = neighbours
        self._matrix: np.ndarray | None = None

    def _proto_matrix(self) -> np.ndarray:
        if self._matrix is None:
            self._matrix = self.embedder.embed([p["text"] for p in _prototypes()])
        return self._matrix

    def route(self, text: str) -> Route:
        project = self._project(text)
        if _SESSION.search(text):
            return Route("session", _session_kind(text), "rule: session hint ('for now')")
        if _SKILL.search(text):
            return Route("skill", "procedure", "rule: capability ('to X, run Y')")
        for layer, kind, why, pattern in _RULES:
            if pattern.search(text):
                if project:
                    return Route("project", _project_kind(kind), f"rule: {why} in project", project)
                return Route(layer, kind, f"rule: {why}")
        if project:
            return Route(
                "project",
                self._nearest(text, project_only=True)[1],
                f"rule: names project '{project}'",
                project,
            )
        if _TASK.search(text):
            return Route("daily", "task", "rule: a to-do ('need to')")
        if _TODAY.search(text) or _EVENT_VERBS.search(text):
            return Route("daily", _daily_kind(text), "rule: something that happened")
        if _STATE.search(text) and _SPECIFIC.search(text):
            return Route("memory", "fact", "rule: a lab fact (present tense, specific)")
        layer, kind, example = self._nearest(text)
        return Route(layer, kind, f"prototype: nearest to '{example}'")

    def _project(self, text: str) -> str | None:
        match = _PROJECT.search(text)
        if match:
            return (match.group("name") or match.group("name2")).lower()
        lowered = text.lower()
        for name in self.known_projects:
            # A bare name counts only when it is distinctive (not "site" in "the site").
            if len(name) >= 5 and re.search(rf"\b{re.escape(name)}\b", lowered):
                return name
        return None

    def _nearest(self, text: str, project_only: bool = False) -> tuple[str, str, str]:
        protos = _prototypes()
        scores = self._proto_matrix() @ self.embedder.embed([text])[0]
        order = [
            i for i in np.argsort(-scores) if not project_only or protos[i]["layer"] == "project"
        ]
        top = order[: self.neighbours]
        votes: dict[tuple[str, str], float] = {}
        for i in top:
            key = (protos[i]["layer"], protos[i]["kind"])
            votes[key] = votes.get(key, 0.0) + float(scores[i])
        layer, kind = max(votes, key=lambda key: votes[key])
        example = next(
            protos[i]["text"]
            for i in top
            if (protos[i]["layer"], protos[i]["kind"]) == (layer, kind)
        )
        return layer, kind, example


def _session_kind(text: str) -> str:
    return "task" if re.search(r"\b(?:task|working on|doing)\b", text, re.I) else "note"


def _project_kind(kind: str) -> str:
    return {"lesson": "pitfall", "policy": "convention", "preference": "convention"}.get(kind, kind)


def _daily_kind(text: str) -> str:
    return "task" if _TASK.search(text) else "event"
