"""Skills inside a session: match a request, activate a skill, load its tool, read its
files.

Skills come from the workspace's ``skills/``, then the read-only folders of
``LABMEM_SKILLS_PATH``, then the bundled ones. Activation puts the skill's instructions
(``## Workflow`` when present, else the whole body), inputs, outputs and the list of its
files (with sizes) into the session context and records a ``skill-activation`` entry in
the daily log (the skill and what triggered it), so distillation can learn from usage.
A file is read only when asked for, by its path relative to the skill's folder; nothing
is ever run.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from memory.daily_log import DailyEntry, DailyLog
from memory.errors import EntryNotFoundError
from memory.files import file_stamp
from memory.visibility import require
from skills.discovery import SkillLibrary, split_skills_path
from skills.matching import Match, Matcher
from skills.model import Skill

if TYPE_CHECKING:
    from memory.clock import Clock
    from memory.search.embedders import Embedder
    from memory.session import SessionContext
    from memory.workspace import Workspace

__all__ = ["SkillSession"]


class SkillSession:
    """The skills a session sees, a matcher rebuilt when the skills change, and activation.

    ``embedder`` is called only when a request is matched: listing and activating a skill
    load no model. ``multilingual`` (the multilingual embedder, or None) is called only
    when a Spanish request is matched by description: English requests never load it."""

    def __init__(
        self,
        workspace: Workspace,
        skills_path: str | None,
        *,
        session_kind: str,
        session: SessionContext,
        daily: DailyLog,
        clock: Clock,
        embedder: Callable[[], Embedder],
        multilingual: Callable[[], Embedder | None] | None = None,
    ) -> None:
        self.session_kind = session_kind
        self.session = session
        self.daily = daily
        self.clock = clock
        self.embedder = embedder
        self.multilingual = multilingual
        self.library = SkillLibrary(
            workspace.skills_dir, extra_roots=split_skills_path(skills_path)
        )
        self.index_dir = workspace.index_dir
        self._matcher: Matcher | None = None
        self._matcher_for: object = None

    def catalogue(self) -> Any:
        require(self.session_kind, "skill", "read")
        return self.library.catalogue()

    def get(self, name: str) -> Skill:
        cat = self.catalogue()
        if name not in cat.skills:
            raise EntryNotFoundError(
                f"no skill named {name!r}; known skills: {', '.join(sorted(cat.skills)) or 'none'}"
                " (see 'labmem skills list')."
            )
        skill: Skill = cat.skills[name]
        return skill

    def matcher(self) -> Matcher:
        cat = self.catalogue()
        if self._matcher is None or self._matcher_for is not cat:
            embedder = self.embedder()
            if embedder is not None and hasattr(embedder, "identity"):
                embedder = _KeptVectors(embedder, self.index_dir / "skill-vectors.npz")
            self._matcher = Matcher(
                list(cat.skills.values()), embedder, multilingual=self._multilingual
            )
            self._matcher_for = cat
        return self._matcher

    def _multilingual(self) -> Any:
        """The multilingual embedder with its skill vectors kept in the index folder."""
        model = self.multilingual() if self.multilingual else None
        if model is None:
            return None
        return _KeptVectors(model, self.index_dir / "skill-vectors-multilingual.npz")

    def match(self, request: str, limit: int = 5) -> list[Match]:
        return self.matcher().match(request, limit)

    def activate(self, name: str, why: str) -> Skill:
        skill = self.get(name)
        active = self.session.variables.setdefault("skills", {})
        active[name] = {
            "workflow": skill.workflow,
            "inputs": skill.sections.get("inputs", ""),
            "outputs": skill.sections.get("outputs", ""),
            "files": [r.to_json() for r in skill.resources],
            "tool": None,
        }
        if skill.tool is not None and skill.tool.meta.name in skill.workflow:
            active[name]["tool"] = skill.tool.meta.model_dump()
        entry = DailyEntry(
            f"Activated skill {name} ({why})",
            "skill-activation",
            f"session:{self.session.id}",
            self.clock.now(),
            tags=(name,),
        )
        self.daily.append([entry])
        return skill

    def load_tool(self, name: str) -> dict[str, Any]:
        skill = self.get(name)
        if skill.tool is None:
            raise EntryNotFoundError(f"skill {name!r} has no TOOL.md")
        tool = skill.tool.meta.model_dump()
        active = self.session.variables.setdefault("skills", {})
        active.setdefault(name, {})["tool"] = tool
        return tool

    def read(self, name: str, relpath: str) -> dict[str, Any]:
        """One file of a skill, by its path relative to the skill's folder (text only).

        Chat's ``/SKILL PATH`` and MCP's ``skills_load`` call it: the result is kept in the
        session's tool cache, keyed by the file's size and modification time."""
        from skills.resources import read_resource

        skill = self.get(name)
        stamp = file_stamp(skill.directory / relpath) if skill.directory else None
        key = f"skill-file\0{name}\0{relpath}\0{stamp}"
        return dict(self.session.tool_result(key, lambda: read_resource(skill, relpath)))


class _KeptVectors:
    """The embedder, with the vectors of skill texts (descriptions, their sentences, body
    passages: one batch per matcher) kept between processes in the index folder, so a
    one-shot ``labmem skills match`` embeds only the request and what changed. A single
    text (the request) is embedded as usual and not kept. Derived data, like the curated
    entries' vectors (``memory.entry_vectors``)."""

    def __init__(self, embedder: Embedder, path: Path) -> None:
        from memory.entry_vectors import StoredVectors

        self.embedder = embedder
        self.identity = embedder.identity
        self.degraded = getattr(embedder, "degraded", False)
        self._stored = StoredVectors(path, embedder)

    def embed(self, texts: Sequence[str]) -> Any:
        if len(texts) == 1:
            return self.embedder.embed(texts)
        return self._stored.get(texts)
