"""Reading a skill's files on demand: ``scripts/``, ``references/``, ``assets/``.

A file is named by its path relative to the skill's folder. labmem reads it as text and
hands it over; it never runs it. A path that leaves the folder (``..``, an absolute path,
a link pointing elsewhere) is refused, as is a binary file or one over 256 KiB.
"""

from __future__ import annotations

from pathlib import Path, PurePosixPath

from memory.errors import InvalidInputError
from skills.model import Skill

__all__ = ["MAX_READ_BYTES", "read_resource"]

MAX_READ_BYTES = 256 * 1024


def _refuse(skill: Skill, relpath: str, problem: str, fix: str) -> InvalidInputError:
    return InvalidInputError(f"skill {skill.name!r}: {relpath!r} {problem}; {fix}")


def read_resource(skill: Skill, relpath: str) -> dict[str, object]:
    """``{"skill", "path", "size", "text"}`` of one file inside the skill's folder."""
    listed = ", ".join(r.path for r in skill.resources) or "none"
    if skill.directory is None:
        raise _refuse(skill, relpath, "cannot be read", "this skill has no folder on disk")
    pure = PurePosixPath(relpath.replace("\\", "/"))
    if not relpath.strip() or pure.is_absolute() or ".." in pure.parts or ":" in relpath:
        raise _refuse(
            skill,
            relpath,
            "is not a path inside the skill's folder",
            f"give a relative path such as one of: {listed}",
        )
    home = skill.directory.resolve()
    path = (skill.directory / Path(*pure.parts)).resolve()
    if not path.is_relative_to(home):
        raise _refuse(
            skill,
            relpath,
            "leads outside the skill's folder",
            "labmem reads only files inside the skill's own folder",
        )
    if not path.is_file():
        raise _refuse(skill, relpath, "does not exist", f"the skill's files are: {listed}")
    size = path.stat().st_size
    if size > MAX_READ_BYTES:
        raise _refuse(
            skill, relpath, f"is {size} bytes, over {MAX_READ_BYTES}", "open it outside labmem"
        )
    raw = path.read_bytes()
    try:
        if b"\0" in raw:
            raise UnicodeDecodeError("utf-8", raw, 0, 1, "NUL byte")
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise _refuse(
            skill, relpath, f"is binary ({size} bytes)", "labmem hands over text files only"
        ) from None
    return {"skill": skill.name, "path": pure.as_posix(), "size": size, "text": text}
