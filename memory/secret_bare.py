"""Secrets said with no key word beside the value, the way notes and messages say them.

Each check reads a shape of saying, not a phrase, in English, Spanish, German, French,
Portuguese and Italian:

- a code that is typed or that opens something: "type 295681", "se marca C1179 en el
  portero", "opens with 742-872", "se quita con 5560", "desliga-se com 2 5 9 0", in a text
  that names something a code opens (a door, an alarm, a keypad, a phone, voicemail, …);
- a note line that pairs a name with a value and nothing else: "porta do prédio → 42-73",
  "MB WAY  997739", "Netflix  ana@example.pt  azulejo53?";
- a value no person would write for anything but a password: upper and lower case, digits
  and a symbol ("%OmR8QoliSD!$"), or case and digits mixed at random ("7uSZO1mGjU8xNQB");
- the word an alarm company asks for: "la palabra clave es mariposa", "code word: heron",
  and what a bank asks besides a password (a memorable word, a security answer);
- a code named with words between ("código del garaje 58 21 09", "Türcode Werkstatt: …"),
  something a code opens then ':' and a code ("the lockbox is behind the plant: 1 2 0 8"),
  a dial lock ("left 12, right 34, left 7");
- a password given where it is typed ("para entrar al wifi, pon …", "use … to log in"), and
  the reply on the line after a question about one ("what's the wifi?" / "it's …");
- recovery codes listed as dashed groups, an authenticator key in groups of four.

A bare number needs a name of what it opens: "bus  7781", "Door: B204", "press 1 for
English", "dial 112", "the show opens with 3 songs" pass.
"""

from __future__ import annotations

import re

from memory.secret_codes import NOT_CODE_CONTEXT, number_label, stands_alone
from memory.secret_prose import credential_like

__all__ = ["find_bare_secrets"]

# A code as people write it: 3 to 8 digits, digits said one by one or in dashed groups, a
# keypad mark, letters on a keypad ("C1179", "2580A").
_CODE = (
    r"(?:[#*]?\d{3,8}[#*]?|\d{1,4}(?:[-*]\d{1,4}){1,3}[#*]?|\d(?: \d){2,7}|\d{2}(?: \d{2}){1,3}"
    r"|[A-D]\d{3,6}|\d{3,6}[A-D])"
)
_CODE_END = r"(?![\w.,:/-]\w|[\w/])"
# What a keypad or a lock is told: entry verbs, and "opens/turns off with".
_TYPED = (
    r"type|typed|typing|key in|keyed in|punch in|punched in|enter|entered|dial|press|"
    r"marca|marcas|marcar|marcando|marque|marquen|teclea|teclear|tecleas|pon|poner|pones|"
    r"introduce|introducir|introduces|mete|meter|digita|digitar|digitas|digite|usa-se|"
    r"carrega|carregar|tippe|tippen|tippst|eingeben|gib|drück|drücke|drücken|tape|taper|"
    r"tapez|tapes|compose|composer|composez|saisir|saisis|saisissez|digitare|digiti|"
    r"inserisci|inserire|componi|comporre|premi|premere"
)
_OPENED = r"with|using|con|com|mit|avec"  # "opens with", "se abre con", "lo abres con", "ficou com"
_SAID_CODE = re.compile(
    rf"(?i)(?<![\w-])(?:(?P<typed>{_TYPED})|(?P<opened>{_OPENED}))"
    rf"(?:\s+(?:the|el|la|lo|le|il|o|a|den|die|das|code|código|codigo|codice|pin|numbers?|"
    rf"números|zahlen|chiffres|numeri))?\s+(?P<value>{_CODE}){_CODE_END}"
)
# Something a code opens or unlocks, or a word for the code, anywhere in the text.
_OPENS = re.compile(
    r"(?i)(?<!\w)(?:door|doors|gate|garage|alarm|keypad|lock|padlock|lockbox|key ?safe|key ?box|"
    r"locker|safe|shed|intercom|buzzer|voicemail|messages|phone|pin|passcode|code|combo|"
    r"combination|wake it|unlock\w*|disarm\w*|"
    r"puerta|portal|port[óo]n|portero|verja|cancela|garaje|alarma|candado|taquilla|caja fuerte|"
    r"cajita|cerradura|teclado|m[óo]vil|buz[óo]n|contestador|mensajes|trastero|almac[ée]n|"
    r"c[óo]digo|clave|"
    r"t[üu]r|haust[üu]r|\w+t[üu]r|tor|garagentor|hoftor|gartentor|einfahrtstor|rolltor|"
    r"tastatur|alarmanlage|\w*schloss|spind|schlie[ßs]fach|\w+code|"
    r"tresor|handy|mailbox|briefkasten|zahlenschloss|"
    r"porte|portail|alarme|cadenas|casier|coffre|digicode|interphone|clavier|messagerie|"
    r"porta|port[ãa]o|cadeado|cacifo|arm[áa]rio|cofre|fechadura|telem[óo]vel|teclado|"
    r"correio de voz|voicemail|mensagens|"
    r"portone|cancello|allarme|lucchetto|armadietto|cassaforte|tastierino|segreteria|"
    r"codice|citofono)(?!\w)"
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


_YEAR = re.compile(r"(?:19\d\d|20[0-3]\d)")
# "Dial 1234 to reach the lab": a number that is called.
_REACH = re.compile(
    r"(?i)\s+(?:to (?:reach|call|get)|for (?:the )?(?:line|operator|reception)|"
    r"para (?:llamar|hablar)|um \w+ zu erreichen|pour joindre|per (?:chiamare|parlare))"
)


# German puts the verb last: "an der Tastatur 77104 eingeben".
_CODE_THEN_VERB = re.compile(
    rf"(?i)(?<![\w.,:/-])(?P<value>{_CODE})\s+(?:eingeben|eintippen|tippen|eingetippt|"
    rf"eingegeben|w[äa]hlen|dr[üu]cken)(?!\w)"
)


def _typed_code(text: str) -> bool:
    if _OPENS.search(text) is None:
        return False
    for m in _CODE_THEN_VERB.finditer(text):
        if not _YEAR.fullmatch(m.group("value")):
            return True
    for m in _SAID_CODE.finditer(text):
        value = m.group("value")
        if _YEAR.fullmatch(value):
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


# A network or an account someone is told how to get into.
_SIGN_IN_PLACE = re.compile(
    r"(?i)(?<!\w)(?:wifi|wi-fi|wlan|network|red|rede|r[ée]seau|rete|netz\w*|router|login|"
    r"log in|sign in|account|cuenta|konto|compte|conta|portal|app)(?!\w)"
)
_TYPED_VALUE = re.compile(rf"(?i)(?<![\w-])(?:{_TYPED}|{_OPENED})\s+(?P<value>[^\s\"'“”«»]+)")


def _typed_password(text: str) -> bool:
    """'para entrar al wifi, pon MiCasa_Segura88': a password given where it is typed."""
    if _SIGN_IN_PLACE.search(text) is None:
        return False
    for m in _TYPED_VALUE.finditer(text):
        value = m.group("value").rstrip(".,;:!?)")
        symbols = {ch for ch in value if not ch.isalnum()} - {"."}
        if not (symbols and any(ch.isdigit() for ch in value)):
            continue
        if credential_like(value, near=False) and "@" not in value:
            return True
    return False


# A note line: a short name, then a wide gap, an arrow or a tab, then values and at most a
# remark in brackets. "porta do prédio da Rita → 42-73", "cancela urb. Los Pinos  179947".
_LINE = re.compile(
    r"(?m)^[ \t]*(?:[-*•][ \t]+)?(?P<label>[^\W\d][^\n]{0,40}?)"
    r"(?P<sep>[ \t]*(?:→|->|=>)[ \t]*|[ \t]{2,}|\t)"
    r"(?P<rest>[^\n]{3,80}?)[ \t]*(?:\([^)\n]*\))?[ \t]*$"
)
_LINE_CODE = re.compile(rf"^{_CODE}$")
_LABEL_NOT = re.compile(
    r"(?i)(?<!\w)(?:tel|tlf|phone|móvil|movil|handy|telefone|telefono|teléfono|fax|order|"
    r"pedido|invoice|factura|fatura|rechnung|fattura|facture|ref|nº|no|nr|number|número|"
    r"numero|nummer|numéro|id|serial|serie|série|sn|s/n|model|modelo|room|sala|raum|salle|"
    r"stanza|zimmer|quarto|habitación|tracking|seguimiento|sendung|envío|colis|postcode|"
    r"zip|cp|plz|cep|cap|price|precio|preço|preis|prix|prezzo|total|iban|bic|nif|dni|cif|"
    r"vat|iva|ust|ip|mac|version|versión|v|build|commit|hash|sha|uuid|time|hora|uhrzeit|"
    r"bestellung|auftrag|kunde\w*|customer|client|cliente|commande|ordine|encomenda|"
    r"lieferung|paket|parcel|paquete|envoi|spedizione|conto|account no|"
    r"heure|ora|date|fecha|datum|data|kg|km|€|eur|usd)(?!\w)"
)


_PAYMENT = re.compile(
    r"(?i)(?<!\w)(?:bank\w*|banco|banque|banca|sparkasse|mb ?way|bizum|paypal|venmo|"
    r"multibanco|card|tarjeta|karte|carte|cart[ãa]o|carta|visa|mastercard|amex|sim|handy|"
    r"m[óo]vil|phone|telem[óo]vel|cellulare|portable)(?!\w)"
)


def _note_line(text: str) -> bool:
    for m in _LINE.finditer(text):
        label = m.group("label").strip()
        if len(label.split()) > 6 or _LABEL_NOT.search(label):
            continue
        parts = re.split(r"[ \t]{2,}|\t", m.group("rest").strip())
        if len(parts) > 2 or (len(parts) == 2 and "→" not in m.group("sep") and len(parts[0]) < 3):
            continue
        value = parts[-1].strip()
        if " " in value and not re.fullmatch(r"\d(?: \d){2,7}", value):
            continue
        if _LINE_CODE.match(value):
            # "bus  7781", "Zimmer  204": a bare number needs a name of something it opens
            named = bool(_OPENS.search(label) or _SIGN_IN_PLACE.search(label))
            named = named or _PAYMENT.search(label) is not None
            if _YEAR.fullmatch(value):
                continue
            if re.fullmatch(r"[\d ]+|\d{1,2}[-.]\d{1,2}[-.]\d{2,4}", value) and not named:
                continue  # a number or a date
            return True
        if credential_like(value, near=True, direct=True) and not re.fullmatch(
            r"[\w.+-]+@[\w.-]+", value
        ):
            return True
    return False


_PUBLIC = re.compile(
    r"(?i)(?<!\w)(?:sha\d*|md5|checksum|hash|digest|commit|fingerprint|prüfsumme|empreinte|"
    r"impronta|huella|serial|uuid|guid|id|public|pública|publique|pubblica|öffentlich\w*)(?!\w)"
)
_RANDOM = re.compile(r"(?<![\w@/.:=+-])[^\s\"'`“”«»„‘’()\[\]{}<>,;]{8,40}")
_PASSWORD_SYMBOLS = set("!#$%&*+?@^~=")


def _random_password(text: str) -> bool:
    for m in _RANDOM.finditer(text):
        value = m.group(0).rstrip(".,:")
        if len(value) < 8 or "://" in value or re.search(r"[/\\]|@.*@|^0x|^(?i:sha|md)\d*:", value):
            continue
        if _PUBLIC.search(text[max(0, m.start() - 40) : m.start()]):
            continue  # "fingerprint …", "key ID …": public material
        lower = sum(ch.islower() for ch in value)
        upper = sum(ch.isupper() for ch in value)
        digit = sum(ch.isdigit() for ch in value)
        if not (lower and upper and digit):
            continue
        if not credential_like(value, near=True, direct=True):
            continue  # a path, a citation, an address, a version
        symbols = {ch for ch in value if not ch.isalnum()}
        numbered = not re.search(r"[^\W\d_]\d+[^\W\d_]", value.rsplit("#", 1)[0])
        if re.search(r"#\d+$", value) and not symbols - {"#", "-", "_", "."} and numbered:
            continue  # "pUC19-GFP#2", "run#3": a numbered thing
        if symbols & _PASSWORD_SYMBOLS and lower + upper >= 4 and value[0] not in "#$@":
            if not re.fullmatch(r"[\w.+-]+@[\w-]+(?:\.[\w-]+)+", value):
                return True
        if symbols or len(value) < 12:
            continue
        # No word in it: runs of one or two letters between digits and case changes.
        words = re.findall(r"[A-Z]?[a-z]{2,}|[A-Z]{4,}", value)
        runs = re.findall(r"[a-z]+|[A-Z]+|\d+", value)
        if sum(map(len, words)) <= len(value) // 3 and len(runs) >= 6:
            return True
    return False


# The word an alarm company asks for, in a text about an alarm or its monitoring.
_CODE_WORD = re.compile(
    r"(?i)(?<!\w)(?:palabra (?:clave|de seguridad|secreta)|contraseña(?: verbal)?|clave|"
    r"code ?word|safe ?word|password(?: word)?|passwort|codewort|kennwort|losungswort|"
    r"mot de passe(?: verbal)?|mot[- ]code|mot de s[ée]curit[ée]|parola d'ordine|parola chiave|"
    r"parola di sicurezza|palavra[- ](?:passe|chave|de seguran[çc]a|secreta)|senha)(?!\w)"
)
_ALARM_CONTEXT = re.compile(
    r"(?i)(?<!\w)(?:alarm\w*|alarma|alarme|allarme|security company|monitoring|securitas|"
    r"prosegur|verisure|central receptora|la central|empresa de seguridad|sicherheitsdienst|"
    r"wachdienst|t[ée]l[ée]surveillance|vigilanza|vigil[âa]ncia|empresa de seguran[çc]a)(?!\w)"
)
_WORD_VALUE = re.compile(
    r"(?i)(?:(?:\s(?:is|es|ist|est|è|é|lautet|era)|\s?:)\s+[\"'“«„]?|\s+[\"'“«„])"
    r"(?P<word>[^\W\d_]{4,20}|(?<=[\"'“«„])[^\W\d_]{3,20}(?: [^\W\d_]{3,20}){1,2}(?=[\"'”»“]))"
    r"[\"'”»“]?"
    r"(?=\s*(?:[,.;!\n]|$|\(|—|-|si |if |wenn |si |se |or |o |oder |ou |ma |but |pero |mas ))"
)
_NOT_WORD = frozenset(
    "secret secreta secreto geheim secrète segreta segreto secreta written escrita "
    "important importante wichtig different distinto diferente anders différent diverso "
    "changed cambiada geändert changé cambiata mudada new nueva nuevo neu nouveau nuovo nova "
    "same misma mismo gleich même stessa mesma the una uno eine une".split()
)


def _code_word(text: str) -> bool:
    if _ALARM_CONTEXT.search(text) is None:
        return False
    for m in _CODE_WORD.finditer(text):
        said = _WORD_VALUE.search(text, m.end(), m.end() + 60)
        if said is not None and said.group("word").lower() not in _NOT_WORD:
            return True
    return False


# Names of a code that need no verb before the value: "código de acesso 675332",
# "passnumber 647981", "the master code is 9161".
_CODE_NAME = re.compile(
    rf"(?i)(?<!\w)(?:passcode|passnumber|pass number|access code|entry code|master code|"
    rf"host key|security code|unlock code|disarm code|"
    rf"c[óo]digo (?:de ac?ce?s?so|maestro|mestre|de entrada|de seguridad|de seguran[çc]a|secreto)|"
    rf"zugangscode|generalcode|mastercode|sicherheitscode|code d'acc[eè]s|code ma[iî]tre|"
    rf"code de s[ée]curit[ée]|codice (?:di accesso|d'accesso|master|di sicurezza))(?!\w)"
    rf"(?P<between>[^\n.;!?]{{0,40}}?)(?:\s(?:is|es|ist|est|è|é|era|lautet|are|son)|:|\s)\s*"
    rf"(?P<value>{_CODE}){_CODE_END}"
)
# Authenticator setup keys written in groups of four: "lrfc onbt uo2e v7xw".
_SEED_GROUPS = re.compile(r"(?i)(?<!\S)[a-z2-7]{4}(?: [a-z2-7]{4}){3,7}(?!\S)")
_AUTHENTICATOR = re.compile(
    r"(?i)authenticat|autenticad|authentificat|autenticaz|2fa|mfa|totp|otp|two.factor|"
    r"dos factores|zwei.faktor|double authentification|due fattori|dois fatores|google auth"
)


# A code named after what it opens, in one word: "Türcode", "Torcode", "Alarmcode".
_COMPOUND_CODE = (
    r"(?:t[üu]r|haust[üu]r|tor|garagen|garagentor|hoftor|alarm|alarmanlagen|tresor|safe|spind|"
    r"schlie[ßs]fach|schloss|zahlenschloss|fahrradschloss|zugangs|eingangs|haus|keller|lager|"
    r"handy|entsperr|sperr|geheim|digi|door|gate|garage|locker)-?codes?"
)
# "the code is 2380": a bare code word, then "is" or ':' and the value.
_BARE_CODE = re.compile(
    rf"(?i)(?<!\w)(?P<before>(?:\S+\s+){{0,3}})(?P<word>code|codes|c[óo]digo|codice|pin|puk|"
    rf"senha|{_COMPOUND_CODE}|"
    rf"combination|combinaci[óo]n|combinaison|combinazione|combina[çc][ãa]o|kombination)"
    rf"(?P<between>(?:\s+[^\s:=\d][^\s:=]*){{0,5}}?)"
    rf"(?P<sep>\s+(?:is|es|ist|est|è|é|era|lautet|c'est|now|ahora|jetzt|agora|ora|"
    rf"(?:changed|set|reset) to|(?:cambiado|cambi[óo]|puesto) a|ge[äa]ndert auf|auf|"
    rf"chang[ée] (?:en|à|pour)|cambiat[oa] in|impostat[oa] su|mud(?:ou|ado) para|"
    rf"alterad[oa] para)|\s*[:=→])?"
    rf"\s+(?P<value>{_CODE}){_CODE_END}"
)
_BETWEEN_WORDS = re.compile(
    r"(?i)(?<!\w)(?:ticket|review|audit|scan|scheduled|requested|reset|policy|changed|"
    r"cambiado|cambió|geändert|changé|cambiato|mudou|expires?|caduca|length|digits|d[íi]gitos|"
    r"stellen|chiffres|cifre|has|tiene|hat|a|ha|tem|zip|postal|area|country|promo|discount|"
    r"error|status|http|exit|changes?|changed|cambia|cambian|ändert|change|muda|next|pr[óo]xim[oa]|"
    r"n[äa]chste|prochain|prossim[oa]|on|am|em|until|hasta|bis|jusqu|fino|at[ée]|since|desde|"
    r"seit|depuis|dal|valid|v[áa]lid[oa]|g[üu]ltig|valable|expired?|"
    # codes that name a thing, not a secret
    r"products?|produto|prodotto|producto|produit|produkt|article|art[íi]culo|artigo|articolo|"
    r"artikel|items?|sku|part|voucher|coupons?|cup[óo]n|cupom|gift|tax|fiscal|course|curso|"
    r"kurs|cours|corso|class|station|airport|aeropuerto|language|colou?r|booking|reserva|"
    r"reservation|r[ée]servation|prenotazione|buchung|tracking|customer|cliente|client|"
    r"kunden\w*|member|socio|mitglied|membre|bar|qr|iata|icao|swift|bic|iban|sort|branch|"
    r"sucursal|filiale|agencia|ag[êe]ncia|agenzia|nif|cif|dni|ref\w*)(?!\w)"
)
_BETWEEN_NOT = re.compile(
    r"(?i)(?<!\w)(?:ticket|review|audit|scan|scheduled|requested|reset|via|policy|at|um|"
    r"a las|à|alle|às|\d+)(?!\w)"
)


# "The lockbox is behind the plant: 1 2 0 8": something a code opens, then ':' and a code.
_LOCK_COLON = re.compile(
    rf"(?i)(?P<said>[^\n:.;!?\d]{{0,50}})(?::|→|->)[ \t]*(?P<value>{_CODE}){_CODE_END}"
    rf"[ \t]*(?:$|[\n.;,!(—–-])"
)


def _lock_then_colon(text: str) -> bool:
    for m in _LOCK_COLON.finditer(text):
        said, value = m.group("said"), m.group("value")
        if _OPENS.search(said) is None or NOT_CODE_CONTEXT.search(said) or number_label(said):
            continue
        if _YEAR.fullmatch(value) or _BETWEEN_WORDS.search(said) or _LABEL_NOT.search(said):
            continue
        if value[0].isalpha():
            continue  # "Door: B204": a door's name
        if " " in value or stands_alone(text, m.start("value"), m.end("value")):
            return True
    return False


def _named_code(text: str) -> bool:
    for m in _BARE_CODE.finditer(text):
        value = m.group("value")
        between = m.group("between")
        if _YEAR.fullmatch(value) or NOT_CODE_CONTEXT.search(m.group("before") + between):
            continue
        if _PUBLIC.search(between) or _BETWEEN_WORDS.search(m.group("before") + between):
            continue
        if m.group("sep") is None and number_label(between):
            continue  # "door code for apartment 2044 is …": the flat's number
            continue
        # "código del garaje 58 21 09", "voicemail PIN 3 0 9 2": with no separator, a lock
        # is named next to the code word, or the word is PIN and the code follows it
        pin_then_code = not between and m.group("word").lower() in ("pin", "puk")
        if m.group("sep") is None and not pin_then_code:
            named = m.group("before") + between
            if _OPENS.search(named) is None and _PAYMENT.search(named) is None:
                continue
        if " " in value or stands_alone(text, m.start("value"), m.end("value")):
            return True
    for m in _CODE_NAME.finditer(text):
        value = m.group("value")
        between = m.group("between")
        if _YEAR.fullmatch(value) or _PUBLIC.search(between) or _BETWEEN_NOT.search(between):
            continue
        if " " in value or stands_alone(text, m.start("value"), m.end("value")):
            return True
    return False


def _setup_key(text: str) -> bool:
    if _AUTHENTICATOR.search(text) is None:
        return False
    return any(re.search(r"\d", m.group(0)) for m in _SEED_GROUPS.finditer(text))


# Recovery codes listed after a word for them: "Wiederherstellungscodes: 9f2k-18dm, 0p3q-77xa".
_RECOVERY = re.compile(
    r"(?i)recovery|backup|back-up|respaldo|recuperaci|recupera[çc]|secours|r[ée]cup[ée]ration|"
    r"wiederherstell|notfall|sicherungs|recupero|emergenza|emergency|scratch|2fa|mfa"
)
_CODE_GROUP = r"(?=[\w-]*\d)(?=[\w-]*[a-z])[a-z0-9]{3,6}(?:-[a-z0-9]{3,6}){1,3}"
_GROUP_LIST = re.compile(
    rf"(?i)(?<![\w-]){_CODE_GROUP}(?![\w-])[\s,;/|]+(?:\d+[.)]\s*)?(?<![\w-]){_CODE_GROUP}(?![\w-])"
)


def _recovery_list(text: str) -> bool:
    return _RECOVERY.search(text) is not None and _GROUP_LIST.search(text) is not None


# A question about a credential, and the reply on the next line: "A: what's the wifi?\nB: …".
_ASKED = re.compile(
    r"(?i)(?<!\w)(?:wifi|wi-fi|wlan|password|passwort|pass|pw|contraseña|clave|contra|senha|"
    r"palavra-passe|mot de passe|mdp|kennwort|chiave|pin|code|c[óo]digo|codice|router)(?!\w)"
    r"[^\n]*\?[ \t]*\n"
)
_REPLY = re.compile(
    r"(?i)^[ \t]*(?:[^\W\d][\w .'-]{0,20}:[ \t]*)?(?:(?:it'?s|es|est|c'est|é|è|ist|is|la de \w+\??)"
    r"[ \t]+)?(?P<value>\S+)[ \t]*$"
)


def _chat_reply(text: str) -> bool:
    for m in _ASKED.finditer(text):
        line_end = text.find("\n", m.end())
        line = text[m.end() : None if line_end < 0 else line_end]
        reply = _REPLY.match(line) or _REPLY.match(line.rsplit("?", 1)[-1])
        if reply is None:
            continue
        value = reply.group("value").rstrip(".,;!")
        if credential_like(value, near=True, direct=True) or _LINE_CODE.match(value):
            return True
    return False


# "use Nimbus-Kite-42 to log in": a value, then what it is for.
_USE_TO_ENTER = re.compile(
    r"(?i)(?<!\w)(?:use|usa|utiliza|usar|benutze|nimm|utilise|utilisez|usa|utilizza|use)\s+"
    r"(?P<value>\S+)\s+(?:to (?:log ?in|sign ?in|get in|unlock|connect)|para (?:entrar|acceder|"
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
    r"(?:\s+[^\s,.;:]+){0,5}?[,:]?\s+(?:use|usa|utiliza|usar|pon|mete|benutze|nimm|"
    r"utilise|utilisez|utilizza|digita)\s+(?P<value>\S+)"
)


def _use_to_enter(text: str) -> bool:
    for m in [*_USE_TO_ENTER.finditer(text), *_ENTER_THEN_USE.finditer(text)]:
        value = m.group("value").strip("\"'“”«»")
        if credential_like(value, near=True, direct=True):
            return True
    return False


# A dial lock: "left 12, right 34, left 7".
_DIAL = re.compile(
    r"(?i)(?<!\w)(?:left|right|izquierda|derecha|links|rechts|gauche|droite|sinistra|destra|"
    r"esquerda|direita|l|r)\s*\d{1,2}(?:\s*[,;/-]?\s*(?:left|right|izquierda|derecha|links|"
    r"rechts|gauche|droite|sinistra|destra|esquerda|direita|l|r)\s*\d{1,2}){2,}"
)
# What a bank asks besides a password: a memorable word, a security answer.
_MEMORABLE = re.compile(
    r"(?i)(?<!\w)(?:memorable (?:word|name|place|date)|palabra memorable|mot m[ée]morable|"
    r"merkwort|parola memorabile|palavra memor[áa]vel|security (?:question )?answer|"
    r"answer to (?:the|my) security question|respuesta (?:de|a la) pregunta de seguridad|"
    r"sicherheitsantwort|r[ée]ponse (?:secr[èe]te|[àa] la question secr[èe]te)|"
    r"risposta (?:segreta|alla domanda di sicurezza)|resposta (?:secreta|de seguran[çc]a))(?!\w)"
    r"[^\n:=]{0,20}?(?:\s(?:is|es|est|ist|è|é)\s|:)(?P<rest>[^\n.;]{1,60})"
)
_NOT_ANSWER = frozenset(
    "in on at the a an en la el im dans nel no na em written saved stored kept somewhere "
    "escrita escrito guardada guardado gespeichert notée écrite scritta salvata "
    "same misma igual gleich même stessa mesma".split()
)


_FORGOT = re.compile(
    r"(?i)(?<!\w)(?:can'?t|cannot|don'?t|not|no|nicht|kein\w*|pas|non|não|forgot\w*|"
    r"olvid\w*|vergessen|oubli\w*|dimentica\w*|esque\w*|ask|pregunta|frag\w*|demande\w*|"
    r"chiedi|pergunta)(?!\w)"
)


def _memorable(text: str) -> bool:
    for m in _MEMORABLE.finditer(text):
        rest = m.group("rest")
        if _FORGOT.search(rest):
            continue  # "memorable word: can't remember it"
        given = re.search(r"=\s*(\S+)", rest) or re.match(
            r"\s*[\"'“«„]?([^\W\d_]{3,24})(?!\w|['’]\w)", rest
        )
        if given is not None and given.group(1).lower() not in _NOT_ANSWER:
            return True
    return False


def find_bare_secrets(text: str) -> set[str]:
    """Kinds of secret said with no key word beside the value."""
    found: set[str] = set()
    if any(ch.isdigit() for ch in text):
        if _typed_code(text):
            found.add("PIN or door code")
        if _typed_password(text):
            found.add("password")
        if _named_code(text) or _lock_then_colon(text):
            found.add("PIN or door code")
        if _recovery_list(text):
            found.add("recovery codes")
        if _setup_key(text):
            found.add("TOTP seed")
        if _random_password(text):
            found.add("password")
        if ("  " in text or "\t" in text or "→" in text or "->" in text) and _note_line(text):
            found.add("password or code in a note line")
    if _code_word(text) or _memorable(text):
        found.add("code word")
    if "\n" in text and "?" in text and _chat_reply(text):
        found.add("password")
    if _use_to_enter(text):
        found.add("password")
    if _DIAL.search(text):
        found.add("PIN or door code")
    return found
