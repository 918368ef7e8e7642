"""Checks every text passes before it is written anywhere: size, encoding, secrets."""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Sequence

from memory.errors import InvalidInputError, SecretDetectedError
from memory.secrets import scan_batch

__all__ = ["check_kind", "check_tags", "check_text", "check_texts", "normalise", "problem_with"]

_CONTROL = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]")
_KIND = re.compile(r"^[a-z][a-z0-9-]{0,39}$")
_TAG = re.compile(r"^[\w.-]{1,40}$")


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
    if any(0xD800 <= ord(ch) <= 0xDFFF for ch in text):
        return "the text is not valid UTF-8; send UTF-8 text."
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
