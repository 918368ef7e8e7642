"""File primitives: safe paths, atomic rewrites that never clobber a hand edit, locks, backups.

Every rewrite of a layer file goes through ``rewrite``: write a temp file in the same
folder, fsync, ``os.replace``. A process killed at any moment leaves the old file or the
new one, never a torn one. Before replacing, the file's hash is compared with the hash we
read: if a person saved the file in between, ``DirtyFileError`` is raised and nothing is
written.
"""

from __future__ import annotations

import errno
import hashlib
import os
import stat
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

from filelock import FileLock, Timeout

from memory.errors import DirtyFileError, InvalidInputError, MemoryFrameworkError, WorkspaceError

__all__ = [
    "Snapshot",
    "append_whole",
    "atomic_write",
    "backup",
    "digest",
    "file_stamp",
    "inside",
    "locked",
    "no_space",
    "read_snapshot",
    "rewrite",
    "safe_child",
    "write_temp",
]


@dataclass(frozen=True, slots=True)
class Snapshot:
    text: str
    digest: str | None  # None: the file did not exist


def digest(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def file_stamp(path: Path) -> tuple[int, int] | None:
    """(size, modification time in ns) of a file, None when it cannot be read: a cache key
    part that changes whenever the file does."""
    try:
        info = path.stat()
    except (OSError, ValueError):
        return None
    return info.st_size, info.st_mtime_ns


def inside(root: Path, path: Path) -> Path:
    """``path`` if it resolves inside ``root``; a symlink that leaves it is refused, so a
    layer file linked to a file elsewhere is neither read into memory nor overwritten."""
    try:
        resolved = path.resolve()
        base = root.resolve()
    except OSError as exc:
        raise WorkspaceError(f"cannot resolve {path}: {exc}") from None
    if resolved != base and base not in resolved.parents:
        raise InvalidInputError(
            f"{path} is a symlink to {resolved}, outside the workspace {base}; labmem does "
            "not follow links out of the workspace. Replace the link with the file itself."
        )
    return path


def read_snapshot(path: Path, root: Path | None = None) -> Snapshot:
    if root is not None:
        inside(root, path)
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


def _mode_for(path: Path) -> int:
    """The mode a rewrite keeps: the file's own, or 0o666 less the umask for a new file."""
    try:
        return stat.S_IMODE(path.stat().st_mode)
    except FileNotFoundError:
        mask = os.umask(0)
        os.umask(mask)
        return 0o666 & ~mask


def no_space(exc: OSError, path: Path) -> MemoryFrameworkError | None:
    """The clear error for a full disk or quota, or None for any other OS error."""
    if exc.errno not in (errno.ENOSPC, errno.EDQUOT):
        return None
    return WorkspaceError(
        f"no space left on the device holding {path}; nothing was written and the file "
        "is as it was. Free some space and run the command again."
    )


def write_temp(path: Path, data: bytes) -> Path:
    """A fsynced temp file beside ``path`` holding ``data``, with ``path``'s mode."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
        os.chmod(tmp, _mode_for(path))
    except BaseException as exc:
        Path(tmp).unlink(missing_ok=True)
        if isinstance(exc, OSError) and (clear := no_space(exc, path)) is not None:
            raise clear from None
        raise
    return Path(tmp)


def atomic_write(path: Path, text: str) -> None:
    """Write ``text`` to ``path`` so that readers see the old or the new file, never half.

    The file keeps its mode (a rewrite never turns 0644 into the temp file's 0600); a
    symlink keeps pointing where it did (layer files are checked with ``inside`` first)."""
    if path.is_symlink():
        path = path.resolve()
    tmp = write_temp(path, text.encode("utf-8"))
    try:
        os.replace(tmp, path)
    except BaseException:
        tmp.unlink(missing_ok=True)
        raise


def append_whole(path: Path, data: bytes) -> None:
    """Append ``data`` with one write; on any failure cut the file back to its old size.

    Callers hold the file's lock. A full disk therefore never leaves a torn line that
    would turn into a live entry once space is freed."""
    fd = os.open(path, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o666)
    try:
        size = os.fstat(fd).st_size
        try:
            view = memoryview(data)
            while view:
                view = view[os.write(fd, view) :]
        except BaseException as exc:
            os.ftruncate(fd, size)
            if isinstance(exc, OSError) and (clear := no_space(exc, path)) is not None:
                raise clear from None
            raise
    finally:
        os.close(fd)


@contextmanager
def locked(lock_dir: Path, name: str, timeout: float = 60.0) -> Iterator[None]:
    """An inter-process lock named ``name`` under ``lock_dir``."""
    lock_dir.mkdir(parents=True, exist_ok=True)
    lock = FileLock(str(lock_dir / f"{name}.lock"), timeout=timeout)
    try:
        lock.acquire()
    except Timeout:
        raise WorkspaceError(
            f"another labmem process held the {name!r} lock for over {timeout:.0f} s; nothing "
            "was written. Wait for it to finish (or stop it) and run the command again."
        ) from None
    try:
        yield
    finally:
        lock.release()


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


def backup(path: Path, backup_dir: Path, keep: int, data: bytes | None = None) -> Path | None:
    """Keep ``path`` as it is (``data``, if the caller read it already) in ``backup_dir``,
    with the newest ``keep``, before a rewrite.

    labmem replaces a file (a new one renamed over it) and never writes into it, so the
    backup is a hard link to the file: no copy and no fsync, its data is on disk already.
    Where links fail (another device, a file system without them) it is a copy."""
    if data is None:
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
    if not _linked(path, target, data):
        atomic_write(target, data.decode("utf-8", errors="replace"))
    for old in [*existing, target][:-keep]:
        old.unlink(missing_ok=True)
    return target


def _linked(path: Path, target: Path, data: bytes) -> bool:
    """Hard-link ``path`` as ``target`` if it still holds ``data``."""
    try:
        os.link(path.resolve(), target)
    except OSError:
        return False
    try:
        if target.read_bytes() == data:
            return True
    except OSError:
        pass
    target.unlink(missing_ok=True)  # changed since it was read: a copy of what was read
    return False


def safe_child(root: Path, *parts: str) -> Path:
    """``root/parts…`` if it stays inside ``root`` (symlinks resolved); else refuse."""
    for part in parts:
        if not part or part in {".", ".."} or "/" in part or "\\" in part or "\x00" in part:
            raise InvalidInputError(
                f"name {part!r} is not allowed: names may not be empty, '.', '..' or contain "
                "a path separator. Use a plain name such as 'homelab'."
            )
    return inside(root, root.joinpath(*parts))
