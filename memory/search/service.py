"""The search service: keeps the derived index in step with the Markdown and answers queries.

Sync compares file stats, then chunk content hashes, so only changed chunks are embedded.
Queries fuse BM25 and cosine scores (min-max normalised, weighted), then apply temporal
decay to daily-log hits and a weight per kind. Visibility is applied before any score is
computed: a layer the session may not search is never read.
"""

from __future__ import annotations

import os
import sqlite3
import time
from collections import OrderedDict, deque
from collections.abc import Callable, Generator, Sequence
from concurrent.futures import Future, ThreadPoolExecutor
from contextlib import closing
from dataclasses import dataclass, field
from datetime import date, datetime
from pathlib import Path

import numpy as np

from memory.errors import IndexModelMismatchError, InvalidInputError
from memory.files import locked
from memory.search.chunking import CHUNKING_VERSION, Chunk, chunk_file, layer_of
from memory.search.embedders import Embedder, Vectors
from memory.search.lexical import Filters, LexicalIndex, LexicalStore
from memory.search.mirror import MirroredIndex
from memory.search.ranking import (
    Hit,
    SearchWeights,
    decay,
    minmax,
    mmr_order,
    passes,
    to_hit,
)
from memory.search.vector_index import VectorIndex
from memory.secret_lines import SecretLine

__all__ = ["Hit", "SearchService", "SearchWeights", "SyncReport"]

CURATED = frozenset({"memory", "project"})

MAX_QUERY_CHARS = 2000
EMBED_BATCH = 64  # texts per embedding call at most (sorted by length: little padding)
BATCH_CHARS = 6000  # and characters: a batch of long texts stays short, so a budget holds
STORE_BATCH = 512  # vectors stored at a time
STORE_PIECE = 128  # vectors per call to the vector index
QUEUED_PER_WORKER = 2  # batches submitted per embedding thread: one running, one waiting
QUERY_CACHE = 256  # query vectors kept (a session often asks the same thing again)


@dataclass
class SyncReport:
    files_scanned: int = 0
    files_changed: int = 0
    added: int = 0
    updated: int = 0
    removed: int = 0
    reembedded: int = 0
    rebuilt: bool = False
    pending: int = 0  # searchable by words only: vectors still to compute
    withheld: list[str] = field(default_factory=list)  # lines holding a secret, not indexed


class SearchService:
    def __init__(
        self,
        root: Path,
        index_dir: Path,
        embedder: Embedder,
        vectors: VectorIndex,
        weights: SearchWeights | None = None,
        threads: int = 1,
        lexical: LexicalStore | None = None,
    ) -> None:
        """``lexical`` defaults to the SQLite index in ``index_dir``."""
        self.root = root
        self.index_dir = index_dir
        self.embedder = embedder
        self.vectors = vectors if isinstance(vectors, MirroredIndex) else MirroredIndex(vectors)
        self.weights = weights or SearchWeights()
        self.threads = threads
        self.lexical: LexicalStore = lexical if lexical is not None else self._open_lexical()
        self._query_vectors: OrderedDict[str, Vectors] = OrderedDict()
        # After a sync that left nothing to do: the lexical index's version stamp and the
        # file stats it saw. The same stamp and stats on the next search: nothing to sync.
        self._clean: tuple[tuple[int, int], dict[str, tuple[int, int]]] | None = None

    @property
    def identity(self) -> dict[str, str]:
        ident = self.embedder.identity
        return {
            "embedder": ident.name,
            "embedder_version": ident.version,
            "dimension": str(ident.dimension),
            "chunking": CHUNKING_VERSION,
        }

    def _open_lexical(self) -> LexicalIndex:
        path = self.index_dir / "lexical.sqlite"
        try:
            index = LexicalIndex(path)
            index.get_meta()
            return index
        except sqlite3.DatabaseError:
            # A corrupted derived index is rebuilt from the Markdown, never a crash.
            for stale in self.index_dir.glob("lexical.sqlite*"):
                stale.unlink()
            return LexicalIndex(path)

    def close(self) -> None:
        self.lexical.close()
        self.vectors.close()  # a copy of the vectors may be saved for the next process

    # -- sync ------------------------------------------------------------------------------
    def _files(self) -> dict[str, tuple[int, int]]:
        """(mtime_ns, size) of every indexed file, by workspace-relative path. Plain
        ``os.scandir`` and string paths: this runs before every search."""
        found: dict[str, tuple[int, int]] = {}
        root = str(self.root)
        try:
            memory_md = os.path.join(root, "MEMORY.md")
            if not os.path.islink(memory_md) or self._inside(memory_md):
                st = os.stat(memory_md)
                found["MEMORY.md"] = (st.st_mtime_ns, st.st_size)
        except (FileNotFoundError, NotADirectoryError):
            pass
        stack = [(os.path.join(root, top), top) for top in ("memory", "projects", "skills")]
        while stack:
            path, rel = stack.pop()
            try:
                entries = list(os.scandir(path))
            except (FileNotFoundError, NotADirectoryError):
                continue
            for entry in entries:
                sub = f"{rel}/{entry.name}"
                try:
                    if entry.is_dir(follow_symlinks=False):
                        stack.append((entry.path, sub))
                    elif entry.is_symlink() and not self._inside(entry.path):
                        continue  # a link out of the workspace is never indexed
                    elif layer_of(sub) is not None and entry.is_file():
                        st = entry.stat()
                        found[sub] = (st.st_mtime_ns, st.st_size)
                except FileNotFoundError:
                    continue
        return found

    def _inside(self, path: str) -> bool:
        real = os.path.realpath(path)
        base = os.path.realpath(self.root)
        return real == base or real.startswith(base + os.sep)

    def check_identity(self) -> bool:
        """True if the stored index was built by this embedder and chunking version."""
        stored = self.lexical.get_meta()
        vec = self.vectors.identity()
        want = self.identity
        return all(stored.get(k) == v for k, v in want.items()) and all(
            vec.get(k) == v for k, v in want.items()
        )

    def rebuild(
        self, progress: Callable[[int, int], None] | None = None, budget: float | None = None
    ) -> SyncReport:
        with locked(self.root / ".labmem" / "state" / "locks", "index"):
            return self._rebuild(progress, budget)

    def _rebuild(
        self, progress: Callable[[int, int], None] | None, budget: float | None
    ) -> SyncReport:
        self._clean = None
        self.lexical.reset()
        self.vectors.reset(self.identity)
        self.lexical.set_meta(self.identity)
        report = self._sync(progress, budget)
        report.rebuilt = True
        return report

    def sync(
        self,
        progress: Callable[[int, int], None] | None = None,
        budget: float | None = None,
    ) -> SyncReport:
        """Bring the index in step with the Markdown. Every changed chunk is searchable by
        its words at once; vectors are then computed for at most ``budget`` seconds
        (``None``: all of them). What is left is filled in by the next sync.

        One process at a time (an inter-process lock): two searches on a stale index would
        otherwise insert the same chunk twice. A search in a warm process whose files and
        index are as the last complete sync left them returns at once, without the lock."""
        if self._clean is not None and progress is None:
            files = self._files()
            if self._clean == (self.lexical.version(), files):
                return SyncReport(files_scanned=len(files))
        with locked(self.root / ".labmem" / "state" / "locks", "index"):
            if not self.check_identity():
                refresh = getattr(self.vectors, "refresh", None)
                if refresh is not None:
                    refresh()  # another process may have rebuilt it while we waited
                if refresh is None or not self.check_identity():
                    return self._rebuild(progress, budget)
            return self._sync(progress, budget)

    def _sync(
        self, progress: Callable[[int, int], None] | None, budget: float | None
    ) -> SyncReport:
        report = SyncReport()
        files = self._files()
        known = self.lexical.file_stats()
        report.files_scanned = len(files)
        changed = [p for p, st in files.items() if known.get(p) != st]
        gone = [p for p in known if p not in files]
        report.files_changed = len(changed) + len(gone)
        if changed or gone:
            self._update_words(report, files, changed, gone)
        report.reembedded = self.fill(budget, progress)
        report.pending = self.lexical.pending_count()
        self._clean = None if report.pending else (self.lexical.version(), files)
        return report

    def _update_words(
        self,
        report: SyncReport,
        files: dict[str, tuple[int, int]],
        changed: list[str],
        gone: list[str],
    ) -> None:
        old = self.lexical.hashes_for(changed + gone)
        fresh: dict[str, Chunk] = {}
        for rel in changed:
            withheld: list[SecretLine] = []
            for chunk in chunk_file(self.root, rel, withheld):
                fresh[chunk.id] = chunk
            report.withheld += [s.describe() for s in withheld]
        todo = [c for c in fresh.values() if old.get(c.id) != c.hash]
        stale = [i for i in old if i not in fresh]
        report.added = sum(1 for c in todo if c.id not in old)
        report.updated = len(todo) - report.added
        report.removed = len(stale)
        # Moved but unchanged text (e.g. an entry inserted above it): keep the vector.
        before = self.lexical.chunks([c.id for c in todo if c.id in old])
        same = [c for c in todo if c.id in before and c.vhash and before[c.id].vhash == c.vhash]
        kept = self.vectors.vectors([c.id for c in same])
        moved = [c for c in same if c.id in kept]
        if moved:
            self.vectors.upsert(
                [c.id for c in moved],
                np.stack([kept[c.id] for c in moved]),
                [c.layer for c in moved],
            )
            self.lexical.upsert(moved)
        moved_ids = {c.id for c in moved}
        new = [c for c in todo if c.id not in moved_ids]
        if new:
            # A changed text's old vector would score the old words: drop it now.
            self.vectors.delete([c.id for c in new if c.id in old])
            self.lexical.upsert(new)
            self.lexical.mark_pending([c.id for c in new])
        if stale:
            self.lexical.delete(stale)
            self.vectors.delete(stale)
        self.lexical.set_file_stats({p: files[p] for p in changed}, gone)

    def pending(self) -> int:
        """Chunks searchable by their words whose vector is not computed yet."""
        return self.lexical.pending_count()

    def fill(
        self, budget: float | None = None, progress: Callable[[int, int], None] | None = None
    ) -> int:
        """Compute the missing vectors, for at most ``budget`` seconds; how many were stored.

        Texts are sorted by length so a batch pads little, identical texts are embedded
        once, and batches run on ``threads`` workers (onnxruntime releases the GIL) while
        this thread stores finished ones."""
        if budget is not None and budget <= 0:
            return 0  # words only: the vectors are left to the next sync with time for them
        ids = self.lexical.pending()
        if not ids:
            return 0
        chunks = sorted(self.lexical.chunks(ids).values(), key=lambda c: len(c.embed_text))
        if len(chunks) < len(ids):  # pending ids whose chunk is gone
            self.lexical.clear_pending(sorted(set(ids) - {c.id for c in chunks}))
        batches = _batches(list(dict.fromkeys(c.embed_text for c in chunks)))
        deadline = None if budget is None else time.monotonic() + budget
        by_text: dict[str, list[Chunk]] = {}
        for chunk in chunks:
            by_text.setdefault(chunk.embed_text, []).append(chunk)
        stored = 0
        ready: list[tuple[list[Chunk], Vectors]] = []

        def store() -> None:
            nonlocal stored
            stored += self._store(ready)
            ready.clear()
            if progress:
                progress(stored, len(chunks))

        with closing(self._embedded(batches, deadline)) as embedded:
            for batch, vectors in embedded:
                if vectors.shape[1] != self.embedder.identity.dimension:
                    raise IndexModelMismatchError(
                        f"the embedder returned {vectors.shape[1]}-d vectors, expected "
                        f"{self.embedder.identity.dimension}; run 'labmem reindex --full'."
                    )
                for text, vector in zip(batch, vectors, strict=True):
                    group = by_text[text]
                    ready.append((group, np.repeat(vector[None, :], len(group), axis=0)))
                if sum(len(g) for g, _ in ready) >= STORE_BATCH:
                    store()
        if ready:
            store()
        return stored

    def _embedded(
        self, batches: list[list[str]], deadline: float | None
    ) -> Generator[tuple[list[str], Vectors], None, None]:
        """(batch, vectors) in order, embedded on ``threads`` workers. Batches are queued
        ahead of the workers: while the caller stores (chromadb, SQLite), each worker still
        has one to start when it finishes its own. Past the deadline nothing new starts;
        batches already running finish, the rest stay pending for the next sync."""
        workers = max(1, self.threads)
        with ThreadPoolExecutor(max_workers=workers, thread_name_prefix="labmem-embed") as pool:
            queue: deque[tuple[list[str], Future[Vectors]]] = deque()
            todo = iter(batches)

            def top_up() -> None:
                if deadline is not None and time.monotonic() > deadline:
                    for _, waiting in queue:
                        waiting.cancel()  # not started yet: a no-op for a running one
                    return
                while len(queue) < QUEUED_PER_WORKER * workers:
                    batch = next(todo, None)
                    if batch is None:
                        return
                    queue.append((batch, pool.submit(self.embedder.embed, batch)))

            try:
                top_up()
                while queue:
                    batch, future = queue.popleft()
                    if future.cancelled():
                        continue
                    vectors = future.result()
                    top_up()  # before the caller stores: the workers keep going meanwhile
                    yield batch, vectors
            finally:
                for _, waiting in queue:  # the caller stopped (an error): start no more
                    waiting.cancel()

    def _store(self, ready: list[tuple[list[Chunk], Vectors]]) -> int:
        """Store computed vectors and take their chunks off the pending list."""
        part = [c for group, _ in ready for c in group]
        if not part:
            return 0
        vectors = np.concatenate([v for _, v in ready])
        for start in range(0, len(part), STORE_PIECE):
            # chromadb holds the GIL for a whole upsert: in pieces, the embedding threads
            # hand over finished batches and start new ones in between.
            piece = part[start : start + STORE_PIECE]
            self.vectors.upsert(
                [c.id for c in piece],
                vectors[start : start + STORE_PIECE],
                [c.layer for c in piece],
            )
            time.sleep(0)
        self.lexical.clear_pending([c.id for c in part])
        return len(part)

    # -- search ----------------------------------------------------------------------------
    def search(
        self,
        query: str,
        *,
        k: int = 10,
        layers: Sequence[str],
        now: datetime,
        project: str | None = None,
        kinds: Sequence[str] | None = None,
        since: date | None = None,
        until: date | None = None,
        tags: Sequence[str] | None = None,
        include_archive: bool = False,
        boosts: dict[str, float] | None = None,
    ) -> list[Hit]:
        """``boosts`` multiplies an entry's score by id (usage: used entries rise)."""
        if not query or not query.strip():
            raise InvalidInputError("the query is empty; say what to look for.")
        query = query.strip()[:MAX_QUERY_CHARS]
        if k < 1:
            raise InvalidInputError(f"k={k} is not valid; ask for at least 1 hit.")
        filters = Filters(
            project=project,
            kinds=tuple(kinds or ()),
            since=since.isoformat() if since else None,
            until=until.isoformat() if until else None,
        )
        wide = max(self.weights.candidates, k * 5) * (2 if tags else 1)
        lexical = dict(self.lexical.search(query, wide, layers, include_archive, filters))
        qvec = self.query_vector(query)
        dense = self._dense(qvec, wide, layers, include_archive, filters)
        ids = list(dict.fromkeys([*lexical, *dense]))
        catalogue = self.lexical.chunks(ids)
        ids = [
            i
            for i in ids
            if i in catalogue
            and catalogue[i].layer in layers
            and (include_archive or not catalogue[i].archived)
        ]
        if not ids:
            return []
        missing = [i for i in ids if i not in dense]
        if missing:
            dense.update(self.vectors.score(qvec, missing))
        fused = self._fuse(ids, lexical, dense)
        self._add_neighbours(fused, catalogue, qvec, dense, k, layers, include_archive)
        by_position: dict[tuple[str, int], float] = {}
        for chunk_id, base in fused.items():
            chunk = catalogue[chunk_id]
            if chunk.layer == "daily":
                key = (chunk.path, chunk.seq)
                by_position[key] = max(base, by_position.get(key, 0.0))
        scored = []
        for chunk_id, base in fused.items():
            chunk = catalogue[chunk_id]
            if not passes(chunk, project, kinds, since, until, tags):
                continue
            near = 0.0
            if chunk.layer == "daily":
                near = max(
                    by_position.get((chunk.path, chunk.seq - 1), 0.0),
                    by_position.get((chunk.path, chunk.seq + 1), 0.0),
                )
            score = base + self.weights.context * near
            score *= decay(chunk, now, self.weights) * self.weights.kind_weights.get(
                chunk.kind, 1.0
            )
            if boosts and chunk.entry_id and chunk.layer in CURATED:
                # Usage moves curated entries only: a chronological log is not ranked by
                # popularity (a turn served often in a Q&A session is not "unused").
                score *= boosts.get(chunk.entry_id, 1.0)
            scored.append((score, chunk))
        scored.sort(key=lambda pair: (-pair[0], pair[1].id))
        if self.weights.mmr and len(scored) > k:
            scored = self._diversify(scored, k)
        return [to_hit(chunk, score) for score, chunk in scored[:k]]

    def query_vector(self, query: str) -> Vectors:
        """The query's vector; the last few are kept, since a session often asks again."""
        cached = self._query_vectors.get(query)
        if cached is not None:
            self._query_vectors.move_to_end(query)
            return cached
        vector: Vectors = self.embedder.embed([query])[0]
        self._query_vectors[query] = vector
        if len(self._query_vectors) > QUERY_CACHE:
            self._query_vectors.popitem(last=False)
        return vector

    def _dense(
        self,
        qvec: Vectors,
        wide: int,
        layers: Sequence[str],
        include_archive: bool,
        filters: Filters,
    ) -> dict[str, float]:
        """Nearest vectors. With filters and the in-memory copy loaded, the candidates that
        pass them are scored exactly; otherwise the index is asked for more and the
        filters are applied by the caller."""
        if filters and self.vectors.loaded:
            allowed = self.lexical.ids_where(layers, include_archive, filters)
            scores = self.vectors.score(qvec, allowed)
            best = sorted(scores.items(), key=lambda item: -item[1])[:wide]
            return dict(best)
        return dict(self.vectors.query(qvec, wide * (4 if filters else 1), layers))

    def _diversify(self, scored: list[tuple[float, Chunk]], k: int) -> list[tuple[float, Chunk]]:
        """Optional MMR over the best candidates, so near-copies do not fill the page."""
        pool = scored[: max(3 * k, 30)]
        found = self.vectors.vectors([chunk.id for _, chunk in pool])
        pool = [(score, chunk) for score, chunk in pool if chunk.id in found]
        order = mmr_order(
            [score for score, _ in pool], [found[c.id] for _, c in pool], k, self.weights.mmr
        )
        return [pool[i] for i in order]

    def _fuse(
        self, ids: list[str], lexical: dict[str, float], dense: dict[str, float]
    ) -> dict[str, float]:
        """Min-max normalise each side over the candidates, then weight and add.

        A candidate whose vector is not computed yet (just written, filled in behind) is
        scored by its words on both sides, so it is not outranked for lacking a vector."""
        lex = dict(zip(ids, minmax([lexical.get(i, 0.0) for i in ids]), strict=True))
        have = [i for i in ids if i in dense]
        cos = dict(zip(have, minmax([dense[i] for i in have]), strict=True)) if have else {}
        values = [dense[i] for i in have] or [0.0]
        self._cos_range = (min(values), max(values))
        return {
            i: self.weights.lexical * lex[i] + self.weights.dense * cos.get(i, lex[i]) for i in ids
        }

    def _add_neighbours(
        self,
        fused: dict[str, float],
        catalogue: dict[str, Chunk],
        qvec: Vectors,
        dense: dict[str, float],
        k: int,
        layers: Sequence[str],
        include_archive: bool,
    ) -> None:
        """Score the daily-log neighbours of the best candidates too: in a chronological
        record the entry that answers a question often sits next to the one that asks it."""
        if not self.weights.context:
            return
        best = sorted(fused, key=lambda i: -fused[i])[: max(3 * k, 30)]
        daily = [catalogue[i] for i in best if catalogue[i].layer == "daily"]
        extra = {
            i: c
            for i, c in self.lexical.neighbours(daily).items()
            if i not in fused and c.layer in layers and (include_archive or not c.archived)
        }
        if not extra:
            return
        low, high = self._cos_range
        for chunk_id, cos in self.vectors.score(qvec, list(extra)).items():
            scaled = (cos - low) / (high - low) if high > low else 0.0
            fused[chunk_id] = self.weights.dense * min(max(scaled, 0.0), 1.0)
            catalogue[chunk_id] = extra[chunk_id]

    def known(self, layers: Sequence[str] | None = None) -> tuple[set[str], set[str]]:
        """(kinds, projects) present in the index (in ``layers`` only, if given), for
        validating filters."""
        kinds: set[str] = set()
        projects: set[str] = set()
        for chunk in self.lexical.chunks(list(self.lexical.all_hashes())).values():
            if layers is not None and chunk.layer not in layers:
                continue
            kinds.add(chunk.kind)
            if chunk.project:
                projects.add(chunk.project)
        return kinds, projects

    def consistency(self) -> list[str]:
        """Differences between the Markdown and the index (for ``labmem doctor``)."""
        problems: list[str] = []
        if not self.lexical.get_meta():
            return problems  # never built: the first search builds it
        if not self.check_identity():
            problems.append(
                "the index was built by another embedder or chunking version; run 'labmem reindex'"
            )
            return problems
        files = self._files()
        known = self.lexical.file_stats()
        stale = sorted(p for p, st in files.items() if known.get(p) != st)
        gone = sorted(p for p in known if p not in files)
        if stale or gone:
            problems.append(
                f"{len(stale) + len(gone)} files changed since the last sync "
                "(picked up by the next search or 'labmem reindex')"
            )
        if self.vectors.count() != self.lexical.count():
            problems.append(
                f"vector index holds {self.vectors.count()} chunks, lexical index "
                f"{self.lexical.count()}; run 'labmem reindex'"
            )
        return problems


def _batches(texts: list[str]) -> list[list[str]]:
    """Consecutive texts in batches of many short ones or a few long ones."""
    batches: list[list[str]] = [[]]
    size = 0
    for text in texts:
        if batches[-1] and (len(batches[-1]) >= EMBED_BATCH or size >= BATCH_CHARS):
            batches.append([])
            size = 0
        batches[-1].append(text)
        size += len(text)
    return batches
