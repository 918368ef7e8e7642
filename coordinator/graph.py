"""The Coordinator graph: intake → guard → intent → route → dedupe → write → receipt.

Nodes are small typed functions; the services they use (the open ``Lab`` and the router)
arrive through LangGraph's runtime context, never from module globals. Session context
lives in LangGraph's in-memory checkpointer, keyed by the session id.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal, TypedDict, cast

from langgraph.checkpoint.memory import InMemorySaver
from langgraph.graph import END, START, StateGraph
from langgraph.runtime import Runtime

from coordinator.llm import ModelRouter
from coordinator.router import Route, Router, strip_intent, strip_project
from memory.dedupe import find_duplicates
from memory.hygiene import check_texts
from memory.supersede import replaced
from memory.trust import is_untrusted_source
from memory.visibility import allowed

if TYPE_CHECKING:
    from coordinator.lab import Lab

__all__ = [
    "CoordinatorContext",
    "CoordinatorState",
    "build_graph",
    "remember_input",
    "sqlite_saver",
    "turn_input",
]


class CoordinatorState(TypedDict, total=False):
    text: str
    mode: Literal["remember", "turn"]  # remember: store it; turn: a chat line, intent decides
    explicit_remember: bool
    source: str
    layer: str | None
    kind: str | None
    project: str | None
    tags: list[str]
    supersedes: str | None
    meta: dict[str, str]  # extra comment keys for the entry (e.g. a store key)
    intent: Literal["remember", "ask", "skill", "command", "quarantine", "refuse"]
    answer: dict[str, Any]
    skill: dict[str, Any]
    route: dict[str, Any]
    dedupe: dict[str, Any]
    receipt: dict[str, Any]


@dataclass
class CoordinatorContext:
    lab: Lab
    router: Router | ModelRouter


def intake(state: CoordinatorState) -> CoordinatorState:
    text, explicit = strip_intent(state["text"].strip())
    # The session's state persists between turns (checkpointer): clear last turn's results.
    return {
        "text": text,
        "intent": "remember",
        "explicit_remember": explicit,
        "receipt": {},
        "answer": {},
        "skill": {},
        "route": {},
        "dedupe": {},
    }


def guard(state: CoordinatorState, runtime: Runtime[CoordinatorContext]) -> CoordinatorState:
    lab = runtime.context.lab
    texts = [state["text"]]
    if state.get("meta"):
        # Metadata lands in the same Markdown line as the text: it passes the same guard.
        texts.append("\n".join(f"{k}: {v}" for k, v in (state.get("meta") or {}).items()))
    reason = next((r for r in check_texts(texts, lab.settings.max_entry_bytes) if r), None)
    if reason is not None:
        # The refused text is dropped from the state, so no checkpoint ever holds it.
        return {"intent": "refuse", "text": "", "receipt": _refused(state, reason)}
    if is_untrusted_source(state.get("source", "user")):
        # Untrusted text never lands in MEMORY.md, skills or project notes.
        return {"intent": "quarantine"}
    return {"intent": "remember"}


def after_guard(state: CoordinatorState) -> Literal["intent", "quarantine", "__end__"]:
    if state["intent"] == "refuse":
        return "__end__"
    return "quarantine" if state["intent"] == "quarantine" else "intent"


def intent(state: CoordinatorState, runtime: Runtime[CoordinatorContext]) -> CoordinatorState:
    """A chat line is a skill request, a question or something to remember."""
    if state.get("mode", "remember") == "remember" or state.get("explicit_remember"):
        return {"intent": "remember"}
    from coordinator.chat import is_question
    from skills.matching import looks_like_request

    text = state["text"]
    lab = runtime.context.lab
    found = (
        lab.skills.match(text, limit=3) if looks_like_request(text) or text.startswith("/") else []
    )
    if found:
        return {"intent": "skill", "skill": {"matches": [m.to_json() for m in found]}}
    if text.startswith("/"):
        return {"intent": "command"}  # an explicit action: the caller (chat) carries it out
    if is_question(text):
        return {"intent": "ask"}
    return {"intent": "remember"}


def after_intent(
    state: CoordinatorState,
) -> Literal["route", "answer", "activate", "__end__"]:
    targets = {"ask": "answer", "skill": "activate", "command": "__end__"}
    return targets.get(state["intent"], "route")  # type: ignore[return-value]


def answer(state: CoordinatorState, runtime: Runtime[CoordinatorContext]) -> CoordinatorState:
    reply = runtime.context.lab.ask(state["text"])
    return {"answer": reply.to_json(), "intent": "ask"}


def activate(state: CoordinatorState, runtime: Runtime[CoordinatorContext]) -> CoordinatorState:
    matches = state["skill"]["matches"]
    best = matches[0]
    skill = runtime.context.lab.skills.activate(best["name"], best["why"])
    return {
        "skill": {
            "matches": matches,
            "name": skill.name,
            "workflow": skill.workflow,
            "inputs": skill.sections.get("inputs", ""),
            "outputs": skill.sections.get("outputs", ""),
        }
    }


def route(state: CoordinatorState, runtime: Runtime[CoordinatorContext]) -> CoordinatorState:
    active = state.get("project") or runtime.context.lab.session.project
    if state.get("layer"):
        layer = state["layer"] or ""
        chosen = Route(layer, state.get("kind") or "", f"explicit layer ({layer})")
        if layer == "project" and state.get("project"):
            chosen = Route(layer, chosen.kind, chosen.reason, state["project"])
    else:
        chosen = runtime.context.router.route(state["text"])
        if state.get("project") and chosen.layer in {"memory", "project"}:
            chosen = Route(
                "project", chosen.kind, chosen.reason + "; project given", state["project"]
            )
    chosen = _unnamed_project(chosen, active)
    kind = state.get("kind") or chosen.kind
    chosen = _kept_where_allowed(chosen, runtime.context.lab.session_kind, state)
    text = strip_project(state["text"]) if chosen.layer == "project" else state["text"]
    return {
        "text": text,
        "route": {
            "layer": chosen.layer,
            "kind": kind,
            "reason": chosen.reason,
            "project": chosen.project if chosen.layer == "project" else None,
        },
    }


def _kept_where_allowed(chosen: Route, session_kind: str, state: CoordinatorState) -> Route:
    """Trigger: a non-main session states something durable (MEMORY.md, a project it may
    not append to, a skill). Why: refusing would lose what the user said, and an error that
    depends on the layer's content would leak it. Outcome: today's daily log, where a main
    session's distillation can promote it; the receipt says so. A change to an existing
    entry (``supersedes``) is not redirected: it needs the right to write that layer."""
    if (
        state.get("supersedes")
        or chosen.layer in {"daily", "none"}
        or allowed(session_kind, chosen.layer, "append")
        or not allowed(session_kind, "daily", "append")
    ):
        return chosen
    reason = (
        f"{chosen.reason}; a {session_kind} session keeps it in today's daily log "
        f"({chosen.layer} is not open to it), where a main session's distillation can promote it"
    )
    return Route("daily", chosen.kind, reason, None)


def _unnamed_project(chosen: Route, active: str | None) -> Route:
    """A project route without a name: the active project, else today's log (never lost)."""
    if chosen.layer != "project" or chosen.project:
        return chosen
    if active:
        return Route("project", chosen.kind, f"{chosen.reason}; active project '{active}'", active)
    return Route(
        "daily",
        "note",
        f"{chosen.reason}; no project named and none active, so kept in today's log "
        "(to file it: labmem remember TEXT --project NAME)",
    )


def after_route(state: CoordinatorState) -> Literal["dedupe", "answer", "not_stored"]:
    if state["route"]["layer"] != "none":
        return "dedupe"
    asked = state["route"]["kind"] == "question" and state.get("mode") == "turn"
    return "answer" if asked else "not_stored"


def not_stored(state: CoordinatorState) -> CoordinatorState:
    """A question or small talk given to remember: nothing is written, the receipt says so."""
    kind = state["route"]["kind"]
    reason = (
        "that is a question — use `labmem ask`"
        if kind == "question"
        else "that is small talk — nothing to remember (--layer daily keeps it anyway)"
    )
    receipt = _refused(state, reason)
    receipt.update(status="not_stored", layer=None, kind=kind)
    return {"receipt": receipt}


def dedupe(state: CoordinatorState, runtime: Runtime[CoordinatorContext]) -> CoordinatorState:
    lab = runtime.context.lab
    chosen = state["route"]
    if chosen["layer"] not in {"memory", "project"} or state.get("supersedes"):
        return {"dedupe": {"status": "new"}}
    store = lab.curated_store(chosen["layer"], chosen.get("project"))
    if store is None or not allowed(lab.session_kind, chosen["layer"], "read"):
        return {"dedupe": {"status": "new"}}
    records = [r for r in store.records() if r.active]
    candidates = [(r.id, r.text) for r in records]
    vectors = lab.vectors_for([t for _, t in candidates])
    # The text's vector goes through the same cache: the next write compares against it.
    query_vector = lab.vectors_for([state["text"]])[0]
    result = find_duplicates(
        state["text"], candidates, lab.embedder, lab.dedupe_thresholds, vectors, query_vector
    )
    found: dict[str, Any] = {
        "status": result.status,
        "match": result.match,
        "similar": list(result.similar),
        "score": result.score,
        "texts": {i: t for i, t in candidates if i in result.similar},
    }
    if result.status != "confirm" and vectors is not None and len(candidates):
        # A changed value can sit below "similar" ("migrated everyone to Bitwarden" vs
        # "… is LastPass"): the nearest entries are asked, not only the similar ones.
        scores = vectors @ query_vector
        match = replaced(state["text"], candidates, list(scores), lab.dedupe_thresholds)
        if match:
            texts = dict(found["texts"])
            texts[match] = next(t for i, t in candidates if i == match)
            found.update(status="supersede", match=match, texts=texts)
    return {"dedupe": found}


def write(state: CoordinatorState, runtime: Runtime[CoordinatorContext]) -> CoordinatorState:
    lab = runtime.context.lab
    chosen, found = state["route"], state.get("dedupe", {"status": "new"})
    reason = chosen["reason"]
    if found["status"] == "confirm" and not allowed(lab.session_kind, chosen["layer"], "write"):
        # Seen, not changed: a session that may only append does not touch existing entries.
        store = lab.curated_store(chosen["layer"], chosen.get("project"))
        assert store is not None
        record = store.get(found["match"])
        receipt = lab.receipt_for(
            record, "confirmed", f"{reason}; same meaning as {record.id}, left as it is"
        )
        return {"receipt": receipt.to_json()}
    if found["status"] == "confirm":
        record = lab.confirm(found["match"])
        receipt = lab.receipt_for(
            record,
            "confirmed",
            f"{reason}; same meaning as {record.id} (similarity {found['score']:.2f})",
        )
        return {"receipt": receipt.to_json()}
    replaced = found["match"] if found["status"] == "supersede" else None
    receipt = lab.store(
        state["text"],
        layer=chosen["layer"],
        kind=chosen["kind"] or None,
        project=chosen.get("project"),
        tags=state.get("tags", ()),
        source=state.get("source", "user"),
        supersedes=state.get("supersedes") or replaced,
        why=reason,
        extra=state.get("meta") or None,
    )
    data = receipt.to_json()
    if receipt.status != "written":
        return {"receipt": data}
    texts: dict[str, str] = cast(dict[str, str], found.get("texts") or {})
    if replaced:
        old = texts.get(replaced, "")
        data.update(
            status="superseded",
            supersedes={"id": replaced, "text": old},
            reason=f'{reason}; superseded {replaced} ("{old}")',
        )
    elif found["status"] == "similar":
        others = [i for i in found["similar"] if i != data["id"]]
        if others:
            first = others[0]
            data.update(
                status="similar",
                similar_to=others,
                reason=f'{reason}; similar to {first} ("{texts.get(first, "")}"); if it '
                f"replaces it: labmem supersede {first} --by {data['id']}",
            )
    return {"receipt": data}


def quarantine(state: CoordinatorState, runtime: Runtime[CoordinatorContext]) -> CoordinatorState:
    lab = runtime.context.lab
    receipt = lab.store(
        state["text"],
        layer="daily",
        kind=state.get("kind") or "event",
        project=None,
        tags=state.get("tags", ()),
        source=state.get("source", "tool:unknown"),
        supersedes=None,
        why="untrusted source: quarantined in the daily log",
        extra={**(state.get("meta") or {}), "trust": "untrusted"},
    )
    data = receipt.to_json()
    if receipt.status != "refused":
        data["status"] = "quarantined"
    return {"receipt": data}


def _refused(state: CoordinatorState, reason: str) -> dict[str, Any]:
    return {
        "status": "refused",
        "layer": state.get("layer"),
        "kind": state.get("kind"),
        "id": None,
        "path": None,
        "line": None,
        "citation": None,
        "reason": reason,
        "similar_to": [],
    }


def remember_input(
    text: str,
    *,
    layer: str | None,
    kind: str | None,
    project: str | None,
    tags: list[str],
    source: str,
    supersedes: str | None,
    meta: dict[str, str] | None = None,
) -> dict[str, Any]:
    """Input for storing ``text``. Every key is given: the thread's state persists."""
    return {
        "meta": dict(meta or {}),
        "text": text,
        "mode": "remember",
        "source": source,
        "layer": layer,
        "kind": kind,
        "project": project,
        "tags": tags,
        "supersedes": supersedes,
    }


def turn_input(line: str, source: str) -> dict[str, Any]:
    """Input for a chat turn, whose intent the graph decides."""
    return {
        **remember_input(
            line, layer=None, kind=None, project=None, tags=[], source=source, supersedes=None
        ),
        "mode": "turn",
    }


def sqlite_saver(path: Path) -> Any:
    """A SQLite checkpointer, for a session the user asked to keep."""
    import sqlite3

    from langgraph.checkpoint.sqlite import SqliteSaver

    path.parent.mkdir(parents=True, exist_ok=True)
    return SqliteSaver(sqlite3.connect(str(path), check_same_thread=False))


def build_graph(checkpointer: Any = None) -> Any:
    """Compile the graph; session state lives in memory unless a saver is given."""
    graph = StateGraph(CoordinatorState, context_schema=CoordinatorContext)
    graph.add_node("intake", intake)
    graph.add_node("guard", guard)
    graph.add_node("intent", intent)
    graph.add_node("answer", answer)
    graph.add_node("activate", activate)
    graph.add_node("route", route)
    graph.add_node("dedupe", dedupe)
    graph.add_node("write", write)
    graph.add_node("quarantine", quarantine)
    graph.add_node("not_stored", not_stored)
    graph.add_edge(START, "intake")
    graph.add_edge("intake", "guard")
    graph.add_conditional_edges("guard", after_guard)
    graph.add_conditional_edges("intent", after_intent)
    graph.add_edge("answer", END)
    graph.add_edge("activate", END)
    graph.add_conditional_edges("route", after_route)
    graph.add_edge("not_stored", END)
    graph.add_edge("dedupe", "write")
    graph.add_edge("write", END)
    graph.add_edge("quarantine", END)
    return graph.compile(checkpointer=checkpointer or InMemorySaver())
