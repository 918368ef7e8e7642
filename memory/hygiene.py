"""Checks every text passes before it is written anywhere: size, encoding, secrets."""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable, Mapping, Sequence

from memory.entry import Entry
from memory.entry_text import SURROGATE, entry_text_problem
from memory.errors import InvalidInputError, SecretDetectedError
from memory.secrets import find_secrets, scan_batch

__all__ = [
    "WRITER_KEYS",
    "check_entries",
    "check_kind",
    "check_meta",
    "check_metadata",
    "check_name",
    "check_tags",
    "check_text",
    "check_texts",
    "metadata_problem",
    "metadata_problems",
    "normalise",
    "problem_with",
    "scanned_values",
]

_CONTROL = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]")
_KIND = re.compile(r"^[a-z][a-z0-9-]{0,39}$")
_TAG = re.compile(r"^[\w.-]{1,40}$")
_META_KEY = re.compile(r"^[A-Za-z_][A-Za-z0-9_.-]{0,63}$")

# Comment keys that writers and maintenance own (CONTRACTS §1): callers may not set them.
WRITER_KEYS = frozenset(
    {
        "id",
        "kind",
        "at",
        "src",
        "tags",
        "confirmed",
        "confirms",
        "supersedes",
        "superseded_by",
        "trust",
        "redacted",
        "archived",
        "reason",
    }
)


def problem_with(text: str, max_bytes: int) -> str | None:
    """Why ``text`` may not be stored (size, encoding, markup), or None. Secrets aside."""
    if not text.strip():
        return "the text is empty; say what to remember."
    size = len(text.encode("utf-8", errors="surrogatepass"))
    if size > max_bytes:
        return (
            f"the text is {size} bytes, over the {max_bytes}-byte limit for one entry; store "
            "the content in a file and remember a reference to it (path and what it holds)."
        )
    if SURROGATE.search(text):
        return "the text is not valid UTF-8; send UTF-8 text."
    shape = entry_text_problem(text)  # control characters, nothing visible
    if shape is not None:
        return shape
    if _CONTROL.search(text):
        return "the text holds binary or control characters; only plain text is stored."
    if "<!--" in text or "-->" in text:
        return (
            "the text contains an HTML comment marker ('<!--' or '-->'), which entries use "
            "for metadata; remove it."
        )
    return None


def check_texts(texts: Sequence[str], max_bytes: int) -> list[str | None]:
    """One reason per text (None: fine). Secrets are scanned for the batch at once."""
    reasons: list[str | None] = [problem_with(text, max_bytes) for text in texts]
    clean = [i for i, reason in enumerate(reasons) if reason is None]
    for i, kinds in zip(clean, scan_batch([texts[i] for i in clean]), strict=True):
        if kinds:
            reasons[i] = str(SecretDetectedError(kinds))
    return reasons


def check_text(text: str, max_bytes: int) -> None:
    """Raise if ``text`` may not be stored."""
    reason = problem_with(text, max_bytes)
    if reason is not None:
        raise InvalidInputError(reason)
    kinds = scan_batch([text])[0]
    if kinds:
        raise SecretDetectedError(kinds)


def _values(fields: Mapping[str, str | Sequence[str] | None]) -> list[tuple[str, str]]:
    out = []
    for name, value in fields.items():
        for item in [value] if isinstance(value, str) else list(value or ()):
            if item:
                out.append((name, item))
    return out


def _metadata_error(fields: Mapping[str, str | Sequence[str] | None]) -> SecretDetectedError | None:
    return _metadata_errors([fields])[0]


def _metadata_errors(
    batch: Sequence[Mapping[str, str | Sequence[str] | None]],
) -> list[SecretDetectedError | None]:
    """One scan for the metadata of a whole batch (an import), an error per item or None."""
    pairs = [(i, name, value) for i, fields in enumerate(batch) for name, value in _values(fields)]
    errors: list[SecretDetectedError | None] = [None] * len(batch)
    for (i, name, _), kinds in zip(pairs, scan_batch([v for _, _, v in pairs]), strict=True):
        if kinds and errors[i] is None:
            errors[i] = SecretDetectedError(kinds, where=f"the {name}")
    return errors


def metadata_problems(
    batch: Sequence[Mapping[str, str | Sequence[str] | None]],
) -> list[str | None]:
    """``metadata_problem`` for many items at once."""
    return [None if e is None else str(e) for e in _metadata_errors(batch)]


def metadata_problem(fields: Mapping[str, str | Sequence[str] | None]) -> str | None:
    """Why metadata (tags, source, id, supersedes, project or skill name) may not be stored.

    Metadata is written verbatim next to the text, so it is scanned for secrets like the text.
    """
    error = _metadata_error(fields)
    return None if error is None else str(error)


def check_metadata(fields: Mapping[str, str | Sequence[str] | None]) -> None:
    """Raise if any metadata value holds a secret (the error names the field, not the value)."""
    error = _metadata_error(fields)
    if error is not None:
        raise error


def check_name(name: str, what: str) -> str:
    """A project or skill name becomes a folder name: it may not hold a secret either."""
    kinds = find_secrets(name.replace("-", " ")) or find_secrets(name)
    if kinds:
        raise SecretDetectedError(kinds, where=f"the {what}")
    return name


def check_entries(entries: Iterable[Entry]) -> None:
    """The last guard before entries are written to a layer file: text, nested lines and
    every metadata value of each new or changed entry. Entries read from disk and left
    unchanged (hand-written text) are not refused here; ``doctor`` reports those."""
    fresh = [e for e in entries if e.raw is None]
    if not fresh:
        return
    texts = [e.body for e in fresh]
    # Each metadata value on its own: most were scanned already (an import's source, a tag)
    # and come from the scan cache.
    metas = [value for e in fresh for value in scanned_values(e)]
    for i, kinds in enumerate(scan_batch(texts + metas)):
        if kinds:
            where = "the text" if i < len(fresh) else "the metadata (tags, source, ids)"
            raise SecretDetectedError(kinds, where=where)


# Values labmem writes itself in a known shape (an entry id, a timestamp) need no scan.
OWN_VALUE = re.compile(
    r"^(?:[a-z]{1,2}-[0-9a-f]{4,12}|\d{4}-\d\d-\d\dT[\d:]+Z|[a-z-]{1,40}|\d{1,6})$"
)


def scanned_values(entry: Entry) -> list[str]:
    """The metadata values of ``entry`` a secret scan needs to see, each on its own: values
    labmem writes in a known shape are left out, an import's source without 'import:'."""
    out = []
    for key in entry.meta:
        value = entry.get(key) or ""
        if key == "src" and value.startswith("import:"):
            value = value[len("import:") :]  # the import's source, as it was checked
        if key == "tags":
            out += [tag for tag in value.split(",") if tag and not OWN_VALUE.match(tag)]
        elif value and not OWN_VALUE.match(value):
            out.append(value)
    return out


def check_kind(kind: str) -> str:
    if not _KIND.match(kind):
        raise InvalidInputError(
            f"kind {kind!r} is not valid: use lowercase letters, digits and '-' "
            "(e.g. fact, decision, preference, lesson, pitfall, event)."
        )
    return kind


def check_tags(tags: Sequence[str]) -> tuple[str, ...]:
    for tag in tags:
        if not _TAG.match(tag):
            raise InvalidInputError(
                f"tag {tag!r} is not valid: use letters, digits, '.', '_' or '-', up to 40."
            )
    return tuple(tags)


def normalise(text: str) -> str:
    """The form two texts share when they say the same thing in the same words."""
    folded = unicodedata.normalize("NFKC", text).casefold()
    folded = re.sub(r"\s+", " ", folded).strip()
    return folded.rstrip(" .!;:")


def check_meta(meta: Mapping[str, str]) -> dict[str, str]:
    """Extra comment keys for an entry: plain names, string values, none of the writers' own."""
    for key, value in meta.items():
        if not isinstance(key, str) or not _META_KEY.match(key):
            raise InvalidInputError(
                f"metadata key {key!r} is not valid: use letters, digits, '_', '.' or '-', "
                "starting with a letter or '_' (up to 64)."
            )
        if key in WRITER_KEYS:
            raise InvalidInputError(
                f"metadata key {key!r} is labmem's own entry metadata (CONTRACTS §1); "
                "give the field another name."
            )
        if not isinstance(value, str):
            raise InvalidInputError(
                f"metadata value of {key!r} is a {type(value).__name__}; metadata values are "
                "strings (encode other values first)."
            )
    return dict(meta)
