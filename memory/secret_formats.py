"""Secrets recognised by their shape: vendor token formats, card numbers, credentials in URLs.

detect-secrets ships detectors for the older formats (AWS, GitHub, Slack, Stripe ``sk_live``,
npm, PyPI, JWT, private keys…). These are the formats it misses, each with the kind that
names it in an error. A pattern never captures more than it needs: findings name the kind of
secret, never the value.
"""

from __future__ import annotations

import re

__all__ = ["find_formats", "joined_wrapped_tokens", "mask_public_material"]

_FORMATS: tuple[tuple[str, re.Pattern[str]], ...] = tuple(
    (kind, re.compile(pattern))
    for kind, pattern in (
        ("Anthropic API key", r"\bsk-ant-(?:api|admin)\d{2}-[A-Za-z0-9_-]{32,}"),
        ("OpenAI API key", r"\bsk-(?:proj|svcacct|admin|None)-[A-Za-z0-9_-]{32,}"),
        ("OpenAI API key", r"\bsk-[A-Za-z0-9]{16,}T3BlbkFJ[A-Za-z0-9]{16,}"),
        ("API key", r"\bsk-(?:[a-z0-9]{1,8}-){1,3}[A-Za-z0-9_]{32,}"),
        ("Hugging Face token", r"\bhf_[A-Za-z0-9]{30,}\b"),
        ("DeepL API key", r"\b[0-9a-f]{8}-(?:[0-9a-f]{4}-){3}[0-9a-f]{12}:fx\b"),
        ("Shopify token", r"\bshp(?:at|ss|ca|pa)_[a-fA-F0-9]{32}\b"),
        ("DigitalOcean token", r"\bdo[opr]_v1_[a-f0-9]{64}\b"),
        (
            "Tailscale key",
            r"\btskey-(?:auth|api|client|scim|webhook)-[A-Za-z0-9]{6,}-[A-Za-z0-9]{16,}",
        ),
        ("age secret key", r"\bAGE-SECRET-KEY-1[0-9A-Z]{58}\b"),
        (
            "Discord webhook",
            r"discord(?:app)?\.com/api/webhooks/\d{5,}/[A-Za-z0-9_-]{30,}",
        ),
        ("Slack webhook", r"hooks\.slack\.com/(?:services|workflows)/[A-Za-z0-9/_-]{20,}"),
        ("TOTP seed", r"(?i)otpauth://[th]otp/[^\s?]*\?(?:[^\s#]*&)?secret=[A-Z2-7]{10,}"),
        ("GitLab token", r"\bgl(?:pat|dt|rt|ptt|ft|cbt|oas|soat)-[A-Za-z0-9_-]{20,}"),
        ("Docker Hub token", r"\bdckr_(?:pat|oat)_[A-Za-z0-9_-]{20,}"),
        ("Google API key", r"\bAIza[0-9A-Za-z_-]{35}\b"),
        ("Stripe key", r"\b(?:sk|rk)_(?:live|test)_[A-Za-z0-9]{20,}"),
        ("Stripe webhook secret", r"\bwhsec_[A-Za-z0-9+/]{24,}"),
        ("Mailgun key", r"\bkey-[a-f0-9]{32}\b"),
        ("Grafana token", r"\bgl(?:sa|c)_[A-Za-z0-9+/_=-]{32,}"),
        ("GitHub token", r"\bgh[pousr]_[A-Za-z0-9]{30,}"),
        ("GitHub token", r"\bgithub_pat_[A-Za-z0-9_]{40,}"),
        ("Slack token", r"\bxox[abposr]-[A-Za-z0-9-]{20,}"),
        ("Twilio credentials", r"\b(?:SK|AC)[a-f0-9]{32}\b"),
        ("SendGrid API key", r"\bSG\.[A-Za-z0-9_-]{16,}\.[A-Za-z0-9_-]{30,}"),
        ("Telegram bot token", r"\b\d{8,10}:AA[A-Za-z0-9_-]{30,}"),
        ("npm token", r"\bnpm_[A-Za-z0-9]{36}\b"),
        ("PyPI token", r"\bpypi-AgE[A-Za-z0-9_-]{50,}"),
        ("Atlassian token", r"\bATATT[A-Za-z0-9_=-]{40,}"),
        ("Vault token", r"\bhv[sb]\.[A-Za-z0-9_-]{24,}"),
        ("Twitch token", r"\boauth:(?=[a-z]*\d)[a-z0-9]{30}\b"),
        ("Proxmox API token", r"@(?:pam|pve)![\w.-]+[=:\s]\s*[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-"),
        ("BitLocker recovery key", r"(?<![\d-])\d{6}(?:-\d{6}){7}(?![\d-])"),
        ("private key", r"-----BEGIN (?:[A-Z0-9]+ )*PRIVATE KEY(?: BLOCK)?-----"),
        ("private key", r"\bPrivateKey\s*=\s*[A-Za-z0-9+/]{42,43}="),
        (
            "password in a URL",
            r"\b[a-zA-Z][a-zA-Z0-9+.-]{1,15}://[^\s:/@]*:(?!\$\{|\*{3}|<)[^\s@/]{3,}@[\w.-]",
        ),
        ("password on a command line", r"(?<!\S)(?:-u|--user)\s+[\w.@-]+:(?!\$)[^\s]{4,}"),
        ("pgpass entry", r"(?m)^[\w.*-]+:(?:\d{2,5}|\*):[\w*-]+:[\w.*-]+:(?![$*]\S*$)\S{4,}$"),
        ("Wi-Fi QR code", r"WIFI:(?:[^;\n]*;)*?P:(?![;$<])[^;\n]{4,};"),
        ("bearer token", r"(?i)\bbearer\s+(?=[A-Za-z0-9._~+/-]*\d)[A-Za-z0-9._~+/-]{20,}=*"),
        ("password in an HTTP header", r"(?i)\bauthorization:\s*basic\s+[A-Za-z0-9+/]{12,}={0,2}"),
    )
)

_DIGIT_RUN = re.compile(r"\d{4}")
_LONG_RUN = re.compile(r"\S{16,}")
# Passwords given to a command: curl -u user:pass, mysql -pSECRET, sshpass -p SECRET,
# --password=SECRET, redis-cli -a SECRET, smbclient -U user%SECRET.
_USER_PASS = re.compile(
    r"(?<!\S)(?:-u|--user)\s+[\w.@-]+:(?!\$)[^\s]{4,}"
    r"|\bmysql(?:dump|admin|sh|import|check)?\b[^\n|;&]*?\s-p(?![\s'\"]*\$)['\"]?[^\s'\"$]{3,}"
    r"|\bsshpass\s+-p\s*(?!['\"]?\$)['\"]?[^\s'\"]{3,}"
    r"|(?<!\S)--pass(?:word|wd)?(?:=|\s+)(?!['\"]?[$<*])['\"]?[^\s'\"]{4,}"
    r"|\bredis-cli\b[^\n|;&]*?\s-a\s+(?!['\"]?\$)['\"]?[^\s'\"]{4,}"
    r"|(?<!\S)-U\s+[\w.@-]+%(?!\$)[^\s]{4,}"
)
# The password option of a command that is also given a user: mosquitto_pub -u x -P pass,
# sqlcmd -U sa -P pass, ldapsearch -D cn=admin -w pass, docker login -u x -p pass.
_USER_OPTION = re.compile(r"(?<!\S)(?:-u|-U|-D|--user(?:name)?|--login|-l)(?:\s+|=)\S")
_PASSWORD_OPTION = re.compile(
    r"(?<!\S)(?:-P|-w|-pw|--pw|--passwd)\s+"
    r"(?!['\"]?[$<-])['\"]?(?P<value>[^\s'\"]{4,})"
)
_LOGIN_P = re.compile(r"(?<!\S)-p\s+(?!['\"]?[$<-])['\"]?(?P<value>[^\s'\"]{4,})")
# openssl -passin pass:SECRET, net use … /user:name SECRET.
_OTHER_PASSWORD = re.compile(
    r"(?<!\S)-pass(?:in|out)?\s+pass:(?![$<])\S{4,}|/user:\S+\s+(?![/$*<-])\S{4,}"
)


def _command_password(text: str) -> bool:
    for line in text.splitlines():
        if _OTHER_PASSWORD.search(line):
            return True
        if not _USER_OPTION.search(line):
            continue
        options = list(_PASSWORD_OPTION.finditer(line))
        if re.search(r"\blogin\b", line):  # docker, podman, helm registry login -p
            options += _LOGIN_P.finditer(line)
        for m in options:
            if not m.group("value").isdigit() and not m.group("value").startswith("/"):
                return True
    return False


# A card number: 13–19 digits, optionally in groups; checked against Luhn and the issuers.
_CARD = re.compile(r"(?<![\d.-])(?:\d[ -]?){12,18}\d(?![\d.-]|,\d)")
# Documented test numbers (Stripe, Visa, Mastercard, Amex docs) are public.
_TEST_CARDS = frozenset(
    {
        "4242424242424242",
        "4000056655665556",
        "4111111111111111",
        "4012888888881881",
        "5555555555554444",
        "5105105105105100",
        "2223003122003222",
        "378282246310005",
        "371449635398431",
        "6011111111111117",
        "3056930009020004",
        "4000000000000002",
    }
)

# Public keys look random but are meant to be shared; they are removed before any check.
_PUBLIC = re.compile(
    r"(?:ssh-(?:rsa|ed25519|dss)|ecdsa-sha2-nistp\d+|sk-ssh-ed25519@openssh\.com)\s+AAAA[A-Za-z0-9+/=]+"
    r"|\bage1[02-9ac-hj-np-z]{58}\b"
    r"|\bbc1[02-9ac-hj-np-z]{25,87}\b|\b0x[0-9a-fA-F]{40}\b"  # wallet addresses are public
    r"|(?i:\b(?:public ?key|publickey|pubkey|clé publique|chiave pubblica|chave pública|"
    r"clave pública|öffentliche[rn]? schlüssel)\b[^\n]{0,40}?[A-Za-z0-9+/]{42,43}=)"
    r"|-----BEGIN (?:[A-Z0-9]+ )*PUBLIC KEY-----[\s\S]*?-----END (?:[A-Z0-9]+ )*PUBLIC KEY-----"
)
# A long token cut by a line break when it was pasted.
_WRAPPED = re.compile(r"(?<=[A-Za-z0-9_+/=-]{16})\n(?=[A-Za-z0-9_+/=-]{6})")


# A long value its line says is public ("dirección pública USDT (TRON) para que paguen …:
# TDZ1q…", "my public address for tips: …"), with no key word between the two.
_SAID_PUBLIC = re.compile(
    r"(?i)(?<!\w)(?:public|p[úu]blic[oa]|publique|pubblic[oa]|[öo]ffentlich\w*)(?!\w)"
)
_LONG_VALUE = re.compile(r"(?<![\w/+=.-])[A-Za-z0-9]{25,90}(?![\w/+=.-])")
_KEY_WORD = re.compile(
    r"(?i)pass|pw|contrase|clave|senha|kennw|token|secre|segre|geheim|private|privad|priv[ée]|"
    r"(?<!\w)(?:pin|mdp|key|chiave|chave|cl[ée]|schl[üu]ssel)(?!\w)"
)


def _mask_said_public(text: str) -> str:
    spans: list[tuple[int, int]] = []
    for said in _SAID_PUBLIC.finditer(text):
        stop = said.end() + 120
        line_end = text.find("\n", said.end(), stop)
        stop = min(len(text), stop if line_end < 0 else line_end)
        for value in _LONG_VALUE.finditer(text, said.end(), stop):
            if _KEY_WORD.search(text, said.end(), value.start()) is None:
                spans.append((value.start(), value.end()))
    if not spans:
        return text
    out, at = [], 0
    for start, end in sorted(set(spans)):
        if start >= at:
            out += [text[at:start], " " * (end - start)]
            at = end
    return "".join([*out, text[at:]])


def mask_public_material(text: str) -> str:
    """``text`` with public keys blanked out (same length, so offsets still hold)."""
    if "AAAA" in text or "age1" in text or "bc1" in text or "0x" in text:
        text = _PUBLIC.sub(lambda m: " " * len(m.group(0)), text)
    lowered = text.lower()
    if "ublic" in lowered or "úblic" in lowered or "ffentlich" in lowered:
        text = _mask_said_public(_PUBLIC.sub(lambda m: " " * len(m.group(0)), text))
    return text


# A chat export's line: "[10:14] Pablo: …", "[02/12/26, 10:14:05] Ana: …", "10:14 - Ana: …".
_CHAT_PREFIX = re.compile(
    r"(?m)^[ \t]*(?:\[[^\]\n]{1,40}\][ \t]*|\d{1,2}[:.]\d{2}(?:[:.]\d{2})?"
    r"(?:[ \t]?[apAP]\.?[mM]\.?)?[ \t]*[-–—][ \t]*)[^\W\d_][^\n:\[\]]{0,30}?:[ \t]+"
)


def chat_messages(text: str) -> str | None:
    """A chat export (two lines or more with a time and a speaker) as its messages alone, one
    a line, so a value sent on its own line reads as a note's; None when ``text`` is none."""
    if "\n" not in text or len(_CHAT_PREFIX.findall(text)) < 2:
        return None
    return _CHAT_PREFIX.sub("", text)


def joined_wrapped_tokens(text: str) -> str | None:
    """``text`` with line breaks inside long tokens removed, or None when there are none."""
    joined = _WRAPPED.sub("", text)
    return None if joined == text else joined


def _luhn(digits: str) -> bool:
    total = 0
    for i, ch in enumerate(reversed(digits)):
        d = ord(ch) - 48
        if i % 2:
            d = d * 2 - 9 if d > 4 else d * 2
        total += d
    return total % 10 == 0


def _issuer_length_ok(digits: str) -> bool:
    n = len(digits)
    if digits[0] == "4":
        return n in (13, 16, 19)
    if digits[:2] in ("34", "37"):
        return n == 15
    if "51" <= digits[:2] <= "55" or "2221" <= digits[:4] <= "2720":
        return n == 16
    if digits[:4] == "6011" or digits[:2] == "65" or "644" <= digits[:3] <= "649":
        return 16 <= n <= 19
    if digits[:2] == "62":
        return 16 <= n <= 19
    if digits[:2] in ("36", "38", "30"):
        return n == 14
    return "3528" <= digits[:4] <= "3589" and 16 <= n <= 19


def _card_numbers(text: str) -> bool:
    for match in _CARD.finditer(text):
        raw = match.group(0)
        groups = re.split(r"[ -]", raw)
        # The number's own groups, without a date or a code said after it ("amex 3480 394172
        # 91993 08/29": the match runs into the month): each leading run of groups is tried.
        for n in range(len(groups), 0, -1):
            if n < len(groups) and n < 2:
                break
            if _card_in(groups[:n]):
                return True
    return False


def _card_in(groups: list[str]) -> bool:
    digits = "".join(groups)
    if not 13 <= len(digits) <= 19 or digits in _TEST_CARDS:
        return False
    # Separators, when present, come in the groups cards are printed in.
    if len(groups) > 1 and not all(3 <= len(g) <= 6 for g in groups):
        return False
    return _issuer_length_ok(digits) and _luhn(digits)


def find_formats(text: str) -> set[str]:
    """Kinds of vendor-format secret in ``text`` (public keys already masked)."""
    found: set[str] = set()
    if _LONG_RUN.search(text):  # every format is at least 16 characters without a space
        found = {kind for kind, pattern in _FORMATS if pattern.search(text)}
    if ("-" in text or "/user:" in text) and (_USER_PASS.search(text) or _command_password(text)):
        found.add("password on a command line")
    if _DIGIT_RUN.search(text) and _card_numbers(text):
        found.add("payment card number")
    return found
