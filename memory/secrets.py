"""Secret detection for every write: detect-secrets' detectors plus a keyword and entropy check.

detect-secrets' regex detectors (cloud keys, GitHub/GitLab/Slack/Stripe/npm/PyPI/OpenAI
tokens, JWTs, private keys, passwords in URLs, …) are run over a whole batch at once: each
detector's patterns scan the joined texts in one pass, which keeps bulk import fast. Two
checks of our own cover what those detectors leave to file context: ``password=…``-style
assignments in prose, and long random-looking tokens (Shannon entropy). Hex digests, UUIDs,
versions and words are never flagged by entropy: commit hashes are not secrets.

Findings name the kind of secret, never the value.
"""

from __future__ import annotations

import math
import re
from collections import Counter
from collections.abc import Callable, Sequence
from functools import lru_cache

from memory.secret_answers import security_answer
from memory.secret_bare import find_bare_secrets
from memory.secret_cards import find_card_code, find_gift_code
from memory.secret_formats import (
    chat_messages,
    find_formats,
    joined_wrapped_tokens,
    mask_public_material,
)
from memory.secret_prefilter import suspect_indexes
from memory.secret_prose import credential_like, find_prose_secrets
from memory.secret_seeds import find_seed_phrase
from memory.secret_spoken import spoken_as_digits
from memory.secret_vocab import LazyPattern, word_pattern
from memory.secret_vocab import pattern as vocab_pattern
from memory.secret_wifi import wifi_key

__all__ = ["find_secrets", "forget_scans", "full_scan", "rule_scan", "scan_batch"]

# What the learned pair scorer (memory/secret_pairs.py) names when it alone refuses a text.
LEARNED_KIND = "credential-like value beside a key word"

# detect-secrets' regex detectors we do not want: a public IP in a lab note is not a secret.
_SKIPPED_DETECTORS = {"IPPublicDetector"}

_KEYWORD = re.compile(
    r"(?i)(?<![\w\"'])[\"']?(?P<key>(?:[a-z0-9]*[_.-])*"
    r"(?:[a-z0-9]{1,10}(?=password|passwd|token|secret))?"  # PGPASSWORD, APITOKEN
    r"(?:password|passwd|passphrase|pwd|pass|pw|secret|"
    r"token|api[_-]?key|apikey|access[_-]?key|private[_-]?key|client[_-]?secret|auth[_-]?key|psk|"
    r"credentials?)(?:[_.-]?(?:key|token|value|secret|id))*)[\"']?"
    r"\s*(?::=|=|:)[ \t]*(?P<value>\"[^\"\n]*\"|'[^'\n]*'|\S+)"
)
# Values after ``password=`` that are references, not secrets.
_REFERENCE_VALUE = re.compile(
    r"^(?:<.*|[●•·]+|\$\{?[A-Za-z_][A-Za-z0-9_]*\}?|\$\(.*|`.*|\*+|[xX]+|\.\.\.|[A-Z_][A-Z0-9_]{2,}|"
    r"\{\{[^}]*\}\}|%\w+%|"
    r"(?i:none|null|true|false|redacted|change[-_]?me|env:\S*|vault:\S*|op://\S*|file:\S*|see|in|"
    r"stored|the|a|an|from|is|was|kept|lives|managed|rotated|every|set|required|optional|"
    r"expired|empty|unset|not|no|yes|on|off|enabled|disabled|default|string|str|int|bool|"
    r"secret|password|token|voir|ver|siehe|vedi|same|ask|use|via|see|https?://\S*))$"
)
# A value that stands for one in an example: words joined, one of them a placeholder's
# ("your-api-key-here", "tu_clave_aqui", "votre-cle-ici", "dein-token-hier").
_PLACEHOLDER_VALUE = re.compile(
    r"(?i)^(?:[^\W\d_]+[-_])*(?:your|yours|here|example|sample|dummy|placeholder|insert|replace|"
    r"tu|tus|su|aqui|aquí|ejemplo|votre|ton|ici|exemple|dein|deine|ihr|hier|beispiel|seu|sua|"
    r"exemplo|tuo|tua|qui|esempio)(?:[-_][^\W\d_]+)*$"
)
# A prose key ("password: …") needs a value that is not a plain word.
_PROSE_KEY = re.compile(
    r"(?i)^(?:password|passwd|pass|pw|pwd|passphrase|secret|token|credentials?)$"
)
_TOKEN = re.compile(r"(?<![A-Za-z0-9+/_=.~:-])[A-Za-z0-9+/_=.~-]{24,}")
# Public fingerprints and digests written as ``SHA256:…`` are not secrets.
_DIGEST_PREFIX = re.compile(r"(?i)\b(?:sha\d{1,3}|md5)[:-][A-Za-z0-9+/=]{16,}")
_HEX = re.compile(r"^(?:0x)?[0-9a-fA-F]+$")
# What stands where a value would be: "<set via the portal>", "●●●●●●".
_PLACEHOLDER_TEXT = re.compile(
    r"<[^\W\d_][^\W\d_ '’-]*(?: [^\W\d_'’-]+|-[^\W\d_]+){1,12}>|[●•∙]{3,}"
)
_QUOTE_MARK = re.compile(r"(?m)^[ \t]*(?:>[ \t]?)+")
_UUID = re.compile(r"[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}")


@lru_cache(maxsize=1)
def _detectors() -> list[tuple[str, re.Pattern[str]]]:
    """(secret kind, pattern) for every regex detector detect-secrets ships."""
    from detect_secrets.core.plugins.util import get_mapping_from_secret_type_to_class
    from detect_secrets.plugins.base import RegexBasedDetector

    pairs: list[tuple[str, re.Pattern[str]]] = []
    mapping: dict[str, type] = get_mapping_from_secret_type_to_class()
    for secret_type, cls in sorted(mapping.items()):
        if not issubclass(cls, RegexBasedDetector) or cls.__name__ in _SKIPPED_DETECTORS:
            continue
        for pattern in cls().denylist:
            pairs.append((secret_type, pattern))
    return pairs


def _entropy(token: str) -> float:
    counts = Counter(token)
    n = len(token)
    return -sum(c / n * math.log2(c / n) for c in counts.values())


def _looks_random(token: str) -> bool:
    stripped = token.strip("=.-_~")
    if len(stripped) < 24 or _HEX.match(stripped) or _UUID.search(stripped):
        return False
    if not (re.search(r"\d", stripped) and re.search(r"[A-Za-z]", stripped)):
        return False
    # Paths, dotted names and hyphenated words (all-MiniLM-L6-v2-onnx-int8) are not keys.
    if stripped.count("/") >= 2 or stripped.count(".") >= 2 or stripped.count("-") >= 3:
        return False
    upper = sum(ch.isupper() for ch in stripped)
    lower = sum(ch.islower() for ch in stripped)
    if upper == 0 or lower == 0:
        return _entropy(stripped) >= 4.5
    return _entropy(stripped) >= 4.0


# A service's id for a record: a short lower-case prefix, '_', then random characters
# ("po_yKWARuRERPoPlTWWiiO5E0BS", "ch_3MmlLr…", "cus_NffrFeUfNV2Hib"), named by what it is.
_OBJECT_ID = re.compile(r"[a-z]{2,5}_[A-Za-z0-9]{10,}")
_SECRET_PREFIX = re.compile(r"(?i)(?:sk|rk|whsec|pk|key|secret|token|tok|pat|api)_")
_RECORD_WORD = word_pattern(
    "payout, payouts, payment, payments, pago, pagamento, paiement, zahlung, charge, "
    "transaction, transacción, transazione, transação, transaktion, transfer, transferencia, "
    "transfert, überweisung, refund, reembolso, remboursement, rimborso, erstattung, invoice, "
    "factura, fatura, facture, fattura, rechnung, order, pedido, commande, ordine, encomenda, "
    "bestellung, customer, cliente, client, kunde, event, evento, subscription, suscripción, "
    "abonnement, abbonamento, assinatura, receipt, recibo, reçu, ricevuta, quittung, id, ref, "
    "reference, referencia, dispute, disputa, session, sesión, product, producto, price, precio"
)
_KEY_WORDS = LazyPattern(
    lambda: (
        rf"(?i)(?<!\w){vocab_pattern('password', 'passphrase', 'token', 'credentials', 'wifi_key')}"
        r"(?!\w)"
    )
)


def _object_id(text: str, start: int, token: str) -> bool:
    """A record's id named by what it is ("Stripe payout po_…"), with no key word before it."""
    if not _OBJECT_ID.fullmatch(token) or _SECRET_PREFIX.match(token):
        return False
    before = text[max(0, start - 40) : start]
    return _RECORD_WORD.search(before) is not None and _KEY_WORDS.search(before) is None


def _keyword_findings(text: str) -> list[str]:
    found: list[str] = []
    for match in _KEYWORD.finditer(text):
        raw = match.group("value")
        value = raw.strip("\"'`,;.)]}")
        if len(value) < 4 or _REFERENCE_VALUE.match(value):
            continue
        if ("-" in value or "_" in value) and _PLACEHOLDER_VALUE.match(value):
            continue  # "API_KEY=your-api-key-here": an example's placeholder
        key = match.group("key")
        quoted = raw[:1] in "\"'" or match.group(0)[:1] in "\"'"
        if _PROSE_KEY.match(key) and not quoted and not credential_like(value, near=True):
            continue
        if value.isdigit() and len(value) < 6:
            continue
        if (
            not quoted
            and raw.isalpha()
            and raw.islower()
            and match.group(0).rstrip(raw)[-1:] == " "
        ):
            continue  # "API_KEY= sans rien derrière": a word of the sentence, not a value
        found.append("password or secret assignment")
    return found


def find_secrets(text: str) -> list[str]:
    """The kinds of secret found in one text (empty: none)."""
    return scan_batch([text])[0]


# Texts already scanned (the same text passes the guard, then the Markdown writer, then the
# indexer): findings are a pure function of the text, so they are kept for a while. Bounded
# by characters, not texts: a bulk import's texts, metadata and file lines all fit, so the
# writer and the indexer do not scan them again (a cap of 8,192 texts emptied the cache in
# the middle of a 10,000-entry import and every later check scanned everything again).
_SEEN: dict[str, list[str]] = {}
_SEEN_MAX_CHARS = 16_000_000
_seen_chars = 0


def scan_batch(texts: Sequence[str]) -> list[list[str]]:
    """Findings for each text, scanning the batch with each detector once."""
    global _seen_chars
    known = [_SEEN.get(text) for text in texts]
    # Each text once: a batch often repeats a value (a source, a tag, a line).
    todo = list(dict.fromkeys(t for t, found in zip(texts, known, strict=True) if found is None))
    fresh = dict(zip(todo, _scan(todo) if todo else [], strict=True))
    for text, found in fresh.items():
        if _seen_chars + len(text) > _SEEN_MAX_CHARS:
            _SEEN.clear()
            _seen_chars = 0
        _SEEN[text] = found
        _seen_chars += len(text)
    return [
        list(fresh[text] if found is None else found)
        for text, found in zip(texts, known, strict=True)
    ]


def _scan(texts: Sequence[str], *, learned: bool = True) -> list[list[str]]:
    """Findings for each text: the full scan runs only on the texts the prefilter keeps."""
    out: list[list[str]] = [[] for _ in texts]
    suspects = suspect_indexes(texts)
    found_all = full_scan([texts[i] for i in suspects], learned=learned)
    for i, found in zip(suspects, found_all, strict=True):
        out[i] = found
    return out


def forget_scans() -> None:
    """Empty the cache of texts already scanned (for benchmarks and tests)."""
    global _seen_chars
    _SEEN.clear()
    _seen_chars = 0


def rule_scan(texts: Sequence[str]) -> list[list[str]]:
    """Findings of the rules alone, the learned scorer left out (for measuring; no cache)."""
    return _scan(texts, learned=False)


def full_scan(texts: Sequence[str], *, learned: bool = True) -> list[list[str]]:
    """Findings for each text with every detector on every text (no prefilter, no cache).
    A text the rules pass is asked of the learned pair scorer (``learned``)."""
    if not texts:
        return []  # nothing to scan: the detectors (detect-secrets' import) are not needed
    findings: list[set[str]] = [set() for _ in texts]
    joined = "\n\x00\n".join(texts)
    starts: list[int] = []
    offset = 0
    for text in texts:
        starts.append(offset)
        offset += len(text) + 3
    import bisect

    for kind, pattern in _detectors():
        for match in pattern.finditer(joined):
            findings[bisect.bisect_right(starts, match.start()) - 1].add(kind)
    for i, text in enumerate(texts):
        findings[i].update(scan_own(text))
        if learned and not findings[i] and _learned_refuses(text):
            findings[i].add(LEARNED_KIND)
    return [_plain_kinds(f) for f in findings]


def _learned_refuses(text: str) -> bool:
    """The learned pair scorer's word on a text the rules pass (loaded on first use: numpy
    and the weights are not needed by a command whose texts hold no candidate)."""
    from memory.secret_pairs import THRESHOLD, guard_views, pair_score

    return any(pair_score(view) >= THRESHOLD for view in guard_views(text))


def _plain_kinds(kinds: set[str]) -> list[str]:
    """Sorted kinds, one per name ("GitHub Token" and "GitHub token" are one); the generic
    high-entropy finding is left out when a named kind explains it."""
    by_name = {kind.casefold(): kind for kind in sorted(kinds, reverse=True)}
    named = sorted(by_name.values())
    if len(named) > 1 and "high-entropy token" in named:
        named.remove("high-entropy token")
    return named


# Checks of one kind each, on the text with public material masked.
_SAID_CHECKS: tuple[tuple[Callable[[str], bool], str], ...] = (
    (find_seed_phrase, "seed phrase"),
    (find_card_code, "card security code"),
    (find_gift_code, "gift card code"),
    (security_answer, "security answer"),
)


def scan_own(text: str) -> set[str]:
    """Our own checks on one text: vendor formats, assignments, prose, entropy; a chat
    export is read as it is and as its messages alone."""
    messages = chat_messages(text)
    return _scan_own(text) | (_scan_own(messages) if messages is not None else set())


def _scan_own(text: str) -> set[str]:
    found: set[str] = set()
    masked = _PLACEHOLDER_TEXT.sub(lambda m: " " * len(m.group(0)), mask_public_material(text))
    if ">" in masked:  # a quoted reply or a forwarded mail is read as its lines
        masked = _QUOTE_MARK.sub("", masked)
    found.update(find_formats(masked))
    joined = joined_wrapped_tokens(masked)
    if joined is not None:
        found.update(find_formats(joined))
    if ":" in masked or "=" in masked:
        found.update(_keyword_findings(masked))
    found.update(find_prose_secrets(masked))
    found.update(find_bare_secrets(masked))
    spoken = spoken_as_digits(masked)
    if spoken != masked:  # "the code is two eight zero two", "it's 8 6 1 4": read as 2802
        found.update(find_prose_secrets(spoken))
        found.update(find_bare_secrets(spoken))
    found.update(kind for check, kind in _SAID_CHECKS if check(masked))
    if wifi_key(text):  # unmasked: a WEP key is hex digits, which the mask takes for a digest
        found.add("wifi key")
    unprefixed = _DIGEST_PREFIX.sub(" ", masked)
    if any(
        _looks_random(tok.group(0)) and not _object_id(unprefixed, tok.start(), tok.group(0))
        for tok in _TOKEN.finditer(unprefixed)
    ):
        found.add("high-entropy token")
    return found
