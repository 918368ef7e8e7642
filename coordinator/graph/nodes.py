"""The Coordinator's steps: intake → guard → intent → route → dedupe → write → receipt.

Each step is a small typed function of the state and a runtime whose ``context`` carries
the services (``CoordinatorContext``); it returns a partial update. The order lives in
``coordinator.graph.steps``, once, for both ways of running them. Nothing here imports
langgraph.
"""

from __future__ import annotations

import re
from dataclasses import replace
from typing import TYPE_CHECKING, Any, Literal

from coordinator.chitchat import is_chitchat
from coordinator.graph import writer
from coordinator.graph.state import (
    Checked,
    CoordinatorState,
    Decision,
    StepRuntime,
)
from coordinator.lasting import reads_as_lasting
from coordinator.receipt import Receipt
from coordinator.router import Route, is_question, strip_intent, strip_project
from memory.hygiene import check_texts
from memory.layers import written_kind
from memory.trust import is_untrusted_source
from memory.visibility import allowed

if TYPE_CHECKING:
    from coordinator.services import Services
    from memory.supersede import Judgement

__all__ = [
    "activate",
    "after_guard",
    "after_intent",
    "after_route",
    "answer",
    "dedupe",
    "guard",
    "intake",
    "intent",
    "not_stored",
    "quarantine",
    "route",
    "write",
]


def intake(state: CoordinatorState, runtime: StepRuntime) -> CoordinatorState:
    # Spaces and line ends only: str.strip() also drops the control characters \x1c–\x1f,
    # which the entry check must see and refuse.
    text, explicit = strip_intent(state["text"].strip(" \t\r\n"))
    # The session's state persists between turns (checkpointer): clear last turn's results.
    return {
        "text": text,
        "intent": "remember",
        "explicit_remember": explicit,
        "checked": None,
        "decision": None,
        "receipt": None,
        "answer": {},
        "skill": {},
        "route": {},
        "dedupe": {},
    }


def guard(state: CoordinatorState, runtime: StepRuntime) -> CoordinatorState:
    """Check the text and its metadata once; what passes is ``Checked``, which the write
    step trusts."""
    services = runtime.context.services
    meta = dict(state.get("meta") or {})
    texts = [state["text"]]
    if meta:
        # Metadata lands in the same Markdown line as the text: it passes the same guard.
        texts.append("\n".join(f"{k}: {v}" for k, v in meta.items()))
    reason = next((r for r in check_texts(texts, services.settings.max_entry_bytes) if r), None)
    if reason is not None:
        # The refused text is dropped from the state, so no checkpoint ever holds it.
        return {"intent": "refuse", "text": "", "receipt": _refused(state, reason)}
    source = state.get("source", "user")
    checked = Checked(
        state["text"], tuple(state.get("tags", ())), source, state.get("supersedes"), meta
    )
    if is_untrusted_source(source):
        # Untrusted text never lands in MEMORY.md, skills or project notes.
        return {"intent": "quarantine", "checked": checked}
    return {"intent": "remember", "checked": checked}


def after_guard(state: CoordinatorState) -> Literal["intent", "quarantine", "__end__"]:
    if state["intent"] == "refuse":
        return "__end__"
    return "quarantine" if state["intent"] == "quarantine" else "intent"


def intent(state: CoordinatorState, runtime: StepRuntime) -> CoordinatorState:
    """A chat line is a skill request, a question or something to remember."""
    if state.get("mode", "remember") == "remember" or state.get("explicit_remember"):
        return {"intent": "remember"}
    from skills.matching import looks_like_request

    text = state["text"]
    skills = runtime.context.services.skills
    found = skills.match(text, limit=3) if looks_like_request(text) or text.startswith("/") else []
    if found:
        return {"intent": "skill", "skill": {"matches": [m.to_json() for m in found]}}
    if text.startswith("/"):
        return {"intent": "command"}  # an explicit action: the caller (chat) carries it out
    if is_question(text):
        # "¿qué tal?" asks nothing of memory: neither searched nor kept as a question
        return {"intent": "smalltalk" if is_chitchat(text) else "ask"}
    return {"intent": "remember"}


def after_intent(
    state: CoordinatorState,
) -> Literal["route", "answer", "activate", "__end__"]:
    targets = {"ask": "answer", "skill": "activate", "command": "__end__", "smalltalk": "__end__"}
    return targets.get(state["intent"], "route")  # type: ignore[return-value]


def answer(state: CoordinatorState, runtime: StepRuntime) -> CoordinatorState:
    reply = runtime.context.ask(state["text"])
    return {"answer": reply.to_json(), "intent": "ask"}


def activate(state: CoordinatorState, runtime: StepRuntime) -> CoordinatorState:
    matches = state["skill"]["matches"]
    best = matches[0]
    skill = runtime.context.services.skills.activate(best["name"], best["why"])
    return {
        "skill": {
            "matches": matches,
            "name": skill.name,
            "workflow": skill.workflow,
            "inputs": skill.sections.get("inputs", ""),
            "outputs": skill.sections.get("outputs", ""),
        }
    }


def route(state: CoordinatorState, runtime: StepRuntime) -> CoordinatorState:
    services = runtime.context.services
    active = state.get("project") or services.session.project
    if state.get("layer"):
        layer = state["layer"] or ""
        kind = state.get("kind") or ""
        if (
            layer == "project"
            and not kind
            and services.router().route(state["text"]).kind == "task"
        ):
            kind = "task"  # "--layer project 'calibrar la celda de carga'" is one of its to-dos
        chosen = Route(layer, kind, f"explicit layer ({layer})")
        if layer == "project" and state.get("project"):
            chosen = Route(layer, chosen.kind, chosen.reason, state["project"])
    else:
        chosen = services.router().route(state["text"])
        if state.get("project") and chosen.layer in {"memory", "project"}:
            chosen = Route(
                "project", chosen.kind, chosen.reason + "; project given", state["project"]
            )
        elif active and chosen.layer == "memory" and _labelled_for_project(chosen):
            reason = f"{chosen.reason}; said while project {active} is active"
            chosen = Route("project", chosen.kind, reason, active)
    # a layer asked for (--layer project) stays a project note: only the router's guess moves
    routed = None if state.get("layer") else state["text"]
    chosen = _unnamed_project(chosen, active, routed)
    if not state.get("layer"):
        chosen = _outlives_call(chosen, services.session.one_shot)
    kind = state.get("kind") or chosen.kind
    chosen = _kept_where_allowed(chosen, services.session_kind, state)
    text = strip_project(state["text"]) if chosen.layer == "project" else state["text"]
    project = chosen.project if chosen.layer == "project" else None
    update: CoordinatorState = {
        "text": text,
        "route": {"layer": chosen.layer, "kind": kind, "reason": chosen.reason, "project": project},
    }
    checked = state.get("checked")
    if chosen.layer != "none" and checked is not None:
        written = kind or written_kind(chosen.layer)
        entry = replace(checked, text=text)
        if chosen.layer == "daily" and written == "task" and "due" not in entry.meta:
            entry = _with_due_day(entry, services)
        update["decision"] = Decision(entry, chosen.layer, written, project, chosen.reason)
    return update


# What a project's notes have sections for.
PROJECT_KINDS = frozenset({"decision", "convention", "pitfall", "configuration"})


def _labelled_for_project(chosen: Route) -> bool:
    """Trigger: while a project is active (``chat --project``, ``/project``), a statement
    labelled as one of the kinds a project's notes have sections for ("Decision: …",
    "Pitfall: …", "Convention: …"). Why: a labelled note in a project's session is about
    that project; an unlabelled one ("we decided to always answer in metric units") may be
    about the whole lab, so it stays where the router put it. Outcome: the project's notes."""
    return chosen.kind in PROJECT_KINDS and chosen.reason.startswith("rule: label")


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


def _with_due_day(entry: Checked, services: Services) -> Checked:
    """A task that names a coming day ("remind me to order epoxy on Monday") carries it as
    ``due=YYYY-MM-DD``, so that day's boot and "what do I have to do today?" find it."""
    from memory.due import due_day

    today = services.clock.now().astimezone(services.settings.zone()).date()
    day = due_day(entry.text, today)
    if day is None:
        return entry
    return replace(entry, meta={**entry.meta, "due": day.isoformat()})


def _outlives_call(chosen: Route, one_shot: bool) -> Route:
    """Trigger: a one-shot command (``labmem remember``, ``import``) routes a statement to
    session context. Why: that session ends when the command does, so the statement would
    be gone at once. Outcome: today's daily log, with a receipt that says why."""
    if not one_shot or chosen.layer != "session":
        return chosen
    return Route(
        "daily",
        chosen.kind if chosen.kind == "task" else "note",
        f"{chosen.reason}; a one-shot command has no conversation to hold it, so kept in "
        "today's log (in `labmem chat` it stays in the session)",
    )


def _unnamed_project(chosen: Route, active: str | None, routed: str | None) -> Route:
    """A project route without a name: the active project; else, for a statement of how
    something is (``coordinator.lasting``) that the router filed (``routed``, its text),
    MEMORY.md as a fact; else today's log (what happened that day, a note of work in
    progress, a project note asked for by layer): never lost."""
    if chosen.layer != "project" or chosen.project:
        return chosen
    if active:
        return Route("project", chosen.kind, f"{chosen.reason}; active project '{active}'", active)
    if routed and chosen.kind != "task" and reads_as_lasting(routed):
        return Route(
            "memory",
            "fact",
            f"{chosen.reason}; no project named and none active, and it says how something "
            "is (present tense, nothing that happened or is to do), so kept in MEMORY.md as "
            "a fact (for a project's notes: labmem remember TEXT --project NAME)",
        )
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


def not_stored(state: CoordinatorState, runtime: StepRuntime) -> CoordinatorState:
    """A question, small talk or a one-off request given to remember: nothing is written,
    the receipt says so."""
    kind = state["route"]["kind"]
    reason = {
        "question": "that is a question — use `labmem ask`",
        "request": "that is a one-off request — nothing to remember "
        "(--layer daily keeps it anyway)",
    }.get(kind, "that is small talk — nothing to remember (--layer daily keeps it anyway)")
    receipt = replace(_refused(state, reason), status="not_stored", layer=None, kind=kind)
    return {"receipt": receipt}


def dedupe(state: CoordinatorState, runtime: StepRuntime) -> CoordinatorState:
    services = runtime.context.services
    chosen = state["route"]
    if chosen["layer"] == "daily" and not state.get("supersedes"):
        return _change_of_a_fact(state, services) or {"dedupe": {"status": "new"}}
    if chosen["layer"] not in {"memory", "project"} or state.get("supersedes"):
        return {"dedupe": {"status": "new"}}
    store = services.curated_store(chosen["layer"], chosen.get("project"))
    if store is None or not allowed(services.session_kind, chosen["layer"], "read"):
        return {"dedupe": {"status": "new"}}
    # Comparing meanings needs numpy and the embedder: loaded only for curated layers.
    from memory.dedupe import find_duplicates

    records = [r for r in store.records() if r.active]
    candidates = [(r.id, r.text) for r in records]
    vectors = services.vectors_for([t for _, t in candidates])
    # The text's vector goes through the same cache: the next write compares against it.
    query_vector = services.vectors_for([state["text"]])[0]
    embedder, thresholds = services.embedder, services.dedupe_thresholds
    result = find_duplicates(state["text"], candidates, embedder, thresholds, vectors, query_vector)
    family = _family(chosen["kind"])
    kinds = {r.id: r.kind for r in records}
    # "Similar" offers a supersede: only among entries of the same family (a lesson is
    # not a near-copy of the fact it is about); a copy is confirmed whatever its kind.
    similar = [i for i in result.similar if _family(kinds.get(i)) == family]
    status = "new" if result.status == "similar" and not similar else result.status
    found: dict[str, Any] = {
        "status": status,
        "match": result.match if status != "new" else None,
        "similar": similar,
        "score": result.score,
        "texts": {i: t for i, t in candidates if i in similar},
    }
    if result.status != "confirm" and candidates:
        from coordinator.across import repeated_across

        again = repeated_across(services, state["text"], candidates)  # said in the other language
        if again:
            found.update(status="confirm", match=again[0], score=again[1])
    alike = [i for i, r in enumerate(records) if _family(r.kind) == family]
    if found["status"] != "confirm" and vectors is not None and alike:
        # A changed value can sit below "similar" ("migrated everyone to Bitwarden" vs
        # "… is LastPass"): the nearest entries are asked, not only the similar ones — of
        # the same family: a lesson never replaces a fact, nor a fact a preference. An
        # entry the statement only says again with fewer details is confirmed, in either
        # language ("Jellyfin se ha mudado al NUC nuevo." after "Jellyfin moved to the new
        # NUC, an Intel NUC 11 at 192.168.1.20."): superseding would retire its details.
        from coordinator.change_judge import judge_change

        picked = judge_change(
            services,
            state["text"],
            [candidates[i] for i in alike],
            vectors[alike],
            query_vector,
        )
        if picked is not None and not picked.restates:
            texts = dict(found["texts"])
            texts[picked.entry_id] = next(t for i, t in candidates if i == picked.entry_id)
            found.update(status="supersede", match=picked.entry_id, texts=texts)
        elif picked is not None:
            found.update(status="confirm", match=picked.entry_id, score=picked.score)
    return {"dedupe": found}


def _family(kind: str | None) -> str:
    """What an entry states: a lesson learnt, a liking, or how things are (facts, decisions,
    policies…); only an entry of the same family can replace it."""
    if kind in {"lesson", "pitfall"}:
        return "lesson"
    return "preference" if kind == "preference" else "fact"


# A change told as something that happened: "the saw moved to the basement", "ahora el Plex
# está en 10.1.1.40", "we switched to Backblaze", "ya no usamos LastPass".
_CHANGE_TOLD = re.compile(
    r"\b(?:moved|migrated|switched|changed|replaced|renamed|relocated|is now|are now|"
    r"now (?:runs?|lives?|sits?|is|are|at|in|on|uses?)|no longer|from now on|"
    r"se (?:ha )?(?:movido|mudado|cambiado|trasladado)|mov[ií]\w*|mud[eéoó]\w*|migr\w*|"
    r"cambi(?:amos|[eé]|[oó]|ado)|sustitu\w*|ahora (?:est[aá]n?|es|son|corre|vive|va|usa\w*)|"
    r"ya no|pas(?:amos|[oó]) a|a partir de ahora)\b",
    re.IGNORECASE,
)


def _change_of_a_fact(state: CoordinatorState, services: Services) -> CoordinatorState | None:
    """Trigger: the router files an event in the daily log ("The saw moved to the
    basement.") that says a change, and MEMORY.md holds the fact it changes ("The rock saw
    is in the prep room."), as confidently as an update said as a fact would be judged.
    Why: left in the log, the old value stays active: boot and search keep serving it.
    Outcome: the statement goes to MEMORY.md and supersedes that entry (history kept; the
    receipt names it and how to restore it). A layer asked for (``--layer daily``), a
    session that may not write MEMORY.md, or a cue that holds back (a plan, "for now")
    leaves it in the log."""
    decision = state.get("decision")
    text = state["text"]
    if (
        decision is None
        or state.get("layer")
        or state["route"]["kind"] != "event"
        or not _CHANGE_TOLD.search(text)
        or not allowed(services.session_kind, "memory", "write")
    ):
        return None
    records = [r for r in services.memory.file.records() if r.active]
    if not records:
        return None
    candidates = [(r.id, r.text) for r in records]
    vectors = services.vectors_for([t for _, t in candidates])
    if vectors is None:
        return None
    query = services.vectors_for([text])[0]
    from coordinator.change_judge import judge_change

    picked = judge_change(services, text, candidates, vectors, query)
    if picked is None:
        return None
    if picked.restates:
        return _restated_event(state, picked)
    match = picked.entry_id
    old = next(r for r in records if r.id == match)
    kind = old.kind if old.kind in {"fact", "decision", "preference", "policy"} else "fact"
    why = f"{decision.why}; it changes {match}, a fact of MEMORY.md"
    moved = Decision(decision.entry, "memory", kind, None, why)
    route = {"layer": "memory", "kind": kind, "reason": why, "project": None}
    found: dict[str, Any] = {"status": "supersede", "match": match, "similar": [], "score": None}
    return {"decision": moved, "route": route, "dedupe": {**found, "texts": {match: old.text}}}


def _restated_event(state: CoordinatorState, picked: Judgement) -> CoordinatorState:
    """A change told as an event that only says again a fact of MEMORY.md, with fewer
    details: that fact is confirmed, nothing is written to the log."""
    decision = state.get("decision")
    assert decision is not None  # checked by the caller
    why = f"{decision.why}; it says again {picked.entry_id}, a fact of MEMORY.md"
    kept = Decision(decision.entry, "memory", "fact", None, why)
    route = {"layer": "memory", "kind": "fact", "reason": why, "project": None}
    found = {"status": "confirm", "match": picked.entry_id, "score": picked.score}
    return {"decision": kept, "route": route, "dedupe": {**found, "similar": [], "texts": {}}}


def write(state: CoordinatorState, runtime: StepRuntime) -> CoordinatorState:
    services = runtime.context.services
    decision = state.get("decision")
    assert decision is not None  # the route step decides whatever reaches this step
    found = state.get("dedupe") or {"status": "new"}
    reason = decision.why
    if found["status"] == "confirm":
        if not allowed(services.session_kind, decision.layer, "write"):
            # Seen, not changed: a session that may only append does not touch entries.
            store = services.curated_store(decision.layer, decision.project)
            assert store is not None
            record = store.get(found["match"])
            why = f"{reason}; same meaning as {record.id}, left as it is"
        else:
            record = writer.confirm(services, found["match"])
            why = f"{reason}; same meaning as {record.id} (similarity {found['score']:.2f})"
        return {"receipt": Receipt.from_record(record, "confirmed", why)}
    replaced = found["match"] if found["status"] == "supersede" else None
    texts: dict[str, str] = found.get("texts") or {}
    kept = None
    if replaced:
        from coordinator.carry import carried  # (numpy: not on a daily entry's cold path)

        kept = carried(texts.get(replaced, ""), decision.entry.text)
        # one value changed: the rest of the old entry stays ("… in the shed, IP <new>")
        entry = replace(decision.entry, supersedes=replaced, text=kept or decision.entry.text)
        decision = replace(decision, entry=entry)
    receipt = writer.write(services, decision)
    if receipt.status != "written":
        return {"receipt": receipt}
    if replaced:
        old = texts.get(replaced, "")
        receipt = replace(
            receipt,
            status="superseded",
            supersedes={"id": replaced, "text": old},
            reason=f'{reason}; superseded {replaced} ("{old}")'
            + (f'; the rest of it kept: "{kept}"' if kept else ""),
        )
    elif found["status"] == "similar":
        others = [i for i in found["similar"] if i != receipt.id]
        if others:
            first = others[0]
            receipt = replace(
                receipt,
                status="similar",
                similar_to=others,
                reason=f'{reason}; similar to {first} ("{texts.get(first, "")}"); if it '
                f"replaces it: labmem supersede {first} --by {receipt.id}",
            )
    return {"receipt": receipt}


def quarantine(state: CoordinatorState, runtime: StepRuntime) -> CoordinatorState:
    checked = state.get("checked")
    assert checked is not None  # the guard let it through, marked untrusted
    entry = replace(checked, supersedes=None, meta={**checked.meta, "trust": "untrusted"})
    why = "untrusted source: quarantined in the daily log"
    decision = Decision(entry, "daily", state.get("kind") or "event", None, why)
    receipt = writer.write(runtime.context.services, decision)
    if receipt.status != "refused":
        receipt = replace(receipt, status="quarantined")
    return {"receipt": receipt}


def _refused(state: CoordinatorState, reason: str) -> Receipt:
    return Receipt("refused", state.get("layer"), state.get("kind"), None, None, None, None, reason)
