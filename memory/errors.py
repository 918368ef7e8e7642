"""Errors raised by the memory layer.

Every message states the value, the rule it broke and how to fix it. The tree::

    MemoryFrameworkError
    ├── InvalidInputError          text or a name that breaks a rule (size, UTF-8, traversal…)
    │   └── SecretDetectedError    the text holds a credential; it is never echoed
    ├── PermissionDeniedError      the session kind may not touch that layer
    ├── PastDayWriteError          a write to a daily log other than today's
    ├── DirtyFileError             a file changed on disk since it was read
    ├── EntryNotFoundError         no entry with that id
    ├── WorkspaceError             the workspace is missing, unreadable or unwritable
    └── SearchIndexError           the derived search index cannot serve the query
        ├── IndexModelMismatchError
        └── IndexUnavailableError
"""

from __future__ import annotations


class MemoryFrameworkError(Exception):
    """Base class for every error labmem reports to a user."""


class InvalidInputError(MemoryFrameworkError):
    """Text, a name or an option that breaks a stated rule."""


class SecretDetectedError(InvalidInputError):
    """The text contains a secret; the message names its kind but never the value."""

    def __init__(self, kinds: list[str], where: str = "the text") -> None:
        self.kinds = kinds
        self.where = where
        names = ", ".join(kinds)
        super().__init__(
            f"{where} contains what looks like a secret ({names}); nothing was "
            "written. Store a reference to where the secret lives instead "
            "(e.g. 'the NAS password is in the password manager under nas-admin')."
        )


class PermissionDeniedError(MemoryFrameworkError):
    """The session kind is not allowed to read or write that layer."""


class PastDayWriteError(MemoryFrameworkError):
    """Daily logs are append-only: only today's (UTC) file takes new entries."""


class DirtyFileError(MemoryFrameworkError):
    """A file changed on disk between our read and our write (a person editing it)."""


class EntryNotFoundError(MemoryFrameworkError):
    """No entry with the given id."""


class WorkspaceError(MemoryFrameworkError):
    """The workspace cannot be used (missing, not a folder, not writable)."""


class SearchIndexError(MemoryFrameworkError):
    """The derived search index cannot serve the request."""


class IndexModelMismatchError(SearchIndexError):
    """The index was built with another embedder or chunking version."""


class IndexUnavailableError(SearchIndexError):
    """The index backend (e.g. a chromadb server) cannot be reached."""
