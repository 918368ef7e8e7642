"""What a session may read, checked against its kind (docs/contracts.md §2): entries of
MEMORY.md, of a day's log and of a project's notes, and search over the index.

A line that holds a secret is shown as a note, never as its text (``withhold_records``).
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import date
from typing import TYPE_CHECKING

from memory.errors import InvalidInputError
from memory.layers import KNOWN_KINDS
from memory.secret_lines import withhold_records
from memory.usage import UsageLog
from memory.visibility import check_layer, require, visible_layers

if TYPE_CHECKING:
    from coordinator.services import Services
    from memory.records import Record
    from memory.search.service import Hit

__all__ = [
    "daily_records_local",
    "day_records",
    "local_day_records",
    "memory_records",
    "project_records",
    "search",
]


def memory_records(services: Services) -> list[Record]:
    require(services.session_kind, "memory", "read")
    return withhold_records(services.memory.records())


def day_records(services: Services, day: date) -> list[Record]:
    require(services.session_kind, "daily", "search")
    return withhold_records(services.daily.read(day))


def local_day_records(services: Services, day: date | None = None) -> list[Record]:
    """Entries of the user's local day (default today), read from the UTC files.
    Listing a day is a search of the daily layer: a cron session may only append."""
    require(services.session_kind, "daily", "search")
    zone = services.settings.zone()
    day = day or services.clock.now().astimezone(zone).date()
    return withhold_records(services.daily.read_local_day(day, zone))


def daily_records_local(services: Services, day: date) -> list[Record]:
    """A local day's entries for a session that may read or search daily logs."""
    if services.session_kind == "cron":
        return []
    return local_day_records(services, day)


def project_records(services: Services, name: str) -> list[Record]:
    """A project's entries to show; a hand-written line holding a secret shows a note."""
    require(services.session_kind, "project", "read")
    return withhold_records(services.projects.records(name))


def _date(value: date | str | None) -> date | None:
    if value is None or isinstance(value, date):
        return value
    try:
        return date.fromisoformat(value)
    except ValueError:
        raise InvalidInputError(f"{value!r} is not a date; use YYYY-MM-DD.") from None


# Only curated entries are ranked by use, so only they are counted: a search that serves
# daily-log lines writes no state.
_RANKED = ("memory", "project")


def search(
    services: Services,
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
    counted: bool = True,
) -> list[Hit]:
    """Check the request against visibility and the known names, sync, search, and count
    what was served (usage ranks used entries higher). ``counted=False``: the hits are
    an answer's candidates, and asking leaves usage as it was."""
    if any(0xD800 <= ord(ch) <= 0xDFFF for ch in query):
        # Bytes that were not UTF-8 on the command line arrive as lone surrogates.
        raise InvalidInputError("the query is not valid UTF-8; send UTF-8 text.")
    if not query.strip():  # before the model and the index are loaded
        raise InvalidInputError("the query is empty; say what to look for.")
    visible = visible_layers(services.session_kind, "search")
    if layers is None:
        wanted = [layer for layer in visible if layer != "session"]
    else:
        wanted = [check_layer(layer) for layer in layers]
        for layer in wanted:
            require(services.session_kind, layer, "search")
    if not wanted:
        require(services.session_kind, "daily", "search")
    names = services.projects.names()
    if project is not None and project not in names:
        raise InvalidInputError(
            f"unknown project {project!r}; known projects: {', '.join(names) or 'none'}."
        )
    first, last = _date(since), _date(until)
    service = services.search_service
    if kinds:
        # Only kinds seen in layers this session may search: naming a kind that exists
        # only in MEMORY.md would tell a shared session what MEMORY.md holds.
        valid = set(KNOWN_KINDS) | service.known(visible)[0]
        for kind in kinds:
            if kind not in valid:
                raise InvalidInputError(
                    f"unknown kind {kind!r}; use one of: {', '.join(sorted(valid))}."
                )
    service.sync(budget=services.settings.index_budget_s)
    usage = UsageLog(services.workspace.state_dir)
    hits = service.search(
        query,
        k=k,
        layers=wanted,
        now=services.clock.now(),
        project=project,
        kinds=kinds,
        since=first,
        until=last,
        tags=tags,
        include_archive=include_archive,
        boosts=usage.factors(),
    )
    if counted:
        usage.served(h.id for h in hits if h.id and h.layer in _RANKED)
    return hits
