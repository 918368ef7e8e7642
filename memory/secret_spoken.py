"""Digits said one at a time, read as the number they make.

People dictate codes: "the code for the gate: two eight zero two", "el código del candado es
cuatro cuatro ocho dos", "der Tresor geht mit fünf vier acht sechs", "c'est trois neuf un
cinq", or type them apart: "he says it's 8 6 1 4", "la clave de 6, que es 5 3 4 0 8 7".
``spoken_as_digits`` rewrites such a run as one number ("2802"), so the checks that read a
code after its key word read the dictated one too. Three or more digit words in a row
(spaces, commas or dashes between them) make a run; a lone "one" or "un" is a word, not a
digit, and a run needs two words that are not also articles ("un", "uma", "ein"). Single
digits split by spaces join when there are four or more; pairs ("06 52 11 64") stay as they
are: phone numbers are written that way.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable

from memory.secret_vocab import LazyPattern

__all__ = ["DIGIT_WORDS", "has_spoken_digits", "spoken_as_digits"]

# The digits 0-9 said in English, Spanish, Portuguese, French, Italian and German (accents
# optional: text is matched folded).
_DIGIT_WORDS = {
    "0": "zero zéro cero null oh nada",
    "1": "one uno una um uma un une eins ein",
    "2": "two dos dois duas deux due zwei zwo",
    "3": "three tres trois tre drei",
    "4": "four cuatro quatro quatre quattro vier",
    "5": "five cinco cinq cinque funf fuenf",
    "6": "six seis sei sechs",
    "7": "seven siete sete sept sette sieben",
    "8": "eight ocho oito huit otto acht",
    "9": "nine nueve nove neuf neun",
}
_VALUE = {word: digit for digit, words in _DIGIT_WORDS.items() for word in words.split()}
# "oh" and "nada" stand for zero only inside a run, never at its start; "un/une/um/uma/ein"
# are articles too, so a run needs three words of which at least two are not articles.
_ONLY_INSIDE = {"oh", "nada"}
_ARTICLES = {"un", "une", "um", "uma", "una", "uno", "ein"}
# Every digit word, lowercase (accents off: the prefilter adds the accented forms).
DIGIT_WORDS = frozenset(_VALUE)
_WORD = "|".join(sorted(_VALUE, key=len, reverse=True))
_SEP = r"(?:\s*[,-]\s*|\s+)"
_RUN = LazyPattern(lambda: rf"(?i)(?<![\w-])(?:{_WORD})(?:{_SEP}(?:{_WORD})){{2,11}}(?![\w-])")
_SPACED = re.compile(r"(?<![\w.,:/-])\d(?: \d){3,11}(?![\w.,:/-]\w|\w)")
# Quick test before the folding and the full pattern: a digit word with another after it.
_QUICK = LazyPattern(lambda: rf"(?i)(?<!\w)(?:{_WORD})(?:{_SEP})(?:{_WORD})(?!\w)|\d \d \d \d")


def _fold(text: str) -> str:
    """Accents off, length kept (one character for one character)."""
    if text.isascii():
        return text
    out = []
    for ch in text:
        base = unicodedata.normalize("NFKD", ch)[:1]
        out.append(base if base.isascii() and base.isalpha() else ch)
    return "".join(out)


def has_spoken_digits(text: str) -> bool:
    """Whether ``text`` may hold digits said one at a time (cheap test)."""
    return _QUICK.search(_fold(text)) is not None


def _digits(run: str) -> str | None:
    words = [w.lower() for w in re.findall(r"[^\W\d_]+", run)]
    if words[0] in _ONLY_INSIDE or words[-1] in _ONLY_INSIDE:
        return None
    if sum(w not in _ARTICLES for w in words) < 2:
        return None
    return "".join(_VALUE[w] for w in words)


def _number(digits: str) -> str:
    """Digits said one at a time as one number; four that would read as a year keep dashes
    between them ("1-9-8-4"): said apart, they are a code, not a year."""
    if len(digits) == 4 and digits[:2] in ("19", "20"):
        return "-".join(digits)
    return digits


# Letters spelt with the radio alphabet ("foxtrot, delta, six, capital charlie"), and a value
# spelt one character at a time with dashes or dots ("L-A-D-R-I-L-L-O-4-9").
_RADIO = {
    word: word[0]
    for word in (
        "alpha alfa bravo charlie delta echo foxtrot golf hotel india juliet juliett kilo lima "
        "mike november oscar papa quebec romeo sierra tango uniform victor whiskey whisky xray "
        "x-ray yankee zulu"
    ).split()
}
_CAPITAL = r"(?:capital|upper ?case|may[uú]scula|mai[uú]scula|gro(?:ss|ß)(?:es)?|majuscule)"
_SPELT_WORD = rf"(?:{_CAPITAL}\s+)?(?:{'|'.join(sorted(_RADIO, key=len, reverse=True))}|{_WORD})"
_SPELT_RUN = LazyPattern(
    lambda: (
        rf"(?i)(?<![\w-]){_SPELT_WORD}(?:\s*,\s*|\s+){_SPELT_WORD}"
        rf"(?:(?:\s*,\s*|\s+){_SPELT_WORD}){{2,30}}(?![\w-])"
    )
)
_CHARS = re.compile(r"(?<![\w.-])[^\W_](?P<sep>[-.])[^\W_](?:(?P=sep)[^\W_]){3,40}(?![\w-]|\.\w)")


def _joined(m: re.Match[str]) -> str:
    """Characters spelt apart, joined, when a letter is among them (digits alone stay: the
    checks read "2-9-1-7" as a code already)."""
    spelt = m.group(0)
    return spelt.replace(m.group("sep"), "") if any(ch.isalpha() for ch in spelt) else spelt


_RADIO_QUICK = LazyPattern(
    lambda: (
        rf"(?i)(?<!\w)(?:{'|'.join(_RADIO)})(?:\s*,\s*|\s+)"
        rf"(?:{_CAPITAL}\s+)?(?:{'|'.join(_RADIO)}|{_WORD})(?!\w)"
    )
)


def _spelt(run: str) -> str | None:
    parts = re.findall(rf"(?i)({_CAPITAL}\s+)?([^\s,]+)", run)
    if sum(word.lower() in _RADIO for _, word in parts) < 2:
        return None
    out = []
    for capital, word in parts:
        low = word.lower()
        if low in _RADIO:
            out.append(_RADIO[low].upper() if capital else _RADIO[low])
        else:
            out.append(_VALUE[low])
    return "".join(out)


def _rewritten(
    text: str, folded: str, runs: LazyPattern, value: Callable[[str], str | None]
) -> str:
    """``text`` with each run found in its folded form (same offsets) written as ``value``
    reads it (a run it reads as None is left as it is)."""
    out: list[str] = []
    last = 0
    for m in runs.finditer(folded):
        read = value(m.group(0))
        if read is None:
            continue
        out += [text[last : m.start()], read]
        last = m.end()
    out.append(text[last:])
    return "".join(out)


def spelt_out(text: str) -> str:
    """``text`` with a value spelt one character at a time written as the value."""
    if "-" in text or "." in text:
        text = _CHARS.sub(_joined, text)
    folded = _fold(text)
    if _RADIO_QUICK.search(folded) is None:
        return text
    return _rewritten(text, folded, _SPELT_RUN, _spelt)


def _said_number(run: str) -> str | None:
    digits = _digits(run)
    return None if digits is None else _number(digits)


def spoken_as_digits(text: str) -> str:
    """``text`` with each run of digits said one at a time written as one number, and a value
    spelt letter by letter written as the value."""
    text = spelt_out(text)
    folded = _fold(text)
    if _QUICK.search(folded) is None:
        return text
    joined = _rewritten(text, folded, _RUN, _said_number)
    return _SPACED.sub(lambda m: _number(m.group(0).replace(" ", "")), joined)
