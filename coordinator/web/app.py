"""The Starlette app behind ``labmem web``: routes, the token guard and CSRF.

Every request needs the per-start token — in the URL (``?token=…``, which also sets a
cookie for this port) or that cookie — else 403. Every POST carries a CSRF field derived
from the token and must come from this origin. Pages render on the server (Jinja2,
autoescaped) and work with JavaScript off; every script, style and font ships in the
package. Requests are handled one at a time on the event loop: the ``Lab`` is one session.

It does NOT bind sockets (``coordinator.web.serve`` does, on 127.0.0.1 only) and does NOT
write files: actions go through ``coordinator.web.actions`` and the ``Lab``.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
from collections import Counter
from datetime import date
from pathlib import Path
from typing import TYPE_CHECKING, Any
from urllib.parse import urlsplit

from jinja2 import Environment, FileSystemLoader, select_autoescape
from starlette.applications import Starlette
from starlette.middleware import Middleware
from starlette.middleware.base import BaseHTTPMiddleware, RequestResponseEndpoint
from starlette.requests import Request
from starlette.responses import HTMLResponse, Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from coordinator.web import pages
from coordinator.web.actions import run_action
from coordinator.web.snapshot import Snapshot, SnapshotCache
from memory.errors import MemoryFrameworkError, PermissionDeniedError
from memory.search.chunking import layer_of
from memory.visibility import allowed

if TYPE_CHECKING:
    from coordinator.lab import Lab

__all__ = ["WebApp", "build_app", "new_token"]

HERE = Path(__file__).parent
LOCAL_HOSTS = {"127.0.0.1", "localhost"}


def new_token() -> str:
    return secrets.token_urlsafe(24)


def csrf_for(token: str) -> str:
    return hmac.new(token.encode(), b"labmem-csrf", hashlib.sha256).hexdigest()[:32]


class Guard(BaseHTTPMiddleware):
    """403 unless the request is for a local host name and carries the token; a POST that
    names an ``Origin`` must name this one (the CSRF field is checked by the action)."""

    def __init__(self, app: Any, token: str) -> None:
        super().__init__(app)
        self.token = token

    async def dispatch(self, request: Request, call_next: RequestResponseEndpoint) -> Response:
        host = request.url.hostname or ""
        if host not in LOCAL_HOSTS:
            return _refuse(f"host {host!r} is not this machine; open http://127.0.0.1")
        cookie = f"labmem_token_{request.url.port or 80}"
        given = request.query_params.get("token") or request.cookies.get(cookie, "")
        if not hmac.compare_digest(given.encode(), self.token.encode()):
            return _refuse(
                "this page needs the token printed by 'labmem web'; open the URL it printed"
            )
        if request.method == "POST":
            origin = request.headers.get("origin")
            if origin and origin != "null" and urlsplit(origin).netloc != request.url.netloc:
                return _refuse(f"a form from {origin} may not act on this server")
        response = await call_next(request)
        if "token" in request.query_params:
            response.set_cookie(cookie, self.token, httponly=True, samesite="strict")
        return response


def _refuse(why: str) -> Response:
    return HTMLResponse(
        f"<!doctype html><title>403</title><h1>403 Forbidden</h1><p>{_esc(why)}.</p>",
        status_code=403,
    )


def _esc(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


class WebApp:
    """The pages and actions over one ``Lab``."""

    def __init__(self, lab: Lab, token: str) -> None:
        self.lab = lab
        self.token = token
        self.snapshots = SnapshotCache(lab)
        self.env = Environment(
            loader=FileSystemLoader(HERE / "templates"),
            autoescape=select_autoescape(default=True),
            trim_blocks=True,
            lstrip_blocks=True,
        )
        self.csrf = csrf_for(token)
        readable = [x for x in ("memory", "daily") if allowed(lab.session_kind, x, "read")]
        self.env.globals.update(csrf=self.csrf, session_kind=lab.session_kind, readable=readable)

    # -- helpers ---------------------------------------------------------------------------
    def render(self, name: str, request: Request, status: int = 200, **data: Any) -> Response:
        html = self.env.get_template(name).render(request=request, template=name, **data)
        return HTMLResponse(html, status_code=status)

    def problem(self, request: Request, exc: Exception) -> Response:
        status = 403 if isinstance(exc, PermissionDeniedError) else 400
        return self.render("problem.html", request, status=status, message=str(exc))

    def snap(self) -> Snapshot:
        return self.snapshots.get()

    # -- pages -----------------------------------------------------------------------------
    async def overview(self, request: Request) -> Response:
        snap = self.snap()
        now = request.query_params.get("doctor") == "1"
        data = pages.overview(self.lab, snap, self.snapshots.previous, now)
        return self.render("overview.html", request, **data)

    async def search(self, request: Request) -> Response:
        q = request.query_params
        query = q.get("q", "").strip()
        filters = {
            "layer": q.get("layer", ""),
            "project": q.get("project", ""),
            "kind": q.get("kind", ""),
            "since": q.get("since", ""),
            "until": q.get("until", ""),
        }
        mode = "ask" if q.get("mode") == "ask" else "search"
        data: dict[str, Any] = {"query": query, "filters": filters, "mode": mode, "hits": []}
        data["projects"] = (
            self.lab.project_names() if allowed(self.lab.session_kind, "project", "search") else []
        )
        if query:
            try:
                data.update(self._find(query, filters, mode))
            except MemoryFrameworkError as exc:
                data["error"] = str(exc)
        return self.render("search.html", request, **data)

    def _find(self, query: str, filters: dict[str, str], mode: str) -> dict[str, Any]:
        """Search with the filters; ``ask`` answers through ``Lab.ask`` (the model when one
        is configured) or, with filters, from the filtered hits."""
        if mode == "ask" and not any(filters.values()):
            answer = self.lab.ask(query)
            return {"answer": answer.text, "hits": answer.hits, "warning": self.lab.search_warning}
        hits = self.lab.search(
            query,
            k=20,
            layers=[filters["layer"]] if filters["layer"] else None,
            project=filters["project"] or None,
            kinds=[filters["kind"]] if filters["kind"] else None,
            since=filters["since"] or None,
            until=filters["until"] or None,
        )
        found: dict[str, Any] = {"hits": hits, "warning": self.lab.search_warning}
        if mode == "ask":
            from coordinator.answer import answer_offline

            answer = answer_offline(query, hits[:5])
            found.update(answer=answer.text, hits=answer.hits)
        return found

    async def file_view(self, request: Request) -> Response:
        rel = request.query_params.get("path", "")
        try:
            start = int(request.query_params.get("line", "0") or 0)
            end = int(request.query_params.get("end", "0") or 0) or start
        except ValueError:
            start = end = 0
        try:
            path = self._readable(rel)
        except MemoryFrameworkError as exc:
            return self.problem(request, exc)
        lines = path.read_text(encoding="utf-8", errors="replace").split("\n")
        return self.render("file.html", request, path=rel, lines=lines, start=start, end=end)

    def _readable(self, rel: str) -> Path:
        from memory.errors import InvalidInputError

        place = layer_of(rel)
        root = self.lab.workspace.root.resolve()
        target = (root / rel).resolve()
        if place is None or not target.is_relative_to(root) or not target.is_file():
            raise InvalidInputError(
                f"{rel!r} is not a memory file of this workspace; open files from their links."
            )
        if not allowed(self.lab.session_kind, place[0], "read"):
            raise PermissionDeniedError(
                f"a {self.lab.session_kind} session may not read the {place[0]} layer "
                "(docs/contracts.md §2); start 'labmem web' as main to read it."
            )
        return target

    async def memory(self, request: Request) -> Response:
        snap = self.snap()
        if not snap.can_read("memory"):
            return self.problem(request, _denied(self.lab, "memory"))
        page = _int(request.query_params.get("page"), 1)
        return self.render(
            "notes.html",
            request,
            title="MEMORY.md",
            project=None,
            usage=self._usage(),
            base="/memory",
            **pages.sections(snap.memory, page),
        )

    async def project(self, request: Request) -> Response:
        snap = self.snap()
        name = request.path_params["name"]
        if name not in snap.projects:
            from memory.errors import EntryNotFoundError

            known = ", ".join(sorted(snap.projects)) or "none"
            return self.problem(
                request, EntryNotFoundError(f"no project {name!r}; known projects: {known}.")
            )
        page = _int(request.query_params.get("page"), 1)
        return self.render(
            "notes.html",
            request,
            title=f"projects/{name}",
            project=name,
            usage=self._usage(),
            base=f"/projects/{name}",
            **pages.sections(snap.projects[name], page),
        )

    def _usage(self) -> dict[str, dict[str, int]]:
        from memory.usage import UsageLog

        return UsageLog(self.lab.workspace.state_dir).load()

    async def entry(self, request: Request) -> Response:
        snap = self.snap()
        entry_id = request.path_params["id"]
        record = snap.by_id.get(entry_id)
        history = snap.history(entry_id)
        if record is None and history:
            record = next(r for r in history if r.id == entry_id)
        if record is None:
            from memory.errors import EntryNotFoundError

            return self.problem(
                request, EntryNotFoundError(f"no readable entry with id {entry_id!r}.")
            )
        return self.render(
            "entry.html",
            request,
            record=record,
            history=history,
            usage=self._usage().get(entry_id, {}),
            archived=record.id not in snap.by_id,
            ask_forget=request.query_params.get("forget") == "1",
        )

    async def days(self, request: Request) -> Response:
        snap = self.snap()
        if not snap.can_read("daily"):
            return self.problem(request, _denied(self.lab, "daily"))
        sealed = set(self.lab.daily.manifest.load())
        today = self.lab.daily.today()
        chosen = request.query_params.get("day")
        day = None
        if chosen:
            try:
                day = date.fromisoformat(chosen)
            except ValueError:
                day = None
        return self.render(
            "days.html",
            request,
            months=pages.calendar_months(snap, sealed, today),
            day=day,
            records=snap.days.get(day, []) if day else [],
            path=snap.day_paths.get(day) if day else None,
            sealed=day is not None and day.isoformat() in sealed,
        )

    async def review(self, request: Request) -> Response:
        snap = self.snap()
        if not allowed(self.lab.session_kind, "memory", "write"):
            return self.problem(request, _denied(self.lab, "memory", "review"))
        if "review" not in snap.cache:
            from coordinator.maintenance.review import review_items

            snap.cache["review"] = review_items(self.lab)
        items = snap.cache["review"]
        page = _int(request.query_params.get("page"), 1)
        return self.render(
            "review.html",
            request,
            kinds=sorted(Counter(i.kind for i in items).items()),
            **pages.paged(items, page, "items"),
        )

    async def skills(self, request: Request) -> Response:
        phrase = request.query_params.get("phrase", "").strip()
        try:
            cat = self.lab.skills.catalogue()
            matches = self.lab.skills.match(phrase) if phrase else []
        except MemoryFrameworkError as exc:
            return self.problem(request, exc)
        return self.render(
            "skills.html",
            request,
            skills=sorted(cat.skills.values(), key=lambda s: s.name),
            problems=cat.problems,
            warnings=cat.warnings,
            phrase=phrase,
            matches=matches,
        )

    async def distill(self, request: Request) -> Response:
        snap = self.snap()
        if not snap.can_read("memory"):
            return self.problem(request, _denied(self.lab, "memory"))
        from memory.distill import Checkpoint

        checkpoint = Checkpoint(self.lab.workspace.state_dir).load()
        return self.render("distill.html", request, **pages.distill_runs(snap, checkpoint))

    # -- actions ---------------------------------------------------------------------------
    async def act(self, request: Request) -> Response:
        form = {k: str(v) for k, v in (await request.form()).items()}
        if not hmac.compare_digest(form.get("csrf", "").encode(), self.csrf.encode()):
            return _refuse("the form's CSRF field is missing or wrong; reload the page")
        action = form.get("action", "")
        target = form.get("target", "")
        if action == "forget" and form.get("confirmed") != "yes":
            # The confirmation step: show what would go, with a second form to do it.
            return await self._confirm_forget(request, target)
        try:
            receipt = run_action(self.lab, action, target, form)
        except MemoryFrameworkError as exc:
            return self.problem(request, exc)
        history = self.snap().history(receipt.get("id") or "")
        return self.render("receipt.html", request, action=action, receipt=receipt, history=history)

    async def _confirm_forget(self, request: Request, target: str) -> Response:
        record = self.snap().by_id.get(target)
        return self.render("forget.html", request, target=target, record=record)


def _int(value: str | None, default: int) -> int:
    try:
        return int(value) if value else default
    except ValueError:
        return default


def _denied(lab: Lab, layer: str, what: str = "read") -> PermissionDeniedError:
    return PermissionDeniedError(
        f"a {lab.session_kind} session may not {what} the {layer} layer (docs/contracts.md §2); "
        "start 'labmem web --session-kind main' to see it."
    )


def build_app(lab: Lab, token: str) -> Starlette:
    web = WebApp(lab, token)
    routes = [
        Route("/", web.overview),
        Route("/search", web.search),
        Route("/file", web.file_view),
        Route("/memory", web.memory),
        Route("/projects/{name}", web.project),
        Route("/entry/{id}", web.entry),
        Route("/days", web.days),
        Route("/review", web.review),
        Route("/skills", web.skills),
        Route("/distill", web.distill),
        Route("/act", web.act, methods=["POST"]),
        Mount("/static", StaticFiles(directory=HERE / "static"), name="static"),
    ]

    async def domain_error(request: Request, exc: Exception) -> Response:
        return web.problem(request, exc)  # one clear line, never a traceback

    return Starlette(
        routes=routes,
        middleware=[Middleware(Guard, token=token)],
        exception_handlers={MemoryFrameworkError: domain_error},
    )
