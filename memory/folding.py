"""Case and accent folding for matching words in English and Spanish, in one place."""

from __future__ import annotations

import unicodedata
from functools import lru_cache

__all__ = ["fold", "fold_ascii"]


@lru_cache(maxsize=65_536)
def fold(text: str) -> str:
    """Lower case without accents; "ñ" kept (it tells words apart in Spanish: año/ano)."""
    plain = unicodedata.normalize("NFKD", text.lower().replace("ñ", "\0"))
    return "".join(c for c in plain if not unicodedata.combining(c)).replace("\0", "ñ")


@lru_cache(maxsize=65_536)
def fold_ascii(text: str) -> str:
    """Lower case without accents, "ñ" as "n" too (as names and slugs are written)."""
    plain = unicodedata.normalize("NFKD", text.lower())
    return "".join(c for c in plain if not unicodedata.combining(c))
