"""``Lab``: the public facade over the layers (CONTRACTS §3)."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from datetime import date
from pathlib import Path
from typing import TYPE_CHECKING, Any

from coordinator.importer import ImportItem, import_items
from coordinator.receipt import ImportReport, Receipt, Status
from coordinator.settings import Settings, load_settings
from memory.curated import CuratedFile
from memory.daily_log import DailyLog
from memory.errors import InvalidInputError
from memory.hygiene import check_kind, check_meta, check_metadata, check_tags, check_texts
from memory.longterm import LongTermMemory
from memory.records import Record
from memory.retention import archive_old_logs
from memory.secret_lines import withhold_records
from memory.session import SessionContext
from memory.visibility import check_layer, check_session_kind, require
from memory.workspace import Workspace
from projects.notes import ProjectNotes, check_project_name

if TYPE_CHECKING:
    from coordinator.answer import Answer
    from coordinator.boot import Preamble
    from coordinator.skill_session import SkillSession
    from memory.search.service import Hit, SearchService, SyncReport

__all__ = ["Lab"]


class Lab:
    """One open workspace seen from one session. Use ``Lab.open(...)`` as a context manager.

    It composes the stores, the Coordinator graph, search, skills and maintenance, and
    enforces the session kind's visibility. It does NOT parse Markdown, score search hits
    or decide routing itself: those live in ``memory``, ``coordinator.graph`` and
    ``coordinator.router``; heavy parts (the graph, the embedder, the index) load on first use.
    """

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
        self._search: SearchService | None = None
        self.search_warning: str | None = None
        self._graph: Any = None
        self._model: Any = None
        self._skills: SkillSession | None = None
        self._embedder: Any = None
        self._vectors: Any = None
        self._router: Any = None
        from memory.dedupe import Thresholds

        self.dedupe_thresholds = Thresholds()

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
        if not self.session.closed and self.session.did_something:
            from coordinator.session_summary import write_summary

            self.session.closed = True
            write_summary(self)
        self.session.closed = True
        self.session.history.clear()
        if self._search is not None:
            self._search.close()
            self._search = None

    # -- search ----------------------------------------------------------------------------
    @property
    def search_service(self) -> SearchService:
        if self._search is None:
            from coordinator.search import build_search

            self._search = build_search(self.workspace, self.settings, self.embedder)
        return self._search

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
        """Hybrid search over every layer this session may see (CONTRACTS §2–3)."""
        from coordinator.search import run_search

        return run_search(
            self,
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
        service = self.search_service
        return service.rebuild(progress) if full else service.sync(progress)

    # -- writing ---------------------------------------------------------------------------
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

        ``meta`` adds comment keys to the entry (CONTRACTS §1); they pass the same guard
        as the text. A confirmation of an existing entry writes no new metadata."""
        if layer is not None:
            check_layer(layer)
        if kind is not None:
            check_kind(kind)
        if project is not None:
            check_project_name(project)
        # Metadata is refused before the graph runs, so no checkpoint ever holds it.
        check_metadata({"tag": tags, "source": source, "supersedes": supersedes})
        if supersedes is not None and supersedes[:2] in {"m-", "p-"}:
            # Changing an entry needs the right to write its layer, checked before anything
            # is looked up, so the answer never depends on what the layer holds.
            require(self.session_kind, "memory" if supersedes[:2] == "m-" else "project", "write")
        from coordinator.graph import remember_input

        state = remember_input(
            text,
            layer=layer,
            kind=kind,
            project=project,
            tags=list(check_tags(tags)),
            source=source,
            supersedes=supersedes,
            meta=check_meta(meta or {}),
        )
        result = self._run_graph(state)
        receipt = Receipt(**result["receipt"])
        self._note_receipt(receipt)
        return receipt

    def handle(self, line: str, *, source: str = "user") -> dict[str, Any]:
        """One chat turn through the Coordinator: its intent decides — a skill request
        activates the skill, a question is answered from memory, anything else is
        remembered. Returns the graph's result (intent plus receipt, answer or skill)."""
        from coordinator.graph import turn_input

        state = turn_input(line, source)
        result = self._run_graph(state)
        if result.get("receipt"):
            self._note_receipt(Receipt(**result["receipt"]))
        return result

    def _run_graph(self, state: dict[str, Any]) -> dict[str, Any]:
        # durability="exit": only the final state is checkpointed, after the guard ran.
        result: dict[str, Any] = self.coordinator.invoke(
            state,
            context=self._context(),
            config={"configurable": {"thread_id": self.session.id}},
            durability="exit",
        )
        return result

    def _note_receipt(self, receipt: Receipt) -> None:
        """Note what was stored, by id and citation only: the summary written from these
        notes may be read by other sessions, so it never carries an entry's text."""
        if receipt.ok:
            self.session.events.append(
                {
                    "type": "remember",
                    "status": receipt.status,
                    "kind": receipt.kind,
                    "layer": receipt.layer,
                    "id": receipt.id,
                    "citation": receipt.citation,
                }
            )

    def ask(self, question: str, *, k: int = 3) -> Answer:
        """Answer from memory: the direct answer first, then at most three cited sources;
        ``found`` is False when memory holds no answer (see ``coordinator.answer``)."""
        from coordinator.answer import answer_question, with_session

        if not question or not question.strip():
            raise InvalidInputError("the question is empty; say what to look for.")
        answer = answer_question(self, question, k=k)
        self.session.events.append({"type": "ask", "text": question.strip()[:200]})
        if self.session.interactive:
            answer = with_session(answer, self)
        model = self.model
        if model is not None and answer.found:
            from coordinator.assistant import model_answer

            return model_answer(self, model, question, answer.hits, answer)
        return answer

    @property
    def model(self) -> Any:
        """The configured language model, or None (offline)."""
        if self._model is None:
            from coordinator.llm import model_from_settings

            self._model = model_from_settings(self.settings)
        return self._model

    def add_turn(
        self, role: str, content: str, *, stored: bool = True, tool_call_id: str | None = None
    ) -> None:
        """Record a conversation turn; a turn holding a secret is kept only as a marker."""
        from memory.session import Turn

        if check_texts([content], self.settings.max_entry_bytes * 16)[0] is not None:
            content = "[withheld: the message was refused by the guard]"
        self.session.add_turn(Turn(role, content, self.clock.now(), tool_call_id, stored))

    def compact(self, keep: int = 40) -> int:
        """Fold old turns into a summary; statements not yet stored are flushed to the
        daily log first, so compaction never loses a fact. Returns turns folded."""
        from coordinator.session_summary import compact_session

        return compact_session(self, keep)

    @property
    def coordinator(self) -> Any:
        if self._graph is None:
            from coordinator.graph import build_graph

            self._graph = build_graph()
        return self._graph

    def _context(self) -> Any:
        from coordinator.graph import CoordinatorContext
        from coordinator.router import Router

        if self._router is None:
            self._router = Router(self.embedder)
            model = self.model
            if model is not None:
                from coordinator.llm import ModelRouter

                self._router = ModelRouter(model, self._router, self.settings.llm_timeout_s)
        self._router.known_projects = self.project_names()
        return CoordinatorContext(self, self._router)

    @property
    def skills(self) -> SkillSession:
        """Skills this session may read: discovery, matching, activation."""
        if self._skills is None:
            from coordinator.skill_session import SkillSession

            self._skills = SkillSession(self)
        return self._skills

    def use_model(self, model: Any) -> None:
        """Route with this LangChain chat model (the offline router stays the fallback)."""
        self._model = model
        self._router = None

    def keep_session(self) -> Path:
        """Keep this session's graph state in SQLite (``.labmem/state/sessions.sqlite``)
        instead of memory only. Only what passed the guard is ever checkpointed."""
        from coordinator.graph import build_graph, sqlite_saver

        path = self.workspace.state_dir / "sessions.sqlite"
        self._graph = build_graph(sqlite_saver(path))
        return path

    @property
    def embedder(self) -> Any:
        """The configured embedder, built once; routing and dedupe need no index."""
        if self._embedder is None:
            from coordinator.search import embedder_for

            self._embedder, self.search_warning = embedder_for(self.settings)
        return self._embedder

    def vectors_for(self, texts: Sequence[str]) -> Any:
        """Embeddings of ``texts``, cached for the session (dedupe compares with the same
        entries again and again)."""
        if self._vectors is None:
            from memory.dedupe import VectorCache

            self._vectors = VectorCache(self.embedder)
        return self._vectors.get(texts)

    def curated_store(self, layer: str, project: str | None) -> CuratedFile | None:
        if layer == "memory":
            return self.memory.file
        if layer == "project" and project and self.projects.exists(project):
            return self.projects.notes_file(project)
        return None

    def receipt_for(self, record: Record, status: Status, reason: str) -> Receipt:
        return Receipt.from_record(record, status, reason)

    def store(
        self,
        text: str,
        *,
        layer: str,
        kind: str | None = None,
        project: str | None = None,
        tags: Sequence[str] = (),
        source: str = "user",
        supersedes: str | None = None,
        why: str | None = None,
        extra: dict[str, str] | None = None,
    ) -> Receipt:
        """Write to one layer, as decided (the Coordinator's write step)."""
        from coordinator.writer import store

        return store(
            self,
            text,
            layer=layer,
            kind=kind,
            project=project,
            tags=tags,
            source=source,
            supersedes=supersedes,
            why=why,
            extra=extra,
        )

    def import_entries(self, items: Iterable[ImportItem | Mapping[str, Any]]) -> ImportReport:
        """Import items; an item with ``layer: auto`` is routed as ``remember`` routes."""
        from coordinator.importer import routed

        def route(text: str) -> tuple[str, str, str | None]:
            chosen = self._context().router.route(text)
            project = chosen.project or self.session.project
            return chosen.layer, chosen.kind, project if chosen.layer == "project" else None

        return import_items(
            [routed(item, route) for item in items],
            session_kind=self.session_kind,
            daily=self.daily,
            memory=self.memory,
            projects=self.projects,
            max_bytes=self.settings.max_entry_bytes,
        )

    # -- reading ---------------------------------------------------------------------------
    def memory_records(self) -> list[Record]:
        require(self.session_kind, "memory", "read")
        return withhold_records(self.memory.records())

    def day_records(self, day: date) -> list[Record]:
        require(self.session_kind, "daily", "search")
        return withhold_records(self.daily.read(day))

    def local_day_records(self, day: date | None = None) -> list[Record]:
        """Entries of the user's local day (default today), read from the UTC files.
        Listing a day is a search of the daily layer: a cron session may only append."""
        require(self.session_kind, "daily", "search")
        zone = self.settings.zone()
        day = day or self.clock.now().astimezone(zone).date()
        return withhold_records(self.daily.read_local_day(day, zone))

    def daily_records_local(self, day: date) -> list[Record]:
        """A local day's entries for a session that may read or search daily logs."""
        if self.session_kind == "cron":
            return []
        return self.local_day_records(day)

    def boot(self, project: str | None = None) -> Preamble:
        """The preamble this session starts with (see ``coordinator.boot``)."""
        from coordinator.boot import build_preamble

        if project is not None:
            check_project_name(project)
            if not self.projects.exists(project):
                raise InvalidInputError(
                    f"unknown project {project!r}; known projects: "
                    f"{', '.join(self.project_names()) or 'none'}."
                )
            self.session.project = project
        return build_preamble(self, self.session.project)

    def project_records(self, name: str) -> list[Record]:
        """A project's entries to show; a hand-written line holding a secret shows a note."""
        require(self.session_kind, "project", "read")
        return withhold_records(self.projects.records(name))

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
        from memory.usage import UsageLog

        record = self._confirm(entry_id)
        UsageLog(self.workspace.state_dir).used([record.id])
        return record

    def _confirm(self, entry_id: str) -> Record:
        return self.store_of(entry_id).confirm(entry_id)

    def store_of(self, entry_id: str) -> CuratedFile:
        """The curated file (MEMORY.md or a project's notes) that holds ``entry_id``."""
        layer = "memory" if entry_id.startswith("m-") else "project"
        require(self.session_kind, layer, "write")
        if layer == "project":
            for name in self.projects.names():
                for path in self.projects.files(name):
                    store = self.projects.notes_file(name, path.name)
                    if any(r.id == entry_id for r in store.records()):
                        return store
        return self.memory.file
