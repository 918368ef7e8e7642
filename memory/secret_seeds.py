"""Wallet seed phrases: twelve to twenty-four recovery words in a row.

"backup of the ledger seed: among agent balance aerobic betray capable clog …",
"las 12 palabras de la cartera: alter confirm bounce …", or the words alone, one per line
or numbered ("1. abandon 2. ability …"). Two ways to tell them from a list of words:

- every word (all but one) is on the BIP-0039 English word list, which wallets draw from
  (``memory/data/bip39_english.txt``, MIT, from the ``mnemonic`` reference package): no key
  word is needed, since ordinary text puts short words ("a", "to", "the") between its nouns;
- or a seed, wallet or recovery word names them and none of the words is a function word of
  the six languages (a made-up list of words, or another language's list).
"""

from __future__ import annotations

import re
from functools import lru_cache
from pathlib import Path

from memory.secret_vocab import LazyPattern, pattern, word_set

__all__ = ["find_seed_phrase", "seed_words"]

_LIST = Path(__file__).parent / "data" / "bip39_english.txt"
_MIN_WORDS = 12
_TOKEN = re.compile(r"\S+")
_NUMBERING = re.compile(r"^\(?\d{1,2}[.):]?\)?$|^\d{1,2}[.):]\S")
_WORD = re.compile(r"^[a-zà-ÿ]{3,8}$")
_KEYWORD = LazyPattern(
    lambda: (
        rf"(?i)(?<!\w)(?:{pattern('seed')}|seed|seeds|wallet|ledger|trezor|metamask|bip-?39|"
        r"\d{2} words|semilla|billetera|cartera|monedero|palabras|semente|carteira|palavras|"
        r"portefeuille|mots|portafoglio|parole|w[öo]rter|krypto\w*|crypto\w*|bitcoin|btc|eth)(?!\w)"
    )
)
_FUNCTION_WORDS = word_set(
    "the, and, for, with, that, this, from, have, are, was, were, you, your, our, their, "
    "about, into, then, than, when, what, which, there, here, just, also, only, some, more, "
    "most, very, will, would, should, could, not, but, all, any, can, has, had, its, los, "
    "las, una, del, con, por, para, que, como, pero, más, muy, este, esta, esto, son, fue, "
    "hay, sus, ese, esa, der, die, das, und, mit, von, für, ist, sind, war, ein, eine, einen, "
    "dem, den, des, auch, nur, noch, wie, aber, les, une, est, pour, avec, dans, sur, pas, "
    "qui, mais, plus, très, ses, aux, par, gli, per, che, non, sono, della, nel, alla, come, "
    "anche, più, uma, com, não, são, dos, mas, muito, pelo, pela"
)


@lru_cache(maxsize=1)
def seed_words() -> frozenset[str]:
    """The BIP-0039 English word list."""
    return frozenset(_LIST.read_text(encoding="utf-8").split())


def _runs(text: str) -> list[list[str]]:
    """Runs of consecutive short lowercase words (numbering such as '1.' or '12)' skipped)."""
    runs: list[list[str]] = []
    run: list[str] = []
    for m in _TOKEN.finditer(text):
        raw = m.group(0)
        if _NUMBERING.match(raw):
            raw = re.sub(r"^\(?\d{1,2}[.):]?\)?", "", raw)
            if not raw:
                continue
        word = raw.rstrip(",;")
        ends = word.endswith((".", "!", "?", ":"))
        word = word.rstrip(".!?:")
        if _WORD.match(word):
            run.append(word)
            if ends:
                runs.append(run)
                run = []
        else:
            runs.append(run)
            run = []
    runs.append(run)
    return [r for r in runs if len(r) >= _MIN_WORDS]


# Twelve short lowercase words with only spaces, commas or numbering between: checked first,
# in one regex pass, so ordinary text skips the word-by-word look.
_TWELVE = re.compile(r"[a-zà-ÿ]{3,8}(?:[\s,]+(?:\(?\d{1,2}[.):]?\)?\s*)?[a-zà-ÿ]{3,8}){11}")


def find_seed_phrase(text: str) -> bool:
    """Whether ``text`` holds a wallet seed phrase."""
    if _TWELVE.search(text) is None:
        return False
    runs = _runs(text)
    if not runs:
        return False
    listed = seed_words()
    named = _KEYWORD.search(text) is not None
    for run in runs:
        if sum(word in listed for word in run) >= len(run) - 1:
            return True
        # the words told after a sentence of short words ("… el cliente alemán son cattle
        # crisp …"): twelve in a row from the list, all but one
        hits = [word in listed for word in run]
        if any(sum(hits[i : i + _MIN_WORDS]) >= _MIN_WORDS - 1 for i in range(len(run) - 11)):
            return True
        if named and not any(word in _FUNCTION_WORDS for word in run):
            return True
    return False
