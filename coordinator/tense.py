"""Done or still to do: the tense of a daily-log line, in English and Spanish.

A line that tells what was done ("Watered the garden", "Bought pipette tips", "Hoy he
limpiado la centrífuga", "Regué el huerto") is an event of the day, whatever the classifier
guessed: filed as a task it would come back as due today. One that says what is still to do
("need to order gloves", "mañana llamar al técnico", "tengo que …") keeps its task.
"""

from __future__ import annotations

import re

from memory.folding import fold

__all__ = ["says_past", "still_to_do", "tells_done"]

# Words that open a line before its verb: "today I", "this morning we", "hoy", "ya".
_LEAD = (
    r"^\s*(?:(?:today|this morning|this afternoon|this evening|tonight|yesterday|earlier|"
    r"finally|just|already|also|then|hoy|ayer|esta (?:ma[nñ]ana|tarde|noche)|anoche|"
    r"por fin|ya|tambi[eé]n|luego|(?:por|de|a) la (?:ma[nñ]ana|tarde|noche)|"
    r"in the (?:morning|afternoon|evening))\s*,?\s+)*"
    r"(?:(?:i|we)\s+(?:just\s+|already\s+|finally\s+)?)?"
)
_IRREGULAR = (
    "went took bought made got did ran saw found brought came gave had left lost met paid "
    "sent sold spent told wrote drove ate forgot began broke chose fell fed felt flew heard "
    "held kept knew led lent sat slept spoke stood taught thought threw understood woke won "
    "wore built caught dug drew hung hid rode rang sang shook stuck swam swept tore bent "
    "blew bled dealt drank froze ground overslept rebuilt redid remade rewrote sank spun"
)
# Words ending in -ed that are not a past tense: -eed verbs ("bleed", "reseed"), "shred",
# and names ("Ahmed", "Fred").
_NOT_PAST = (
    r"\w*eed|shred|shed|bed|red|bred|embed|ed|fred|ted|ned|jared|ahmed|mohammed|alfred|"
    r"mildred|winifred|manfred|reed|wed"
)
_ES_IRREGULAR = (
    "fui fue fuimos hice hizo hicimos tuve tuvo tuvimos estuve estuvo estuvimos puse puso "
    "pusimos dije dijo dijimos traje trajo trajimos vine vino vinimos pude pudo pudimos vi "
    "vio di dio anduve quise supe"
)
_EN_PAST = re.compile(
    _LEAD + rf"(?:(?!(?:{_NOT_PAST})\b)[a-z]+ed|{_IRREGULAR.replace(' ', '|')})\b"
)
_PERFECT = re.compile(
    _LEAD + r"(?:(?:have|has|'ve)\s+(?:just\s+|already\s+|finally\s+)?[a-z]+(?:ed|en|ne|wn)|"
    r"(?:he|hemos|ha|han)\s+(?:ya\s+)?[a-z]+(?:ado|ido|echo|isto|uesto|ierto|ito))\b"
)
# Spanish preterite, first or third person singular: "regué", "limpió", "compré", and the
# first person of -er/-ir verbs: "pedí", "recogí", "escribí" (not "sí", "aquí", "así").
_ES_PRETERITE = re.compile(
    _LEAD
    + r"(?:(?:le|les|lo|la|los|las|me|se|te|nos)\s+)?"  # "le escribí a Ana", "lo pagué"
    + r"(?!(?:jos|andr|no|zo|chlo|ren|caf|beb|pur|comit|carn|chal|cap|domin|bur|"
    r"sof|men|canap|consom)[éó](?=\s|[,.;:!]|$))"
    r"(?!(?:s|aqu|all|ah|as|m|t|ma|man|esqu|rub|jabal|colibr|bistur|ir|an)í(?=\s|[,.;:!]|$))"
    rf"(?:[a-zñ]+(?:é|ó|í)|{_ES_IRREGULAR.replace(' ', '|')})(?=\s|[,.;:!]|$)"
)
# What was not done, though said in the past: "Forgot to order the gloves", "Failed to renew
# the permit", "no pude llamar", "se me olvidó".
_NOT_DONE = re.compile(
    r"\b(?:forgot to|failed to|didn'?t|did not|couldn'?t|could not|never got to|"
    r"no (?:pude|pudimos|llegu[eé]|he podido)|se me olvid[oó]|olvid[eé])\b"
)
# First person plural reads the same in present and preterite ("limpiamos"): past only with a
# time of the day already gone.
_ES_WE = re.compile(_LEAD + r"[a-zñ]+(?:amos|imos)\b")
_GONE = re.compile(
    r"\b(?:this morning|yesterday|earlier today|last night|esta ma[nñ]ana|ayer|anoche|"
    r"antes|hace un rato|already|ya)\b"
)
_STILL_TO_DO = re.compile(
    r"\b(?:need(?:s)? to|have to|has to|must|should|gotta|going to|gonna|will|tomorrow|"
    r"later|next (?:week|month|time)|by (?:monday|tuesday|wednesday|thursday|friday|"
    r"saturday|sunday|tonight)|todo(?=\s*:)|to-do|pending|remind|"
    r"tengo que|tenemos que|hay que|debo|debemos|necesito|necesitamos|voy a|vamos a|"
    r"(?<!esta )(?<!la )ma[nñ]ana|luego|pendiente|recordar|la semana que viene|el proximo)\b"
)


# A verb in the past anywhere in a line, not only where it opens: English was/were/had, an
# irregular past, a past in -ed that is not a state after "is" ("is configured") nor a word
# that only ends so ("embed", "Ahmed"); Spanish a preterite, a perfect, an imperfect ("se
# cayó", "ha fallado", "movimos", "estaba"), or a participle opening the line ("Actualizado
# el FortiGate", "entregadas las páginas").
_PAST_ANYWHERE = re.compile(
    rf"\b(?:was|were|had|{_IRREGULAR.replace(' ', '|')}|"
    r"(?<!\bis )(?<!\bare )(?<!\bbe )(?<!\bbeen )(?<!\bget )"
    rf"(?!(?:{_NOT_PAST})\b)[a-z]{{3,}}ed)\b|"
    r"\b(?:fue|fueron|hubo|estaba|estaban|era|eran|[a-zñ]{2,}(?:aron|ieron|aste|iste)|"
    r"(?:he|has|ha|hemos|han) [a-zñ]*(?:ado|ido|to|cho)|[a-zñ]{3,}(?:amos|imos) (?:ayer|hoy)|"
    r"^\s*[a-zñ]{3,}(?:ad|id)[oa]s?)\b"
)
_PAST_ACCENTED = re.compile(r"\b[a-zñ]{2,}[óé]\b")  # "cayó", "instalé" (folding loses it)


_ADDRESSED = re.compile(r"^\s*[\w.'-]+\s*:\s*")


def tells_done(text: str) -> bool:
    """True when ``text`` tells something done, in the past or present perfect, and says
    nothing still to do."""
    # Spanish accents matter here: "regué" is a past, "regue" no word — fold the rest only.
    text = re.sub(r"\s+", " ", text)  # one space: a run of thousands makes _LEAD backtrack
    text = _ADDRESSED.sub("", text, count=1)  # "Ahmed: renew the permit" — a name, not a verb
    lowered = text.lower()
    folded = fold(text)
    if _STILL_TO_DO.search(folded) or _NOT_DONE.search(lowered):
        return False
    if _EN_PAST.search(folded) or _PERFECT.search(folded) or _ES_PRETERITE.search(lowered):
        return True
    return bool(_ES_WE.search(folded) and _GONE.search(folded))


def still_to_do(text: str) -> bool:
    """``text`` says something is still to do ("need to", "tomorrow", "tengo que", "luego")."""
    return bool(_STILL_TO_DO.search(fold(re.sub(r"\s+", " ", text))))


def says_past(text: str) -> bool:
    """``text`` has a verb in the past anywhere ("Pi-hole crashed again", "the NAS was at
    .20", "se cayó", "ha fallado"), whatever it says is still to do."""
    text = re.sub(r"\s+", " ", text)
    return bool(_PAST_ANYWHERE.search(fold(text)) or _PAST_ACCENTED.search(text.lower()))
