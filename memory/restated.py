"""Does a new statement only say again, with fewer details, what an entry already holds?

"Jellyfin se ha mudado al NUC nuevo." after "Jellyfin moved to the new NUC, an Intel NUC 11 at
192.168.1.20." brings no value the entry lacks: every name, number and place it gives is in
the entry already; the rest are words a statement is built with (articles, "is", "runs", "se
ha") and neutral words of a move ("moved", "now", "new", "mudado", "ahora", "nuevo"). Taken
as a change it would retire the entry and its details (the model, the address) with it; it
confirms the entry instead. In English and Spanish, the names and numbers being the same in
both.

A statement that retires or denies something ("sold", "ya no", "not", "left") or moves a
value up or down without saying to what is never a restatement: it changes the entry.
"""

from __future__ import annotations

import re

from memory.folding import fold

__all__ = ["says_nothing_new"]

_WORD = re.compile(r"[a-z0-9ñ]+(?:[./:-][a-z0-9ñ]+)*")
_WRITTEN = re.compile(r"[^\W_]+(?:[./:-][^\W_]+)*")
# Words a statement is built with, in both languages: they carry no value.
_FRAME = frozenset(
    """the a an is are was were be been being of to in on at for and or with by from into onto
    over off as its it it's that this these those there here has have had now new newer
    still also just then again el la los las lo le les un una unos unas de del al a en con
    por para y o e u que se ya su sus es son esta estan estaba fue ha han he hemos habia
    ahora nuevo nueva nuevos nuevas otro otra nuestro nuestra mi mis my our""".split()
)
# Neutral words of a move or of where something is: they say nothing the entry lacks.
_NEUTRAL = re.compile(
    r"^(?:mov(?:e|ed|es|ing)|migrat\w*|relocat\w*|transferr\w*|run|runs|running|live|lives|"
    r"sit|sits|host\w*|mud\w*|movid\w*|movi\w*|traslad\w*|migr\w*|corre|corren|vive|viven|"
    r"alojad\w*|aloja|va|van|sits|located|situad\w*|ubicad\w*|now|ahora)$"
)
# A statement that retires, denies or shifts a value changes the entry whatever it repeats.
_CHANGES = re.compile(
    r"\b(?:not|no|never|nunca|anymore|longer|sold|vend\w*|left|retired|dropped|removed|"
    r"gone|died|dead|quit|cancel\w*|deleted|borr\w*|elimin\w*|dej\w*|quit\w*|baja|"
    r"raised|increased|reduced|lowered|decreased|upgrad\w*|downgrad\w*|extended|shortened|"
    r"sub\w*|baj\w*|aument\w*|reduc\w*|adelant\w*|retras\w*|ampli\w*|recort\w*|"
    r"back|vuelve|volv\w*|instead|vez|lugar|replac\w*|sustitu\w*|reemplaz\w*|"
    r"renam\w*|renombr\w*|changed?|cambi\w*|switch\w*|swapp\w*)\b"
)
_SHORTEST = 2  # words the entry must share: a bare "moved" restates nothing


def _stem(word: str) -> str:
    return word[:5] if len(word) > 5 else word.rstrip("s") or word


def _in(word: str, old_words: set[str], old_stems: set[str]) -> bool:
    """A name or a number must be in the entry as written ("555-0188" is not "555-0142",
    "SharePoint" not "shared"); another word may differ in its ending ("drives", "drive")."""
    folded = fold(word)
    if any(c.isdigit() or c.isupper() for c in word):
        return folded in old_words
    return _stem(folded) in old_stems


def says_nothing_new(old: str, new: str) -> bool:
    """True when every word of ``new`` that could carry a value (a name, a number, a
    place, any word not used to build a sentence or to say a thing moved) is in ``old``,
    and ``new`` shares at least two of them without retiring or shifting anything."""
    if _CHANGES.search(fold(new)):
        return False
    old_words = set(_WORD.findall(fold(old)))
    old_stems = {_stem(w) for w in old_words}
    said = [
        w for w in _WRITTEN.findall(new) if fold(w) not in _FRAME and not _NEUTRAL.match(fold(w))
    ]
    return len(said) >= _SHORTEST and all(_in(w, old_words, old_stems) for w in said)
