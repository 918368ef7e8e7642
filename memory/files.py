"""File primitives: safe paths, atomic rewrites that never clobber a hand edit, locks, backups.

Every rewrite of a layer file goes through ``rewrite``: write a temp file in the same
folder, fsync, ``os.replace``. A process killed at any moment leaves the old file or the
new one, never a torn one. Before replacing, the file's hash is compared with the hash we
read: if a person saved the file in between, ``DirtyFileError`` is raised and nothing is
written.
"""

from __future__ import annotations

import hashlib
import os
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

from filelock import FileLock

from memory.errors import DirtyFileError, InvalidInputError, WorkspaceError

__all__ = [
    "Snapshot",
    "atomic_write",
    "backup",
    "digest",
    "locked",
    "read_snapshot",
    "rewrite",
    "safe_child",
]


@dataclass(frozen=True, slots=True)
class Snapshot:
    text: str
    digest: str | None  # None: the file did not exist


def digest(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def read_snapshot(path: Path) -> Snapshot:
    try:
        data = path.read_bytes()
    except FileNotFoundError:
        return Snapshot("", None)
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise InvalidInputError(
            f"{path} is not valid UTF-8 (byte {exc.start}); labmem only edits UTF-8 "
            "Markdown. Re-save it as UTF-8."
        ) from None
    return Snapshot(text, digest(data))


def atomic_write(path: Path, text: str) -> None:
    """Write ``text`` to ``path`` so that readers see the old or the new file, never half."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as handle:
            handle.write(text)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


@contextmanager
def locked(lock_dir: Path, name: str, timeout: float = 30.0) -> Iterator[None]:
    """An inter-process lock named ``name`` under ``lock_dir``."""
    lock_dir.mkdir(parents=True, exist_ok=True)
    lock = FileLock(str(lock_dir / f"{name}.lock"), timeout=timeout)
    with lock:
        yield


def rewrite(path: Path, text: str, expected: str | None) -> None:
    """Replace ``path`` with ``text`` unless it changed since it was read (hash ``expected``).

    Callers hold the file's lock, so only a writer outside labmem (a person) can race us.
    """
    current = read_snapshot(path).digest
    if current != expected:
        raise DirtyFileError(
            f"{path.name} changed on disk since labmem read it (someone saved it in an "
            "editor?); nothing was written. Save your edits and run the command again."
        )
    atomic_write(path, text)


def backup(path: Path, backup_dir: Path, keep: int) -> Path | None:
    """Copy ``path`` into ``backup_dir`` (keeping the newest ``keep``) before a rewrite."""
    try:
        data = path.read_bytes()
    except FileNotFoundError:
        return None
    backup_dir.mkdir(parents=True, exist_ok=True)
    existing = sorted(backup_dir.glob(f"{path.name}.*.bak"))
    tag = digest(data)[:12]
    if existing and existing[-1].name.endswith(f".{tag}.bak"):
        return existing[-1]
    serial = int(existing[-1].name.split(".")[-3]) + 1 if existing else 1
    target = backup_dir / f"{path.name}.{serial:08d}.{tag}.bak"
    atomic_write(target, data.decode("utf-8", errors="replace"))
    for old in sorted(backup_dir.glob(f"{path.name}.*.bak"))[:-keep]:
        old.unlink(missing_ok=True)
    return target


def safe_child(root: Path, *parts: str) -> Path:
    """``root/parts…`` if it stays inside ``root`` (symlinks resolved); else refuse."""
    for part in parts:
        if not part or part in {".", ".."} or "/" in part or "\\" in part or "\x00" in part:
            raise InvalidInputError(
                f"name {part!r} is not allowed: names may not be empty, '.', '..' or contain "
                "a path separator. Use a plain name such as 'homelab'."
            )
    candidate = root.joinpath(*parts)
    try:
        resolved = candidate.resolve()
        base = root.resolve()
    except OSError as exc:
        raise WorkspaceError(f"cannot resolve {candidate}: {exc}") from None
    if resolved != base and base not in resolved.parents:
        raise InvalidInputError(
            f"{'/'.join(parts)!r} resolves outside the workspace ({resolved}); symlinks that "
            "leave the workspace are refused. Remove the link or use a name inside it."
        )
    return candidate
