"""Secrets that are words: the code word an alarm company asks for, a bank's memorable word.

"la palabra clave es mariposa", "code word: heron" in a text about an alarm or its monitoring;
"memorable word: lighthouse", "Sicherheitsantwort ist Bello".
"""

from __future__ import annotations

import re

from memory.secret_vocab import LazyPattern, pattern, word_set

__all__ = ["code_word", "memorable"]

# The word an alarm company asks for, in a text about an alarm or its monitoring.
_CODE_WORD = LazyPattern(
    lambda: (
        rf"(?i)(?<!\w)(?:{pattern('code_word', 'password')}|palabra de seguridad|"
        # the word to say when the company calls: "the word to tell them is marble"
        r"(?:the )?word to (?:say|tell|give)(?: them| him| her| the \w+)?|"
        r"palabra (?:que hay que decir|para decir|a decir)|mot (?:à dire|à donner)|"
        r"parola da dire|palavra (?:a dizer|para dizer)|wort,? das (?:man|du) sagen musst?)(?!\w)"
    )
)
_ALARM_CONTEXT = LazyPattern(
    lambda: (
        rf"(?i)(?<!\w)(?:{pattern('alarm')}|alarm\w*|security company|monitoring|securitas|"
        r"prosegur|verisure|central receptora|la central|empresa de seguridad|sicherheitsdienst|"
        r"wachdienst|t[ée]l[ée]surveillance|vigilanza|vigil[âa]ncia|empresa de seguran[çc]a|"
        r"keypad|tastenfeld|tastierino)(?!\w)"
    )
)
_WORD_VALUE = re.compile(
    # "is", ':' or a quote before the word; "…: it's Biscuit", "c'est « abricot10 »"
    r"(?i)(?:(?:\s(?:is|es|ist|est|è|é|lautet|era)|\s?:)(?:\s+(?:it['’]s|c['’]est|es|è|é|ist))?"
    r"\s+[\"'“«„]?|\s(?:it['’]s|c['’]est)\s+[\"'“«„]?|\s+[\"'“«„])\s?"
    r"(?P<word>[^\W\d_]{4,20}\d{0,4}|"
    r"(?<=[\"'“«„])[^\W\d_]{3,20}(?: [^\W\d_]{3,20}){1,2}(?=[\"'”»“]))"
    r"\s?[\"'”»“]?"
    r"(?=\s*(?:[,.;!\n]|$|\(|—|-|si |if |wenn |si |se |or |o |oder |ou |ma |but |pero |mas ))"
)
_NOT_WORD = word_set(
    "secret, secreta, secreto, geheim, secrète, segreta, segreto, written, escrita, "
    "important, importante, wichtig, different, distinto, diferente, anders, différent, "
    "diverso, changed, cambiada, geändert, changé, cambiata, mudada, new, nueva, nuevo, neu, "
    "nouveau, nuovo, nova, same, misma, mismo, gleich, même, stessa, mesma, the, una, uno, "
    "eine, une"
)


def code_word(text: str) -> bool:
    if _ALARM_CONTEXT.search(text) is None:
        return False
    for m in _CODE_WORD.finditer(text):
        said = _WORD_VALUE.search(text, m.end(), m.end() + 60)
        if said is not None and said.group("word").lower() not in _NOT_WORD:
            return True
    return False


# What a bank asks besides a password: a memorable word, a security answer.
_MEMORABLE = LazyPattern(
    lambda: (
        rf"(?i)(?<!\w)(?:{pattern('answer')}|answer to (?:the|my) security question|"
        r"respuesta (?:de|a la) pregunta de seguridad)(?!\w)"
        r"[^\n:=]{0,20}?(?:\s(?:is|es|est|ist|è|é)\s|:)(?P<rest>[^\n.;]{1,60})"
    )
)
_NOT_ANSWER = word_set(
    "in, on, at, the, a, an, en, la, el, im, dans, nel, no, na, em, written, saved, stored, "
    "kept, somewhere, escrita, escrito, guardada, guardado, gespeichert, notée, écrite, "
    "scritta, salvata, same, misma, igual, gleich, même, stessa, mesma"
)
_FORGOT = re.compile(
    r"(?i)(?<!\w)(?:can'?t|cannot|don'?t|not|no|nicht|kein\w*|pas|non|não|forgot\w*|"
    r"olvid\w*|vergessen|oubli\w*|dimentica\w*|esque\w*|ask|pregunta|frag\w*|demande\w*|"
    r"chiedi|pergunta)(?!\w)"
)


def memorable(text: str) -> bool:
    for m in _MEMORABLE.finditer(text):
        rest = m.group("rest")
        given = re.search(r"=\s*(\S+)", rest) or re.match(
            r"\s*[\"'“«„]?([^\W\d_]{3,24}\d{0,4})(?!\w|['’]\w)", rest
        )
        if given is None or _FORGOT.search(rest[: given.end(1)]):
            continue  # "memorable word: can't remember it", "… is not set"
        if given.group(1).lower() not in _NOT_ANSWER:
            return True
    return False
