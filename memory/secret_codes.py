"""Codes that open things: door, gate, alarm, safe, locker, padlock, phone and card codes.

People write them in many shapes, in any of six languages:

- "X: value" notes with no verb: "cancello condominio: 5088#", "coffre-fort du bureau → 743608";
- an opening verb: "the safe opens with 36-36-38", "el portal se abre con 2163",
  "Das Tor zur Tiefgarage geht mit 0980# auf", "le cadenas du casier s'ouvre avec 172";
- a code word right before the digits: "Tresor – Kombi 259010", "armário 23, segredo 885";
- the value first: "6450 is the disarm code", "9534* - that's what you punch in at the back
  entrance", "5847 c'est le code de l'alarme";
- a keypad mark: "gate 5431#".

A code is 4–8 digits (3 for a padlock, locker or combination), digits split by dashes or spaces
("2-9-1-7", "36-36-38"), optionally with a ``#`` or ``*``. Room numbers, years, times, prices,
phone numbers and network ports have other shapes or other words next to them.
"""

from __future__ import annotations

import bisect
import re
from functools import lru_cache
from itertools import islice

from memory.secret_context import THING_WORDS
from memory.secret_vocab import LazyPattern, alternation, pattern, word_pattern

__all__ = [
    "AMOUNT_WORD",
    "NOT_CODE_CONTEXT",
    "alarm_clock",
    "find_lock_codes",
    "number_label",
    "stands_alone",
]

_B = r"(?<![^\W\d_])"  # not after a letter
_E = r"(?![^\W\d_])"  # not before a letter

# Things a code opens and words for the code, from the credential vocabulary
# (memory/secret_vocab.py), in English, Spanish, German, French, Portuguese and Italian.
_LOCKS = pattern("entry", "container", "keybox", "padlock", "lock", "alarm", "device", "card")
# Locks whose combination may be three digits.
_SHORT_CODE_LOCKS = LazyPattern(
    lambda: rf"(?i)(?<!\w){pattern('padlock', 'lock', 'combination')}(?!\w)"
)
# Combination locks: the number right after one is its code ("Fahrradschloss 0815").
_COMBINATION_LOCKS = LazyPattern(lambda: rf"(?i)(?<!\w){pattern('padlock', 'keybox')}$")
# Words for the code itself, and for what unlocking is called.
_CODES = pattern("pin", "code", "combination", "voicemail") + (
    r"|senha|geheimzahl|\w+code|unlock|disarm|desbloqueo|desbloquear|entsperr\w*|"
    r"d[ée]verrouillage|sblocco|sbloccare|desbloqueio|bildschirmsperre|sperrbildschirm|"
    r"screen ?lock|lock ?screen|bloqueo de pantalla|verrouillage|blocco schermo|bloqueio de tela"
)
_NOUN = LazyPattern(lambda: rf"(?i){_B}(?:(?P<code>{_CODES})|(?P<lock>{_LOCKS})){_E}")
# Between a noun and its value: an opening verb or a separator makes the value the code.
_LINK = re.compile(
    r"(?i)(?:^|\s)(?::|=|→|->|=>|–|—|-|is|are|es|ist|est|c'est|é|è|era|lautet|will be|"
    r"opens?|opened|unlocks?|disarms?|arms?|punch(?:ed)?|type|enter|dial|key in|"
    r"abre|abrir|se abre|marca|marcar|teclea|teclear|öffnet|geht|mit|auf|eingeben|tippen|"
    r"ouvre|s'ouvre|ouvrir|tape|taper|compose|composer|apre|si apre|aprire|digita|digitare|"
    r"abre|digitar|desbloqueia|con|com|avec|with|"
    # what a keypad takes, and what a code was set to
    r"takes|take|accepts?|wants|needs|requires|uses|set|reset|changed|programmed|now|"
    r"press|push|pulsa|pulsar|presiona|dr[üu]cke|dr[üu]cken|appuie|appuyer|premi|premere|"
    r"aperte|apertar|"
    r"acepta|pide|lleva|usa|puse|puesto|cambi(?:[ée]|[óo]|aron|amos)|nimmt|braucht|will|gestellt|eingestellt|"
    r"ge[äa]ndert|prend|accepte|demande|veut|r[ée]gl[ée]e?|mis|chang[ée]|aceita|pede|leva|"
    r"coloquei|configurei|mudei|mudou|mudaram|troquei|accetta|vuole|prende|chiede|impostat[oa]|messo|"
    r"cambiat[oa]|"
    # what a device asks for, what a label says: "it asks for 2332", "the sticker says …"
    r"asks|asked|says|said|reads|shows|dice|dec[íi]a|pregunta|dit|affiche|sagt|zeigt|fragt|"
    r"verlangt|diz|mostra|chiede|richiede)(?:\s|$)|:\s*$|:(?=\s)"
)
# A verb right before the value that binds it to the lock named earlier in the sentence,
# however far: "bike lock … is the 4 dial one, I set it to 6674", "lo cambié a 9447".
_NEAR_LINK = re.compile(
    r"(?i)(?:^|\s)(?:set|changed|reset|programmed|asks for|wants|takes|says|opens with|"
    r"cambi(?:[ée]|[óo]|aron|amos)|puse|abre con|pide|dice|mis|r[ée]gl[ée]e?|chang[ée]|demande|"
    r"gestellt|"
    r"ge[äa]ndert|verlangt|mudei|mudou|mudaram|coloquei|pede|impostat[oa]|cambiat[oa]|chiede|"
    # the wheels of a combination turned to it: "turn the dials to 8801", "gira las ruedas a"
    r"dials?|wheels|ruedas|rodillos|diales|r[äa]dchen|zahlenr[äa]der|molettes|rotelle|"
    r"rotelline|discos|rolos|roletes)"
    r"(?:\s+(?:it|them|to|a|en|em|in|auf|sur|à|su|lo|la|le|para))*\s*$"
)
# "… abre con 244", "opens with 305": a three-digit value after an opening verb is a code.
_OPENS_WITH = re.compile(
    r"(?i)(?:opens?|unlocks?|abre|öffnet|ouvre|apre|destranca)\s+(?:with|con|com|mit|avec)\s*$"
)
# Words that make any number after them in the clause a number: "model … 5400D", "ending in".
_ANY_NUMBER = re.compile(
    r"(?i)(?<!\w)(?:(?-i:No)|no\.|nr|nº|n°|num|number|nummer|número|numero|numéro|id|serial|"
    r"model|modelo|modell|modèle|modello|ending(?: in| with)?|ends (?:in|with)|endet (?:auf|mit)|"
    r"termina\w* (?:en|con|em|in|por)|acaba\w* (?:en|con|em|por)|se terminant par|"
    r"finissant par|final)(?!\w)"
)
_EXPLICIT_NUMBER = re.compile(
    r"(?i)(?<!\w)(?:(?-i:No)|no\.|nr|nº|n°|num|number|nummer|número|numero|numéro|id|serial|"
    r"ext|extension|extensión|extensão|durchwahl|nebenstelle|poste|interno|ramal|badge|ticket|"
    r"order|pedido|invoice|flight|model)(?!\w)"
)
# A number, not a code: "door number 4", "Karte Nr. 12345678", "room 305".
_NUMBER_WORD = re.compile(
    r"(?i)(?<!\w)(?:(?-i:No)|no\.|nr|nº|n°|num|number|nummer|número|numero|numéro|id|serial|serie|"
    r"série|ref|room|raum|sala|salle|stanza|quarto|floor|piso|etage|étage|piano|andar|"
    r"ticket|order|pedido|invoice|flight|vuelo|vol|volo|voo|flug|model|modelo|modell|ext|"
    r"extension|extensión|extensão|durchwahl|nebenstelle|poste|interno|ramal|badge|"
    r"apartment|apt|flat|unit|suite|wohnung|whg|appartement|apartamento|appartamento|bay|"
    r"dock|stall|space|spot|platz|plaza|place|posto|vaga|stellplatz|"
    # a car's plate: "Kennzeichen HB-UC 1771", "plate CJB 8138"
    r"plate|kennzeichen|matr[íi]cula|placa|targa|plaque|immatriculation)(?!\w)"
)
NOT_CODE_CONTEXT = word_pattern(
    "zip, postal, postale, postleitzahl, plz, cep, cap, postcode, postcodes, post code, error, "
    "errors, erreur, errore, erro, fehler*, qr, barcode, country, área, promo, discount, "
    "coupon, source, status, http, https, exit, return, tcp, udp, ssh, firewall, nginx, server, "
    "servidor, serveur, docker, vpn, smtp, imap, nas, lan, localhost, gpio, header, pins, pines, "
    "pinos, broches, jtag, flight, terminal, boarding",
    extra=r"gate \d+ at",
)
_VALUE = re.compile(
    r"^(?:[#*]?\d{3,8}[#*]?|\d{1,2}(?:[- ]\d{1,2}){2,5}[#*]?|\d(?:-\d){3,7}"
    r"|(?=[0-9A-Z]*\d[A-Z]\d)[0-9A-Z]{4,8}"  # letters between digits: "1A2B3"
    r"|\d{4,6}[A-D])$"  # a keypad letter after the digits: "2580A"
)
_UNIT = re.compile(
    r"(?i)^(?:€|\$|£|eur|euros?|usd|dollars?|kg|g|m|cm|mm|km|%|v|w|pins?|pines|pinos|"
    r"people|personas|personnes|leute|persone|pessoas|stück|mal|times|veces|fois|volte|vezes|"
    r"years?|años|jahre|ans|anni|anos|days?|días|tage|jours|giorni|dias|min|mins|minutes?|h)$"
)
_YEAR = re.compile(r"^(?:19|20)\d\d$")
_NUMBER_PART = re.compile(r"^[+(]?\d[\d)]*$")
_SPACED = re.compile(r"\d{1,2}(?: \d{1,2}){2,3}(?![\d:.])")
_TOKEN = re.compile(r"\S+")
_DIGIT = re.compile(r"\d")
_CLAUSE_END = re.compile(r"(?<!\d)[.!?](?:\s|$)|;|\n")
_CLAUSE_REACH = 1000
_VALUE_FIRST = re.compile(
    r"(?i)(?:^|[\n:;.!?]\s*|\(\s*)(?P<value>[#*]?\d{3,8}[#*]?|\d{1,2}(?:-\d{1,2}){2,5})"
    r"\s*(?:,\s*)?(?:is|es|ist|est|c'est|é|è|era|=|–|—|-|->|→)(?=\s)"
)


_ALARM_WORD = re.compile(r"(?i)^(?:alarm|alarme|alarma|allarme|alarmanlage)$")
_ALARM_CLOCK = re.compile(
    r"(?i)(?<!\w)(?:(?<!press )(?<!hit )(?<!push )set|clock|reloj|rel[óo]gio|orologio|horloge|"
    r"wake|weck\w*|r[ée]veil\w*|despert\w*|svegli\w*|tomorrow|mañana|morgen|"
    r"demain|domani|amanh[ãa]|morning|am|pm|uhr|(?:[01]\d|2[0-3])[0-5]\d ?h)(?!\w)"
)
_CODE_WORD = re.compile(r"(?i)c[oó]d|pin")


def alarm_clock(word: str, window: str) -> bool:
    """Whether an alarm ``word`` is a clock's ("set the alarm to 0630 tomorrow"): a wake-up
    word near it and no code word."""
    return (
        _ALARM_WORD.match(word) is not None
        and _ALARM_CLOCK.search(window) is not None
        and _CODE_WORD.search(window) is None
    )


def number_label(words: str, *, explicit: bool = False) -> bool:
    """Whether ``words`` name a numbered thing ("room", "Nr.", "ticket"): what follows is a
    number, not a code. ``explicit``: only words that always do ("model", "ending in")."""
    return (_ANY_NUMBER if explicit else _NUMBER_WORD).search(words) is not None


def _clean(token: str) -> str:
    return token.strip("\"'`“”«»„‘’()[]<>,;.!?:")


def _is_code(value: str, *, short_ok: bool) -> bool:
    if not _VALUE.match(value):
        return False
    digits = sum(ch.isdigit() for ch in value)
    if any(ch.isalpha() for ch in value):
        return digits >= 3
    if digits < 4 and not (short_ok or "-" in value or " " in value):
        return False
    return not _YEAR.match(value.strip("#*"))


# A verb before the lock that sets its code: "coloquei o cofre do hotel em 6612".
_SET_VERB = re.compile(
    r"(?i)(?<!\w)(?:set|reset|changed|programmed|puse|pusimos|cambi(?:[ée]|[óo]|aron|amos)|configur[ée]|coloquei|"
    r"configurei|mudei|mudou|mudaram|troquei|pus|impostato|messo|cambiato|r[ée]gl[ée]|chang[ée]|mis|"
    r"gestellt|eingestellt|ge[äa]ndert|stelle|stellte)(?!\w)"
)
_DATE_WORDS = re.compile(
    r"(?i)^(?:on|since|el|le|am|vom|il|em|dal|du|desde|depuis|seit|dated|del|do|da)$"
)
# Nouns whose code may end a short note with no verb: "portone di casa della nonna 2580".
_TRAILING_LOCKS = LazyPattern(
    lambda: rf"(?i)(?:{pattern('entry', 'container', 'keybox', 'padlock', 'alarm')}|\w*schloss)$"
)


_ITS_NUMBER = re.compile(
    r"(?i)(?<!\w)(?:the|el|la|o|a|le|il|die|das)\s+(?:number|n[úu]mero|nummer|num[ée]ro|numero|"
    r"zahl|combination|combinación|combinaison|combinazione|combinação|kombination)\s+"
    r"(?:is|es|ist|est|é|è|era|lautet)\s*$"
)


# What a keypad is told after the code: "4471 then press set", "2580 puis OK", "… y luego #".
_THEN_KEY = re.compile(
    r"(?i)\s+(?:and |und |et |e |y )?(?:then|puis|ensuite|luego|despu[ée]s|dann|danach|poi|"
    r"depois|a seguir)\s+(?:\w+\s+){0,2}?(?:press|hit|push|enter|tap|appuyer|appuie|appuyez|"
    r"pulsa|presiona|aprieta|dr[üu]ck\w*|premi|premere|carrega|prima|ok|set|off|on|entr[ée]e|"
    r"valider|#|\*|the (?:tick|check|green|key|button))(?!\w)"
)


def _clause_end(text: str, start: int) -> int | None:
    """Where the clause from ``start`` ends within _CLAUSE_REACH, or None. The text's clause
    ends are found once: a row of key words asks for one clause per key word."""
    ends = _clause_ends(text)
    at = bisect.bisect_left(ends, start)
    if at < len(ends) and ends[at] < start + _CLAUSE_REACH:
        return ends[at]
    return None


@lru_cache(maxsize=4)
def _clause_ends(text: str) -> list[int]:
    return [m.start() for m in _CLAUSE_END.finditer(text)]


def _value_after(
    text: str,
    start: int,
    *,
    code_noun: bool,
    short_ok: bool,
    combination: bool = False,
    noun: str = "",
    set_before: bool = False,
) -> bool:
    """A code among the next few tokens of the clause that starts at ``start``."""
    # the clause's end within _CLAUSE_REACH (linear on a text with none); a text that ends
    # with no clause's end is read 120 characters on
    end = _clause_end(text, start)
    if end is not None:
        clause = text[start:end]
    elif start + _CLAUSE_REACH < len(text):
        clause = text[start : start + _CLAUSE_REACH]
    else:
        clause = text[start : start + 120]
    tokens = list(islice(_TOKEN.finditer(clause), 14))
    reach = 14 if ":" in clause else 9
    for i, tok in enumerate(tokens):
        raw = tok.group(0)
        value = _clean(raw) if raw[-1:] not in "#*" else raw.strip("\"'(),:")
        spaced = _SPACED.match(clause, tok.start())
        if spaced and short_ok:
            after = clause[spaced.end() :].split()
            return not (after and _UNIT.match(_clean(after[0])))
        if not any(ch.isdigit() for ch in value):
            continue
        between = clause[: tok.start()]
        if i >= reach and not _NEAR_LINK.search(between):
            continue
        short_ok = short_ok or bool(_OPENS_WITH.search(between))
        direct = bool(re.search(r"(?i)(?::|=|→|\bis|\bes|\bist|\best|c'est|\bé|\bè)\s*$", between))
        if not _is_code(value, short_ok=short_ok) and not (
            direct and code_noun and _YEAR.match(value)
        ):
            if value.isdigit() and len(value) > 8:
                return False  # a phone or serial number comes first
            continue
        label = " ".join(between.split()[-2:])
        after_colon = between.rstrip().endswith(":")
        if combination and _ITS_NUMBER.search(between):
            pass  # "bike lock at the rack — the number is 7967": a combination lock's number
        elif _ANY_NUMBER.search(label if after_colon else between) or (
            _NUMBER_WORD.search(label)
            and not (label.endswith(":") and not _EXPLICIT_NUMBER.search(label))
        ):
            return False  # "room 412", "Nr. 12" (but "lockbox of the apartment: 2271")
        near = _NEAR_LINK.search(between) is not None
        if not stands_alone(clause, tok.start(), tok.end()) and not (
            near and stands_alone(clause, tok.start(), tok.end(), after_verb=True)
        ):
            return False
        prev = between.split()[-1:] if between.split() else []
        if prev and "-" in value and _DATE_WORDS.match(_clean(prev[0])):
            return False  # "on 12-04-06": a date
        keypad = value[-1:] in "#*" or value[:1] in "#*"
        linked = set_before or near or bool(_LINK.search(between))
        words_only = not _DIGIT.search(between)
        last = tok.end() >= len(clause.rstrip(" ,)(")) or clause[tok.end() :].lstrip()[:1] in ",("
        last = last or _THEN_KEY.match(clause, tok.end()) is not None
        trailing = words_only and last and i <= 5 and bool(_TRAILING_LOCKS.search(noun))
        return (
            linked
            or keypad
            or (code_noun and words_only and i <= 5)
            or (combination and i == 0)
            or trailing
        )
    return False


# "Use 6021 at the front gate", "1-2-3-4 on the padlock": a code, then where it is used.
_CODE_THEN_LOCK = re.compile(
    r"(?i)(?:(?P<verb>\b(?:use|enter|type|punch in|key in|dial|press|usa|usar|marca|teclea|"
    r"introduce|gib|tippe|tape|compose|utilise|digite|digita|inserisci)\s+)|(?:^|[,:;]\s*))"
    r"(?P<value>[#*]?\d{3,8}[#*]?|\d{1,2}(?:-\d{1,2}){2,5})\s+"
    r"(?:at|on|for|in|into|en|an|am|für|à|au|sur|pour|no|na|em|para|al|alla|sul|per)\s"
)


# The lock's noun phrase ends there: "… porte d'entrée", "… portão da frente", then nothing.
_NOUN_ENDS = re.compile(
    r"(?i)(?:\s*(?:d['’]|de |del |da |do |della |di |du |des |der |vom |von )\S+){0,2}"
    r"\s*(?:$|[,;.\n(—–-])"
)


def _code_then_lock(text: str) -> bool:
    for m in _CODE_THEN_LOCK.finditer(text):
        value = m.group("value")
        if _YEAR.match(value):
            continue
        where = text[m.end() : m.end() + 30]
        noun = _NOUN.search(where)
        if not (noun and noun.group("lock")) or NOT_CODE_CONTEXT.search(where):
            continue
        if m.group("verb") or "-" in value:
            return True
        # "4471 for the front door, 9902 for the garage": a code, then only where it opens
        # (not "1200 for the garage door repair")
        after = text[m.end() + noun.end() :]
        if len(value) >= 4 and _NOUN_ENDS.match(after):
            return True
    return False


# Words before a number that make it a time or an amount, not a code.
_TIME_OR_AMOUNT = re.compile(
    r"(?i)^(?:at|um|ab|bis|à|a|alle|las|às|as|from|until|till|by|around|vers|verso|hacia|"
    r"desde|hasta|dès|jusqu'à|balance|saldo|solde|guthaben|total|amount|importe|importo|"
    r"montant|betrag|valor|price|precio|prix|preis|prezzo|preço|cost|costs|costó|coûte|"
    r"kostet|costa|custa|limit|límite|limite|paid|pagué|payé|bezahlt|pagato|paguei)$"
)
_NEIGHBOUR = re.compile(r"(\S+)\s*$")


def stands_alone(text: str, start: int, end: int, *, after_verb: bool = False) -> bool:
    """Whether the number at ``text[start:end]`` can be a code: not one group of a longer
    (phone) number, not a time ("opens at 0730") or an amount ("balance is 1200"), not a
    count before a unit ("1200 €", "40 pins"). ``after_verb``: the value follows a verb that
    sets a code ("cambié a", "set it to"), so the word before it says nothing of a time."""
    # (the word before and after read from the 100 characters around, not the whole text)
    before = _NEIGHBOUR.search(text, max(0, start - 100), start)
    prev = _clean(before.group(1)) if before else ""
    after = text[end : end + 100].split(None, 1)
    following = _clean(after[0]) if after and not after[0].startswith("(") else ""
    if _NUMBER_PART.match(prev) or _NUMBER_PART.match(following) or _UNIT.match(following):
        return False
    if after_verb:
        return True  # "lo cambié a 9447": "a" after the verb that sets it, not a time
    if _TIME_OR_AMOUNT.match(prev):
        return False
    # only words of the same clause: "from outside, punch 51116#" is no time
    clause = re.split(r"[,;.!?]\s", text[max(0, start - 30) : start])[-1]
    words = re.findall(r"[^\W\d_]+", clause)
    if _COPULA.match(prev):
        # "door code from monday is 1999": the time is the code's, the value is what "is"
        # gives; only an amount's word still makes it a sum ("the balance is 1200")
        return not any(AMOUNT_WORD.match(w) for w in words[-4:])
    return not any(_TIME_OR_AMOUNT.match(w) and len(w) > 3 for w in words[-4:])


_COPULA = re.compile(r"(?i)^(?:is|es|ist|est|è|é|era|was|lautet|sono|são|:)$")
AMOUNT_WORD = re.compile(
    r"(?i)^(?:balance|saldo|solde|guthaben|total|amount|importe|importo|montant|betrag|valor|"
    r"price|precio|prix|preis|prezzo|preço|cost|costs|limit|límite|limite)$"
)


def _value_first(text: str) -> bool:
    """'6450 is the disarm code …': a code opens the clause and a code word follows."""
    for m in _VALUE_FIRST.finditer(text):
        value = m.group("value")
        if _YEAR.match(value):
            continue
        end = _CLAUSE_END.search(text, m.end(), m.end() + 101)  # the clause's first 100
        rest = text[m.end() : end.start() if end else len(text)][:100]
        noun = _NOUN.search(rest)
        if noun and not NOT_CODE_CONTEXT.search(rest) and not _NUMBER_WORD.search(rest[:20]):
            return True
        if re.search(r"(?i)\b(?:punch|type|key|tippen|teclea|tape|digita)\w*", rest):
            return True
    return False


# A thing locked with a code: "my bike … is locked at the station with 6552", "la bici está
# cerrada con el 4471 en la estación", "das Rad ist mit 0815 abgeschlossen".
_LOCKED_WITH = re.compile(
    r"(?i)(?<!\w)(?:locked|lock(?:s|ed)? (?:it|them)|cerrad[oa]s?|candad\w*|abgeschlossen|"
    r"abgesperrt|verrouill[ée]e?s?|cadenass[ée]e?s?|chius[oa]|bloccat[oa]|trancad[oa]s?|"
    r"fechad[oa]s?)(?:\s+[^\s\d]+){0,5}?\s+(?:with|con|mit|avec|com|col|coi)\s+"
    r"(?:(?:the|el|la|le|il|o|a|dem|der|code|c[óo]digo|combo|combination|combinaci[óo]n)\s+)?"
    r"(?P<value>\d{3,8})(?![\w.,:/-]\d|\w)"
)


def _locked_with(text: str) -> bool:
    for m in _LOCKED_WITH.finditer(text):
        value = m.group("value")
        if not _YEAR.match(value) and stands_alone(text, m.start("value"), m.end("value")):
            return True
    return False


# A code named after a thing in one word: "Artikelcode", "Produktcode", "Postcode".
_THING_CODE = LazyPattern(lambda: rf"(?i){alternation(THING_WORDS)}-?codes?")


def find_lock_codes(text: str) -> bool:
    """Whether ``text`` gives a code that opens a door, a lock, an alarm, a phone or a card."""
    if _DIGIT.search(text) is None:
        return False
    for m in _NOUN.finditer(text):
        window = text[max(0, m.start() - 60) : m.end() + 60]
        if NOT_CODE_CONTEXT.search(window):
            continue
        if alarm_clock(m.group(0), window):
            continue
        if m.group("lock") and number_label(
            text[max(0, m.start() - 40) : m.start()], explicit=True
        ):
            continue  # "Nº de lote de las baterías de portátil: B68Z443": a numbered thing
        code_noun = m.group("code") is not None
        if code_noun and _THING_CODE.fullmatch(m.group(0)):
            continue  # "Artikelcode 771203", "Produktcode …": a thing's code, not a lock's
        if code_noun and m.group(0).lower() in ("code", "codes", "código", "codigo", "codice"):
            # A bare "code" needs a lock near it: "door code", "code de l'alarme".
            if not _NOUN.search(window.replace(m.group(0), " " * len(m.group(0)))):
                continue
        short_ok = bool(_SHORT_CODE_LOCKS.search(text[max(0, m.start() - 60) : m.end() + 40]))
        combination = bool(_COMBINATION_LOCKS.search(m.group(0)))
        if _value_after(
            text,
            m.end(),
            code_noun=code_noun,
            short_ok=short_ok,
            combination=combination,
            noun=m.group(0),
            set_before=_SET_VERB.search(text[max(0, m.start() - 30) : m.start()]) is not None,
        ):
            return True
    return _value_first(text) or _code_then_lock(text) or _locked_with(text)
