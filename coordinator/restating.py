"""A change that only says again what an entry holds, with fewer details, in either language.

"Jellyfin se ha mudado al NUC nuevo." after "Jellyfin moved to the new NUC, an Intel NUC 11 at
192.168.1.20." reads to the supersede judge as a change; it brings no value the entry lacks
(``memory.restated``), so the write confirms the entry rather than retiring it with its
model and address. The candidates are the ones the judge weighs for a change: the nearest
entries by the search model, and the entries in the other language by the multilingual one
(``coordinator.across``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from coordinator.across import closeness, other_language
from memory.supersede import restated

if TYPE_CHECKING:
    from coordinator.services import Services

__all__ = ["restated_among"]


def restated_among(
    services: Services,
    text: str,
    candidates: list[tuple[str, str]],
    vectors: Any,
    query: Any,
) -> tuple[str, float] | None:
    """(id, closeness) of the entry ``text`` would replace but only says again, or None."""
    scores = [float(s) for s in vectors @ query]
    match = restated(text, candidates, scores, services.dedupe_thresholds)
    if match:
        return match, scores[[i for i, _ in candidates].index(match)]
    others = other_language(text, candidates)
    across = closeness(services, text, others)
    if not across:
        return None
    match = restated(text, others, across, services.dedupe_thresholds)
    if match:
        return match, across[[i for i, _ in others].index(match)]
    return None
