"""The composition root: one open workspace's services, built once per session.

``Services`` builds the settings-derived parts (workspace, clock, stores, session context)
at once and the heavy ones (embedder, search index, router, language model, skills) on
first use, so a command that needs none of them never imports chromadb, onnxruntime or
langgraph. The Coordinator's steps, the session helpers and maintenance receive it (or the
narrow parts of it they use) and never the ``Lab`` facade.

It does NOT enforce visibility (``coordinator.reads`` and the steps do), run the
Coordinator (``coordinator.pipeline``) or import any module that takes ``Services``: it
sits below all of them, so the package has no import cycle (tests/unit/test_import_cycles.py).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from memory.daily_log import DailyLog
from memory.errors import EntryNotFoundError
from memory.layers import layer_of_id
from memory.longterm import LongTermMemory
from memory.session import SessionContext
from memory.visibility import check_session_kind, require
from memory.workspace import Workspace
from projects.notes import ProjectNotes

if TYPE_CHECKING:
    from coordinator.llm import ModelRouter
    from coordinator.project_evidence import WorkspaceEvidence
    from coordinator.router import Router
    from coordinator.session.skills import SkillSession
    from coordinator.settings import Settings
    from memory.curated import CuratedFile
    from memory.dedupe import Thresholds
    from memory.entry_vectors import PassingVectors, StoredVectors
    from memory.search.embedders import Embedder
    from memory.search.service import SearchService

__all__ = ["CuratedHolder", "Services"]


@dataclass(frozen=True, slots=True)
class CuratedHolder:
    """Where an entry of a curated layer lives: its file, layer and project."""

    store: CuratedFile
    layer: str  # "memory" or "project"
    project: str | None


class Services:
    """What one session works with. Build it with ``Services(settings, session_kind)``."""

    def __init__(self, settings: Settings, session_kind: str = "main") -> None:
        self.settings = settings
        self.session_kind = check_session_kind(session_kind)
        self.workspace = Workspace(settings.home.expanduser())
        self.workspace.init()
        self.clock = settings.clock()
        self.memory = LongTermMemory(self.workspace, self.clock, settings.keep_backups)
        self.daily = DailyLog(self.workspace, self.clock)
        self.projects = ProjectNotes(self.workspace, self.clock, settings.keep_backups)
        self.session = SessionContext(
            kind=self.session_kind,
            started=self.clock.now(),
            tool_cache_limit=settings.tool_cache_limit,
        )
        self.recovered = self.memory.journal.recover()  # finish what a killed run committed
        self.daily.seal_past_days()
        self._thresholds: Thresholds | None = None
        self.search_warning: str | None = None
        self._embedder: Embedder | None = None
        self._vectors: StoredVectors | None = None
        self._across: StoredVectors | None | bool = None  # False: no multilingual model
        self._passing: PassingVectors | None = None
        self._search: SearchService | None = None
        self._router: Router | ModelRouter | None = None
        self._model: Any = None
        self._model_loaded = False
        self._skills: SkillSession | None = None
        self._evidence: tuple[tuple[Any, ...], WorkspaceEvidence] | None = None

    def close(self) -> None:
        if self._vectors is not None:
            self._vectors.save()
        if self._across is not None and not isinstance(self._across, bool):
            self._across.save()
        if self._search is not None:
            self._search.close()
            self._search = None

    # -- heavy parts, built on first use ---------------------------------------------------
    @property
    def embedder(self) -> Embedder:
        """The configured embedder (loads the model: routing, dedupe and search need it)."""
        if self._embedder is None:
            from coordinator.search import embedder_for

            self._embedder, self.search_warning = embedder_for(self.settings)
        return self._embedder

    @property
    def dedupe_thresholds(self) -> Thresholds:
        """When a new statement confirms an entry, or is only similar to it."""
        if self._thresholds is None:
            from memory.dedupe import Thresholds  # numpy: loaded to compare meanings

            self._thresholds = Thresholds()
        return self._thresholds

    def vectors_for(self, texts: Sequence[str]) -> Any:
        """Embeddings of ``texts``, kept between processes under the index folder (dedupe
        compares with the same entries again and again; a cold ``remember`` embeds only
        what is new)."""
        if self._vectors is None:
            from memory.entry_vectors import StoredVectors

            path = self.workspace.index_dir / "entry-vectors.npz"
            self._vectors = StoredVectors(path, self.embedder)
        return self._vectors.get(texts)

    def across_vectors(self, texts: Sequence[str], *, keep: bool = True) -> Any:
        """Multilingual embeddings of ``texts`` (English and Spanish in one space, for
        matching across languages); None when the multilingual model is not installed
        (answers then match within a language). With ``keep`` (curated entries, compared
        on every question) they are kept between processes like ``vectors_for``; otherwise
        (questions, log lines) only in this process, so the file stays small."""
        if self._across is None:
            from memory.entry_vectors import StoredVectors
            from memory.search.embedders import ModelUnavailableError, multilingual_embedder

            try:
                model = multilingual_embedder()
            except ModelUnavailableError:
                self._across = False
            else:
                path = self.workspace.index_dir / "entry-vectors-multilingual.npz"
                self._across = StoredVectors(path, model)
        if isinstance(self._across, bool):
            return None
        if keep:
            return self._across.get(texts)
        if self._passing is None:
            from memory.entry_vectors import PassingVectors

            self._passing = PassingVectors(self._across.embedder)
        return self._passing.get(texts)

    @property
    def search_service(self) -> SearchService:
        """The index (imports chromadb): only search, reindex and maintenance open it."""
        if self._search is None:
            from coordinator.search import build_search

            self._search = build_search(self.workspace, self.settings, self.embedder)
        return self._search

    @property
    def model(self) -> Any:
        """The configured language model, or None (offline)."""
        if not self._model_loaded:
            from coordinator.llm import model_from_settings

            self._model = model_from_settings(self.settings)
            self._model_loaded = self._model is not None
        return self._model

    def use_model(self, model: Any) -> None:
        """Route and answer with this LangChain chat model (offline routing stays the
        fallback)."""
        self._model = model
        self._model_loaded = True
        self._router = None

    def router(self) -> Router | ModelRouter:
        """The router (the model's when one is set), knowing today's project names."""
        if self._router is None:
            from coordinator.router import Router

            self._router = Router(self.embedder)
            model = self.model
            if model is not None:
                from coordinator.llm import ModelRouter

                self._router = ModelRouter(model, self._router, self.settings.llm_timeout_s)
        self._router.known_projects = self.projects.names()
        offline = self._router.fallback if hasattr(self._router, "fallback") else self._router
        offline.evidence = self.workspace_evidence()
        return self._router

    def workspace_evidence(self) -> WorkspaceEvidence:
        """The words of MEMORY.md and of every project's notes, read again only when a
        file changed (a note just filed under a project counts for the next statement)."""
        from coordinator.project_evidence import MEMORY, WorkspaceEvidence

        holders = self.curated_files()
        key = tuple((str(h.store.path), _stamp(h.store.path)) for h in holders)
        if self._evidence is None or self._evidence[0] != key:
            notes: dict[str, list[str]] = {}
            for holder in holders:
                texts = [r.text for r in holder.store.records()]
                notes.setdefault(holder.project or MEMORY, []).extend(texts)
            memory = notes.pop(MEMORY, [])
            self._evidence = (key, WorkspaceEvidence(notes, memory))
        return self._evidence[1]

    @property
    def skills(self) -> SkillSession:
        """Skills this session may read: discovery, matching, activation."""
        if self._skills is None:
            from coordinator.session.skills import SkillSession

            self._skills = SkillSession(
                self.workspace,
                self.settings.skills_path,
                session_kind=self.session_kind,
                session=self.session,
                daily=self.daily,
                clock=self.clock,
                embedder=lambda: self.embedder,
                multilingual=self._multilingual,
            )
        return self._skills

    def _multilingual(self) -> Embedder | None:
        """The multilingual embedder for skill matching across languages, or None when
        the configured embedder has no model (lexical only) or the model is missing."""
        if getattr(self.embedder, "degraded", False):
            return None
        from memory.search.embedders import ModelUnavailableError, multilingual_embedder

        try:
            return multilingual_embedder()
        except ModelUnavailableError:
            return None

    # -- curated files -----------------------------------------------------------------------
    def curated_store(self, layer: str, project: str | None) -> CuratedFile | None:
        """The file a new entry of ``layer`` goes to, or None (no such project yet)."""
        if layer == "memory":
            return self.memory.file
        if layer == "project" and project and self.projects.exists(project):
            return self.projects.notes_file(project)
        return None

    def curated_files(self, *, archive: bool = False) -> list[CuratedHolder]:
        """MEMORY.md (and its archive), then every notes file of every project."""
        found = [CuratedHolder(self.memory.file, "memory", None)]
        if archive:
            found.append(CuratedHolder(self.memory.archive_file, "memory", None))
        for name in self.projects.names():
            found += [
                CuratedHolder(self.projects.notes_file(name, path.name), "project", name)
                for path in self.projects.files(name)
            ]
        return found

    def holder_of(self, entry_id: str, *, right: str = "write") -> CuratedHolder:
        """The curated file that holds ``entry_id`` (MEMORY.md or a project's notes).

        The right to ``right`` the layer its prefix names is checked before anything is
        read, so the answer never depends on what a layer the session may not see holds."""
        layer = "memory" if layer_of_id(entry_id) == "memory" else "project"
        require(self.session_kind, layer, right)
        for holder in self.curated_files():
            if holder.layer == layer and any(r.id == entry_id for r in holder.store.records()):
                return holder
        where = "MEMORY.md" if layer == "memory" else "any project's notes"
        raise EntryNotFoundError(
            f"no entry with id {entry_id!r} in {where}; ids are shown by 'labmem show' "
            "and in search hits."
        )


def _stamp(path: Path) -> tuple[int, int]:
    """When a file last changed and its size; (0, 0) while it does not exist."""
    try:
        found = path.stat()
    except OSError:
        return (0, 0)
    return (found.st_mtime_ns, found.st_size)
