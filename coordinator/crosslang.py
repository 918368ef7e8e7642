"""Matching a question with entries across English and Spanish.

Search's model (MiniLM) is English-only: "what do we use to watch movies at home" does not
meet "Plex fuera, Jellyfin dentro: desde hoy el servidor de pelis es Jellyfin". The
multilingual embedder (``memory.search.embedders.multilingual_embedder``) puts both
languages in one space. ``curated_hits`` compares the question with every active entry of
MEMORY.md and the project notes — where lasting facts and their changes are kept — and
returns the closest ones, to join search's candidates; ``closeness`` gives texts' cosines
with the question and with each other, for ranking and for telling whether two entries
speak of one subject. Entry vectors are kept between processes
(``Services.across_vectors``); without the model both return nothing and answers match
within a language, as search does.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

from coordinator import reads
from coordinator.bookkeeping import BOOKKEEPING

if TYPE_CHECKING:
    from collections.abc import Sequence

    from coordinator.services import Services
    from memory.records import Record
    from memory.search.service import Hit

__all__ = ["closeness", "curated_hits", "spanish_in"]

CURATED = 6  # curated entries added to search's candidates
LOGGED = 4  # ... and log lines of the recent days
RECENT_DAYS = 60  # the days of the log weighed by meaning (a change is told lately)


def _curated(services: Services) -> list[Record]:
    """Active entries of MEMORY.md and the project notes this session may read."""
    records: list[Record] = []
    try:
        records += reads.memory_records(services)
    except Exception:  # a session that may not read MEMORY.md
        return []
    for name in services.projects.names():
        try:
            records += reads.project_records(services, name)
        except Exception:
            break
    return [r for r in records if r.active and r.text.strip()]


def _logged(services: Services) -> tuple[list[tuple[Record, str]], bool]:
    """Entries of the last ``RECENT_DAYS`` days of the log (UTC files), with their file's
    day, and whether any looks Spanish; none for a session that may not search the log. A
    file unchanged since it was last read is not parsed again (a warm session asks many
    questions)."""
    from datetime import UTC, timedelta

    from memory.secret_lines import withhold_records
    from memory.visibility import allowed

    if not allowed(services.session_kind, "daily", "search"):
        return [], False
    first = services.clock.now().astimezone(UTC).date() - timedelta(days=RECENT_DAYS)
    out: list[tuple[Record, str]] = []
    spanish = False
    for day, path in services.daily.files(include_archive=True).items():
        if day < first:
            continue
        try:
            stat = path.stat()
        except OSError:
            continue
        key = (str(path), stat.st_mtime_ns, stat.st_size)
        read = _READ.get(key)
        if read is None:
            records = withhold_records(services.daily.read_path(day, path))
            records = [r for r in records if r.text.strip() and r.kind not in BOOKKEEPING]
            read = (records, spanish_in([r.text for r in records]))
            if len(_READ) >= _READ_LIMIT:
                _READ.clear()
            _READ[key] = read
        out += [(r, day.isoformat()) for r in read[0]]
        spanish = spanish or read[1]
    return out, spanish


_READ: dict[tuple[str, int, int], tuple[list[Record], bool]] = {}  # parsed log files, by stat
_READ_LIMIT = 4 * RECENT_DAYS


def curated_hits(services: Services, question: str, have: set[str], k: int = CURATED) -> list[Hit]:
    """The ``k`` curated entries closest to ``question`` in meaning, in either language,
    and the ``LOGGED`` closest log lines of the recent days (when the question or a line
    is Spanish), that are not among ``have`` (citations); each scored by its cosine.
    Search's model reads English only: "new coach: Coach Harris" is found for "¿quién es
    el entrenador de Mateo?" here."""
    import numpy as np

    from memory.search.ranking import Hit

    if k <= 0:
        return []
    asked = services.across_vectors([question], keep=False)
    if asked is None:
        return []
    out = []
    records = [r for r in _curated(services) if r.citation not in have]
    if records:
        sims = services.across_vectors([r.text for r in records]) @ asked[0]
        out += [Hit.of_record(records[i], float(sims[i])) for i in np.argsort(-sims)[:k]]
    logged, spanish = _logged(services)
    # All English: search's model already weighs every line in the question's language.
    if logged and (spanish or spanish_in([question])):
        sims = _log_matrix(services, logged) @ asked[0]
        kept = [i for i in np.argsort(-sims) if logged[i][0].citation not in have]
        out += [Hit.of_record(logged[i][0], float(sims[i]), logged[i][1]) for i in kept[:LOGGED]]
    return out


_MATRIX: dict[tuple[str, ...], Any] = {}  # the log lines' vectors, by their texts' keys


def _log_matrix(services: Services, logged: list[tuple[Record, str]]) -> Any:
    """The multilingual vectors of ``logged``'s texts as one matrix, kept while the same
    lines are weighed (a warm session's questions between two writes)."""
    from memory.entry_vectors import text_key

    texts = [r.text for r, _ in logged]
    key = tuple(text_key(t) for t in texts)
    matrix = _MATRIX.get(key)
    if matrix is None:
        matrix = services.across_vectors(texts)
        _MATRIX.clear()
        _MATRIX[key] = matrix
    return matrix


_SPANISH = frozenset(
    """el la los las del que es está están un una unos por para con mi mis tu y en de se lo al
    ya hay pero muy como más hoy ayer ahora""".split()
)
_MARKS = re.compile(r"[¿¡ñáéíóúÑÁÉÍÓÚ]")


def spanish_in(texts: Sequence[str]) -> bool:
    """Does any of ``texts`` look Spanish (a mark of Spanish spelling, or two of its
    function words)? When none does, MiniLM alone judges: no multilingual vectors."""
    for text in texts:
        if _MARKS.search(text):
            return True
        if len(_SPANISH & set(re.findall(r"\w+", text.lower()))) >= 2:
            return True
    return False


def closeness(services: Services, question: str, texts: list[str]) -> tuple[Any, Any] | None:
    """(each text's cosine with ``question``, the texts' cosines with each other) in the
    multilingual space; None without the model, or when all of them are English (MiniLM,
    search's model, is the better judge there and costs nothing more)."""
    if not spanish_in([question, *texts]):
        return None
    vectors = services.across_vectors([question, *texts], keep=False)
    if vectors is None:
        return None
    rest = vectors[1:]
    return rest @ vectors[0], rest @ rest.T
