"""A code named with words between, and codes listed in groups.

"código del garaje 58 21 09", "Türcode Werkstatt: …", "the master code is 9161"; recovery codes
listed as dashed groups after a word for them; an authenticator key in groups of four; a dial
lock ("left 12, right 34, left 7").
"""

from __future__ import annotations

import re

from memory.secret_codes import NOT_CODE_CONTEXT, number_label, stands_alone
from memory.secret_context import (
    BETWEEN_WORDS,
    CODE,
    CODE_END,
    LOCK_KINDS,
    OPENS,
    PAYMENT,
    PUBLIC,
    YEAR,
)
from memory.secret_vocab import LazyPattern, pattern

__all__ = ["DIAL", "named_code", "recovery_list", "setup_key"]

# Names of a code that need no verb before the value: "código de acesso 675332",
# "passnumber 647981", "the master code is 9161".
_CODE_NAME = re.compile(
    rf"(?i)(?<!\w)(?:passcode|passnumber|pass number|access code|entry code|master code|"
    rf"host key|security code|unlock code|disarm code|"
    rf"c[óo]digo (?:de ac?ce?s?so|maestro|mestre|de entrada|de seguridad|de seguran[çc]a|secreto)|"
    rf"zugangscode|generalcode|mastercode|sicherheitscode|code d'acc[eè]s|code ma[iî]tre|"
    rf"code de s[ée]curit[ée]|codice (?:di accesso|d'accesso|master|di sicurezza))(?!\w)"
    rf"(?P<between>[^\n.;!?]{{0,40}}?)(?:\s(?:is|es|ist|est|è|é|era|lautet|are|son)|:|\s)\s*"
    rf"(?P<value>{CODE}){CODE_END}"
)
# Authenticator setup keys written in groups of four: "lrfc onbt uo2e v7xw".
_SEED_GROUPS = re.compile(r"(?i)(?<!\S)[a-z2-7]{4}(?: [a-z2-7]{4}){3,7}(?!\S)")
_AUTHENTICATOR = re.compile(
    r"(?i)authenticat|autenticad|authentificat|autenticaz|2fa|mfa|totp|otp|two.factor|"
    r"dos factores|zwei.faktor|double authentification|due fattori|dois fatores|google auth"
)
# A code named after what it opens, in one word: "Türcode", "Torcode", "Alarmcode".
_COMPOUND_CODE = (
    rf"(?:{pattern(*LOCK_KINDS)}|garagen|alarmanlagen|zugangs|eingangs|haus|keller|lager|"
    r"entsperr|sperr|geheim|digi)-?codes?"
)
# "the code is 2380": a bare code word, then "is" or ':' and the value. The words before are
# read up to 60 characters each (an unbounded word backtracks over a long row with no spaces).
_BARE_CODE = LazyPattern(
    lambda: (
        rf"(?i)(?<!\w)(?P<before>(?:\S{{1,60}}\s+){{0,3}})(?P<word>code|codes|c[óo]digo|codice|pin|puk|"
        rf"senha|{_COMPOUND_CODE}|"
        rf"combination|combinaci[óo]n|combinaison|combinazione|combina[çc][ãa]o|kombination)"
        rf"(?P<between>(?:\s+[^\s:=\d][^\s:=]*){{0,5}}?)"
        rf"(?P<sep>\s+(?:is|es|ist|est|è|é|era|lautet|c'est|now|ahora|jetzt|agora|ora|"
        rf"(?:changed|set|reset) to|(?:cambiado|cambi[óo]|puesto) a|ge[äa]ndert auf|auf|"
        rf"chang[ée] (?:en|à|pour)|cambiat[oa] in|impostat[oa] su|mud(?:ou|ado) para|"
        rf"alterad[oa] para)|\s*[:=→])?"
        rf"\s+(?P<value>{CODE}){CODE_END}"
    )
)
# A code a lock named earlier on the line takes: four digits or more, or a leading zero
# ("042"): a count or a model number is neither.
_LOCK_CODE = re.compile(r"0\d{2,7}|\d{4,8}[#*]?")
_BETWEEN_NOT = re.compile(
    r"(?i)(?<!\w)(?:ticket|review|audit|scan|scheduled|requested|reset|via|policy|at|um|"
    r"a las|à|alle|às|\d+)(?!\w)"
)


def named_code(text: str) -> bool:
    for m in _BARE_CODE.finditer(text):
        value = m.group("value")
        between = m.group("between")
        if YEAR.fullmatch(value) or NOT_CODE_CONTEXT.search(m.group("before") + between):
            continue
        if PUBLIC.search(between) or BETWEEN_WORDS.search(m.group("before") + between):
            continue
        if m.group("sep") is None and number_label(between):
            continue  # "door code for apartment 2044 is …": the flat's number
            continue
        # "código del garaje 58 21 09", "voicemail PIN 3 0 9 2": with no separator, a lock
        # is named next to the code word, or the word is PIN and the code follows it
        pin_then_code = not between and m.group("word").lower() in ("pin", "puk")
        if m.group("sep") is None and not pin_then_code:
            named = m.group("before") + between
            # or a lock named earlier on the line: "caixa de chaves do centro, código 042"
            # (the line's last 1000 characters: a long line is not read again for each code)
            lo = max(0, m.start() - 1000)
            newline = text.rfind("\n", lo, m.start())
            line = text[newline + 1 if newline >= 0 else lo : m.start()]
            if OPENS.search(named) is None and PAYMENT.search(named) is None:
                if OPENS.search(line) is None or not _LOCK_CODE.fullmatch(value):
                    continue
        if " " in value or stands_alone(text, m.start("value"), m.end("value")):
            return True
    for m in _CODE_NAME.finditer(text):
        value = m.group("value")
        between = m.group("between")
        if YEAR.fullmatch(value) or PUBLIC.search(between) or _BETWEEN_NOT.search(between):
            continue
        if " " in value or stands_alone(text, m.start("value"), m.end("value")):
            return True
    return False


def setup_key(text: str) -> bool:
    if _AUTHENTICATOR.search(text) is not None and any(
        re.search(r"\d", m.group(0)) for m in _SEED_GROUPS.finditer(text)
    ):
        return True
    return _grouped_key(text)


# A key written in groups of four letters and digits, in a text about a network or a
# credential: "wifi at home → 66LR CQV6 UJIZ 16E8" (not a serial, an IBAN or a card number).
_KEY_GROUPS = re.compile(
    r"(?<![\w-])(?:(?:[A-Z0-9]{4}[ -]){2,7}[A-Z0-9]{4}|(?:[a-z0-9]{4}-){3,7}[a-z0-9]{4})(?![\w-])"
)
_KEY_WORDS = LazyPattern(
    lambda: (
        rf"(?i)(?<!\w)(?:{pattern('network', 'wifi_key', 'password', 'token', 'credentials')})"
        r"(?!\w)"
    )
)


def _grouped_key(text: str) -> bool:
    if _KEY_WORDS.search(text) is None:
        return False
    for m in _KEY_GROUPS.finditer(text):
        groups = re.split(r"[ -]", m.group(0))
        lettered = sum(any(ch.isalpha() for ch in g) for g in groups)
        digits = sum(ch.isdigit() for ch in m.group(0))
        if (
            lettered >= 2
            and digits >= 2
            and not PUBLIC.search(text[max(0, m.start() - 40) : m.start()])
        ):
            return True
    return False


# Recovery codes listed after a word for them: "Wiederherstellungscodes: 9f2k-18dm, 0p3q-77xa".
# (or what is said of them: "if I get locked out …, they only work once")
_RECOVERY = re.compile(
    r"(?i)recovery|backup|back-up|respaldo|recuperaci|recupera[çc]|secours|r[ée]cup[ée]ration|"
    r"wiederherstell|notfall|sicherungs|recupero|emergenza|emergency|scratch|2fa|mfa|"
    r"locked out|lock(?:s|ed)? me out|works? (?:only )?once|only works? once|single[- ]use|"
    r"one[- ]time codes?|una (?:sola )?vez|un solo uso|nur einmal|einmalig|une seule fois|"
    r"usage unique|una sola volta|monouso|uso [úu]nico|uma [úu]nica vez|uma vez s[óo]"
)
_CODE_GROUP = r"(?=[\w-]*\d)(?=[\w-]*[a-z])[a-z0-9]{3,6}(?:-[a-z0-9]{3,6}){1,3}"
_GROUP_LIST = re.compile(
    rf"(?i)(?<![\w-]){_CODE_GROUP}(?![\w-])[\s,;/|]+(?:\d+[.)]\s*)?(?<![\w-]){_CODE_GROUP}(?![\w-])"
)
# Four codes or more of one shape in a row, in lower case, with no word for them: what a
# service prints as backup codes ("ksenk-sgmld 5tuqc-qf1xi y5gpa-4n5ek ttce0-fj80i").
_DASHED = r"[a-z0-9]{4,6}-[a-z0-9]{4,6}"
_LONG_LIST = re.compile(rf"(?<![\w-]){_DASHED}(?:[\s,;/|]+(?:\d+[.)]\s*)?{_DASHED}){{3,}}(?![\w-])")


def recovery_list(text: str) -> bool:
    if _RECOVERY.search(text) is not None and _GROUP_LIST.search(text) is not None:
        return True
    listed = _LONG_LIST.search(text)
    if listed is None:
        return False
    codes = listed.group(0)
    return sum(ch.isdigit() for ch in codes) >= 4 and sum(ch.isalpha() for ch in codes) >= 8


# A dial lock: "left 12, right 34, left 7".
DIAL = re.compile(
    r"(?i)(?<!\w)(?:left|right|izquierda|derecha|links|rechts|gauche|droite|sinistra|destra|"
    r"esquerda|direita|l|r)\s*\d{1,2}(?:\s*[,;/-]?\s*(?:left|right|izquierda|derecha|links|"
    r"rechts|gauche|droite|sinistra|destra|esquerda|direita|l|r)\s*\d{1,2}){2,}"
)
