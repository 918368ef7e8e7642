"""Which texts of a batch need the full secret scan: one cheap pass over the whole batch.

The guard runs on every write and over every indexed line, and almost every line is ordinary
talk. Every detector needs at least one of these, so a text with none of them is clean
without further work:

- a credential word in any of the six languages (``password``, ``pw``, ``PIN``, ``code``,
  ``key``, ``token``, ``secret``, ``contraseña``, ``senha``, ``mdp``, ``Kennwort``, …, and
  misspellings of "password");
- three digits, alone or split by one separator (PINs, door codes, card numbers, ``2-9-1-7``);
- a run of 16 or more characters without a space (tokens, keys, URLs, pasted configs);
- a ``/`` or a ``:`` before a non-space (``user / pass``, ``user:pass@host``, ``KEY:value``);
- an uppercase prefix some vendor keys start with (``AKC…``, ``AP…``).

The words are found by one pass over the lowered batch with a pattern built as a trie of
literals (the regex engine then tries one branch per position, not one per word). A stem like
``passw`` or ``code`` counts anywhere in a word (Routerpasswort, Türcode); a short word like
``pin`` or ``key`` only as the word itself, so "shopping", "monkey" and "passion" do not send a
line to the full scan.
"""

from __future__ import annotations

import bisect
import re
from collections.abc import Iterable, Sequence
from functools import lru_cache

from memory.secret_spoken import DIGIT_WORDS
from memory.secret_vocab import WEAK, factored, fold, forms, stems, word_set, words

__all__ = ["suspect_indexes"]

# Stems that count anywhere in a word (compounds: Routerpasswort, Türcode, clientsecret).
_ANYWHERE = words(
    "passw, kennw, schlüssel, schlussel, code, token, secret, phrase, recovery word, wallet "
    "word, backup word, master word, seed word, mnemonic word, merksatz, security q, "
    "question de sécurité, question de securite, security answer, pregunta de seguridad, "
    "respuesta de seguridad, question secrète, sicherheitsfrage, geheimfrage, domanda di "
    "sicurezza, domanda segreta, pergunta de segurança, pergunta secreta, code word, "
    "codeword, codewort, safe word, entre con, entrá con, entre com, abre con, abres con, "
    "opens with, open it with, unlocks with, unlock it with, desbloquea con, desbloqueas "
    "con, öffnet mit, ouvre avec, apre con, abre com, destranca com, desbloqueia com, word "
    "to tell, word to say, word to give, palabra que hay que decir, palabra para decir, mot "
    "à dire, parola da dire, palavra a dizer, palavra para dizer, safeword, geheimsatz"
)
# Besides the vocabulary's nouns: words that count at the start of a word when the whole word
# passes _WHOLE below: misspellings and compounds of "password" and "key", what a secret
# protects or encrypts, wallets, and where one signs in.
_STARTS = word_set(
    "accedi, acces, access, alarm, allarm, anmeld, api, auth, authenticat, bearer, "
    "billetera, carteira, cartera, cb, chiffr, cifra, codic, codig, contra, cred, "
    "criptograf, códig, einlogg, encrypt, frase, geheim, geschütz, get, get in, gets in, "
    "got in, in, jeton, key, ledger, log, log in, logged in, logs in, meld, memorab, "
    "memoráv, metamask, mots, mémorab, pa, palabra, palabras, palavra, palavras, para "
    "acceder, para entrar, parole, portafoglio, portefeuille, private, protect, protegid, "
    "protett, protég, putty, pw, se connect, se entra, secre, secur, seed, segre, semente, "
    "semilla, setup, si accede, sign, sign in, signed in, signs in, ssid, trezor, user, "
    "wallet, words, worter, wpa, wörter"
)
_WHOLE = re.compile(
    r"""(?x)
    pass(?:e|es|wd|code|codes|phrase|phrases)?|pw[a-z]{0,4}|pa?s{1,2}w(?:o?r)?d|
    key(?:pad|box|safe|code|phrase|file|store|ring)s?|secret[oa]s?|secretkey|segret[oi]|
    segredos?|geheim\w*|users?|user(?:name|id)s?|access|acceso|acesso|accesso|accès|
    contra|wpa\d?|ssid|frase|seed|auth|authoriz\w*|authtoken|authkey|alarm\w*|allarm\w*|
    credentials?|creds|c[óo]dig\w*|codic\w*|authenticat\w*|encrypt\w*|chiffr\w*|cifra\w*|
    criptograf\w*|api|apikey|private|putty|setup|wallets?|ledger|trezor|metamask|semilla|
    semente|billetera|carteira|cartera|portefeuille|portafoglio|words|palabras?|palavras?|
    parole|mots|w[öo]rter|jetons?|bearer|cb|protect\w*|secured|gesch[üu]tzt|prot[ée]g[ée]\w*|
    protett[oa]|protegid[oa]|memorable\ word|memorabile|m[ée]morable|memor[áa]vel|
    sign\ in|log\ in|get\ in|para\ entrar|para\ acceder|logs\ in|logged\ in|signs\ in|
    signed\ in|gets\ in|got\ in|se\ entra|se\ connect\w*|si\ accede|accedi|anmeld\w*|
    einlogg\w*|meld(?:e|et|est)
    """
)
# Those of them that name a secret only with digits near them (a key's value, an alarm code).
_WEAK = re.compile(
    r"keys?|access|acceso|acesso|accesso|accès|users?|alarm\w*|allarm\w*|c[óo]dig\w*|codic\w*|"
    r"words|palabras|palavras|parole|mots|w[öo]rter|protect\w*|secured|gesch[üu]tzt|"
    r"prot[ée]g[ée]\w*|protett[oa]|protegid[oa]"
)
_PASSWORD = "password"


def _trie_pattern(words: Iterable[str]) -> str:
    """An alternation of ``words`` with shared prefixes factored out, a character a step."""
    return factored(tuple(re.escape(ch) for ch in word) for word in words)


def _case_variants(word: str) -> set[str]:
    """``word`` as it may appear after ASCII-only lowering (``bytes.lower`` leaves 'Ü')."""
    return {word, "".join(ch.upper() if ord(ch) > 127 else ch for ch in word)}


# The batch is scanned as UTF-8 bytes: the regex engine and ``bytes.lower`` are several times
# faster on bytes than on a string that holds one emoji (which makes every character 4 bytes).
# ASCII punctuation becomes a space (same length, so offsets hold): a word then starts after a
# space, and the search for words is one fast search for spaces plus a trie.
_PUNCT = b"!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~\t\n\r\x0b\x0c"
_TO_SPACE = bytes.maketrans(_PUNCT, b" " * len(_PUNCT))
_STEMS = tuple(v.encode() for word in _ANYWHERE for v in _case_variants(word))
_WORD_BYTES = re.compile(
    rb"[a-z0-9\x80-\xff]+(?: (?:in|fi|network|code|word|entrar|acceder|entra|connect\w*|accede))?"
)
# Each pattern starts with one literal or class, which the regex engine searches for fast.
# A run of 16 characters without a space counts when it holds a digit, '_', '+' or '=', or
# an uppercase letter after a lowercase one: tokens do, "self-expression." does not.
_SHAPES = (
    # 3 digits; or letters and digits mixed at random, shorter than 16: "qR8zW2kLpYt4Nd"
    re.compile(rb"\d(?:(?:[^0-9A-Za-z\s]{1,3}| )?\d(?:[^0-9A-Za-z\s]{1,3}| )?\d|[A-Za-z]{1,4}\d)"),
    re.compile(rb"/"),  # user / pass, paths, URLs
    re.compile(rb":\S"),  # user:pass, KEY:value
    re.compile(rb"A(?:KC|P[\dA-F])"),  # vendor key prefixes (Artifactory)
    re.compile(rb"-[A-Za-z0-9_]{14}"),  # a prefixed token without digits: glpat-xxxx…
    re.compile(rb" (?=[^ \n]{16})[^ \n]*?(?:[0-9_+=]|[a-z][A-Z])"),  # tabs count as spaces
    re.compile(rb"\n(?=[^ \n]{16})[^ \n]*?(?:[0-9_+=]|[a-z][A-Z])"),
    # a value set apart on a note line: "Netflix  ana@mail.pt  azulejo53?", "wifi → 7182"
    re.compile(rb"  (?:[^ \n]+ )?[^ \n]*\d"),
    # an arrow with a digit after it on its line; each attempt stops at the next arrow (the
    # last arrow before a digit matches), so a line of arrows is read once, not once an arrow
    re.compile(rb"->(?:[^\n\d-]|-(?!>))*+\d"),
    re.compile(rb"\xe2\x86\x92(?:[^\n\d\xe2]|\xe2(?!\x86\x92))*+\d"),
)
_DIGIT = re.compile(r"\d")
_DIGIT_WORD = _trie_pattern(
    {v for word in DIGIT_WORDS | {"zéro", "três", "fünf"} for v in _case_variants(word)}
).encode()
# Three digit words in a row, in the lowered batch with punctuation as spaces.
_SPOKEN_RUN = re.compile(
    b" (?:" + _DIGIT_WORD + b") +(?:" + _DIGIT_WORD + b") +(?:" + _DIGIT_WORD + b")(?= )"
)


# Every form of the credential vocabulary (memory/secret_vocab.py) that a detector keys on,
# matched whole at the start of a word; a form the table marks as an ordinary word too
# ("key", "code", "alarm") keeps a line only with a digit in it.
_VOCAB_KINDS = (
    "password", "passphrase", "seed", "pin", "code", "combination", "wifi_key", "network",
    "recovery", "token", "credentials", "login", "card_code", "card_generic", "totp",
    "voicemail", "code_word", "answer", "connection", "vault", "keybox", "padlock", "alarm",
)  # fmt: skip


def _form_variants(form: str) -> set[str]:
    """``form`` as it appears in the lowered batch, punctuation turned to spaces."""
    core = form.strip("*").lower()
    spaced = re.sub(r"[-'’]", " ", core)
    out = {spaced, spaced.replace(" ", ""), fold(spaced), fold(spaced).replace(" ", "")}
    return {v for word in out for v in _case_variants(word) if v}


# A form's first word → (the rest of the form, whether the form is an ordinary word too),
# longest first; and the words forms written "x*" start (any ending counts).
_VOCAB_FIRST: dict[bytes, list[tuple[bytes, bool]]] = {}
_VOCAB_PREFIXES: dict[bytes, bool] = {}
for _form in forms(*_VOCAB_KINDS):
    if _form.startswith("*"):
        continue
    for _variant in _form_variants(_form):
        if _form.endswith("*"):
            _VOCAB_PREFIXES[_variant.encode()] = _form in WEAK
            continue
        _first, _, _rest = _variant.partition(" ")
        _VOCAB_FIRST.setdefault(_first.encode(), []).append(
            ((" " + _rest).encode() if _rest else b"", _form in WEAK)
        )
for _entries in _VOCAB_FIRST.values():
    _entries.sort(key=lambda entry: -len(entry[0]))
# One pass finds where a word starts that may be a form's first word or one _WHOLE accepts.
_WORD_START = re.compile(
    b"[ \x80-\xff](?:"
    + _trie_pattern(
        # each first word's first four bytes: a small pattern; _vocab_form checks the rest
        {w[:4].decode("utf-8", "ignore") for w in [*_VOCAB_FIRST, *_VOCAB_PREFIXES]}
        | {v for word in _STARTS for v in _case_variants(word)}
    ).encode()
    + b")"
)
_ONE_WORD = re.compile(rb"[a-z0-9\x80-\xff]+")
_LETTER_AFTER = re.compile(rb"[a-z0-9]|[\xc3-\xc5]")


def _vocab_form(words: bytes, at: int) -> bool | None:
    """Whether a vocabulary form starts at ``at`` (None: no; else: whether it is weak)."""
    found = _ONE_WORD.match(words, at)
    if found is None:
        return None
    word = found.group(0)
    entries = _VOCAB_FIRST.get(word)
    if entries is None and word[-1] > 127:  # "password’s": the letters before the mark
        letters = _LETTERS.match(word.decode("utf-8", "ignore"))
        entries = _VOCAB_FIRST.get(letters.group(0).encode()) if letters else None
    for rest, weak in entries or ():
        end = at + len(word) + len(rest)
        if not rest or (
            words.startswith(rest, at + len(word)) and not _LETTER_AFTER.match(words, end)
        ):
            return weak
    for prefix, weak in _VOCAB_PREFIXES.items():
        if word.startswith(prefix):
            return weak
    return None


_VOCAB_STEMS = {
    v.encode(): stem in WEAK for stem in stems(*_VOCAB_KINDS) for v in _case_variants(stem)
}
_ALL_STEMS = tuple({**{stem: stem == b"code" for stem in _STEMS}, **_VOCAB_STEMS}.items())
_WHITESPACE = bytes.maketrans(b"\t\r\x0b\x0c", b"    ")


def _osa(a: str, b: str) -> int:
    """Edit distance with adjacent transpositions."""
    prev2: list[int] = []
    prev = list(range(len(b) + 1))
    for i in range(1, len(a) + 1):
        cur = [i] + [0] * len(b)
        for j in range(1, len(b) + 1):
            cost = 0 if a[i - 1] == b[j - 1] else 1
            cur[j] = min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + cost)
            if i > 1 and j > 1 and a[i - 1] == b[j - 2] and a[i - 2] == b[j - 1]:
                cur[j] = min(cur[j], prev2[j - 2] + 1)
        prev2, prev = prev, cur
    return prev[-1]


@lru_cache(maxsize=4096)
def misspelt_password(word: str) -> bool:
    """'pasword', 'paswrod', 'passowrd': within two edits of "password" (lowercase word)."""
    return 6 <= len(word) <= 10 and word.startswith("pa") and _osa(word, _PASSWORD) <= 2


@lru_cache(maxsize=8192)
def _counts(word: str) -> bool:
    if _WHOLE.fullmatch(word):
        return True
    return misspelt_password(word)


_LETTERS = re.compile(r"[^\W_]+(?: [^\W_]+)?")


@lru_cache(maxsize=8192)
def _word_counts(raw: bytes) -> bool:
    """Whether the word a keyword match starts is a credential word."""
    found = _LETTERS.match(raw.decode("utf-8", "ignore").lower())
    if found is None:
        return False
    words = found.group(0)
    return _counts(words.split(" ")[0]) or (" " in words and _counts(words))


def _line_of(starts: Sequence[int], offset: int) -> int:
    return bisect.bisect_right(starts, offset) - 1


def suspect_indexes(texts: Sequence[str]) -> list[int]:
    """Indexes of the texts that may hold a secret (in order); the others hold none."""
    if not texts:
        return []
    encoded = [text.encode("utf-8", "surrogatepass") for text in texts]
    # A leading newline: every text then starts after a separator, offsets shift by one.
    joined = b"\n" + b"\n".join(encoded)
    starts: list[int] = []
    offset = 1
    for raw in encoded:
        starts.append(offset)
        offset += len(raw) + 1
    hits: set[int] = set()
    spaced = joined.translate(_WHITESPACE)
    for shape in _SHAPES:
        hits.update(_line_of(starts, m.end() - 1) for m in shape.finditer(spaced))
    words = joined.lower().translate(_TO_SPACE)
    weak: set[int] = set()
    for m in _WORD_START.finditer(words):
        at = m.start() + 1
        form = _vocab_form(words, at)
        if form is not None:
            (weak if form else hits).add(_line_of(starts, at))
            continue
        word = _WORD_BYTES.match(words, at)
        if word is not None and _word_counts(word.group(0)):
            (weak if _weak(word.group(0)) else hits).add(_line_of(starts, at))
    for stem, stem_weak in _ALL_STEMS:
        at = words.find(stem)
        while at >= 0:
            (weak if stem_weak else hits).add(_line_of(starts, at))
            at = words.find(stem, at + 1)
    # ... or digits said one at a time: "the gate code: two eight zero two"
    hits.update(i for i in weak - hits if _DIGIT.search(texts[i]))
    # digits said one at a time: "der Tresor geht mit fünf vier acht sechs"
    hits.update(_line_of(starts, m.start() + 1) for m in _SPOKEN_RUN.finditer(words))
    # a symbol in a token of letters and digits; each token is read once, however many
    # symbols it holds
    at = 0
    while (symbol := _SYMBOL.search(spaced, at)) is not None:
        token = _token_at(spaced, symbol.start(), at)
        at = token.end() + 1
        i = _line_of(starts, symbol.start())
        if i not in hits and _mixed(token.group(0)):
            hits.add(i)
    # a new value told with digits ("changed it again, the new one is Lantern79!"), and seed
    # words set out in lines of plain words after a sentence
    for m in _NEW_ONE.finditer(words):
        i = _line_of(starts, m.start())
        if _DIGIT.search(texts[i]):
            hits.add(i)
    hits.update(i for i, text in enumerate(texts) if i not in hits and _word_lines(text))
    hits.update(_account_values(texts, words, starts, hits))
    return sorted(hits)


def _account_values(
    texts: Sequence[str], words: bytes, starts: list[int], hits: set[int]
) -> set[int]:
    """Texts with a value of letters and digits beside an account's word ("PayPal: entro con
    el correo del taller y wombatCharco8"): the learned scorer reads those pairs."""
    found: set[int] = set()
    for m in _ACCOUNT_WORD.finditer(words):
        i = _line_of(starts, m.start())
        if i not in hits and i not in found and _LETTERS_AND_DIGITS.search(texts[i]):
            found.add(i)
    return found


# Where a password is used (the vocabulary's accounts), in the lowered batch.
_ACCOUNT_WORD = re.compile(
    rb"(?<![a-z0-9\x80-\xff])(?:"
    + _trie_pattern({v for form in forms("account") for v in _form_variants(form)}).encode()
    + rb")(?![a-z0-9\x80-\xff])"
)
_LETTERS_AND_DIGITS = re.compile(r"(?<!\S)[^\W\d_]{3}\w*\d|\d\w*[^\W\d_]{3}")


_NEW_ONE = re.compile(rb"\b(?:new one|nueva es|nuevo es|la nueva|el nuevo|new pin|new code)\b")
_PLAIN_LINE = re.compile(r"^[ \t]*(?:[a-z]{3,8}[ \t]+){2,23}[a-z]{3,8}[ \t]*$", re.MULTILINE)
SEED_WORDS = 12
SEED_LENGTHS = frozenset({12, 15, 18, 21, 24})  # the lengths a wallet's words come in


def _word_lines(text: str) -> bool:
    """Seed words set out after a sentence: lines of plain lower-case words, twelve or more
    in all, or one line of a seed phrase's length ("… las palabras de su monedero:\nwalnut
    drum saddle …")."""
    if "\n" not in text:
        return False
    counts = [len(m.group(0).split()) for m in _PLAIN_LINE.finditer(text)]
    if text.count("\n") >= 2 and sum(counts) >= SEED_WORDS:
        return True
    return any(n in SEED_LENGTHS for n in counts)


# A symbol inside a run of letters and digits: "Saffron#12", "Potato#77" said with no key word.
_SYMBOL = re.compile(rb"[#$%&*@+=~^]|[!?](?=[^ \n])")
_MIXED = re.compile(rb"[^ \n]*")


def _token_at(spaced: bytes, at: int, lo: int) -> re.Match[bytes]:
    """The token around offset ``at`` (the bytes between separators), which starts at
    ``lo`` or after it."""
    start = max(spaced.rfind(b" ", lo, at), spaced.rfind(b"\n", lo, at), lo - 1) + 1
    token = _MIXED.match(spaced, start)
    assert token is not None  # matches the empty string too
    return token


def _mixed(word: bytes) -> bool:
    return (
        any(48 <= ch <= 57 for ch in word)
        and sum(65 <= ch <= 90 or 97 <= ch <= 122 for ch in word) >= 3
    )


@lru_cache(maxsize=4096)
def _weak(raw: bytes) -> bool:
    return _WEAK.fullmatch(raw.decode("utf-8", "ignore")) is not None
