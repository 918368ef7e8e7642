"""The memory layers as Markdown files: formats, stores, hygiene and (later) search."""

from memory.errors import (
    DirtyFileError,
    EntryNotFoundError,
    InvalidInputError,
    MemoryFrameworkError,
    PastDayWriteError,
    PermissionDeniedError,
    SecretDetectedError,
    WorkspaceError,
)
from memory.records import Record
from memory.workspace import Workspace

__all__ = [
    "DirtyFileError",
    "EntryNotFoundError",
    "InvalidInputError",
    "MemoryFrameworkError",
    "PastDayWriteError",
    "PermissionDeniedError",
    "Record",
    "SecretDetectedError",
    "Workspace",
    "WorkspaceError",
]
