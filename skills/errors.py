"""Errors of the skills package.

SkillError (a MemoryFrameworkError)
└── SkillManifestError   a SKILL.md / TOOL.md that cannot be used: names file, line, field
"""

from __future__ import annotations

from memory.errors import MemoryFrameworkError

__all__ = ["SkillError", "SkillManifestError"]


class SkillError(MemoryFrameworkError):
    """Base class for skill problems."""


class SkillManifestError(SkillError):
    def __init__(self, path: str, line: int, field: str, problem: str, fix: str) -> None:
        self.path, self.line, self.field = path, line, field
        super().__init__(f"{path}:{line}: {field}: {problem}; {fix}")
