"""The other language's words for a question's words, so an entry written in Spanish is
found by an English question and the other way round.

The search model (MiniLM) and the stemmer are English: "who's our vaccine supplier?" does
not meet "cambiamos de proveedor de vacunas". A small word list (``data/en_es.tsv``:
everyday words of a personal assistant's memory) adds the other language's words to the
question's search.
"""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path

from memory.folding import fold

__all__ = ["concept", "other_words"]

_LIST = Path(__file__).with_name("data") / "en_es.tsv"


@cache
def _pairs() -> dict[str, tuple[str, ...]]:
    """Folded word → the other language's words (both directions)."""
    table: dict[str, list[str]] = {}
    for line in _LIST.read_text(encoding="utf-8").splitlines():
        if not line.strip() or line.startswith("#"):
            continue
        english, spanish = line.split("\t")
        others = [w.strip() for w in spanish.split(",") if w.strip()]
        table.setdefault(fold(english), []).extend(others)
        for word in others:
            table.setdefault(fold(word), []).append(english)
    return {key: tuple(dict.fromkeys(words)) for key, words in table.items()}


def _lookup(word: str) -> tuple[str, ...]:
    pairs = _pairs()
    folded = fold(word)
    plural = folded.endswith("s")
    for key in (folded, folded[:-1] if plural else "", folded[:-2] if plural else ""):
        if key and key in pairs:
            return pairs[key]
    return ()


def other_words(text: str) -> list[str]:
    """The other language's words for the words of ``text`` that the list knows, without
    those ``text`` already holds."""
    words = re.findall(r"[^\W\d_]+", text)
    have = {fold(w) for w in words}
    out: list[str] = []
    for word in words:
        for other in _lookup(word):
            if fold(other) not in have and other not in out:
                out.append(other)
    return out


def concept(word: str) -> str:
    """One name for a word and its translations ("laboratorio", "labs" → "lab"), so a pair
    counts once; a word the list does not know is itself."""
    names = _concepts()
    folded = fold(word)
    plural = folded.endswith("s")
    for key in (folded, folded[:-1] if plural else "", folded[:-2] if plural else ""):
        if key and key in names:
            return names[key]
    return folded


@cache
def _concepts() -> dict[str, str]:
    names: dict[str, str] = {}
    for line in _LIST.read_text(encoding="utf-8").splitlines():
        if line.strip() and not line.startswith("#"):
            english, spanish = line.split("\t")
            names.setdefault(fold(english), fold(english))
            for word in spanish.split(","):
                names.setdefault(fold(word.strip()), fold(english))
    return names
