"""What a token that could be a secret value looks like: its shape, as features.

Shared by the learned scorers (memory/secret_pairs.py, memory/secret_model.py); no numpy, so
the guard reads a text's candidates before it loads any weights.
"""

from __future__ import annotations

import re
import unicodedata

__all__ = ["could_be_value", "fold_word", "random_letters", "shape", "value_features"]


def fold_word(word: str) -> str:
    decomposed = unicodedata.normalize("NFKD", word.lower())
    return "".join(ch for ch in decomposed if not unicodedata.combining(ch))


def shape(value: str) -> str:
    out: list[str] = []
    for ch in value:
        cls = "a" if ch.islower() else "A" if ch.isupper() else "9" if ch.isdigit() else ch
        if not out or out[-1] != cls:
            out.append(cls)
    return "".join(out)[:10]


# A letter run as a name reads it: an acronym, a capitalised word, a word in lower case.
_SEGMENT = re.compile(r"[A-Z]+(?=[A-Z][a-z])|[A-Z]?[a-z]+|[A-Z]+")
_PLURAL_ACRONYM = re.compile(r"([A-Z]{2,})s(?=[A-Z]|$)")
_VOWEL = re.compile(r"[aeiouy]")
_CONSONANTS = re.compile(r"[^aeiouy]{4}")


def random_letters(value: str) -> bool:
    """Letters in both cases with no words in them ("mOdfDwTtEQ", "abqrcAScjTB"): a generated
    key, not a name written in camel case ("SudsStaff", "MacBookPro", "AllowedIPs",
    "WiFiGuest"). Two or more of its runs are no word: one capital alone, a run of capitals
    inside, or letters in lower case with no vowel, four consonants in a row or fewer than
    three letters."""
    if not 8 <= len(value) <= 64 or not value.isascii() or not value.isalpha():
        return False
    if value.islower() or value.isupper() or value[1:].islower():
        return False
    odd = 0
    for k, run in enumerate(
        _SEGMENT.findall(_PLURAL_ACRONYM.sub(r"\1", value.replace("WiFi", "Wifi")))
    ):
        if run.isupper():
            odd += len(run) == 1 or (len(run) >= 4 and k > 0)
            continue
        lower = run.lower()
        odd += len(run) < 3 or not _VOWEL.search(lower) or bool(_CONSONANTS.search(lower))
        if odd >= 2:
            return True
    return odd >= 2


def could_be_value(value: str) -> bool:
    if not 3 <= len(value) <= 64:
        return False
    digit = any(ch.isdigit() for ch in value)
    letters = [ch for ch in value if ch.isalpha()]
    symbol = any(not ch.isalnum() for ch in value)
    mixed = any(ch.isupper() for ch in letters[1:]) and any(ch.islower() for ch in letters)
    return digit or (bool(letters) and symbol) or mixed


def value_features(value: str) -> list[str]:
    digits = sum(ch.isdigit() for ch in value)
    letters = sum(ch.isalpha() for ch in value)
    classes = "".join(
        flag
        for flag, present in (
            ("l", any(ch.islower() for ch in value)),
            ("u", any(ch.isupper() for ch in value)),
            ("d", digits > 0),
            ("s", any(not ch.isalnum() for ch in value)),
        )
        if present
    )
    size = next(b for b in (3, 4, 5, 6, 8, 10, 12, 16, 24, 32, 99) if len(value) <= b)
    out = [f"len:{size}", f"cls:{classes}", f"shape:{shape(value)}", f"cls_len:{classes}{size}"]
    if value.isdigit():
        out.append(f"digits:{len(value)}")
        if re.fullmatch(r"(?:19|20)\d\d", value):
            out.append("year")
    if re.fullmatch(r"\d{1,2}(?:-\d{1,2}){2,}", value):
        out.append("dashed_digits")
    if value[-1] in "#*":
        out.append("keypad_mark")
    if re.fullmatch(r"[0-9a-f]{7,}|[0-9A-F]{7,}", value) and letters and digits:
        out.append("hex")
    if random_letters(value):
        out.append("random_letters")
    if letters >= 4 and digits:
        out.append("word_and_digits")
    return out
