"""Words of a request or a skill, in English or Spanish: folding, stop words, stems, and a
gloss that lets a Spanish text meet an English one.

- ``content_words``: lower-case, accents folded, English and Spanish stop words dropped;
- ``word_keys``: what a word matches by — its English and Spanish Snowball stems and its
  first five letters ("certificado" meets "certificate", "seperate" meets "separate");
- ``is_spanish``: more Spanish than English function words (or Spanish punctuation);
- ``leans_spanish``: more Spanish-only function words than English ones, an accent counting
  as one: a request of numbers and names around a few Spanish words;
- ``gloss``: a Spanish text with the English of its common words appended, looked up by
  Spanish stem in ``skills/data/glossary_es_en.txt`` so one line covers a word's
  inflections ("renombra", "renombrar", "renombras"). The embedding model reads English;
  English text is returned unchanged.
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Any

from memory.folding import fold_ascii as fold
from memory.search.lexical import STOPWORDS

__all__ = [
    "content_words",
    "english_words",
    "fold",
    "gloss",
    "is_spanish",
    "leans_spanish",
    "stem_keys",
    "word_keys",
]

SPANISH_STOPWORDS = frozenset(
    """a al algo alguna algunas alguno algunos ante antes aqui asi aun bajo bien cada casi
    como con contra cual cuales cuando de del desde donde dos el ella ellas ello ellos en
    entre era eran es esa esas ese eso esos esta estaba estado estan estar este esto estos
    estoy fue fueron ha habia han hasta hay la las le les lo los mas me mi mis mucho muy nada
    ni no nos nosotros o os otra otro para pero poco por porque que quien se sea segun ser si
    sin sobre solo son su sus tambien te tengo tiene tienen todo todos tu tus un una uno unos
    y ya yo quiero necesito puedes hazme dame ponle favor hacer haz""".split()
)
# Function words that tell the two languages apart (words shared by both are left out).
_SPANISH_MARKERS = frozenset(
    """el la los las del al que por para una con es esta este estos estas esto mis tu sus
    se lo le les como pero muy mas donde cual cuando porque quiero necesito puedes hay
    y o un unos unas mi ya tengo estoy""".split()
)
_ENGLISH_MARKERS = frozenset(
    """the a an of to is are was this that these those my your our for with and or it its
    can could would should what which how why when where i you we they be have has do does
    please from into on at by""".split()
)
_REQUEST_WORDS = frozenset("pls plz please can could need want like help".split())
_STOP = STOPWORDS | SPANISH_STOPWORDS | _REQUEST_WORDS
_WORD = re.compile(r"[a-z0-9]+")


def content_words(text: str) -> list[str]:
    """Folded words of ``text`` without English or Spanish stop words."""
    return [w for w in _WORD.findall(fold(text)) if len(w) > 1 and w not in _STOP]


@lru_cache(maxsize=1)
def _stemmers() -> tuple[Any, Any]:
    import Stemmer

    return Stemmer.Stemmer("english"), Stemmer.Stemmer("spanish")


@lru_cache(maxsize=65536)
def _stems(word: str) -> frozenset[str]:
    """A folded word's English and Spanish stems."""
    english, spanish = _stemmers()
    return frozenset((english.stemWord(word), spanish.stemWord(word)))


@lru_cache(maxsize=65536)
def word_keys(word: str) -> frozenset[str]:
    """A folded word's English and Spanish stems and its first five letters."""
    return _stems(word) | {word[:5]}


def stem_keys(text: str) -> list[frozenset[str]]:
    """Each word of ``text`` (folded, English stop words dropped, as ``terms`` drops them) as
    its English and Spanish stems: "recupero", "recupera" and "recuperar" share "recuper",
    "restores" and "restore" share "restor". Two words are one when their keys meet."""
    return [
        _stems(w)
        for w in _WORD.findall(fold(text))
        if w not in STOPWORDS and (len(w) > 1 or w.isdigit())  # "don't" leaves a "t"
    ]


# Spanish function words that are no English word ("a" is both languages' and counts for
# neither; "os", "favor", "solo", "era" are English words too).
_SPANISH_ONLY = (
    SPANISH_STOPWORDS
    - STOPWORDS
    - frozenset("a me no so te son sin os favor era solo dos ha si mi bien ante".split())
)
_ENGLISH_WORDS = (_ENGLISH_MARKERS | STOPWORDS) - {"a"}
_SPANISH_LETTERS = frozenset("áéíóúñ¿¡")


def leans_spanish(text: str) -> bool:
    """More Spanish-only function words than English ones, a Spanish accent or mark
    counting as one more: a request that ``is_spanish`` misses because it is mostly
    numbers and names ("apúntame el viaje de hoy: Valencia a Castellón, 140 km", "pasar
    esta receta a porcentajes: 1 kg harina, 680 agua")."""
    words = _WORD.findall(fold(text))
    spanish = sum(w in _SPANISH_ONLY for w in words)
    spanish += any(c in _SPANISH_LETTERS for c in text.lower())
    return spanish > sum(w in _ENGLISH_WORDS for w in words)


def is_spanish(text: str) -> bool:
    """More Spanish than English function words, or Spanish punctuation and no fewer."""
    words = _WORD.findall(fold(text))
    spanish = sum(w in _SPANISH_MARKERS for w in words)
    english = sum(w in _ENGLISH_MARKERS for w in words)
    marked = any(c in text for c in "¿¡ñÑ")
    return spanish > english or (marked and spanish >= english and spanish > 0)


@lru_cache(maxsize=1)
def _glossary() -> dict[str, str]:
    """Spanish stem -> English words."""
    from importlib import resources

    text = resources.files("skills").joinpath("data/glossary_es_en.txt").read_text("utf-8")
    spanish = _stemmers()[1]
    out: dict[str, list[str]] = {}
    for line in text.splitlines():
        if not line or line[0] == "#":
            continue
        word, english = line.split(" ", 1)
        glosses = out.setdefault(spanish.stemWord(fold(word)), [])
        if english.strip() not in glosses:
            glosses.append(english.strip())
    return {stem: " ".join(words) for stem, words in out.items()}


def english_words(text: str, spanish: bool | None = None) -> str:
    """The English of the Spanish words of ``text`` ("" when it is not Spanish or none is
    known): a plain list of words that the English embedding model can read. ``spanish``:
    whether the text is Spanish, when the caller knows (else ``is_spanish``)."""
    if not (is_spanish(text) if spanish is None else spanish):
        return ""
    known = _glossary()
    stemmer = _stemmers()[1]
    extra: dict[str, None] = {}
    for word in dict.fromkeys(_WORD.findall(fold(text))):
        english = known.get(stemmer.stemWord(word))
        if english and word not in _STOP:
            extra[english] = None
    return " ".join(extra)


def gloss(text: str, spanish: bool | None = None) -> str:
    """``text`` with the English of the Spanish words it contains appended, when it is
    Spanish (``spanish``, or ``is_spanish``); English text unchanged."""
    extra = english_words(text, spanish)
    return f"{text} ({extra})" if extra else text
