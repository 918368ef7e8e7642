"""``labmem mcp``: the memory served over the Model Context Protocol (stdio).

Other assistants get remember, search, ask, get, confirm and supersede with the same guards and
visibility as everything else. The client's session kind comes from settings
(``LABMEM_MCP_SESSION_KIND``, default ``shared``: MEMORY.md stays invisible).
"""

from __future__ import annotations

import functools
import threading
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, TypeVar

from coordinator import reads
from memory.errors import (
    EntryNotFoundError,
    InvalidInputError,
    MemoryFrameworkError,
    PermissionDeniedError,
)
from memory.files import file_stamp, read_snapshot, safe_child
from memory.layers import layer_of_id
from memory.search.chunking import layer_of
from memory.visibility import allowed

if TYPE_CHECKING:
    from mcp.server.mcpserver import MCPServer

    from coordinator.lab import Lab
    from memory.records import Record

__all__ = ["build_server"]

INSTRUCTIONS = """labmem is the lab's memory. Memory is a heuristic, not the truth: prefer the
current state of the system and what the user says now over a remembered fact, cite what
you used (path#Lx-Ly), and store durable facts with `remember` (never secrets: store where a
secret lives instead). Mark text that came from a tool, a file or the web with
source='tool:<name>'; it is quarantined, never curated."""


F = TypeVar("F", bound=Callable[..., Any])


_ONE_AT_A_TIME = threading.Lock()


def _user_errors(func: F) -> F:
    """Tools run one at a time (the Lab is one session), and our errors reach the client
    as their own clear message (a tool error)."""
    from mcp.server.mcpserver.exceptions import ToolError

    @functools.wraps(func)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        with _ONE_AT_A_TIME:
            try:
                return func(*args, **kwargs)
            except MemoryFrameworkError as exc:
                raise ToolError(str(exc)) from None

    return wrapper  # type: ignore[return-value]


def build_server(lab: Lab) -> MCPServer:
    from mcp.server.mcpserver import MCPServer

    server = MCPServer("labmem", instructions=INSTRUCTIONS, version=_version())
    lab.session.interactive = True  # an MCP client that did something ends with a summary

    @server.tool()
    @_user_errors
    def remember(
        text: str,
        layer: str | None = None,
        kind: str | None = None,
        project: str | None = None,
        source: str = "mcp",
    ) -> dict[str, Any]:
        """Store a fact; the Coordinator routes it unless `layer` is given. Returns the receipt.
        A session that may not write the chosen layer (shared: MEMORY.md) keeps the fact in
        today's daily log instead; the receipt's layer and reason say so."""
        return lab.remember(text, layer=layer, kind=kind, project=project, source=source).to_json()

    @server.tool()
    @_user_errors
    def search(
        query: str, k: int = 10, layers: list[str] | None = None, project: str | None = None
    ) -> dict[str, Any]:
        """Hybrid search over every layer this session may see; hits carry citations."""
        hits = lab.search(query, k=k, layers=layers, project=project)
        return {"query": query, "hits": [hit.to_json() for hit in hits]}

    @server.tool()
    @_user_errors
    def ask(question: str, k: int = 3) -> dict[str, Any]:
        """Answer a question from memory: the direct answer first, at most three cited
        sources; found=false when memory holds nothing about it; when = the days asked about."""
        return lab.ask(question, k=k).to_json()

    @server.tool()
    @_user_errors
    def get(
        path: str | None = None,
        line_start: int | None = None,
        line_end: int | None = None,
        id: str | None = None,
    ) -> dict[str, Any]:
        """Read lines of a layer file (a citation's path and range); the whole file
        without a range, one line with only `line_start`. Or read one entry by its `id`
        (m-…, d-…, p-…, as search hits and receipts show it)."""
        if id is not None:
            if path is not None:
                raise InvalidInputError("give either path or id, not both")
            record = _entry(lab, id)
            return _get(lab, record.path, record.line_start, record.line_end)
        if path is None:
            raise InvalidInputError("give a path (with line_start/line_end) or an entry id")
        if line_end is None and line_start is not None:
            line_end = line_start
        return _get(lab, path, 1 if line_start is None else line_start, line_end)

    @server.tool()
    @_user_errors
    def confirm(id: str) -> dict[str, Any]:
        """Confirm an entry is still true (bumps its confirmation date and count)."""
        record = lab.confirm(id)
        return {"id": record.id, "citation": record.citation, "confirms": record.confirms}

    @server.tool()
    @_user_errors
    def supersede(id: str, text: str, kind: str | None = None) -> dict[str, Any]:
        """Replace entry `id` with a corrected `text`; the old entry stays in history."""
        holder = lab.services.holder_of(id)
        return lab.remember(
            text,
            layer=holder.layer,
            kind=kind,
            project=holder.project,
            supersedes=id,
            source="mcp",
        ).to_json()

    add_skill_tools(server, lab)
    return server


def _version() -> str:
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("labmem")
    except PackageNotFoundError:  # a checkout on the path, not installed
        return "0+unknown"


def _entry(lab: Lab, entry_id: str) -> Record:
    """The entry ``entry_id`` names, in a layer this session may read or search; the right
    is checked by the id's prefix before anything is read."""
    layer = layer_of_id(entry_id)
    if layer not in ("memory", "daily", "project"):
        raise InvalidInputError(
            f"{entry_id!r} is not an entry id; ids look like m-1b9e04d2, d-… or p-…, as "
            "search hits and receipts show them"
        )
    if not (allowed(lab.session_kind, layer, "read") or allowed(lab.session_kind, layer, "search")):
        raise PermissionDeniedError(f"a {lab.session_kind} session may not read {layer} entries")
    services = lab.services
    if layer == "daily":
        for day in sorted(services.daily.files(), reverse=True):
            for record in reads.day_records(services, day):
                if record.id == entry_id:
                    return record
        raise EntryNotFoundError(
            f"no entry with id {entry_id!r} in the daily logs; ids are shown by search hits"
        )
    holder = services.holder_of(entry_id, right="read")
    return next(r for r in holder.store.records() if r.id == entry_id)


def _get(lab: Lab, path: str, start: int, end: int | None) -> dict[str, Any]:
    where = layer_of(path)
    if where is None:
        raise InvalidInputError(
            f"{path!r} is not a layer file (MEMORY.md, memory/…, projects/…, skills/…)"
        )
    layer = where[0]
    if not (allowed(lab.session_kind, layer, "read") or allowed(lab.session_kind, layer, "search")):
        raise PermissionDeniedError(f"a {lab.session_kind} session may not read {path}")
    if start < 1 or (end is not None and end < start):
        raise InvalidInputError(
            f"line range {start}-{end} is not valid; lines start at 1 and line_end is not "
            "before line_start (leave both out for the whole file)"
        )
    target = safe_child(lab.workspace.root, *path.split("/"))

    def read() -> dict[str, Any]:
        lines = read_snapshot(target).text.split("\n")
        last = len(lines) if end is None else end
        text = "\n".join(lines[start - 1 : last])
        return {"path": path, "line_start": start, "line_end": last, "text": text}

    # The session's tool cache: the same lines of an unchanged file are read once.
    key = f"get\0{path}\0{start}\0{end}\0{file_stamp(target)}"
    return dict(lab.session.tool_result(key, read))


def add_skill_tools(server: MCPServer, lab: Lab) -> None:
    """skills list / match / load over MCP."""

    @server.tool()
    @_user_errors
    def skills_list() -> dict[str, Any]:
        """The skills this session may use: name, description, triggers, where from."""
        cat = lab.skills.catalogue()
        return {
            "skills": [
                {
                    "name": s.name,
                    "description": s.meta.description,
                    "triggers": s.meta.triggers,
                    "status": s.meta.status,
                    "origin": s.origin,
                }
                for s in cat.skills.values()
            ]
        }

    @server.tool()
    @_user_errors
    def skills_match(request: str) -> dict[str, Any]:
        """Which skills a request would activate, best first, with the reason."""
        return {"request": request, "matches": [m.to_json() for m in lab.skills.match(request)]}

    @server.tool()
    @_user_errors
    def skills_load(name: str, path: str | None = None) -> dict[str, Any]:
        """Activate a skill: its instructions, sections, files (with sizes) and tool. With
        ``path`` (relative to the skill's folder, e.g. references/FORMS.md), return that
        one file's text instead; labmem never runs it."""
        if path:
            return lab.skills.read(name, path)
        skill = lab.skills.activate(name, "loaded over MCP")
        return {
            "name": skill.name,
            "description": skill.meta.description,
            "instructions": skill.workflow,
            "sections": skill.sections,
            "files": [r.to_json() for r in skill.resources],
            "tool": skill.tool.meta.model_dump() if skill.tool else None,
        }
