"""Routing without a language model: explicit cues first, then a trained classifier.

Each decision says why (``rule: …`` or ``classifier: …``), quoting only words of the text,
so a person can see how a fact landed where it did. The classifier
(``coordinator.route_model``) is trained by ``scripts/train_router.py`` on the train part of
an independently written corpus and shipped as package data.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from coordinator.route_model import RouteModel, embedding, shipped_model

__all__ = ["Route", "Router", "strip_intent", "strip_project"]

_REMEMBER = re.compile(
    r"^\s*(?:please\s+)?(?:remember|note(?! to self)|keep in mind|don't forget|do not forget|fyi)"
    r"(?:\s+that)?\s*[:,-]?\s*",
    re.IGNORECASE,
)
_SESSION = re.compile(
    r"\b(?:(?:in|for) (?:this|the current) (?:session|conversation|chat)|for now|"
    r"for the rest of (?:this|the) (?:session|chat|conversation)|"
    r"(?:en|para) (?:esta|la) (?:conversaci[oó]n|sesi[oó]n)|en este chat|por ahora|de momento|"
    r"por el momento|hasta que te diga)\b",
    re.IGNORECASE,
)
_PROJECT = re.compile(
    r"\b(?:in|for|on) (?:the )?project (?P<name>[a-z0-9][a-z0-9._-]*)\b|"
    r"\b(?:en|para) el proyecto (?P<name3>[a-z0-9][a-z0-9._-]*)\b|"
    r"^\s*(?:project|proyecto) (?P<name2>[a-z0-9][a-z0-9._-]*)\s*:",
    re.IGNORECASE,
)
# "media-stack: …" — a hyphenated name opening the line, as people head project notes.
_SLUG_PREFIX = re.compile(r"^\s*(?P<name>[a-z0-9]+(?:-[a-z0-9]+)+)\s*:")
_SKILL = re.compile(
    r"^\s*(?:how to|c[oó]mo) [^?]{3,}[:,]|"
    r"^\s*(?:to|para) [^,:?]{3,80}[,:]\s|"
    r"\b(?:whenever i say|when i say|if i say|cuando (?:te )?diga|si (?:te )?digo|"
    r"cada vez que (?:te )?diga)\b|"
    r"\b(?:the way to|the command to|the script to|the procedure (?:to|for)) ",
    re.IGNORECASE,
)
# Explicit labels name the kind: "Lesson: …", "Decisión: …", "TODO …".
_LABELS: list[tuple[str, str, re.Pattern[str]]] = [
    (
        "memory",
        "lesson",
        re.compile(r"^\s*(?:lessons?(?: learned)?|lecci[oó]n(?: aprendida)?)\s*:", re.I),
    ),
    (
        "memory",
        "decision",
        re.compile(r"^\s*(?:decision|decided|decisi[oó]n|decidido)\s*:", re.I),
    ),
    ("memory", "convention", re.compile(r"^\s*(?:convention|convenci[oó]n)\s*:", re.I)),
    ("memory", "policy", re.compile(r"^\s*(?:policy|pol[ií]tica|norma)\s*:", re.I)),
    ("memory", "pitfall", re.compile(r"^\s*(?:pitfall|gotcha|ojo|cuidado)\s*[:!]", re.I)),
    (
        "daily",
        "task",
        re.compile(r"^\s*(?:TODO\b|(?:to-do|pendiente|por hacer)\s*:)|^\s*todo\s*:", re.I),
    ),
]
_NOTE_TO_SELF = re.compile(r"^\s*(?:note to self|nota (?:mental|para m[ií]))\b", re.I)


@dataclass(frozen=True, slots=True)
class Route:
    layer: str
    kind: str
    reason: str
    project: str | None = None
    confidence: float = 1.0


_PROJECT_PREFIX = re.compile(
    r"^\s*(?:(?:in|for|on) (?:the )?project [a-z0-9][a-z0-9._-]*\s*[,:]|"
    r"(?:en|para) el proyecto [a-z0-9][a-z0-9._-]*\s*[,:]|"
    r"(?:project|proyecto) [a-z0-9][a-z0-9._-]*\s*:|"
    r"[a-z0-9]+(?:-[a-z0-9]+)+\s*:)\s*(?:we\s+)?",
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


class Router:
    """Chooses a layer and kind for a statement. ``embedder`` is the search embedder.

    Explicit cues decide first (session and skill phrasing, labels, "in project X"); the
    classifier decides the rest and, under a cue, the kind. A project route names its
    project only when the text does; the Coordinator fills in the session's active one.
    """

    def __init__(
        self,
        embedder: Any,
        known_projects: list[str] | None = None,
        model: RouteModel | None = None,
    ) -> None:
        self.embedder = embedder
        self.known_projects = known_projects or []
        self._model = model

    @property
    def model(self) -> RouteModel:
        if self._model is None:
            self._model = shipped_model()
        return self._model

    def route(self, text: str) -> Route:
        project = self.project_in(text)
        vector = embedding(self.embedder, text)
        cue = _SESSION.search(text)
        if cue:
            kind = self._kind(text, vector, "session")
            return Route("session", kind, f"rule: session hint ({_quote(cue)})")
        cue = _SKILL.search(text)
        if cue:
            return Route("skill", "procedure", f"rule: a procedure ({_quote(cue)})")
        for layer, kind, pattern in _LABELS:
            cue = pattern.search(text)
            if cue:
                if project and layer == "memory":
                    return Route("project", kind, f"rule: label {_quote(cue)} in project", project)
                return Route(layer, kind, f"rule: label {_quote(cue)}")
        cue = _PROJECT.search(text)
        if cue:
            kind = self._kind(text, vector, "project")
            return Route("project", kind, f"rule: names the project ({_quote(cue)})", project)
        # "Note to self: …" is kept: a lesson or a fact, or a to-do for the day.
        allowed = frozenset({"memory", "daily", "project"}) if _NOTE_TO_SELF.search(text) else None
        guess = self.model.predict(text, vector, tuple(self.known_projects), allowed)
        why = ", ".join(f"'{w}'" for w in guess.words)
        reason = f"classifier: {guess.layer}/{guess.kind} ({guess.confidence:.2f})"
        reason += f" on {why}" if why else ""
        return Route(
            guess.layer,
            guess.kind,
            reason,
            project if guess.layer == "project" else None,
            guess.confidence,
        )

    def project_in(self, text: str) -> str | None:
        """The project the text names: "in project X", "X: …" or a known project's name."""
        match = _PROJECT.search(text)
        if match:
            return (match.group("name") or match.group("name2") or match.group("name3")).lower()
        lowered = text.lower()
        match = _SLUG_PREFIX.match(lowered)
        if match:
            return match.group("name")
        for name in sorted(self.known_projects, key=len, reverse=True):
            # A bare name counts only when it is distinctive (not "site" in "the site").
            if len(name) >= 5 and re.search(rf"\b{re.escape(name)}\b", lowered):
                return name
        return None

    def _kind(self, text: str, vector: Any, layer: str) -> str:
        return self.model.predict(text, vector, tuple(self.known_projects), frozenset({layer})).kind


def _quote(match: re.Match[str]) -> str:
    """The matched words as the text spells them, quoted."""
    return "'" + match.group(0).strip(" :,!") + "'"
