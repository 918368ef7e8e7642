"""A code or a password given where it is typed or what it opens.

"type 295681", "se marca C1179 en el portero", "opens with 742-872", "an der Tastatur 77104
eingeben", in a text that names something a code opens; "para entrar al wifi, pon
MiCasa_Segura88"; "use Nimbus-Kite-42 to log in", "para entrar al portátil de Lea usa …".
A number that is called, paid or counted is not a code.
"""

from __future__ import annotations

import re

from memory.secret_codes import stands_alone
from memory.secret_context import CODE, CODE_END, OPENED, OPENS, SIGN_IN_PLACE, TYPED, YEAR
from memory.secret_prose import credential_like
from memory.secret_vocab import LazyPattern

__all__ = ["typed_code", "typed_password", "use_to_enter", "user_and_password"]

_SAID_CODE = re.compile(
    rf"(?i)(?<![\w-])(?:(?P<typed>{TYPED})|(?P<opened>{OPENED}))"
    rf"(?:\s+(?:the|el|la|lo|le|il|o|a|den|die|das|code|código|codigo|codice|pin|numbers?|"
    rf"números|zahlen|chiffres|numeri))?\s+(?P<value>{CODE}){CODE_END}"
)
# A number that is called, not typed: "llamando al 22963 y marcando 7082".
_CALLED = re.compile(
    r"(?i)(?<!\w)(?:call|ring|llama|llamar|llamando|ligar|liga|anrufen|ruf|appelle|appeler|"
    r"chiama|chiamare)(?!\w)"
)
# Numbers that are called, paid, counted or dated are not codes.
_NOT_CODE = re.compile(
    r"(?i)(?<!\w)(?:call|ring|phone number|llama|llamar|llamando|ligar|liga|anrufen|ruf|"
    r"appelle|appeler|chiama|chiamare|tel|tlf|telf|telefone|teléfono|telefono|"
    r"order|invoice|factura|fatura|facture|rechnung|fattura|tracking|pedido|ref|"
    r"room|sala|raum|salle|stanza|page|página|seite|p\.|model|modelo|modell|serial|"
    r"€|eur|\$|£|kg|km|pages|years?|años|anos|anni|ans|jahre|people|personas|pessoas)(?!\w)"
)
# "Dial 1234 to reach the lab": a number that is called.
_REACH = re.compile(
    r"(?i)\s+(?:to (?:reach|call|get)|for (?:the )?(?:line|operator|reception)|"
    r"para (?:llamar|hablar)|um \w+ zu erreichen|pour joindre|per (?:chiamare|parlare))"
)
# German puts the verb last: "an der Tastatur 77104 eingeben".
_CODE_THEN_VERB = re.compile(
    rf"(?i)(?<![\w.,:/-])(?P<value>{CODE})\s+(?:eingeben|eintippen|tippen|eingetippt|"
    rf"eingegeben|w[äa]hlen|dr[üu]cken)(?!\w)"
)


# Something that opens *with* a number: "the LN2 filling room opens with 3482", "La taquilla
# del gimnasio abre con 1992" (a year's shape, but a taquilla is named).
# Unlocking in any person or mood ("lo desbloqueás con", "unlocked it with", "entsperrst du mit").
_UNLOCK = r"unlock\w*|desbloque\w*|entsperr\w*|d[ée]verrouill\w*|sblocc\w*"
_OPENS_WITH_CODE = re.compile(
    rf"(?i)(?<!\w)(?:opens?|abre|se abre|öffnet|s'ouvre|ouvre|si apre|apre|abre-se|{_UNLOCK})"
    rf"\s+(?:(?:it|them|lo|la|los|las|le|les|ihn|sie|es|du|o|a)\s+)?"
    rf"(?:with|using|con|mit|avec|com)\s+"
    # "se abre con el código 87356": the code's name may come between
    rf"(?:(?:the|its|el|la|su|o|a|le|il|den|dem|die|das|seinem|le|son)\s+)?"
    rf"(?:(?:code|c[óo]digo|codice|pin|combination|combinaci[óo]n|combina[çc][ãa]o|"
    rf"combinaison|combinazione|kombination|zahlenkombination)\s+)?"
    rf"(?P<value>\d{{4,8}}[#*]?|\d{{1,4}}(?:[-*]\d{{1,4}}){{1,3}}[#*]?){CODE_END}"
)


def _opens_with_code(text: str, named: bool) -> bool:
    for m in _OPENS_WITH_CODE.finditer(text):
        value = m.group("value")
        if YEAR.fullmatch(value) and not named:
            continue
        after = text[m.end() : m.end() + 16]
        if _NOT_CODE.match(after.strip()) or not stands_alone(text, m.start("value"), m.end()):
            continue
        return True
    return False


# A dial turned to its numbers: "on tourne 33-20-72", "turn it to 12, 34, 7".
_TURNED = LazyPattern(
    lambda: (
        r"(?i)(?<!\w)(?:turn|turns|turning|tourne|tourner|tournez|tournes|gira|girar|giras|girare|"
        r"giri|dreh|drehe|drehen|drehst|dreht|roda|rodar|rodas)\s+(?:(?:it|la|le|lo|ihn|es)\s+)?"
        r"(?:(?:to|a|à|sur|auf|en|on|até)\s+)?\d{1,2}(?:\s*[-,/]\s*\d{1,2}){2,3}(?![\w,/-]*\d)"
    )
)


# A code, then what it is for: "il faut faire 057 pour l'ouvrir", "4471 to open it",
# "1234 para abrirla", "zum Öffnen 5581".
_TO_OPEN = (
    r"to (?:open|unlock|disarm)|pour (?:l['’]|la |le |les )?(?:ouvrir|d[ée]verrouiller|"
    r"d[ée]sactiver)|para (?:abrir|desbloquear|desactivar|desarmar|desativar)(?:-?(?:la|lo|"
    r"las|los|o|a))?|per (?:aprir|sbloccar|disattivar)(?:e|la|lo|li)|zum (?:[öo]|oe)ffnen|"
    r"zum (?:entsperren|deaktivieren|entriegeln)|um (?:\w+ )?zu (?:[öo]ffnen|entsperren)"
)
_CODE_TO_OPEN = LazyPattern(
    lambda: rf"(?i)(?<![\w.,:/-])(?P<value>{CODE}){CODE_END}[,]?\s+(?:{_TO_OPEN})(?!\w)"
)


# A code, then the pad it is typed on: "is 73 57 on the keypad", "usa el 49627 en el
# teclado", "usa il 6679 sul tastierino", "1234 am Tastenfeld", "0451 sur le digicode".
_PAD = (
    r"key ?pad|pin ?pad|number pad|keyboard|teclado|tastierino|tastiera|clavier|digicode|"
    r"tastenfeld|ziffernblock|zahlenfeld|tastatur|keypad"
)
_CODE_ON_PAD = LazyPattern(
    lambda: (
        rf"(?i)(?<![\w.,:/-])(?P<value>{CODE}){CODE_END}\s+(?:on|into|at|in|en|no|na|sul|"
        rf"sulla|nel|nella|sur|dans|am|auf|an|im|ins|in)\s+(?:(?:the|el|la|o|a|il|le|l['’]|dem|"
        rf"der|das|den)\s*)?(?:\w+\s+)?(?:{_PAD})(?!\w)"
    )
)


def _code_on_pad(text: str) -> bool:
    for m in _CODE_ON_PAD.finditer(text):
        value = m.group("value")
        if re.fullmatch(r"\d{1,3}", value) or YEAR.fullmatch(value):
            continue  # "all 104 keys on the keyboard": a count; "the 2024 keyboard": a year
        before = " ".join(text[max(0, m.start() - 40) : m.start()].split()[-2:])
        if _CALLED.search(before) or _NOT_CODE.search(before):
            continue
        if " " in value or stands_alone(text, m.start("value"), m.end("value")):
            return True
    return False


def _code_to_open(text: str) -> bool:
    for m in _CODE_TO_OPEN.finditer(text):
        value = m.group("value")
        if YEAR.fullmatch(value) or re.fullmatch(r"[1-9]\d{0,2}", value):
            continue  # a year, or a count: "holds 300 to open the shop"
        if stands_alone(text, m.start("value"), m.end("value")):
            return True
    return False


def typed_code(text: str) -> bool:
    if _code_on_pad(text):
        return True
    named = OPENS.search(text) is not None
    if named and _code_to_open(text):
        return True
    if _opens_with_code(text, named):
        return True
    if not named:
        return False
    if _TURNED.search(text):
        return True
    for m in _CODE_THEN_VERB.finditer(text):
        if not YEAR.fullmatch(m.group("value")):
            return True
    for m in _SAID_CODE.finditer(text):
        value = m.group("value")
        if YEAR.fullmatch(value):
            continue  # a year
        if m.group("opened") and not re.search(r"[-*#]|\d \d", value) and len(value) < 4:
            continue  # "with 250": a count, not a code
        before = " ".join(text[max(0, m.start() - 40) : m.start()].split()[-2:])
        after = text[m.end() : m.end() + 16]
        if _CALLED.search(before) or _NOT_CODE.match(after.strip()) or _REACH.match(after):
            continue
        if re.match(r"\s*(?:[%€$£]|h\b|min|am\b|pm\b|uhr\b|:\d)", after, re.I):
            continue
        if " " not in value and not stands_alone(text, m.start("value"), m.end("value")):
            continue
        return True
    return False


_TYPED_VALUE = re.compile(rf"(?i)(?<![\w-])(?:{TYPED}|{OPENED})\s+(?P<value>[^\s\"'“”«»]+)")


def typed_password(text: str) -> bool:
    """'para entrar al wifi, pon MiCasa_Segura88': a password given where it is typed."""
    if SIGN_IN_PLACE.search(text) is None:
        return False
    for m in _TYPED_VALUE.finditer(text):
        value = m.group("value").rstrip(".,;:!?)")
        symbols = {ch for ch in value if not ch.isalnum()} - {"."}
        if not (symbols and any(ch.isdigit() for ch in value)):
            continue
        if credential_like(value, near=False) and "@" not in value:
            return True
    return False


# "use Nimbus-Kite-42 to log in": a value, then what it is for.
_USE_TO_ENTER = re.compile(
    r"(?i)(?<!\w)(?:use|usa|utiliza|usar|benutze|nimm|utilise|utilisez|usa|utilizza|use)\s+"
    r"(?P<value>\S+)\s+(?:to (?:log ?in(?:to)?|sign ?in(?:to)?|get in(?:to)?|unlock|connect)|"
    r"para (?:entrar|acceder|"
    r"conectar|iniciar sesi[óo]n|desbloquear)|zum (?:anmelden|einloggen|entsperren)|um sich|"
    r"pour (?:se connecter|entrer|d[ée]verrouiller)|per (?:entrare|accedere|sbloccare|collegarti)|"
    r"para (?:aceder|ligar|desbloquear))(?!\w)"
)
# The same said the other way round: "para entrar al portátil de Lea usa marmalade32",
# "to get into my laptop, use …".
_ENTER_THEN_USE = re.compile(
    r"(?i)(?<!\w)(?:to (?:log ?in(?:to)?|sign ?in(?:to)?|get in(?:to)?|unlock)|para (?:entrar|"
    r"acceder|iniciar sesi[óo]n|desbloquear|aceder)|zum (?:anmelden|einloggen|entsperren)|"
    r"pour (?:se connecter|entrer|d[ée]verrouiller)|per (?:entrare|accedere|sbloccare))"
    # the words between may hold a comma: "to get into the POS, tell him to use 552013"
    r"(?:[,:]?\s+[^\s,.;:]+){0,10}?[,:]?\s+(?:use|usa|utiliza|usar|pon|mete|benutze|nimm|"
    r"utilise|utilisez|utilizza|digita)\s+(?P<value>\S+)"
)


# Signing in *with* a value: "she logs into reception@… with bramble02", "you get in with …",
# "que se entra con basket-gorrion-feather", "mit Sonne24! anmelden".
_SIGN_IN_WITH = re.compile(
    r"(?i)(?<!\w)(?:log(?:s|ged|ging)? ?(?:in|on)(?:to)?|sign(?:s|ed)? ?in(?:to)?|"
    r"get(?:s)? in(?:to)?|got in(?:to)?|se entra|entr(?:a|as|o|e|es|en|an|á|ás|em)|se accede|"
    r"acced[eo]s?|"
    r"inicia(?:s|r)? sesi[óo]n|(?:melde|meldet|meldest) (?:dich |sich |mich )?(?:bei \S+ )?an|"
    r"kommt man rein|kommst du rein|se connecte(?:r|z)?|on se connecte|on entre|entrez|"
    r"accedi|si accede|entri|entra-se|acede-se|acedes|faz(?:er)? login)"
    r"(?:\s+[^\s,;:]+){0,4}?\s+(?:with|using|con|mit|avec|com|via)\s+(?P<value>\S+)"
    r"|(?<!\w)(?:with|mit|con|avec|com)\s+(?P<last>\S+)\s+(?:an(?:melden|gemeldet)|"
    r"ein(?:loggen|geloggt)|rein|an(?=\s*(?:$|[.,;!\n])))(?!\w)"
)


# A PIN used to get in: "use 5520 to get into the POS" (not a year: "use 2024 to …").
_PIN = re.compile(r"(?!(?:19|20)\d\d\b)\d{4,8}[#*]?")


def use_to_enter(text: str) -> bool:
    for m in _SIGN_IN_WITH.finditer(text):
        value = (m.group("value") or m.group("last")).strip("\"'“”«»").rstrip(".,;:)")
        if (
            "@" not in value
            and not value.isdigit()
            and credential_like(value, near=True, direct=True)
        ):
            return True
    for m in [*_USE_TO_ENTER.finditer(text), *_ENTER_THEN_USE.finditer(text)]:
        value = m.group("value").strip("\"'“”«»").rstrip(".,;:!)")
        if credential_like(value, near=True, direct=True) or _PIN.fullmatch(value):
            return True
    return False


# A login given as a user name and a password joined by "and": "I gave her mine,
# ana@mail.pt and cobaltDynamo844", "nimmst du lena.h und ancla_8535", in a text about
# signing in or access.
_USER_AND_VALUE = LazyPattern(
    lambda: (
        r"(?i)(?<![\w.@+-])(?:[\w.+-]+@[\w-]+(?:\.[\w-]+)+|[a-z][a-z0-9]*[._][a-z0-9._]*[a-z0-9])"
        r"\s+(?:and|und|y|e|et|i|&|\+)\s+(?P<value>[^\s,;]+)"
    )
)
_ACCESS = LazyPattern(
    lambda: (
        r"(?i)(?<!\w)(?:access|acceso|acesso|accesso|acc[èe]s|zugang|log ?in\w*|logg\w*|"
        r"einlogg\w*|anmeld\w*|sign ?in|signs in|se connecter|connexion|accedi|acceder|aceder|"
        r"entrar|credentials?|credenciales|credenciais|zugangsdaten|identifiants|credenziali)(?!\w)"
    )
)


def user_and_password(text: str) -> bool:
    if _ACCESS.search(text) is None:
        return False
    for m in _USER_AND_VALUE.finditer(text):
        value = m.group("value").strip("\"'“”«»").rstrip(".:!?)")
        if "@" not in value and credential_like(value, near=True, direct=True):
            return True
    return False
