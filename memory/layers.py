"""The layers, described once: where each lives, its id prefix, its sections and kinds.

Everything that needs to know "which kind is a hand-written entry under ``## Pitfalls``",
"which section does a ``decision`` go to" or "which layers exist" asks this module, so the
writer, the index, ``show`` and the CLI cannot disagree (docs/contracts.md §1–2).
It imports nothing from the rest of the package.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import lru_cache

__all__ = [
    "KNOWN_KINDS",
    "LAYER_NAMES",
    "LAYERS",
    "LayerSpec",
    "Section",
    "default_kind",
    "kind_of_section",
    "layer_of_id",
    "locate",
    "spec",
    "written_kind",
]


@dataclass(frozen=True, slots=True)
class Section:
    """A level-2 heading of a curated file and the kind of hand-written entries under it."""

    title: str
    kind: str


@dataclass(frozen=True, slots=True)
class LayerSpec:
    name: str
    paths: str  # the workspace-relative files of the layer, as a reader would write it
    id_prefix: str | None  # entry ids ``<prefix>-<hex>``; None: the layer has no entries
    default_kind: str  # the kind of an entry written without one, or under no known section
    sections: tuple[Section, ...] = ()
    # kind → section a writer files it under (more kinds than sections: aliases share one)
    kind_sections: dict[str, str] = field(default_factory=dict)
    default_section: str | None = None  # where a kind with no section of its own goes
    # the kind a new entry written without one gets, when it differs from ``default_kind``
    # (a skill drafted from a statement is a procedure; the index calls skill files "skill")
    written_kind: str | None = None

    @property
    def section_titles(self) -> tuple[str, ...]:
        return tuple(s.title for s in self.sections)


_MEMORY = LayerSpec(
    name="memory",
    paths="MEMORY.md; memory/archive/MEMORY-archive.md (archived)",
    id_prefix="m",
    default_kind="fact",
    sections=(
        Section("Identity", "identity"),
        Section("Preferences", "preference"),
        Section("Decisions", "decision"),
        Section("Lab facts", "fact"),
        Section("Lessons learned", "lesson"),
        Section("Policies", "policy"),
    ),
    kind_sections={
        "identity": "Identity",
        "preference": "Preferences",
        "decision": "Decisions",
        "fact": "Lab facts",
        "lesson": "Lessons learned",
        "pitfall": "Lessons learned",
        "policy": "Policies",
        "convention": "Policies",
    },
    default_section="Lab facts",
)
_DAILY = LayerSpec(
    name="daily",
    paths="memory/YYYY-MM-DD.md; memory/archive/**/YYYY-MM-DD.md (archived)",
    id_prefix="d",
    default_kind="event",
)
_SESSION = LayerSpec(name="session", paths="(in memory only)", id_prefix=None, default_kind="note")
_SKILL = LayerSpec(
    name="skill",
    paths="skills/<name>/SKILL.md, TOOL.md",
    id_prefix=None,
    default_kind="skill",
    written_kind="procedure",
)
_PROJECT = LayerSpec(
    name="project",
    paths="projects/<name>/*.md (NOTES.md by default)",
    id_prefix="p",
    default_kind="note",
    sections=(
        Section("Decisions", "decision"),
        Section("Conventions", "convention"),
        Section("Pitfalls", "pitfall"),
        Section("Configuration", "configuration"),
        Section("Notes", "note"),
    ),
    kind_sections={
        "decision": "Decisions",
        "convention": "Conventions",
        "pitfall": "Pitfalls",
        "configuration": "Configuration",
        "config": "Configuration",
    },
    default_section="Notes",
)

# The order is the order layers are listed in (visibility, search, help texts).
LAYERS: dict[str, LayerSpec] = {s.name: s for s in (_MEMORY, _DAILY, _SESSION, _SKILL, _PROJECT)}
LAYER_NAMES: tuple[str, ...] = tuple(LAYERS)

# Kinds any search may name, whether or not an entry of that kind exists yet.
KNOWN_KINDS: tuple[str, ...] = (
    "fact",
    "decision",
    "preference",
    "lesson",
    "pitfall",
    "convention",
    "event",
    "task",
    "session-summary",
    "skill-activation",
    "identity",
    "policy",
    "note",
    "skill",
    "configuration",
)

_DAY = re.compile(r"^\d{4}-\d{2}-\d{2}\.md$")


def spec(layer: str) -> LayerSpec:
    """The layer's description; KeyError for a name that is not a layer."""
    return LAYERS[layer]


def default_kind(layer: str) -> str:
    known = LAYERS.get(layer)
    return known.default_kind if known else "note"


def written_kind(layer: str) -> str:
    """The kind of a new entry written to ``layer`` without one."""
    known = LAYERS.get(layer)
    if known is None:
        return "note"
    return known.written_kind or known.default_kind


def layer_of_id(entry_id: str) -> str | None:
    """The layer an entry id belongs to, by its prefix (``m-1b9e04`` → memory), or None."""
    prefix = entry_id.partition("-")[0] if "-" in entry_id else None
    return next((s.name for s in LAYERS.values() if prefix and s.id_prefix == prefix), None)


@lru_cache(maxsize=1024)
def kind_of_section(layer: str, section: str | None) -> str:
    """The kind of an entry with no ``kind=`` of its own, from the section it sits under
    (case-insensitive); the layer's default kind outside any known section."""
    known = LAYERS[layer]
    wanted = (section or "").strip().lower()
    for sec in known.sections:
        if sec.title.lower() == wanted:
            return sec.kind
    return known.default_kind


def locate(rel: str) -> tuple[str, bool] | None:
    """(layer, archived) of a workspace-relative POSIX path, or None if no layer holds it."""
    parts = rel.split("/")
    if rel == "MEMORY.md":
        return "memory", False
    if rel == "memory/archive/MEMORY-archive.md":
        return "memory", True
    if parts[0] == "memory" and _DAY.match(parts[-1]):
        return "daily", len(parts) > 2
    if parts[0] == "projects" and len(parts) == 3 and parts[2].endswith(".md"):
        return "project", False
    if parts[0] == "skills" and len(parts) == 3 and parts[2] in {"SKILL.md", "TOOL.md"}:
        return "skill", False
    return None
