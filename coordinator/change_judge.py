"""Which entry a statement changes or says again, in either language, judged once.

The supersede judge (``memory.supersede.judge``) weighs the nearest entries by the search
model; MiniLM is English, so the entries written in the other language are weighed by the
multilingual model's closeness (``coordinator.across``). Each is asked once per statement:
the answer says both whether an entry is changed and whether the statement only says it
again with fewer details ("Jellyfin se ha mudado al NUC nuevo." after "Jellyfin moved to the
new NUC, an Intel NUC 11 at 192.168.1.20."), which confirms the entry instead of retiring
its model and address.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from coordinator.across import closeness, other_language
from memory.supersede import Judgement, judge

if TYPE_CHECKING:
    from coordinator.services import Services

__all__ = ["judge_change"]


def judge_change(
    services: Services,
    text: str,
    candidates: list[tuple[str, str]],
    vectors: Any,
    query: Any,
) -> Judgement | None:
    """The entry ``text`` replaces — in its own language first, then in the other — or,
    when it replaces none, the entry it only says again (``Judgement.restates``); None
    when the judge picks no entry. ``vectors`` are the candidates' search vectors,
    ``query`` the statement's."""
    thresholds = services.dedupe_thresholds
    within = judge(text, candidates, [float(s) for s in vectors @ query], thresholds)
    if within is not None and not within.restates:
        return within
    others = other_language(text, candidates)
    across = closeness(services, text, others)
    beyond = judge(text, others, across, thresholds) if across else None
    if beyond is not None and not beyond.restates:
        return beyond
    return within or beyond
