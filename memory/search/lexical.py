"""The lexical side and the chunk catalogue: SQLite FTS5 over Snowball-stemmed terms.

The database also records every indexed chunk (metadata, content hash) and every indexed
file (mtime, size), which is what makes a no-change sync a matter of ``stat`` calls. It is
derived: delete it and it is rebuilt from the Markdown.
"""

from __future__ import annotations

import json
import re
import sqlite3
from collections.abc import Iterable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, fields
from functools import lru_cache
from pathlib import Path
from typing import Any, Protocol

from memory.search.chunking import Chunk
from memory.search.lexical_mirror import TermMirror

__all__ = ["Filters", "LexicalIndex", "LexicalStore", "terms"]

_WORD = re.compile(r"[^\W_]+(?:['’][^\W_]+)?", re.UNICODE)
STOPWORDS = frozenset(
    """a about above after again against all am an and any are as at be because been before
    being below between both but by can could did do does doing down during each few for from
    further had has have having he her here hers herself him himself his how i if in into is
    it its itself just me more most my myself no nor not of off on once only or other our ours
    ourselves out over own same she should so some such than that the their theirs them
    themselves then there these they this those through to too under until up very was we were
    what when where which while who whom why will with would you your yours yourself
    yourselves s t don did didn""".split()
)

SCHEMA_VERSION = 3
_CHUNK_FIELDS = tuple(f.name for f in fields(Chunk))
DECODED_CACHE = 50_000  # decoded chunks kept in memory
_SCHEMA = """
CREATE TABLE IF NOT EXISTS meta(key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS files(path TEXT PRIMARY KEY, mtime_ns INTEGER, size INTEGER);
CREATE TABLE IF NOT EXISTS chunks(
    rowid INTEGER PRIMARY KEY, id TEXT UNIQUE NOT NULL, path TEXT NOT NULL, hash TEXT NOT NULL,
    layer TEXT NOT NULL, archived INTEGER NOT NULL, seq INTEGER NOT NULL, kind TEXT NOT NULL,
    day TEXT, project TEXT, data TEXT NOT NULL);
CREATE INDEX IF NOT EXISTS chunks_path ON chunks(path, seq);
CREATE VIRTUAL TABLE IF NOT EXISTS fts USING fts5(terms, tokenize='unicode61');
-- chunks searchable by their words whose vector is not stored yet (filled in behind writes)
CREATE TABLE IF NOT EXISTS pending(id TEXT PRIMARY KEY);
"""


@dataclass(frozen=True, slots=True)
class Filters:
    """Conditions pushed into the queries instead of filtering afterwards."""

    project: str | None = None
    kinds: tuple[str, ...] = ()
    since: str | None = None  # ISO date, inclusive
    until: str | None = None

    def __bool__(self) -> bool:
        return bool(self.project or self.kinds or self.since or self.until)

    def sql(self) -> tuple[str, list[Any]]:
        parts: list[str] = []
        params: list[Any] = []
        if self.project:
            parts.append("c.project = ?")
            params.append(self.project)
        if self.kinds:
            parts.append(f"c.kind IN ({','.join('?' * len(self.kinds))})")
            params += list(self.kinds)
        if self.since:
            parts.append("c.day >= ?")
            params.append(self.since)
        if self.until:
            parts.append("c.day <= ?")
            params.append(self.until)
        return "".join(f" AND {p}" for p in parts), params


@lru_cache(maxsize=1)
def _stemmer() -> Any:
    import Stemmer

    return Stemmer.Stemmer("english")


def terms(text: str) -> list[str]:
    """Lower-cased, stop-word-free, Snowball-stemmed words."""
    words = [w.lower().replace("’", "'") for w in _WORD.findall(text)]
    words = [w.split("'")[0] for w in words]
    return [t for t in _stemmer().stemWords([w for w in words if w and w not in STOPWORDS]) if t]


class LexicalStore(Protocol):
    """What search needs from its lexical side: the chunk catalogue, the file stats that
    make a no-change sync cheap, the chunks whose vector is still to compute, and word
    search. ``LexicalIndex`` (SQLite FTS5) and ``InMemoryLexicalIndex`` implement it and
    pass the same contract suite."""

    def close(self) -> None: ...
    def version(self) -> tuple[int, int]:
        """Changes when anything is written, by this process or another one."""
        ...

    def get_meta(self) -> dict[str, str]: ...
    def set_meta(self, values: dict[str, str]) -> None: ...
    def file_stats(self) -> dict[str, tuple[int, int]]: ...
    def set_file_stats(self, stats: dict[str, tuple[int, int]], gone: Iterable[str]) -> None: ...
    def hashes_for(self, paths: Sequence[str]) -> dict[str, str]: ...
    def all_hashes(self) -> dict[str, str]: ...
    def count(self) -> int: ...
    def upsert(self, chunks: Sequence[Chunk]) -> None: ...
    def delete(self, ids: Sequence[str]) -> None: ...
    def mark_pending(self, ids: Sequence[str]) -> None: ...
    def clear_pending(self, ids: Sequence[str]) -> None: ...
    def pending(self, limit: int | None = None) -> list[str]: ...
    def pending_count(self) -> int: ...
    def compact(self) -> None: ...
    def reset(self) -> None: ...
    def chunks(self, ids: Sequence[str]) -> dict[str, Chunk]: ...
    def ids_where(
        self, layers: Sequence[str], include_archived: bool, filters: Filters | None
    ) -> list[str]: ...
    def neighbours(self, chunks: Sequence[Chunk]) -> dict[str, Chunk]: ...
    def search(
        self,
        query: str,
        k: int,
        layers: Sequence[str] | None = None,
        include_archived: bool = False,
        filters: Filters | None = None,
    ) -> list[tuple[str, float]]: ...


class LexicalIndex:
    def __init__(self, path: Path, mirror_after: int = 1) -> None:
        """``mirror_after``: searches answered by SQLite before the postings are copied into
        memory (a one-shot command searches once and never copies them)."""
        path.parent.mkdir(parents=True, exist_ok=True)
        self.path = path
        # Callers serialise access (the MCP server runs tools on worker threads, one at a
        # time), so the connection may move between threads.
        self.db = sqlite3.connect(
            str(path), timeout=30, isolation_level=None, check_same_thread=False
        )
        self.db.execute("PRAGMA journal_mode=WAL")
        self.db.execute("PRAGMA synchronous=NORMAL")
        if self.db.execute("PRAGMA user_version").fetchone()[0] != SCHEMA_VERSION:
            # Derived data in an older layout: drop it, the next sync rebuilds it.
            for table in ("fts", "chunks", "files", "meta", "pending"):
                self.db.execute(f"DROP TABLE IF EXISTS {table}")
            self.db.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")
        self.db.executescript(_SCHEMA)
        self._decoded: dict[str, Chunk] = {}
        self._decoded_version = -1
        self._writes = 0
        self._searches = 0
        self._mirror_after = mirror_after
        self._mirror: TermMirror | None = None  # loaded by the second search in a process

    def close(self) -> None:
        self.db.close()

    def version(self) -> tuple[int, int]:
        """(writes through this connection, SQLite's data_version, which moves when another
        connection commits): equal stamps mean nothing was written in between."""
        return self._writes, int(self.db.execute("PRAGMA data_version").fetchone()[0])

    @contextmanager
    def _write(self) -> Iterator[None]:
        """One transaction (the connection is in autocommit mode, where ``with db`` alone
        would commit every row on its own: 10,000 rows took a second instead of 0.05 s).
        Nested writes join the open transaction."""
        self._writes += 1
        if self.db.in_transaction:
            yield
            return
        self.db.execute("BEGIN IMMEDIATE")
        try:
            yield
        except BaseException:
            self.db.execute("ROLLBACK")
            self._mirror = None  # it may hold part of what was rolled back
            raise
        self.db.execute("COMMIT")

    # -- catalogue -------------------------------------------------------------------------
    def get_meta(self) -> dict[str, str]:
        return dict(self.db.execute("SELECT key, value FROM meta").fetchall())

    def set_meta(self, values: dict[str, str]) -> None:
        with self._write():
            self.db.executemany("INSERT OR REPLACE INTO meta VALUES (?, ?)", values.items())

    def file_stats(self) -> dict[str, tuple[int, int]]:
        rows = self.db.execute("SELECT path, mtime_ns, size FROM files").fetchall()
        return {p: (m, s) for p, m, s in rows}

    def set_file_stats(self, stats: dict[str, tuple[int, int]], gone: Iterable[str]) -> None:
        with self._write():
            self.db.executemany(
                "INSERT OR REPLACE INTO files VALUES (?, ?, ?)",
                [(p, m, s) for p, (m, s) in stats.items()],
            )
            self.db.executemany("DELETE FROM files WHERE path = ?", [(p,) for p in gone])

    def hashes_for(self, paths: Sequence[str]) -> dict[str, str]:
        out: dict[str, str] = {}
        for start in range(0, len(paths), 500):
            part = list(paths[start : start + 500])
            marks = ",".join("?" * len(part))
            out.update(
                self.db.execute(
                    f"SELECT id, hash FROM chunks WHERE path IN ({marks})", part
                ).fetchall()
            )
        return out

    def all_hashes(self) -> dict[str, str]:
        return dict(self.db.execute("SELECT id, hash FROM chunks").fetchall())

    def count(self) -> int:
        return int(self.db.execute("SELECT count(*) FROM chunks").fetchone()[0])

    def upsert(self, chunks: Sequence[Chunk]) -> None:
        words = [" ".join(terms(c.lexical_text)) for c in chunks]
        rows = [
            (
                chunk.id,
                chunk.path,
                chunk.hash,
                chunk.layer,
                int(chunk.archived),
                chunk.seq,
                chunk.kind,
                chunk.date,
                chunk.project,
                json.dumps({name: getattr(chunk, name) for name in _CHUNK_FIELDS}),
            )
            for chunk in chunks
        ]
        with self._write():
            self.delete([c.id for c in chunks])
            self.db.executemany(
                "INSERT INTO chunks(id, path, hash, layer, archived, seq, kind, day, project, "
                "data) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                rows,
            )
            rowids: dict[str, int] = {}
            for start in range(0, len(chunks), 500):
                part = [c.id for c in chunks[start : start + 500]]
                marks = ",".join("?" * len(part))
                rowids.update(
                    (chunk_id, rowid)
                    for rowid, chunk_id in self.db.execute(
                        f"SELECT rowid, id FROM chunks WHERE id IN ({marks})", part
                    )
                )
            self.db.executemany(
                "INSERT INTO fts(rowid, terms) VALUES (?, ?)",
                [(rowids[c.id], text) for c, text in zip(chunks, words, strict=True)],
            )
        if self._mirror is not None:
            self._mirror.add(
                (c.id, c.layer, c.archived, text) for c, text in zip(chunks, words, strict=True)
            )

    def delete(self, ids: Sequence[str]) -> None:
        for chunk_id in ids:
            self._decoded.pop(chunk_id, None)
        with self._write():
            for start in range(0, len(ids), 500):
                part = list(ids[start : start + 500])
                marks = ",".join("?" * len(part))
                rows = self.db.execute(
                    f"SELECT rowid FROM chunks WHERE id IN ({marks})", part
                ).fetchall()
                self.db.executemany("DELETE FROM fts WHERE rowid = ?", rows)
                self.db.executemany("DELETE FROM chunks WHERE rowid = ?", rows)
                self.db.executemany("DELETE FROM pending WHERE id = ?", [(i,) for i in part])
        if self._mirror is not None:
            self._mirror.remove(ids)

    # -- vectors still to compute -----------------------------------------------------------
    def mark_pending(self, ids: Sequence[str]) -> None:
        with self._write():
            self.db.executemany("INSERT OR IGNORE INTO pending VALUES (?)", [(i,) for i in ids])

    def clear_pending(self, ids: Sequence[str]) -> None:
        with self._write():
            self.db.executemany("DELETE FROM pending WHERE id = ?", [(i,) for i in ids])

    def pending(self, limit: int | None = None) -> list[str]:
        sql = "SELECT id FROM pending ORDER BY id" + (f" LIMIT {int(limit)}" if limit else "")
        return [row[0] for row in self.db.execute(sql)]

    def pending_count(self) -> int:
        return int(self.db.execute("SELECT count(*) FROM pending").fetchone()[0])

    def compact(self) -> None:
        """Rewrite the database so no free page or WAL frame keeps deleted text (after a
        forget): merge the FTS segments, vacuum, truncate the write-ahead log."""
        self._writes += 1
        self.db.execute("INSERT INTO fts(fts) VALUES('optimize')")
        self.db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        self.db.execute("VACUUM")
        self.db.execute("PRAGMA wal_checkpoint(TRUNCATE)")

    def reset(self) -> None:
        self._decoded.clear()
        self._mirror = None
        with self._write():
            self.db.execute("DELETE FROM pending")
            self.db.execute("DELETE FROM chunks")
            self.db.execute("DELETE FROM fts")
            self.db.execute("DELETE FROM files")
            self.db.execute("DELETE FROM meta")

    def chunks(self, ids: Sequence[str]) -> dict[str, Chunk]:
        """Chunks by id. Decoded ones are kept between calls: this connection's own writes
        drop what they change, and a write by another process (SQLite's data_version
        moves) drops them all."""
        version = int(self.db.execute("PRAGMA data_version").fetchone()[0])
        if version != self._decoded_version:
            self._decoded.clear()
            self._decoded_version = version
        out: dict[str, Chunk] = {}
        missing: list[str] = []
        for chunk_id in ids:
            known = self._decoded.get(chunk_id)
            if known is not None:
                out[chunk_id] = known
            else:
                missing.append(chunk_id)
        for start in range(0, len(missing), 500):
            part = missing[start : start + 500]
            marks = ",".join("?" * len(part))
            for (data,) in self.db.execute(f"SELECT data FROM chunks WHERE id IN ({marks})", part):
                chunk = self._remember(Chunk(**json.loads(data)))
                out[chunk.id] = chunk
        return out

    def _remember(self, chunk: Chunk) -> Chunk:
        """Keep decoded chunks: a warm session asks for the same ones again."""
        if len(self._decoded) >= DECODED_CACHE:
            self._decoded.clear()
        self._decoded[chunk.id] = chunk
        return chunk

    def ids_where(
        self, layers: Sequence[str], include_archived: bool, filters: Filters | None
    ) -> list[str]:
        """Every chunk id in these layers that passes the filters."""
        sql = f"SELECT c.id FROM chunks c WHERE c.layer IN ({','.join('?' * len(layers))})"
        params: list[Any] = list(layers)
        if not include_archived:
            sql += " AND c.archived = 0"
        if filters:
            where, more = filters.sql()
            sql += where
            params += more
        return [row[0] for row in self.db.execute(sql, params)]

    def neighbours(self, chunks: Sequence[Chunk]) -> dict[str, Chunk]:
        """The chunks just before and after each given one in its file (one query)."""
        wanted = sorted({(c.path, c.seq + d) for c in chunks for d in (-1, 1)})
        ids: list[str] = []
        for start in range(0, len(wanted), 400):
            part = wanted[start : start + 400]
            pairs = ",".join("(?, ?)" for _ in part)
            ids += [
                row[0]
                for row in self.db.execute(
                    f"WITH w(p, s) AS (VALUES {pairs}) "
                    "SELECT c.id FROM w JOIN chunks c ON c.path = w.p AND c.seq = w.s",
                    [x for pair in part for x in pair],
                )
            ]
        return self.chunks(ids)

    # -- search ----------------------------------------------------------------------------
    def _term_mirror(self) -> TermMirror | None:
        """The in-memory postings, read again when another process has written; a process
        that searches once never reads them."""
        version = int(self.db.execute("PRAGMA data_version").fetchone()[0])
        mirror = self._mirror
        if mirror is not None and mirror.data_version == version and not mirror.wasteful:
            return mirror
        if self._searches <= self._mirror_after:
            return None
        mirror = TermMirror(version)
        mirror.add(
            self.db.execute(
                "SELECT c.id, c.layer, c.archived, f.terms FROM chunks c "
                "JOIN fts f ON f.rowid = c.rowid ORDER BY c.rowid"
            )
        )
        self._mirror = mirror
        return mirror

    def search(
        self,
        query: str,
        k: int,
        layers: Sequence[str] | None = None,
        include_archived: bool = False,
        filters: Filters | None = None,
    ) -> list[tuple[str, float]]:
        words = sorted(set(terms(query)))
        if not words:
            return []
        self._searches += 1
        if not filters:
            mirror = self._term_mirror()
            if mirror is not None:
                return mirror.search(words, k, layers, include_archived)
        match = " OR ".join(f'"{w}"' for w in words)
        sql = (
            "SELECT c.id, -bm25(fts) AS score FROM fts JOIN chunks c ON c.rowid = fts.rowid "
            "WHERE fts MATCH ?"
        )
        params: list[Any] = [match]
        if layers is not None:
            sql += f" AND c.layer IN ({','.join('?' * len(layers))})"
            params += list(layers)
        if not include_archived:
            sql += " AND c.archived = 0"
        if filters:
            where, more = filters.sql()
            sql += where
            params += more
        sql += " ORDER BY bm25(fts) LIMIT ?"
        params.append(k)
        return [(i, float(s)) for i, s in self.db.execute(sql, params)]
