"""SKILL.md and TOOL.md as typed values, validated once at the file boundary.

SKILL.md follows the Agent Skills format: YAML front matter with ``name`` and
``description`` (required), ``license``, ``compatibility``, ``allowed-tools`` and
``metadata`` (optional, kept as written) and any other key (kept, reported by lint). labmem
adds its own optional keys ``triggers``, ``status``, ``requires`` (and ``created`` on the
drafts it writes) and recognises the body
sections ``## Workflow``, ``## Inputs`` and ``## Outputs`` when present. The body is free
Markdown. TOOL.md describes one command.
"""

from __future__ import annotations

import re
import string
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator

__all__ = [
    "KNOWN_KEYS",
    "Argument",
    "Resource",
    "Skill",
    "SkillFrontMatter",
    "Tool",
    "ToolFrontMatter",
]

NAME = r"^[a-z0-9][a-z0-9-]{0,63}$"
SPEC_KEYS = ("name", "description", "license", "compatibility", "allowed-tools", "metadata")
LABMEM_KEYS = ("triggers", "status", "requires", "created")
KNOWN_KEYS = frozenset(SPEC_KEYS + LABMEM_KEYS)


class Requirements(BaseModel):
    model_config = ConfigDict(extra="forbid")
    bins: list[str] = Field(default_factory=list)
    env: list[str] = Field(default_factory=list)
    os: list[Literal["linux", "darwin", "windows"]] = Field(default_factory=list)


class SkillFrontMatter(BaseModel):
    """Spec nits (an upper-case name, a description over 1,024 characters) are not errors
    here: the loader reports them as warnings and the skill still loads."""

    model_config = ConfigDict(extra="allow", populate_by_name=True)

    name: str = Field(min_length=1, max_length=200)
    description: str = Field(min_length=1)
    license: str | None = None
    compatibility: str | None = None
    allowed_tools: str | list[str] | None = Field(default=None, alias="allowed-tools")
    metadata: dict[str, Any] = Field(default_factory=dict)
    triggers: list[str] = Field(default_factory=list)
    status: Literal["active", "draft", "disabled"] = "active"
    requires: Requirements = Field(default_factory=Requirements)

    @field_validator("triggers")
    @classmethod
    def _clean(cls, value: list[str]) -> list[str]:
        out = [str(t).strip() for t in value]
        if any(not t for t in out):
            raise ValueError("a trigger is empty")
        return out


class Argument(BaseModel):
    model_config = ConfigDict(extra="forbid")
    name: str = Field(pattern=r"^[a-z_][a-z0-9_]*$")
    type: Literal["string", "integer", "number", "boolean", "path"] = "string"
    required: bool = False
    description: str = ""
    default: Any = None


class ToolFrontMatter(BaseModel):
    model_config = ConfigDict(extra="allow")

    name: str = Field(pattern=NAME)
    description: str = Field(min_length=1)
    command: str = Field(min_length=1)
    arguments: list[Argument] = Field(default_factory=list)
    outputs: str | list[str] = ""
    destructive: bool = False
    confirm: bool = False
    examples: list[str] = Field(default_factory=list)


@dataclass(frozen=True, slots=True)
class Tool:
    meta: ToolFrontMatter
    path: str
    body: str

    def render(self, values: dict[str, Any]) -> str:
        """The concrete command for ``values``; running it is the assistant's job."""
        import shlex

        from skills.errors import SkillManifestError

        given = dict(values)
        for arg in self.meta.arguments:
            if arg.name not in given:
                if arg.required:
                    raise SkillManifestError(
                        self.path,
                        1,
                        f"arguments.{arg.name}",
                        "a required argument is missing",
                        f"pass {arg.name}=… ({arg.description or arg.type})",
                    )
                given[arg.name] = "" if arg.default is None else arg.default
        fields = {f for _, f, _, _ in string.Formatter().parse(self.meta.command) if f}
        unknown = fields - {a.name for a in self.meta.arguments}
        if unknown:
            raise SkillManifestError(
                self.path,
                1,
                "command",
                f"uses {sorted(unknown)} that no argument declares",
                "declare them under arguments:",
            )
        quoted = {k: shlex.quote(str(v)) if str(v) else "" for k, v in given.items()}
        return re.sub(r"\s+", " ", self.meta.command.format(**quoted)).strip()


@dataclass(frozen=True, slots=True)
class Resource:
    """A file under scripts/, references/ or assets/: listed, read on demand, never run."""

    path: str  # relative to the skill's folder, with '/'
    size: int

    def to_json(self) -> dict[str, object]:
        return {"path": self.path, "size": self.size}


@dataclass(frozen=True, slots=True)
class Skill:
    meta: SkillFrontMatter
    path: str  # skills/<folder>/SKILL.md, <root>/<folder>/SKILL.md or bundled:<folder>/SKILL.md
    sections: dict[str, str]
    origin: Literal["workspace", "path", "bundled"]
    tool: Tool | None = None
    gating: tuple[str, ...] = field(default=())  # why it cannot run here (missing bin…)
    folder: str = ""  # the folder's name: the skill's name when set (the spec wants both equal)
    body: str = ""  # the Markdown after the front matter
    heading: str = ""  # the body's first heading
    resources: tuple[Resource, ...] = ()
    warnings: tuple[str, ...] = ()  # spec nits: the skill loads anyway
    suggestions: tuple[str, ...] = ()  # labmem's own sections and unknown keys, for lint
    directory: Path | None = None  # the folder on disk, for reading resources

    @property
    def name(self) -> str:
        return self.folder or self.meta.name

    @property
    def workflow(self) -> str:
        """``## Workflow`` when present, else the whole body (published skills have none)."""
        return self.sections.get("workflow") or self.body.strip()
