"""Secrets people *say*: a keyword near a value that looks like a credential.

"the router password is 7fypok2o&", "la contraseña del router es …", "PIN del bancomat: 62703",
"admin / Schnecke?boCM36", "GitHub recovery codes: 4608c-1eb0c …". The keywords are listed in
English, Spanish, German, French, Portuguese and Italian. Each keyword family asks for its own
kind of value:

- passwords and logins: a token that is not a word (it mixes letters with digits or symbols,
  or joins three words with dots or dashes); a quoted run of words after a colon or "is";
- passphrases: also a run of three or more plain words;
- PINs and door, alarm and safe codes: 4–8 digits (a letter or ``#`` may end them);
- recovery and backup codes: three or more code groups after the keyword;
- tokens, API keys and secrets: a long random-looking token.

Text that only talks about secrets ("the password policy requires 14 characters", "the PIN
header has 40 pins", "zip code 94107") has no such value, or the wrong kind of value, next to
its keyword. A text without any keyword costs one regex search.
"""

from __future__ import annotations

import bisect
import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from functools import lru_cache

from memory.secret_codes import alarm_clock, find_lock_codes, number_label, stands_alone
from memory.secret_prefilter import misspelt_password
from memory.secret_shapes import random_letters
from memory.secret_vocab import LazyPattern, first_words, pattern, stems, word_set

__all__ = ["credential_like", "find_prose_secrets"]

_W = r"[^\W\d_]"  # a letter, in any script

# Keyword families, from the credential vocabulary (memory/secret_vocab.py), plus the phrases
# that say a secret protects something ("encrypted with", "protected by").
_PASSWORD_WORDS = (
    pattern("password", "code_word", "wifi_key") + r"|pa?s{1,2}w(?:o?r)?d|"
    r"encrypted (?:with|using)|verschlüsselt mit|cifrad[oa] con|chiffré(?:e|s)? avec|"
    r"(?:protected|secured|locked) (?:with|by)|gesch[üu]tzt mit|protegid[oa] (?:con|com|por)|"
    r"prot[ée]g[ée]e? (?:par|avec)|protett[oa] (?:con|da)|"
    r"criptografad[oa] com|cifrat[oa] con"
)
_PASSPHRASE_WORDS = (
    pattern("passphrase", "seed")
    + r"|(?:seed|recovery|secret|master|wallet|backup|mnemonic) (?:phrase|words)|"
    r"(?:disk|drive|volume|container) (?:password|passphrase)|"
    r"phrases? (?:de )?(?:r[ée]cup[ée]ration|secr[èe]te|de passe|ma[îi]tre)|"
    r"frases? (?:de |da |do |della |di |del )?(?:recuperaci[óo]n|recupera[çc][ãa]o|recupero|"
    r"semilla|semente|seed|mestra|maestra|secreta|segreta|master|backup|respaldo|sicurezza|"
    r"seguran[çc]a)"
)
_LOCK_NOUNS = pattern("entry", "container", "keybox", "padlock", "lock", "alarm", "device")
_PIN_WORDS = (
    pattern("pin", "code", "combination", "keybox", "padlock", "alarm") + r"|[^\W\d_]{2,}-?codes?"
)
_RECOVERY_WORDS = pattern("recovery") + (
    r"|codes? (?:de )?(?:secours|récupération|recuperation|sauvegarde)|"
    r"c[óo]digos? (?:de )?(?:respaldo|reserva|recuperaci[óo]n|recupera[çc][ãa]o|backup|"
    r"seguran[çc]a|emergencia)|codici (?:di )?(?:backup|recupero|emergenza)|"
    r"\w*(?:wiederherstellungs|backup|notfall|sicherungs|recovery)-?codes?"
)
_TOKEN_WORDS = pattern("token", "credentials", "connection")
_LOGIN_WORDS = pattern("login", "credentials")

# Tools whose secret is usually a run of words: "veracrypt: the phrase is tiger lamp ocean velvet".
_VAULT_WORDS = pattern("vault")
_WIFI_WORDS = pattern("network")

_KEYWORDS = LazyPattern(
    lambda: (
        rf"(?i)(?<!{_W})(?:(?P<recovery>{_RECOVERY_WORDS})|(?P<passphrase>{_PASSPHRASE_WORDS})|"
        rf"(?P<password>{_PASSWORD_WORDS})|(?P<pin>{_PIN_WORDS})|(?P<token>{_TOKEN_WORDS})|"
        rf"(?P<login>{_LOGIN_WORDS})|(?P<wifi>{_WIFI_WORDS})|(?P<vault>{_VAULT_WORDS}))(?!{_W})"
    )
)
# Misspelt "password" ("paswrod", "pasword", "passowrd"): checked by edit distance.
_P_WORD = re.compile(r"(?i)(?<!\w)p[a-z]{4,9}(?!\w)")
_NOT_PASSWORD = frozenset({"passport", "passports", "passwords", "password", "passward"})

# What "code" must be near to be a door, alarm or safe code, not a zip or error code.
_CODE_PLACE = re.compile(
    r"(?i)(?<!\w)(?:door|doors|gate|garage|alarm|keypad|lock|lockbox|locker|padlock|safe|entry|"
    r"entrance|access|building|buzzer|intercom|front|back|cage|shed|puerta|port[óo]n|portal|"
    r"alarma|garaje|candado|caja fuerte|acceso|entrada|edificio|taquilla|porte|portail|alarme|"
    r"coffre|immeuble|entr[ée]e|cadenas|interphone|t[üu]r\w*|tor|alarm\w*|garage\w*|tresor\w*|"
    r"schlo[sß]\w*|eingang\w*|haust[üu]r\w*|porta|portone|cancello|allarme|cassaforte|"
    r"lucchetto|ingresso|armadietto|port[ãa]o|garagem|cofre|cadeado|pr[ée]dio|bike|bicycle|"
    r"bici|fahrrad\w*|v[ée]lo|bicicleta|unlock|parental|voicemail|sim|phone|handy|tel[ée]fono|"
    r"telefone|telefono|t[ée]l[ée]phone|card|karte|tarjeta|carte|carta|cart[ãa]o|bancomat|"
    r"cb|carte bleue|visa|mastercard|amex|wifi|wi-fi|wlan|"
    r"atm|cajero|ec-karte|girocard|bank|banco|banque|banca|"
    # a device that asks for it: "der Kopierer verlangt einen Code", "the printer asks for a code"
    r"asks? for|asked for|requires?|verlangt|fragt nach|pide|ped[íi]a|exige|demande|chiede|"
    r"richiede|pede)(?!\w)"
)
_CODE_NOT = re.compile(
    r"(?i)(?<!\w)(?:zip|postal|postale|post|postleitzahl|plz|cep|cap|error|errors|erreur|errore|"
    r"erro|fehler\w*|qr|bar|barcode|country|area|promo|discount|coupon|source|status|http|exit|"
    r"return|review|revue|color|colour|hex|iso|language|ean|upc|isbn|sku|product|produkt|"
    r"tracking|rastreio|seguimiento|suivi|sendung\w*|invoice|order|pedido|fattura|rechnung\w*|"
    r"ticket|tracking|airport|flight|vuelo|vol|volo|voo|flug|booking|reserva|reservation|"
    r"prenotazione|room|zimmer|sala|salle|stanza|quarto|habitación|time|times|hora|heure|ora|"
    r"uhrzeit|at|um|à|alle|às|a las|set for|wake|réveil|sveglia|despertador|wecker|rings?|"
    r"gpio|header|conector|connector|connecteur|connettore|stecker|pino|pinos|pines|broche)(?!\w)"
)
_DIGIT_CODE = re.compile(
    r"^(?:[#*]?\d{4,8}[#*]?|(?=(?:[A-Z]?\d){4})[0-9A-Z]{4,7}|\d(?:-\d){3,7}|\d{1,2}(?:-\d{1,2}){2,3})$"
)
_SPACED_COMBINATION = re.compile(r"(?<![\d:.-])\d{1,2}(?: \d{1,2}){2,3}(?![\d:.])")
_YEAR = re.compile(r"^(?:19|20)\d\d$")
_CODE_GROUP = re.compile(
    r"(?<![\w-])(?=[0-9a-zA-Z-]*\d)"
    r"(?:[0-9a-zA-Z]{4,6}[- ]?[0-9a-zA-Z]{4,6}|[0-9a-zA-Z]{8,10})(?![\w-])"
)

_QUOTED_WORDS = re.compile(
    r"(?:^|[:=\-–—]|(?<!\w)(?:is|was|es|est|ist|é|è|lautet|sería|será|c'est|sono|são))\s*"
    r"[\"'“”«‘’„]\s*(?P<words>[^\W\d_]{2,}(?:[ .,-]+[^\W\d_]{2,}){2,})\s*[\"'“”»’‘]"
)
_SEPARATOR = re.compile(
    r"(?i)^\s*(?:[:=]|->|–|—|-|is|was|es|est|ist|é|è|era|lautet|lautete|sería|c'est|"
    r"(?:is|es|ist|est|é|è) (?:now|ahora|jetzt|maintenant|agora|adesso|ora))(?!\w)\s*"
)
_LATER_SEPARATOR = re.compile(
    r"(?i)(?:^(?=\s*[\"'“«„‘])|[:=–—]|(?<!\w)(?:is|was|es|est|ist|é|è|era|lautet|c'est)(?!\w))\s*"
)
# (a passphrase's words may end with a number: "lagoon quiet walrus 8")
_PLAIN_WORDS = re.compile(
    r"^\s*[\"'“”«„‘]?(?P<words>[^\W\d_]{3,}(?: [^\W\d_]{3,}){2,})(?: \d{1,4})?[\"'“”»’‘]?\s*"
    # the phrase ends the clause, or a clause of purpose or another clause follows it:
    # "… is castle saddle paper clock so he can print", "… y así entra", "… damit er …"
    r"(?:$|[.,;!\n(—–-]|with |con |mit |avec |com |so |and |but |because |y |pero |porque |"
    r"para que |und |aber |damit |weil |et |mais |pour que |parce que |e |ma |perché |"
    r"mas |para |porque )"
)
_PHRASE_NOUN = re.compile(
    r"(?i)phrase|sentence|words|frase|satz|palabras|w[öo]rter|mots|parole|palavras"
)
# What introduces a phrase as the value: "it's …", "just the phrase …", "the whole sentence …".
_INTRODUCED = re.compile(
    r"(?i)^\s*(?:it['’]s\s+|c['’]est\s+|(?:just|only|simply|solo|nur|juste|solamente|apenas)\s+)*"
    r"(?:(?:the\s+)?(?:whole\s+|full\s+|entire\s+)?(?:phrase|sentence|words)|"
    r"(?:la\s+)?frase(?:\s+(?:entera|completa|inteira|intera))?|(?:la\s+)?phrase(?:\s+enti[èe]re)?|"
    r"(?:der\s+)?(?:ganze\s+)?satz|(?:las\s+)?palabras|(?:die\s+)?w[öo]rter|(?:les\s+)?mots|"
    r"(?:le\s+)?parole|(?:as\s+)?palavras)?\s*:?\s*"
)
# Words joined into one token: "gravel-juniper-orbit-tundra".
_JOINED_WORDS = re.compile(r"^[^\W\d_]{3,}(?:[-._][^\W\d_]{3,}){2,}(?:[-._]\d{1,4})?(?=$|[\s,.;!])")
_STOPWORDS = word_set(
    "a, an, the, in, on, at, of, to, for, and, or, is, are, was, be, it, its, this, that, my, "
    "our, your, their, see, stored, kept, saved, written, printed, same, not, no, yes, also, "
    "only, just, still, then, there, here, ask, one, new, old, all, any, some, what, which, "
    "who, where, when, how, why, with, without, under, inside, el, la, los, las, un, una, en, "
    "de, del, y, o, es, está, esta, mismo, misma, ver, guardado, guardada, con, sin, der, "
    "die, das, ein, eine, im, auf, unter, und, oder, ist, siehe, gleich, nicht, kein, keine, "
    "mit, ohne, le, les, une, dans, sur, sous, et, ou, est, voir, même, pas, avec, sans, il, "
    "lo, gli, uno, nel, sul, e, è, vedi, stesso, stessa, non, senza, os, as, um, uma, na, em, "
    "sob, é, mesmo, mesma, não, com, sem, por, para, que, pero, como, ayer, hoy, ya, muy, "
    "más, aquí, allí, desde, hasta, cada, todo, todos, ich, du, er, sie, wir, ihr, man, zu, "
    "zum, zur, vom, bei, nach, vor, seit, bis, heute, gestern, schon, noch, je, tu, elle, "
    "nous, vous, au, aux, par, pour, qui, mais, hier, aujourd, déjà, chez, io, lui, lei, noi, "
    "voi, al, ai, allo, dal, dai, della, delle, per, che, ma, ieri, oggi, già, da, eu, ele, "
    "ela, nós, vocês, ao, aos, do, dos, pelo, pela, mas, ontem, hoje, já, via, from, into, "
    "onto, by, been, being, has, have, had, does, did, can, will, would, like, wie, beim, "
    "dasselbe, derselbe, dieselbe, gleiche, comme, pareil, igual, uguale, come"
)

# Shapes that are never credentials, whatever is near them.
_NOT_CREDENTIAL = re.compile(
    r"(?ix)^(?:"
    r"[a-z][a-z0-9+.-]*://\S*"  # URLs (credentials in URLs have their own check)
    r"|[\w.+-]+@[\w-]+(?:\.[\w-]+)+"  # e-mail addresses
    r"|(?-i:[a-z][a-z._-]*@[a-z][a-z0-9-]*)"  # a user at a host: admin@servidor
    r"|(?:[\w-]+\.)+(?:com|org|net|edu|io|dev|lan|local|home|arpa|internal|de|fr|es|it|pt|br"
    r"|uk|eu|ch|at|nl|be|gov|ac|co|md|txt|json|yaml|yml|toml|py|sh|conf|cfg|ini|log|csv"
    r"|pdf|png|jpg|key|pem|pub|crt|env|zip|tar|gz|iso|img|qcow2|deb|rpm|exe|msi|html|jsonl|ndjson"
    r"|parquet|npy|npz|sqlite|db|onnx|xlsx|docx|tsv)"
    r"|~?\.{0,2}/[\w./-]*"  # paths
    r"|[\w.-]+(?:/[\w.-]+){2,}/?"
    r"|\d{1,3}(?:\.\d{1,3}){3}(?:/\d+|:\d+)?"  # IPv4
    r"|[0-9a-f]{1,4}(?::[0-9a-f]{0,4}){2,7}(?:/\d+)?"  # IPv6, MAC
    r"|[0-9a-f]{2}(?:[:-][0-9a-f]{2}){5}"
    r"|v?\d+(?:\.\d+){1,3}(?:[-+~][\w.]+)?"  # versions
    r"|\d{4}-\d{2}-\d{2}(?:t[\d:]+z?)?"  # dates
    r"|\d{1,2}[:h]\d{2}(?::\d{2})?(?:am|pm|h)?"  # times
    r"|\d{1,2}[./]\d{1,2}[./]\d{2,4}"
    r"|0x[0-9a-f]+"
    r"|[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}"
    r"|(?=[0-9]*[a-f])[0-9a-f]{7,}"  # digests and commit ids
    # references and masks
    r"|\$\(.*|`.*|\$\{\w+\}|(?-i:\$[A-Z_][A-Z0-9_]*)|%\w+%|<[^>]*>|\{\{[^}]*\}\}"
    r"|\*{3,}|x{4,}|\.{3,}|…"
    r"|1password|keepass\w*|bitwarden|vaultwarden|lastpass|dashlane|proton ?pass|enpass"
    r"|(?:sha|md)\d*:\S+|id_(?:rsa|ed25519|ecdsa|dsa)\S*"
    r"|\d+(?:[.,]\d+)?(?:%|gb|mb|kb|tb|ghz|mhz|hz|ms|s|h|min|mm|cm|m|km|v|w|kw|kwh|a|mah|°c|"
    r"x|k|p|gbe|gbit|mbit|bit)"
    r")$"
)
_PLACEHOLDER = re.compile(r"(?i)your|here|example|placeholder|changeme|dummy|redacted|xxxx|\*\*\*")
_TRIM = "\"'`“”«»„‘’()[]{}<>,;.!?:"


def _strip(token: str) -> str:
    # Keep a trailing ?, ! or # that passwords end with; drop sentence punctuation and quotes.
    core = token.lstrip("=:¿¡").strip("\"'`“”«»„‘’()[]<>,;:")
    if core.startswith("{") or core.endswith("}") and "${" not in core:
        core = core.strip("{}")
    while core.endswith((".", ",")) and not core[:-1].endswith((".", ",")):
        core = core[:-1]
    return core


def _classes(value: str) -> tuple[bool, bool, bool, bool]:
    lower = any(ch.islower() for ch in value)
    upper = any(ch.isupper() for ch in value)
    digit = any(ch.isdigit() for ch in value)
    symbol = any(not ch.isalnum() for ch in value)
    return lower, upper, digit, symbol


# How people make a password from a word: "Luna72", "Marley92!", "Gato_99", "rex1999".
_HUMAN = re.compile(r"^[^\W\d_]{3,}[._-]?\d{2,4}[!?#$*.]{0,2}$|^\d{2,4}[._-]?[^\W\d_]{3,}$")


def _joined_words(value: str) -> bool:
    """Three or more words joined by dots, dashes or underscores ("waffle.gravel.walrus")."""
    if value.isupper():  # YOUR_PASSWORD_HERE, ADMIN_TOKEN: names, not values
        return False
    parts = re.split(r"[._-]", value)
    return len(parts) >= 3 and all(len(p) >= 3 and p.isalpha() for p in parts)


_SHORT_HEX = re.compile(
    r"^(?=[0-9a-fA-F]*[a-fA-F])(?=[0-9a-fA-F]*\d)(?:[0-9a-f]{6,32}|[0-9A-F]{6,32})$"
)


def _never_credential(value: str, *, direct: bool) -> bool:
    """Too short or long, a placeholder, or a shape that is never a password (a URL, a path,
    a version, a digest: but "the wifi key is a1b2c3d4e5" or "the password is
    5C833DC7F15B460E", up to 32 hex digits right after "is", is)."""
    if len(value) < 6 or len(value) > 128 or _PLACEHOLDER.search(value):
        return True
    if _REFERENCE.search(value):
        return True  # a citation or a metric: "MEMORY.md#L14", "hit@1"
    return _NOT_CREDENTIAL.match(value) is not None and not (direct and _SHORT_HEX.match(value))


def credential_like(value: str, *, near: bool, direct: bool = False) -> bool:
    """Whether ``value`` could be a password.

    ``near``: within a word or two of the keyword; ``direct``: right after "is" or ':'.
    """
    if _never_credential(value, direct=direct):
        return False
    lower, upper, digit, symbol = _classes(value)
    letters = lower or upper
    if value.isdigit():
        return (direct and len(value) >= 6) or (near and len(value) >= 8)
    if _joined_words(value):
        return True
    if not letters:
        return False
    symbols = {ch for ch in value if not ch.isalnum()}
    strong_symbol = bool(symbols - {".", "-", "_", "'", "/"})
    if digit and strong_symbol:
        return True
    if near and len(value) >= 6 and _LEET.search(value):
        return True  # "0rb4yu-47", "M3zc4l": a word with digits for some of its letters
    if digit and symbols:
        # only '.', '-', '_' between parts: "pizza-glacier-16" is a password, an id like
        # "m-2c8f11" or "RE-2024-0371" is not
        words = re.findall(r"[^\W\d_]+", value)
        if len(value) >= 8 and lower and upper and direct:
            return True  # "s3cr3t-App": every class, right after "is"
        if direct and _HUMAN.match(value):
            return True  # "Luna_72", "gato.99": a word and a number, right after ':' or "is"
        return len(value) >= 8 and any(len(w) >= 4 for w in words)
    if strong_symbol and len(value) >= 6:
        return True
    if digit:
        # letters and digits only: "pM9zdLsiWu", "M4rm3l4d3" are passwords, "GPIO18" is not
        runs = len(re.findall(r"\d+", value))
        if direct:
            return len(value) >= 6
        if near:
            return len(value) >= 8 or runs >= 2
        return len(value) >= 8 and (runs >= 2 or (lower and upper))
    # letters only: mixed case inside the word ("limonePumpkin") is a password only when near;
    # letters in both cases with no word in them ("mOdfDwTtEQ") only when near too
    return near and lower and upper and bool(re.search(r"[a-z][A-Z]", value)) and len(value) >= 8


# A digit between letters of a word, three letters at least: "0rb4yu", "Tr0mb4", not "GPIO18"
_LEET = re.compile(r"(?i)(?=(?:\d*[a-z]){3})[a-z]*[a-z]\d{1,2}[a-z]")


def _token_like(value: str, *, near: bool) -> bool:
    """A long random-looking token after "token", "API key", "secret"."""
    if (
        len(value) < 16
        or _NOT_CREDENTIAL.match(value)
        and not (near and re.fullmatch(r"[0-9a-fA-F]{20,}|[0-9a-f-]{36}", value))
    ):
        return False
    lower, upper, digit, _ = _classes(value)
    if not digit or not (lower or upper):
        return False
    if (
        value.count("-") >= 3
        and not re.fullmatch(r"[0-9a-f-]{36}(?::[a-z]{2,4})?", value)  # DeepL: uuid:fx
        and not re.search(r"[A-Za-z0-9]{24,}", value)  # sk-or-v1-…: a long random tail
    ):
        return False
    return bool(re.fullmatch(r"[A-Za-z0-9+/=_.:~-]+", value))


@dataclass(frozen=True, slots=True)
class _Token:
    text: str
    start: int
    end: int


def _tokens(text: str, start: int, limit: int) -> list[_Token]:
    out: list[_Token] = []
    for m in re.finditer(r"\S+", text[start : start + 240]):
        out.append(_Token(_strip(m.group(0)), start + m.start(), start + m.end()))
        if len(out) >= limit:
            break
    return out


# A sentence end ('.' not after a digit: "im 3. OG" is an ordinal), ';' or a blank line.
_CLAUSE_END = re.compile(
    r"(?:(?<!\d)[.!?](?=\s+[A-ZÀ-Ý])|[!?](?=\s+[A-ZÀ-Ý])|;|\n\s*\n|\n(?=\S+\s*[:=]))"
)


# A clause is read this far at most: a text with no clause's end (a row of key words and
# values) is then scanned in linear time, not once to its end for every key word.
CLAUSE_REACH = 1000


def _clause_end(text: str, start: int) -> int:
    """Where the clause that starts at ``start`` ends (sentence end, ';' or a blank line),
    within CLAUSE_REACH characters. The text's clause ends are found once (a text with many
    key words asks for many clauses)."""
    ends = _clause_ends(text)
    at = bisect.bisect_left(ends, (start, start))
    if at < len(ends) and ends[at][1] <= start + CLAUSE_REACH:
        return ends[at][1]
    return min(len(text), start + CLAUSE_REACH)


@lru_cache(maxsize=4)
def _clause_ends(text: str) -> list[tuple[int, int]]:
    return [(m.start(), m.end()) for m in _CLAUSE_END.finditer(text)]


def _misspelt_password(text: str) -> list[tuple[int, int]]:
    spans = []
    for m in _P_WORD.finditer(text):
        word = m.group(0).lower()
        if word not in _NOT_PASSWORD and misspelt_password(word):
            spans.append((m.start(), m.end()))
    return spans


def _words_after(rest: str, *, least: int, lowercase: bool = False) -> bool:
    """A run of ``least`` or more plain words after ':' or "is", none a function word."""
    for later in _LATER_SEPARATOR.finditer(rest):
        after = rest[later.end() :]
        intro = _INTRODUCED.match(after)
        # a noun that names a phrase ("the whole sentence …"), not "it's" or "just" alone
        introduced = intro is not None and _PHRASE_NOUN.search(intro.group(0)) is not None
        value = after[intro.end() :] if intro else after
        if introduced and _JOINED_WORDS.match(value):
            return True
        words = _PLAIN_WORDS.match(value)
        if not words:
            continue
        run = words.group("words").split()
        if len(run) < (min(least, 3) if introduced else least):
            continue
        if any(w.lower() in _STOPWORDS for w in run):
            continue
        if not lowercase or all(w.islower() for w in run):
            return True
    return False


def _password_value_after(text: str, end: int, *, passphrase: bool) -> bool:
    rest = text[end : _clause_end(text, end)]
    if _QUOTED_WORDS.search(rest):
        return True
    sep = _SEPARATOR.match(rest)
    if _words_after(rest, least=3 if passphrase else 4):
        return True
    prev = text[max(0, end - 2) : end]
    for i, tok in enumerate(_tokens(text, end, 12)):
        if tok.start >= end + len(rest):
            break
        direct = (i == 0 and sep is not None) or _is_separator(prev)
        near = direct or i <= 1 or (i <= 3 and sep is not None)
        named = not direct and prev.lower().strip(",") in _SMALL_WORDS
        if not named and credential_like(tok.text, near=near, direct=direct):
            return True  # (not "reset the password for Office365": a thing, after "for")
        if (direct and _run_together_words(tok.text)) or _strong(tok.text):
            return True
        if i == 0 and _every_class(tok.text):
            return True  # "clave LHM.S.7-9f71": upper, lower, digits and a symbol, no word
        if i == 0 and _HUMAN.match(tok.text):
            return True  # "netflix password Luna72": the value right after the key word
        if (i <= 2 or direct) and _numeric_password(text, tok, words_before=i, key_end=end):
            return True
        prev = text[tok.start : tok.end]
    return False


def _every_class(value: str) -> bool:
    lower, upper, digit, symbol = _classes(value)
    return (
        lower
        and upper
        and digit
        and symbol
        and 8 <= len(value) <= 40
        and (not _never_credential(value, direct=True))
    )


_COUNT_UNIT = re.compile(
    r"(?i)^(?:characters?|chars?|caracteres|caract[èe]res|zeichen|caratteri|digits?|"
    r"d[íi]gitos|chiffres|stellen|stellig\w*|cifre|cifras|ziffern|letters?|letras|lettres|buchstaben|lettere|"
    r"days?|d[íi]as|tage|jours|giorni|months?|meses|monate|mois|mesi|years?|a[ñn]os|jahre|ans|"
    r"anni|anos|times|veces|mal|fois|volte|vezes|users?|usuarios|accounts?|cuentas|mins?|"
    r"minutes?|minutos|minuten|hours?|horas|stunden|heures|ore)$"
)


def _numeric_password(text: str, tok: _Token, *, words_before: int, key_end: int) -> bool:
    """'clave de acceso 646129': a number of 4–12 digits a word or two after the key word,
    not a count ("14 characters"), a year after a preposition or a numbered thing."""
    value = tok.text
    if not (value.isdigit() and 4 <= len(value) <= 12):
        return False
    between = text[key_end : tok.start]
    if re.search(r"[\n,;]", between) or len(re.findall(r"\S[:=]\s", between.lstrip(" :="))) > 1:
        return False  # the number is another line's or another label's value
    if _YEAR.match(value) or not stands_alone(text, tok.start, tok.end):
        return False
    following = text[tok.end : tok.end + 30].split(None, 1)
    if following and _COUNT_UNIT.match(following[0].strip(".,;:!?()")):
        return False
    before = text[max(0, tok.start - 20) : tok.start].split()
    return not (before and number_label(" ".join(before[-2:]))) or words_before == 0


_WORD_SUFFIX = re.compile(
    r"(?:ed|ing|able|ible|tion|tions|sion|ment|ments|ness|ity|ies|ous|ive|ly|ado|ada|ados|"
    r"adas|ido|ida|idos|idas|ción|ciones|mente|ung|ungen|iert|ierte|iertes|lich|keit|heit|isch|"
    r"ée|és|ées|ité|eur|euse|ção|ções|ável|ível|ato|ata|ati|ate|ità|zione|zioni|ante|ente|"
    r"ância|ence|ance|ieren|igt|elt|ert|ten)$"
)


def _run_together_words(value: str) -> bool:
    """'copperpicklebiscuit': plain words run together, right after 'is' or ':'."""
    return (
        14 <= len(value) <= 40
        and value.isalpha()
        and value.islower()
        and not _WORD_SUFFIX.search(value)
    )


_SEPARATOR_WORDS = word_set(
    "is, was, es, era, est, ist, é, è, lautet, lautete, sería, será, c'est, são, sono, =, :, "
    "->, –, —, →, be, ficou, fica, sarà, sera"
)


def _is_separator(raw: str) -> bool:
    raw = raw.strip()
    return raw.lower() in _SEPARATOR_WORDS or raw.endswith((":", "="))


def _password_value_before(text: str, start: int) -> bool:
    """'5Gelato!heron is the new password': a value opens the text or clause."""
    # the clause's opening within the last 300 characters (a row of key words is not read
    # back to its start for each one)
    lo = max(0, start - 300)
    opening = r"(?:^|[:\n])" if lo == 0 else r"[:\n]"
    m = re.search(opening + r"\s*(\S+)\s+(?:\S+\s+){0,5}$", text[lo:start])
    if not m:
        return False
    value = _strip(m.group(1))
    return credential_like(value, near=False)


def _digits_after(text: str, end: int, *, combination: bool) -> bool:
    rest = text[end : min(_clause_end(text, end), end + 120)]
    if combination and _SPACED_COMBINATION.search(rest[:60]):
        return True
    prev = ""
    for i, tok in enumerate(_tokens(text, end, 9)):
        if tok.start >= end + len(rest):
            break
        value = tok.text
        if (
            _DIGIT_CODE.match(value)
            and not (_YEAR.match(value) and prev.lower() in _YEAR_PREPOSITIONS)
            and stands_alone(text, tok.start, tok.end)
        ):
            if i > 6 and not combination:
                return False
            label = text[max(0, tok.start - 24) : tok.start].split()[-2:]
            if label and not label[-1].endswith(":") and number_label(" ".join(label)):
                return False  # "door code for apartment 2044": the number names a place
            if number_label(text[end : tok.start], explicit=True):
                return False  # "Karte endet auf 4471", "model 5400D"
            return True
        prev = value
    return False


_YEAR_PREPOSITIONS = word_set(
    "in, since, until, from, by, en, desde, hasta, seit, bis, im, ab, depuis, jusqu'en, dal, "
    "nel, fino, em, até, após, after, before, antes, avant, prima, vor, nach"
)


# One recovery key of dash-joined groups ("8JK8H-F3PD6-PH6WJ-4WG6X-C3EY8", BitLocker's 8×6 digits).
_RECOVERY_KEY = re.compile(
    r"(?<![\w-])(?=[\w-]*\d)(?:[0-9A-Za-z]{4,6}-){3,}[0-9A-Za-z]{4,6}(?![\w-])"
)


def _code_group_count(text: str, end: int) -> int:
    rest = text[end : end + 800]
    if _RECOVERY_KEY.search(rest[:200]):
        return 3
    return len(_CODE_GROUP.findall(rest))


_PAIR = re.compile(r"(?<!\S)([A-Za-z][\w.@-]{1,30})(\s+/\s+|/|:)(\S+)")
_USERNAMES = word_set("admin, administrator, root, user, pi, ubnt, guest, sa, postgres, operator")


_LOGIN_CUE = re.compile(
    r"(?i)(?<!\w)(?:login|log-in|logon|credentials?|creds|credenciales|credenciais|"
    r"credenziali|identifiants|zugangsdaten|anmeldedaten|accesso|acceso|acesso|acc[eè]s|"
    r"zugang|account|acct|cuenta|conta|compte|konto|portal|portail|portale|sign-?in|"
    r"anmeldung|connexion|user(?:name)?|usuari[oa]|usu[áa]rio|utente|utilisateur|benutzer\w*)(?!\w)"
)
# A user name as people write one: "emil.hartmann", "jlee23", "m_rossi", "ana@example.org".
_USER_LIKE = re.compile(r"^[a-z][a-z0-9]*(?:[._@-][a-z0-9]+)+$|^[a-z]{2,}\d{1,4}$")


def _login_pair(text: str) -> bool:
    """'admin / Schnecke?boCM36', 'user root@pam, passwd …' is handled by the keyword.

    After a login word ("credentials for the printer: admin/admin1234") a known user name
    and a value of letters and digits are enough."""
    cue = None
    for m in _PAIR.finditer(text):
        value = _strip(m.group(3))
        user = m.group(1).lower()
        if "/" in value or (m.group(2) in "/:" and user not in _USERNAMES):
            continue
        lower, upper, digit, symbol = _classes(value)
        classes = sum((lower, upper, digit, symbol))
        if len(value) >= 8 and classes >= 3 and credential_like(value, near=False):
            return True
        if cue is None:
            cue = _LOGIN_CUE.search(text) is not None
        if not (digit and (lower or upper) and len(value) >= 6):
            continue
        known = user in _USERNAMES or _USER_LIKE.match(user) is not None
        if cue and known and credential_like(value, near=True, direct=True):
            return True
        spaced = m.group(2).strip() == "/" and m.group(2) != "/"
        if spaced and _USER_LIKE.match(user) and len(value) >= 7 and not value.isdigit():
            return credential_like(value, near=True, direct=True)
    return False


_CELLS = re.compile(r"\s*[|\t]\s*")
_PASSWORD_HEADER = re.compile(
    r"(?i)(?<!\w)(?:pass\w*|pw|pwd|kennwort|contrase[ñn]a|clave|mot de passe|mdp|senha)(?!\w)"
)


def _table_login(text: str) -> bool:
    """'| NAS | admin | Kx8#pq2L |': a table row with a user name, then a password cell (any
    password-like cell when the table has a password column)."""
    header = _PASSWORD_HEADER.search(text) is not None
    for line in text.splitlines():
        cells = [c.strip("`*_ ") for c in _CELLS.split(line.strip().strip("|"))]
        if len(cells) < 2:
            continue
        for i, cell in enumerate(cells[:-1]):
            user = cell.lower()
            if not (user in _USERNAMES or (header and _USER_LIKE.match(user))):
                continue
            value = cells[i + 1]
            lower, upper, digit, symbol = _classes(value)
            if (header or sum((lower, upper, digit, symbol)) >= 3) and credential_like(
                value, near=True, direct=True
            ):
                return True
    return False


_COMPOUND_CODE = re.compile(r"(?P<what>[^\W\d_]{2,}?)-?codes?")
_LOCK_WORD = LazyPattern(
    lambda: f"(?i){_LOCK_NOUNS}|{pattern('pin', 'code', 'combination', 'keybox')}"
)
_ALARM_WORD = LazyPattern(lambda: f"(?i){pattern('alarm')}")
_CODE_ONLY = LazyPattern(lambda: f"(?i){pattern('code')}")
_COMBINATION_WORD = LazyPattern(lambda: f"(?i){pattern('combination', 'padlock')}")


def _pin_keyword_ok(text: str, m: re.Match[str]) -> tuple[bool, bool]:
    """(counts as a code keyword, is a combination keyword) for a match of the pin family."""
    word = m.group(0).lower()
    window = text[max(0, m.start() - 40) : m.end() + 40]
    compound = _COMPOUND_CODE.fullmatch(word)
    if compound and not _LOCK_WORD.fullmatch(compound.group("what")):
        return False, False  # "zipcode", "barcode": a code that names a thing, not a lock's
    if _COMBINATION_WORD.fullmatch(word):
        return True, True
    if _ALARM_WORD.fullmatch(word):
        # "Alarmanlage Code 8367", "alarm: 4411#" but not "alarm set for 05:45" or "set the
        # alarm to 0630 tomorrow" (a clock time next to a wake-up word)
        if alarm_clock(word, window):
            return False, False
        return not _CODE_NOT.search(window), False
    if _CODE_ONLY.fullmatch(word):
        near = text[max(0, m.start() - 30) : m.end() + 30]
        if _CODE_NOT.search(near):
            return False, False
        return bool(_CODE_PLACE.search(near)), False
    if word in ("pin", "pins"):
        near = text[max(0, m.start() - 20) : m.end() + 25]
        return not _CODE_NOT.search(near) and word == "pin", False
    return True, False


# A network's name, not its password: "the wifi is called Casa-Rossi-5G".
_NAMING = re.compile(
    r"(?i)(?<!\w)(?:name|named|called|ssid|nombre|llama|nom|appelle|s'appelle|nome|chama|"
    r"chiama|heißt|hei[ßs]t|netzwerkname|network name)(?!\w)"
)


def _wifi(text: str, m: re.Match[str]) -> str | None:
    """'wifi for the garage AP is Saffron&0584': a network word, then a direct value; or the
    network's name, '/' and its key ('wifi tienda: SudsStaff / abqrcAScjTB', not the name of
    its other band: 'wifi: HomeNet / HomeNet5G')."""
    end = _clause_end(text, m.end())
    prev = before = ""
    for tok in _tokens(text, m.end(), 10):
        if tok.start >= end:
            break
        if _NAMING.search(text[max(0, m.start() - 25) : tok.start]):
            return None
        slash = prev == "/" and before[:4].lower() != tok.text[:4].lower()
        if _is_separator(prev) and _run_together_words(tok.text):
            return "password"  # "the wifi at the surf house is scarfpumpkinfossil"
        if (_is_separator(prev) or slash) and credential_like(tok.text, near=True, direct=True):
            lower, upper, digit, symbol = _classes(tok.text)
            if (digit and (lower or upper)) or random_letters(tok.text):
                return "password"
        before, prev = prev, text[tok.start : tok.end]
    return None


def _password(text: str, m: re.Match[str]) -> str | None:
    after = _password_value_after(text, m.end(), passphrase=False)
    found = after or _password_value_before(text, m.start()) or _value_after_clause(text, m.end())
    return "password" if found else None


# The sentence's verb, however far from the key word: "the wifi password, which I changed
# after the party …, is now sunflower22"; "das Passwort, das ich … vergeben habe, lautet …".
# A value it ended up as is one too: "la contraseña nueva … quedó como M3zc4l-45".
_LATER_COPULA = re.compile(
    r"(?i)(?<!\w)(?:is(?: now)?|was|es|era|ist(?: jetzt)?|lautet|est|c'est|é|è|sono|são|"
    r"qued[óo](?: como| en)?|queda(?: como| en)?|ended up as|is set to|ficou(?: como)?|"
    r"è diventat[ao]|est devenu|wurde zu)\s+(?P<value>\S+)"
)


# "changed the netflix password to Luna24", "Passwort auf Sonne24 geändert"; the value it is
# changed from is still the password: "change the wifi pw from 6832830A9E to something".
# (After "de", "da", "du", "di" only when the new value's word follows: "de Casa2024 a algo".)
_CHANGED_TO = re.compile(
    r"(?i)(?<!\w)(?:(?:to|auf|a|en|em|para|su|sur|in|from|von|desde)\s+(?P<value>\S+)|"
    r"(?:de|da|du|di)\s+(?P<old>\S+)(?=\s+(?:a|à|al|au|para|por|en|in|su|em)\s))"
)
_CHANGE_VERB = re.compile(
    r"(?i)(?<!\w)(?:chang\w*|set|reset|updated?|ge[äa]ndert|gesetzt|[äa]nder\w*|cambi\w*|"
    r"puesto|puse|mis|mudei|mudou|troquei|alterei|impostat[oa]|messo|modifi\w*)(?!\w)"
)
_SMALL_WORDS = word_set(
    "for, to, of, on, at, in, the, a, an, für, fürs, zum, zur, vom, von, der, die, das, den, "
    "dem, de, del, la, el, los, las, le, les, du, des, au, aux, pour, par, per, para, por, "
    "do, da, dos, di, il, lo, gli, o, os, as"
)


def _value_after_clause(text: str, end: int) -> bool:
    stop = min(_clause_end(text, end), end + 240)
    later = _LATER_COPULA.search(text, end, stop)
    if later is not None:
        value = _strip(later.group("value"))
        if not value.isdigit() and credential_like(value, near=True, direct=True):
            return True
    if _CHANGE_VERB.search(text, max(0, end - 60), stop):
        for m in _CHANGED_TO.finditer(text, end, stop):
            value = _strip(m.group("value") or m.group("old"))
            if not value.isdigit() and credential_like(value, near=True, direct=True):
                return True
    return _value_ends_phrase(text, end, stop)


def _value_ends_phrase(text: str, end: int, stop: int) -> bool:
    """'password of the kids tablet Luna24': a word and a number end the key word's short
    noun phrase (not 'password for Office365', 'changed the password on the FritzBox7590')."""
    tokens = _tokens(text, end, 7)
    tokens = [t for t in tokens if t.start < stop]
    if not 2 <= len(tokens) <= 6 or text[tokens[-1].end : stop].strip(" .!?\n"):
        return False
    *words, last = tokens
    if any(_DIGIT_RE.search(w.text) for w in words) or words[-1].text.lower() in _SMALL_WORDS:
        return False
    return _HUMAN.match(last.text) is not None


_DIGIT_RE = re.compile(r"\d")


def _vault(text: str, m: re.Match[str]) -> str | None:
    rest = text[m.end() : _clause_end(text, m.end())]
    return "passphrase" if _words_after(rest, least=4, lowercase=True) else None


def _passphrase(text: str, m: re.Match[str]) -> str | None:
    return "passphrase" if _password_value_after(text, m.end(), passphrase=True) else None


def _pin(text: str, m: re.Match[str]) -> str | None:
    ok, combination = _pin_keyword_ok(text, m)
    found = ok and (
        _digits_after(text, m.end(), combination=combination) or _digits_said_later(text, m.end())
    )
    return "PIN or door code" if found else None


# The clause's verb, however far from the code's word, then the code: "el NIP de gerente en la
# terminal de la barra es 6124", "… verlangt einen Code, der ist 27370", "put a PIN on the work
# phone SIM so nobody can use it …, it's 5037".
_CODE_SAID = re.compile(
    r"(?i)(?<!\w)(?:is|es|ist|est|è|é|it['’]s|it is|c['’]est|der ist|die ist|das ist|lautet|"
    r"sono|são|era|was)\s+(?P<value>[#*]?\d{4,8}[#*]?)(?=$|[\s,.;!?)])"
)


def _digits_said_later(text: str, end: int) -> bool:
    stop = min(_clause_end(text, end), end + 200)
    for said in _CODE_SAID.finditer(text, end, stop):
        value = said.group("value").strip("#*")
        if _YEAR.match(value) or not stands_alone(text, said.start("value"), said.end("value")):
            continue
        label = text[max(end, said.start() - 30) : said.start()].split()[-2:]
        if label and number_label(" ".join(label)):
            continue  # "the code is taped up, the room is 3108": another thing's number
        return True
    return False


# A recovery code said as groups of digits later in the clause (no label for a phone, a
# ticket or an order before them): "… por si pierdo el móvil, es 6927 0215",
# "codice di recupero: 3888 2588".
_DIGIT_GROUPS = re.compile(r"(?<![\w+(.,/-])\d{3,5}(?:[ -]\d{3,5}){1,7}(?![\w.,/-]\w|\w)")
_PHONE = re.compile(
    r"(?i)(?<!\w)(?:tel|phone|call|llama\w*|móvil|movil|handy|telefon\w*|tel[ée]fono|"
    r"t[ée]l[ée]phone|number|n[úu]mero|nummer|num[ée]ro|numero|fax|whatsapp|ticket|case|caso|"
    r"ref\w*|order|pedido|request|solicitud|pedid[oa]|anfrage|demande|richiesta)(?!\w)"
)


def _recovery(text: str, m: re.Match[str]) -> str | None:
    if _code_group_count(text, m.end()) >= 3:
        return "recovery codes"
    end = re.search(r"(?<!\d)[.!?](?:\s|$)|;|\n", text[m.end() : m.end() + 121])
    clause = text[m.end() : m.end() + (end.start() if end else 120)][:120]
    groups = _DIGIT_GROUPS.search(clause)
    if groups and not _PHONE.search(clause[: groups.start()].split(",")[-1]):
        return "recovery codes"
    return None


def _token(text: str, m: re.Match[str]) -> str | None:
    found = _token_value_after(text, m.end()) or _wifi_key(text, m)
    if not found and _ENCRYPTED.search(text) and _KEY_WORD.match(m.group(0)):
        # "Schlüssel für die verschlüsselte Platte: Tanne Wolke Apfel Brücke"
        found = _words_after(text[m.end() : _clause_end(text, m.end())], least=4)
    return "token or API key" if found else None


_ENCRYPTED = re.compile(r"(?i)encrypt|verschl[üu]ssel|cifra|chiffr|cript|crypt")
_KEY_WORD = re.compile(
    r"(?i)keys?$|cl[ée]s?$|clefs?$|chiav[ei]$|chaves?$|claves?$|\w*schl[üu]ssel$"
)


def _login(text: str, m: re.Match[str]) -> str | None:
    found = _password_value_after(text, m.end(), passphrase=False) and _strong_after(text, m.end())
    return "login credentials" if found else None


# The first word of every keyword above (and stems of compounds): a text with none of them
# skips the keyword search, the expensive part of this module.
_FAMILY_KINDS = (
    "password", "code_word", "wifi_key", "passphrase", "seed", "pin", "code", "combination",
    "keybox", "alarm", "recovery", "token", "credentials", "connection", "login", "network",
    "vault", "entry", "container", "padlock", "lock", "device",
)  # fmt: skip
_TRIGGERS = first_words(*_FAMILY_KINDS) | word_set(
    "encrypted, verschlüsselt, cifrado, cifrada, chiffré, chiffrée, chiffrés, criptografado, "
    "criptografada, cifrato, cifrata, protected, secured, locked, geschützt, protegido, "
    "protegida, protégé, protégée, protetto, protetta, seed, recovery, secret, master, "
    "wallet, backup, mnemonic, disk, drive, volume, container, phrase, phrases, frase, "
    "frases, codes"
)
# Stems inside longer words: German compounds (WLAN-Passwort is split at the dash, but
# Routerpasswort is not), door codes (Türcode, digicode) and keys (API-Schlüssel).
_STEMS = re.compile(
    "|".join(
        re.escape(stem)
        for stem in sorted({*stems(*_FAMILY_KINDS), "passw", "kennw", "schlüssel", "code",
                            "códig", "codig", "codic", "wiederherstellungs"}, key=len)
    )
)  # fmt: skip
_WORD = re.compile(r"[^\W\d_]+")


def _may_hold_keyword(text: str) -> bool:
    lowered = text.lower()
    return bool(_STEMS.search(lowered)) or not _TRIGGERS.isdisjoint(_WORD.findall(lowered))


_FAMILIES: dict[str, Callable[[str, re.Match[str]], str | None]] = {
    "password": _password,
    "passphrase": _passphrase,
    "pin": _pin,
    "recovery": _recovery,
    "token": _token,
    "login": _login,
    "wifi": _wifi,
    "vault": _vault,
}


_TOTP_WORDS = re.compile(
    r"(?i)(?<!\w)(?:2fa|mfa|totp|otp|authenticator|authentificator|setup key|seed|"
    r"clave de configuraci[óo]n|chave de configura[çc][ãa]o|cl[ée] de configuration|"
    r"chiave di configurazione|einrichtungsschl[üu]ssel)(?!\w)"
)
_BASE32_SEED = re.compile(
    r"(?i)(?<![\w])(?:(?:[a-z2-7]{4}[ -]){3,}[a-z2-7]{2,4}|(?=[a-z]*[2-7])[a-z2-7]{16,64})(?![\w])"
)


def _totp_seed(text: str) -> bool:
    """'2FA setup key: 6dev zryg eoji k2kl 7wvn dh2q twtp rogo'."""
    m = _TOTP_WORDS.search(text)
    if not m:
        return False
    for seed in _BASE32_SEED.finditer(text[m.end() : m.end() + 200]):
        value = seed.group(0)
        digits = sum(ch.isdigit() for ch in value)
        grouped = " " in value or "-" in value
        if re.fullmatch(r"[0-9a-f -]+", value):
            continue  # hex: a digest or an id
        if digits >= 2 or (grouped and value.isupper() and digits >= 1):
            return True  # "KRSX G5CT MVRX EZLU"
    return False


# A value right after "is", ':' or "opens with": "the word for the unifi box is Saffron#12",
# "the zip from the bank opens with Kiwi_1990".
_COPULA_VALUE = re.compile(
    r"(?i)(?:(?<!\w)(?:is|es|ist|est|c'est|é|è|era|lautet|sería|são|sono|changed to|now)|[:=→]|->)"
    r"\s+(?P<value>\S+)"
)
# A token that holds a digit and a symbol, in either order: the only values _said_value takes.
# Each token is read once (a pattern asking for both in one match backtracks on a long row).
_TOKEN = re.compile(r"\S+")
_SAID_SYMBOL = re.compile(r"[#!$%&*@+=?~^]")
_ANY_DIGIT = re.compile(r"\d")


def _mixed_tokens(text: str) -> Iterator[re.Match[str]]:
    for token in _TOKEN.finditer(text):
        if _SAID_SYMBOL.search(token.group(0)) and _ANY_DIGIT.search(token.group(0)):
            yield token


_OPENS_WITH = re.compile(
    r"(?i)(?<!\w)(?:opens?|decrypts?|unzips?|se abre|abre|öffnet|s'ouvre|ouvre|si apre|apre|"
    r"unlock\w*|desbloque\w*|entsperr\w*|d[ée]verrouill\w*|sblocc\w*)\s+(?:\w+\s+)?"
    r"(?:with|using|con|mit|avec|com|via)\s+(?P<value>\S+)"
)


# A password an account still takes: "old yahoo email still works with meadow_crumpet23",
# "el correo todavía funciona con …" (an account's word before it in the clause).
_WORKS_WITH = re.compile(
    r"(?i)(?<!\w)(?:works?|worked|funciona|funcionaba|funktioniert|marche|fonctionne|funziona|"
    r"va|geht)\s+(?:\w+\s+)?(?:with|con|mit|avec|com)\s+(?P<value>\S+)"
)
_ACCOUNT_WORD = re.compile(
    r"(?i)(?<!\w)(?:accounts?|e-?mail|mail|login|inbox|cuentas?|correo|konto|postfach|compte|"
    r"courriel|messagerie|conta|posta|account)(?!\w)"
)
# A phrase of words joined by dashes given as what a phrase is: "la frase pa' la copia de
# seguridad del disco duro es avellana-cuajo-roble-brezo-niebla", "just the phrase
# gravel-juniper-orbit-tundra".
_PHRASE_GIVEN = re.compile(
    r"(?i)(?<!\w)(?:phrase|sentence|frase|satz|parole|palavras|mots|words|palabras)(?!\w)"
    r"(?:[^.;\n]{0,80}?(?<!\w)(?:is|es|ist|est|è|é|lautet|c'est|sono|são|ye)|)\s*:?\s+"
    r"(?P<value>[^\W\d_]{3,}(?:-[^\W\d_]{3,}){3,}|[^\W\d_]{3,}(?:-[^\W\d_]{3,}){2,}-\d{1,4})"
    r"(?=$|[\s,.;!])"
)


_LOG_IN = re.compile(
    r"(?i)(?<!\w)(?:log ?in|log into|logon|sign ?in|unlock|anmelden|einloggen|se connecter|"
    r"connexion|iniciar sesi[óo]n|acceder|entrar|accedere|fazer login|desbloquear)(?!\w)"
)
_QUOTED = re.compile(r"[\"'“‘«„](?P<value>[^\s\"'”’»“]{6,40})[\"'”’»“]")


def _said_value(text: str) -> bool:
    """A generated-looking value said with no key word: letters, digits and a symbol such as
    '#', '!', '$' or '@', right after "is" or ':'; or any password after "opens with"."""
    for token in _mixed_tokens(text):
        m = _COPULA_VALUE.search(text, max(0, token.start() - 12), token.end())
        if m is None or m.end("value") != token.end():
            continue
        value = _strip(m.group("value"))
        if _human_strong(value) and not _ID_WORDS.search(text[max(0, m.start() - 30) : m.start()]):
            return True
    if _LOG_IN.search(text):
        for m in _QUOTED.finditer(text):  # "Use 'Marmalade-77' to log into the kiosk"
            if credential_like(m.group("value"), near=True, direct=True):
                return True
    for m in _OPENS_WITH.finditer(text):
        value = _strip(m.group("value"))
        if not value.isdigit() and credential_like(value, near=True, direct=True):
            return True
    for m in _WORKS_WITH.finditer(text):
        value = _strip(m.group("value"))
        clause = re.split(r"[.;!?\n]", text[max(0, m.start() - 60) : m.start()])[-1]
        if (
            _ACCOUNT_WORD.search(clause)
            and not re.fullmatch(r"[^\W\d_]+\d?", value)  # "works with Python3 scripts"
            and credential_like(value, near=True, direct=True)
        ):
            return True
    return _PHRASE_GIVEN.search(text) is not None


def _human_strong(value: str) -> bool:
    if not 7 <= len(value) <= 40 or value[:1] in "#$@%&*+" or _STRUCTURED.search(value):
        return False
    if _NOT_CREDENTIAL.match(value) or _PLACEHOLDER.search(value):
        return False
    if value[:1] in "^\\" or re.search(r"[\[\]{}\\]|^[A-Za-z]:", value):
        return False  # a pattern or a path: "^[a-z]+\d{3}$", "C:\Users\lab2"
    if _USER_AT_HOST.fullmatch(value) or _REFERENCE.search(value):
        return False  # "anna@x1carbon", "MEMORY.md#L14", "hit@1": a host, a citation, a metric
    letters = sum(ch.isalpha() for ch in value)
    digit = any(ch.isdigit() for ch in value)
    if re.match(r"^[A-Za-z_]+[=:]", value):
        return False  # "json:5000", "mode=auto5": a label and its value
    strong = {ch for ch in value if not ch.isalnum()} - {".", "-", "_", "/", "'", ",", ":"}
    return letters >= 3 and digit and bool(strong)


_USER_AT_HOST = re.compile(r"[A-Za-z0-9._+-]+@[A-Za-z][A-Za-z0-9.-]*")
_REFERENCE = re.compile(
    r"\.(?:md|markdown|txt|py|json|ya?ml|html?|rst)#|#L\d+\b|^[a-z_-]+@\d{1,3}$|^[A-Z]+#\w*$"
)
# What an id is called: "the order is PO#2024", "batch is Lot#12".
_ID_WORDS = re.compile(
    r"(?i)(?<!\w)(?:id|ids|number|no|nr|nº|num|order|ticket|issue|bug|pr|sku|ref|reference|part|"
    r"lot|batch|serial|model|version|build|release|run|channel|room|case|item|invoice|tag|"
    r"hash|commit|branch|file|filename|path|citation|cite|anchor|link|url|handle|hashtag|"
    r"número|numero|nummer|numéro|pedido|commande|bestellung|ordine|lote|charge|lotto)(?!\w)"
)


def find_prose_secrets(text: str) -> set[str]:
    """Kinds of secret said in prose in ``text``."""
    found: set[str] = set()
    if _said_value(text):
        found.add("password")
    if find_lock_codes(text):
        found.add("PIN or door code")
    if ":" in text or "=" in text or "→" in text or "->" in text:
        for note in _NOTE.finditer(text):
            if _strong(_strip(note.group("value"))) and not _DIGEST_WORDS.search(note.group(0)):
                found.add("password")
    if _totp_seed(text):
        found.add("TOTP seed")
    if ("/" in text or ":" in text) and _login_pair(text):
        found.add("login credentials")
    if ("|" in text or "\t" in text) and _table_login(text):
        found.add("login credentials")
    for _start, end in _misspelt_password(text) if "pa" in text.lower() else []:
        if _password_value_after(text, end, passphrase=False):
            found.add("password")
    if not _may_hold_keyword(text):
        return found
    # A remark in brackets between a key word and its value is read past: "debit card pin
    # (she asked me to keep it for her) 0733".
    aside = _ASIDE.sub("", text) if "(" in text else text
    return found | _keyword_kinds(text) | (_keyword_kinds(aside) if aside != text else set())


def _keyword_kinds(text: str) -> set[str]:
    found: set[str] = set()
    for m in _KEYWORDS.finditer(text):
        kind = _FAMILIES[m.lastgroup or "password"](text, m)
        if kind is not None:
            found.add(kind)
    return found


_ASIDE = re.compile(r"\s*\([^()\n]{1,80}\)")


def _strong_after(text: str, end: int) -> bool:
    for tok in _tokens(text, end, 10):
        lower, upper, digit, symbol = _classes(tok.text)
        if (
            sum((lower, upper, digit, symbol)) >= 3
            and credential_like(tok.text, near=False)
            and "@" not in tok.text
        ):
            return True
    return False


_WIFI = re.compile(r"(?i)(?<!\w)(?:wifi|wi-fi|wlan|wpa2?|ssid|network|red|rede|réseau|rete)(?!\w)")
_DIGEST_WORDS = re.compile(
    r"(?i)(?<!\w)(?:sha\d*|md5|checksum|hash|digest|commit|fingerprint|prüfsumme|empreinte|"
    r"impronta|huella|serial|uuid|guid|id|cid|public|pública|publique|pubblica|öffentlich\w*)(?!\w)"
)


# A note line "Netflix: Fluffy2019!": a short label, then one value that ends the line.
_NOTE = re.compile(
    r"(?m)^[ \t]*(?:[-*+][ \t]+)?[^\W\d][\w .'’/&()-]{0,40}?[ \t]*"
    r"(?::[ \t]+|=[ \t]*|→[ \t]*|->[ \t]*)(?P<value>\S+)[ \t]*$"
)


_STRUCTURED = re.compile(r"""^[{\[(<]|["']\s*[:,]|[,;]\s*["']|\w\(|\)$""")


def _strong(value: str) -> bool:
    """Lowercase, uppercase, digits and a symbol: a generated password ("!T19!Spdoe+f3zfa")."""
    if not 10 <= len(value) <= 64 or _NOT_CREDENTIAL.match(value) or _PLACEHOLDER.search(value):
        return False
    if _REFERENCE.search(value):
        return False  # "MEMORY.md#L14": a citation
    if _STRUCTURED.search(value):
        return False  # JSON, a call or a list, not a password
    lower, upper, digit, _ = _classes(value)
    symbols = {ch for ch in value if not ch.isalnum()} - {".", "-", "_", "/"}
    return lower and upper and digit and bool(symbols)


def _token_value_after(text: str, end: int) -> bool:
    rest_end = min(_clause_end(text, end), end + 200)
    prev_start = prev_end = end
    for i, tok in enumerate(_tokens(text, end, 7)):
        if tok.start >= rest_end:
            break
        between = text[end : tok.start]
        direct = i > 0 and _is_separator(text[prev_start:prev_end])
        near = (i <= 2 or direct) and not _DIGEST_WORDS.search(between)
        if _token_like(tok.text, near=near) or _strong(tok.text):
            return True
        prev_start, prev_end = tok.start, tok.end
    # "api key for the weather service, keep it safe please: 5b2e9d7c…": the value after the
    # clause's first ':' or '->', however far from the key word
    sep = _VALUE_MARK.search(text, end, rest_end)
    if sep is not None and not _DIGEST_WORDS.search(text[end : sep.start()]):
        value = _tokens(text, sep.end(), 1)
        return bool(value) and _token_like(value[0].text, near=True)
    return False


_VALUE_MARK = re.compile(r"(?:\s:|:|->|→|=>)\s+")


def _wifi_key(text: str, m: re.Match[str]) -> bool:
    """'the key is abeto.marrom.15' in a text about wifi is a wifi password."""
    if not _WIFI.search(text):
        return False
    word = m.group(0).lower()
    if not word.startswith(("key", "cl", "chav", "chiav")) and "schlüssel" not in word:
        return False
    return _password_value_after(text, m.end(), passphrase=False)
