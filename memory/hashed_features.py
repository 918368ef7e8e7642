"""Hashed feature names for the small linear models (secret_model, secret_pairs): each name
is a weight's index (crc32 modulo the model's dimensions); a text scores as its best
candidate. numpy is imported on first use, off the guard's start-up path."""

from __future__ import annotations

import math
import zlib
from collections.abc import Iterable
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import numpy as np

__all__ = ["best_probability", "hashed_indexes"]


def hashed_indexes(names: tuple[str, ...], dimensions: int) -> np.ndarray:
    """The weight indexes of feature ``names``."""
    import numpy as np

    # surrogatepass: a byte that was not UTF-8 (chat reads such input as a lone surrogate)
    # still names a feature instead of failing the guard.
    return np.fromiter(
        (zlib.crc32(n.encode("utf-8", "surrogatepass")) % dimensions for n in names), np.int64
    )


def best_probability(
    candidates: Iterable[tuple[str, ...]], weights: np.ndarray, dimensions: int
) -> float:
    """The logistic probability of the best-scoring candidate (0.0 with none)."""
    scores = [float(weights[hashed_indexes(c, dimensions)].sum()) for c in candidates]
    if not scores:
        return 0.0
    return 1 / (1 + math.exp(-max(-50.0, min(50.0, max(scores)))))
