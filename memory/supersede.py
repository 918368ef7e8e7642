"""Does a new statement give a new value for the subject of an existing entry?

A small logistic model over signals of the pair: meaning similarity; how much of the old
subject the new text repeats; values (numbers, addresses, versions, names, paths) the old
text has and the new one drops, and new ones it brings; change words ("now", "moved to",
"switched to", "ya no", "pasa a", "nos pasamos"); words that keep a value or add a second
one ("still", "also", "too", "sigue", "también", "otro"); a one-off ("next week", "hasta el
viernes"). The weights are fitted by ``scripts/train_supersede.py`` on the labelled update
pairs; ``CONFIDENT`` is the probability above which the old entry is superseded.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Sequence

import numpy as np

from memory.dedupe import Thresholds, differs_in_specifics

__all__ = [
    "CONFIDENT",
    "FLOOR",
    "WEIGHTS",
    "is_update",
    "pair_features",
    "replaced",
    "update_probability",
]

_CHANGE = re.compile(
    r"\b(?:now|changed?|moved?|switch\w*|migrat\w*|upgrad\w*|bump\w*|raised|increased|upped|"
    r"decreased|lowered|reduced|renamed|replac\w*|instead|no longer|any ?more|from now on|"
    r"going forward|these days|ditched|dropped|transferred|swapped|rescheduled|renewed|"
    r"took over|hired|handed|is on \w+ now|effective|finally|new|got \w+|pushed|cut|"
    r"ahora|cambi\w*|pas(?:a|ó|amos|é) a|nos pasamos|pasamos|mud\w*|migr\w*|sub\w*|baj\w*|"
    r"ya no|ya (?:tiene|es|est[aá])|nuev[oa]s?|renombr\w*|actualic\w*|sustitu\w*|en vez de|"
    r"en lugar de|a partir de ahora|desde (?:hoy|ahora|este)|al final|dejamos|traslad\w*|"
    r"renov\w*|reemplaz\w*|metimos|met[ií]|le pas[oó]|a[nñ]ad[ií]\w*|desde (?:enero|febrero|"
    r"marzo|abril|mayo|junio|julio|agosto|septiembre|octubre|noviembre|diciembre))\b",
    re.IGNORECASE,
)
_KEEP = re.compile(
    r"\b(?:still|too|also|as well|as usual|same|both|another|"
    r"plus|additional|extra|in addition|confirm\w*|backup|sigue|sigo|tambi[eé]n|como siempre|"
    r"igual|otr[oa]s?|adem[aá]s|s[ií],)\b",
    re.IGNORECASE,
)
_UNCHANGED = re.compile(
    r"\b(?:nothing changed|no change|unchanged|not changed|no ha cambiado|sin cambios|"
    r"no cambia|sigue igual|como siempre|as usual|just confirming|confirm\w*)\b",
    re.IGNORECASE,
)
_NUMBER = re.compile(r"\d+(?:[.,:]\d+)*")
_ONE_OFF = re.compile(
    r"\b(?:next week|this week|today|tomorrow|until|till|for the day|on vacation|away|out of "
    r"office|la semana que viene|esta semana|hoy|ma[nñ]ana|hasta el|de vacaciones|de congreso|"
    r"is out|looks like|news)\b",
    re.IGNORECASE,
)
_WORD = re.compile(r"[a-z0-9ñ]+(?:[./:-][a-z0-9ñ]+)*")
_VALUE = re.compile(r"\d|[./:]")
_STOP = frozenset(
    "the a an is are was were be been of to in on at for and or my our we i it its it's with "
    "by from that this these those now as has have had so than then there their they them "
    "me you your el la los las de del en es son un una unos unas y o mi mis nuestro nuestra "
    "que por con se al lo le ya me te su sus está están".split()
)


def _fold(text: str) -> str:
    plain = unicodedata.normalize("NFKD", text.lower().replace("ñ", "\0"))
    return "".join(c for c in plain if not unicodedata.combining(c)).replace("\0", "ñ")


def _words(text: str) -> set[str]:
    return {w for w in _WORD.findall(_fold(text)) if w not in _STOP}


def _stem(word: str) -> str:
    """A crude stem for both languages: enough to match "drive"/"drives", "nodo"/"nodos"."""
    return word[:5] if len(word) > 5 else word


def _values(text: str) -> set[str]:
    """Numbers, addresses, versions, paths and the names a sentence spells with capitals."""
    found = {w for w in _WORD.findall(_fold(text)) if _VALUE.search(w)}
    tokens = re.findall(r"[^\W_][\w.+-]*", text)
    for index, token in enumerate(tokens):
        if index and token[:1].isupper():
            found.add(_fold(token))
    return found


def pair_features(old: str, new: str, similarity: float) -> np.ndarray:
    old_words, new_words = _words(old), _words(new)
    old_stems = {_stem(w) for w in old_words if not _VALUE.search(w)}
    new_stems = {_stem(w) for w in new_words if not _VALUE.search(w)}
    subject = len(old_stems & new_stems) / max(1, len(old_stems))
    old_values, new_values = _values(old), _values(new)
    dropped = bool(old_values - new_values)
    brought = bool(new_values - old_values)
    unchanged = 1.0 if _UNCHANGED.search(new) else 0.0
    change = 0.0 if unchanged else 1.0 if _CHANGE.search(new) else 0.0
    keep = 1.0 if _KEEP.search(new) or unchanged else 0.0
    old_numbers, new_numbers = set(_NUMBER.findall(old)), set(_NUMBER.findall(new))
    renumbered = 1.0 if old_numbers and new_numbers and old_numbers != new_numbers else 0.0
    return np.array(
        [
            similarity,
            subject,
            1.0 if differs_in_specifics(old, new) else 0.0,
            1.0 if dropped and brought else 0.0,
            1.0 if old_values & new_values else 0.0,
            change,
            keep,
            1.0 if _ONE_OFF.search(new) else 0.0,
            change * similarity,
            keep * (1.0 - change),
            subject * (1.0 if dropped and brought else 0.0),
            unchanged,
            renumbered,
            renumbered * similarity,
            similarity * (1.0 if dropped and brought else 0.0),
            1.0,
        ],
        dtype=np.float64,
    )


# Fitted by scripts/train_supersede.py on every labelled pair in tests/data/routing.
WEIGHTS = np.array(
    [-0.2113, -0.0915, -0.4831, 0.0657, -0.5314, 2.7591, -0.1366, -0.2639]
    + [1.7053, -0.4474, 0.2, -0.1106, 0.3303, 0.4386, 0.4407, -1.3377]
)
CONFIDENT = 0.8
# Below this similarity two statements rarely share a subject: never an update. It is
# lower than the dedupe step's "similar" (0.50): "the ollama box is the 4090 machine now"
# replaces "Ollama runs on the gaming PC with the RTX 3080" at a similarity of 0.36, so
# candidates are drawn from the nearest entries, not only the similar ones.
FLOOR = 0.3


def update_probability(old: str, new: str, similarity: float) -> float:
    z = float(WEIGHTS @ pair_features(old, new, similarity))
    return float(1.0 / (1.0 + np.exp(-z)))


def is_update(old: str, new: str, similarity: float, thresholds: Thresholds | None = None) -> bool:
    """True when ``new`` confidently replaces ``old``: close enough in meaning to share a
    subject, not a paraphrase the dedupe step would confirm, and likely a changed value."""
    limits = thresholds or Thresholds()
    if similarity < FLOOR:
        return False
    if similarity >= limits.confirm and not differs_in_specifics(old, new):
        return False
    return update_probability(old, new, similarity) >= CONFIDENT


def replaced(
    text: str,
    candidates: Sequence[tuple[str, str]],
    scores: Sequence[float],
    thresholds: Thresholds | None = None,
    nearest: int = 3,
) -> str | None:
    """The id of the entry ``text`` confidently replaces, among the ``nearest`` candidates
    (``(id, text)``, with their similarity ``scores``) at or above ``FLOOR``; else None."""
    order = sorted(range(len(candidates)), key=lambda i: -float(scores[i]))[:nearest]
    best: tuple[float, str] | None = None
    for index in order:
        entry_id, old = candidates[index]
        score = float(scores[index])
        if is_update(old, text, score, thresholds):
            probability = update_probability(old, text, score)
            if best is None or probability > best[0]:
                best = (probability, entry_id)
    return best[1] if best else None
