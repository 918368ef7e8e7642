"""``Lab``: the public facade over one session's services (docs/contracts.md §3).

Every method delegates: ``Services`` (coordinator.services) holds the stores and builds
the heavy parts on first use, ``Coordinator`` (coordinator.pipeline) runs the steps,
``coordinator.reads`` checks what a session may read. Nothing below the facade imports
it; the command line, the web app, MCP, chat and maintenance sit above it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from datetime import date
from pathlib import Path
from typing import TYPE_CHECKING, Any

from coordinator import reads
from coordinator.pipeline import Coordinator
from coordinator.receipt import ImportReport, Receipt
from coordinator.services import Services
from coordinator.settings import Settings, load_settings
from memory.errors import InvalidInputError
from memory.hygiene import check_texts
from memory.retention import archive_old_logs
from memory.visibility import require
from projects.notes import check_project_name

if TYPE_CHECKING:
    from coordinator.answer import Answer
    from coordinator.importer import ImportItem
    from coordinator.session.boot import Preamble
    from coordinator.session.skills import SkillSession
    from memory.clock import Clock
    from memory.daily_log import DailyLog
    from memory.longterm import LongTermMemory
    from memory.records import Record
    from memory.search.service import Hit, SyncReport
    from memory.session import SessionContext
    from memory.workspace import Workspace
    from projects.notes import ProjectNotes

__all__ = ["Lab"]


class Lab:
    """One open workspace seen from one session. Use ``Lab.open(...)`` as a context manager.

    It enforces the session kind's visibility through the parts it delegates to. It does
    NOT parse Markdown, score search hits, decide routing or build anything heavy itself:
    those live in ``memory``, ``coordinator.graph``, ``coordinator.router`` and
    ``coordinator.services`` (which loads the embedder, the index and langgraph on first
    use).
    """

    def __init__(self, settings: Settings, session_kind: str = "main") -> None:
        self._services = Services(settings, session_kind)
        self._coordinator = Coordinator(self._services)

    @classmethod
    @contextmanager
    def open(
        cls,
        path: str | Path | None = None,
        *,
        session_kind: str = "main",
        settings: Settings | None = None,
    ) -> Iterator[Lab]:
        if settings is None:
            settings = load_settings(home=Path(path) if path is not None else None)
        elif path is not None:
            settings = settings.model_copy(update={"home": Path(path)})
        lab = cls(settings, session_kind)
        try:
            yield lab
        finally:
            lab.close()

    def close(self) -> None:
        """End the session. A session that did something (turns, things remembered or
        asked, open tasks) writes its summary to the daily log first; then the context is
        discarded. One that did nothing (an MCP connection that only searched, an empty
        chat) writes none."""
        session = self.session
        if not session.closed and session.did_something:
            from coordinator.session.summary import write_summary

            session.closed = True
            write_summary(self._services)
        session.closed = True
        session.history.clear()
        self._services.close()

    # -- the parts, for the layers above the facade (CLI, web, MCP, maintenance) ------------
    @property
    def services(self) -> Services:
        """The session's services (the composition root), for in-package helpers."""
        return self._services

    @property
    def settings(self) -> Settings:
        return self._services.settings

    @property
    def session_kind(self) -> str:
        return self._services.session_kind

    @property
    def workspace(self) -> Workspace:
        return self._services.workspace

    @property
    def clock(self) -> Clock:
        return self._services.clock

    @property
    def memory(self) -> LongTermMemory:
        return self._services.memory

    @property
    def daily(self) -> DailyLog:
        return self._services.daily

    @property
    def projects(self) -> ProjectNotes:
        return self._services.projects

    @property
    def session(self) -> SessionContext:
        return self._services.session

    @property
    def recovered(self) -> list[str]:
        """Files a journal recovery finished when the workspace was opened."""
        return list(self._services.recovered)

    @property
    def search_warning(self) -> str | None:
        """Why search degraded to words only (no model), once the embedder is loaded."""
        return self._services.search_warning

    @property
    def skills(self) -> SkillSession:
        """Skills this session may read: discovery, matching, activation."""
        return self._services.skills

    @property
    def model(self) -> Any:
        """The configured language model, or None (offline)."""
        return self._services.model

    def use_model(self, model: Any) -> None:
        """Route with this LangChain chat model (the offline router stays the fallback)."""
        self._services.use_model(model)

    # -- search ----------------------------------------------------------------------------
    def search(
        self,
        query: str,
        *,
        k: int = 10,
        layers: Sequence[str] | None = None,
        project: str | None = None,
        kinds: Sequence[str] | None = None,
        since: date | str | None = None,
        until: date | str | None = None,
        tags: Sequence[str] | None = None,
        include_archive: bool = False,
    ) -> list[Hit]:
        """Hybrid search over every layer this session may see (docs/contracts.md §2–3)."""
        return reads.search(
            self._services,
            query,
            k=k,
            layers=layers,
            project=project,
            kinds=kinds,
            since=since,
            until=until,
            tags=tags,
            include_archive=include_archive,
        )

    def reindex(
        self, progress: Callable[[int, int], None] | None = None, full: bool = False
    ) -> SyncReport:
        """Bring the index in step with the Markdown (``full``: rebuild from scratch)."""
        service = self._services.search_service
        return service.rebuild(progress) if full else service.sync(progress)

    # -- the Coordinator -------------------------------------------------------------------
    def remember(
        self,
        text: str,
        *,
        layer: str | None = None,
        kind: str | None = None,
        project: str | None = None,
        tags: Sequence[str] = (),
        source: str = "user",
        supersedes: str | None = None,
        meta: Mapping[str, str] | None = None,
    ) -> Receipt:
        """Route ``text`` through the Coordinator (guard, route, dedupe, write).

        ``meta`` adds comment keys to the entry (docs/contracts.md §1); they pass the same guard
        as the text. A confirmation of an existing entry writes no new metadata."""
        return self._coordinator.remember(
            text,
            layer=layer,
            kind=kind,
            project=project,
            tags=tags,
            source=source,
            supersedes=supersedes,
            meta=meta,
        )

    def handle(self, line: str, *, source: str = "user") -> dict[str, Any]:
        """One chat turn through the Coordinator: its intent decides — a skill request
        activates the skill, a question is answered from memory, anything else is
        remembered. Returns the final state (intent plus receipt, answer or skill)."""
        return dict(self._coordinator.handle(line, source=source))

    def ask(self, question: str, *, k: int = 3) -> Answer:
        """Answer from memory: the direct answer first, then at most three cited sources;
        ``found`` is False when memory holds no answer (see ``coordinator.answer``)."""
        return self._coordinator.ask(question, k=k)

    def keep_session(self) -> Path:
        """Keep this session's graph state in SQLite (``.labmem/state/sessions.sqlite``)
        instead of memory only. Only what passed the guard is ever checkpointed."""
        return self._coordinator.keep()

    def import_entries(self, items: Iterable[ImportItem | Mapping[str, Any]]) -> ImportReport:
        """Import items; an item with ``layer: auto`` is routed as ``remember`` routes."""
        from coordinator.importer import import_items, routed

        services = self._services

        def route(text: str) -> tuple[str, str, str | None]:
            chosen = services.router().route(text)
            project = chosen.project or services.session.project
            return chosen.layer, chosen.kind, project if chosen.layer == "project" else None

        return import_items(
            [routed(item, route) for item in items],
            session_kind=services.session_kind,
            daily=services.daily,
            memory=services.memory,
            projects=services.projects,
            max_bytes=services.settings.max_entry_bytes,
        )

    # -- the session -----------------------------------------------------------------------
    def add_turn(
        self, role: str, content: str, *, stored: bool = True, tool_call_id: str | None = None
    ) -> None:
        """Record a conversation turn; a turn holding a secret is kept only as a marker."""
        from memory.session import WITHHELD_TURN, Turn

        if check_texts([content], self.settings.max_entry_bytes * 16)[0] is not None:
            content = WITHHELD_TURN
        self.session.add_turn(Turn(role, content, self.clock.now(), tool_call_id, stored))

    def compact(self, keep: int = 40) -> int:
        """Fold old turns into a summary; statements not yet stored are flushed to the
        daily log first, so compaction never loses a fact. Returns turns folded."""
        from coordinator.session.summary import compact_session

        return compact_session(self._services, keep)

    def boot(self, project: str | None = None) -> Preamble:
        """The preamble this session starts with (see ``coordinator.session.boot``)."""
        from coordinator.session.boot import build_preamble

        if project is not None:
            check_project_name(project)
            if not self.projects.exists(project):
                raise InvalidInputError(
                    f"unknown project {project!r}; known projects: "
                    f"{', '.join(self.project_names()) or 'none'}."
                )
            self.session.project = project
        return build_preamble(self._services, self.session.project)

    # -- reading ---------------------------------------------------------------------------
    def memory_records(self) -> list[Record]:
        return reads.memory_records(self._services)

    def day_records(self, day: date) -> list[Record]:
        return reads.day_records(self._services, day)

    def local_day_records(self, day: date | None = None) -> list[Record]:
        """Entries of the user's local day (default today), read from the UTC files."""
        return reads.local_day_records(self._services, day)

    def daily_records_local(self, day: date) -> list[Record]:
        """A local day's entries for a session that may read or search daily logs."""
        return reads.daily_records_local(self._services, day)

    def project_records(self, name: str) -> list[Record]:
        """A project's entries to show; a hand-written line holding a secret shows a note."""
        return reads.project_records(self._services, name)

    def project_names(self) -> list[str]:
        return self.projects.names()

    # -- maintenance -----------------------------------------------------------------------
    def archive_logs(self, dry_run: bool = False) -> list[str]:
        require(self.session_kind, "memory", "write")
        return archive_old_logs(self.daily, self.settings.retention_days, dry_run)

    def archive_memory(self, ids: Sequence[str], reason: str) -> list[Record]:
        require(self.session_kind, "memory", "write")
        return self.memory.archive(ids, reason)

    def confirm(self, entry_id: str) -> Record:
        """Confirm an entry is still true; a confirmation counts as use (it ranks higher)."""
        from coordinator.graph.writer import confirm

        return confirm(self._services, entry_id)
