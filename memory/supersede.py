"""Does a new statement give a new value for the subject of an existing entry?

A small logistic model over signals of the pair — meaning similarity, changed specifics
(numbers, names), change words ("now", "moved to", "ahora", "pasó a"), words that keep a
value ("still", "too", "sigue") and how much of the old subject the new text repeats. The
weights are fitted by ``scripts/train_supersede.py`` on the train part of the update pairs;
``confident`` is the probability above which the old entry is superseded.
"""

from __future__ import annotations

import re
import unicodedata

import numpy as np

from memory.dedupe import Thresholds, differs_in_specifics

__all__ = ["CONFIDENT", "WEIGHTS", "is_update", "pair_features", "update_probability"]

_CHANGE = re.compile(
    r"\b(?:now|changed|change|moved?|switched|migrated|upgraded|bumped|raised|increased|"
    r"decreased|lowered|renamed|replaced|instead|new|no longer|anymore|from now on|got|"
    r"after|went|turned|ahora|cambi\w*|pas[oóé]\w*|mud\w*|subi\w*|baj\w*|ya no|"
    r"nuev[oa]s?|renombr\w*|actualic\w*|sustitu\w*|en vez de|desde|al final|me toca)\b",
    re.IGNORECASE,
)
_KEEP = re.compile(
    r"\b(?:still|too|also|as well|as usual|nothing changed|same|each|every|both|"
    r"sigue|sigo|tambi[eé]n|como siempre|no ha cambiado|igual|cada)\b",
    re.IGNORECASE,
)
_WORD = re.compile(r"[a-z0-9]+")
_STOP = frozenset(
    "the a an is are of to in on at for and or my our we i it its with by from el la los "
    "las de del en es son un una y o mi nuestro nuestra que por con se al lo le".split()
)


def _words(text: str) -> set[str]:
    plain = unicodedata.normalize("NFKD", text.lower())
    plain = "".join(c for c in plain if not unicodedata.combining(c))
    return {w for w in _WORD.findall(plain) if w not in _STOP and not w.isdigit()}


def pair_features(old: str, new: str, similarity: float) -> np.ndarray:
    old_words, new_words = _words(old), _words(new)
    shared = len(old_words & new_words) / max(1, len(old_words))
    return np.array(
        [
            similarity,
            1.0 if differs_in_specifics(old, new) else 0.0,
            1.0 if _CHANGE.search(new) else 0.0,
            1.0 if _KEEP.search(new) else 0.0,
            shared,
            1.0 if re.search(r"\d", new) else 0.0,
            1.0,
        ],
        dtype=np.float64,
    )


# Fitted by scripts/train_supersede.py on tests/data/routing/pairs_train.jsonl.
WEIGHTS = np.array([0.146, 0.181, 2.8383, -1.181, 0.1328, 0.0285, -1.3027])
CONFIDENT = 0.8


def update_probability(old: str, new: str, similarity: float) -> float:
    z = float(WEIGHTS @ pair_features(old, new, similarity))
    return float(1.0 / (1.0 + np.exp(-z)))


def is_update(old: str, new: str, similarity: float, thresholds: Thresholds | None = None) -> bool:
    """True when ``new`` confidently replaces ``old``: close enough in meaning to share a
    subject, not a paraphrase the dedupe step would confirm, and likely a changed value."""
    limits = thresholds or Thresholds()
    if similarity < limits.similar:
        return False
    if similarity >= limits.confirm and not differs_in_specifics(old, new):
        return False
    return update_probability(old, new, similarity) >= CONFIDENT
