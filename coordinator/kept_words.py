"""Statements the classifier may take for small talk but that hold something to keep.

Small talk is nothing to remember, so a wrong "small talk" loses the statement. Two shapes
are kept whatever the classifier guessed, in English and Spanish:

- an errand for the owner, said as a bare to-do: "Buy pipette tips", "Order more nitrile
  gloves", "Llamar al fontanero", "Pedir más guantes" — a task of the day (a one-off piece of
  work for the assistant, "draft an email to Ana", is told apart earlier by the router);
- a fact that changed, told with "now" ("ahora el Plex corre en el mini PC", "the NAS is
  now in the back office") — "ahora" reads like "por ahora" to the classifier, but with
  nothing that holds it back (``memory.update_cues``: "for now", "hasta el viernes", "right
  now") it is a lasting new value, kept in MEMORY.md where it can replace the old one;
- what someone likes, prefers or cannot have: "Ana prefers Signal over email", "My sister
  likes tulips", "A Marta le encanta el té verde", "Luis es alérgico a las nueces" — a
  preference kept in MEMORY.md.
"""

from __future__ import annotations

import re

from memory.folding import fold
from memory.update_cues import holding_back

__all__ = ["changed_now", "clear_errand", "errand", "someones_preference"]

_ERRAND_VERBS = (
    "buy order reorder call phone ring email e-mail text message book pay renew cancel "
    "schedule reschedule return pick drop collect fetch bring send post mail ship print "
    "sign submit file fix repair replace clean wash water feed refill restock recharge "
    "charge update upgrade install check test calibrate label defrost empty swap sell ask "
    "finish prepare prep pack pickup top-up"
)
_EN_ERRAND = re.compile(
    rf"^\s*(?:(?:need to|have to|gotta|must|should)\s+)?(?:{_ERRAND_VERBS.replace(' ', '|')})"
    # ... with an object: not "Call it a day", "Check you later", "test"
    r"\s+(?!(?:you|u|it|me|us|care|well|soon|over|out|later|away)\b)\w",
)
# A Spanish infinitive stands before its object, and the line reads as Spanish: one of its
# little words follows ("Llamar al fontanero", "Comprar puntas de pipeta", "Pedir más
# guantes") — not "Whatever", "Later!", "Super, gracias".
_ES_LITTLE = re.compile(
    r"\b(?:al|el|la|los|las|del|de|un|una|unos|unas|mas|más|para|con|por|y)\b"
    r"|\b(?:a|en)\s+(?:[a-zñ]*ñ|[a-zñ]+(?:cion|dad)\b)"
)
_EXCLAIMED = re.compile(r"!|¡|\bqu[eé] (?:gusto|bien|rico|pena|guay|maravilla)\b")
# A Spanish infinitive opening the line ("Llamar al fontanero", "hay que pedir guantes").
_ES_ERRAND = re.compile(
    r"^\s*(?:hay que\s+|tengo que\s+|toca\s+)?"
    r"(?P<verb>[a-zñ]{2,}(?:ar|er|ir)|ir|ver|dar)(?:l[oa]s?|les?|se)?\b"
)
# Spanish verbs of errands: opening a line with an object ("Comprar guantes", "Llamar a
# Ana"), a to-do whatever the classifier is sure of.
_ES_ERRAND_VERBS = frozenset(
    """comprar pedir encargar llamar telefonear escribir mandar enviar reservar pagar renovar
    cancelar programar devolver recoger traer llevar imprimir firmar entregar arreglar
    reparar cambiar sustituir limpiar lavar regar alimentar rellenar reponer recargar
    cargar actualizar instalar revisar comprobar probar calibrar etiquetar descongelar
    vaciar vender preguntar terminar preparar avisar contestar responder confirmar hacer ir
    ver dar sacar tirar buscar""".split()
)
_EN_CLEAR = re.compile(
    rf"^\s*(?:{_ERRAND_VERBS.replace(' ', '|')})\s+"
    r"(?!(?:you|u|it|me|us|care|well|soon|over|out|later|back|a day|time|the shots|home|"
    r"attention|away)\b)"
    r"(?:the |a |an |some |more |my |our |new )?[a-z][\w-]+"
)
_TOLD = re.compile(
    r"\b(?:was|were|is|are|has|had|went|got|sucks|rocks|fue|era|es|son|estuvo|esta|estaba|"
    r"cuesta|cuestan)\b|\bring a bell\b|\bpara creer\b|\bel tonto\b"
)
_NOT_VERBS = frozenset(
    "ayer taller lugar hogar mujer mar bar altar azucar collar dolar militar popular similar "
    "particular regular familiar alquiler placer poder ser par mejor peor mayor menor "
    "primer tercer cualquier interior exterior anterior posterior superior inferior "
    "exterior alrededor amor calor color dolor error favor flor honor humor interior "
    "labor motor olor rumor sabor sector sudor temor terror valor vapor".split()
)
_SOMEONE = (
    r"(?:(?i:my|our|mi|mis|nuestr[oa]s?)\s+[a-zñ]+|(?:[Aa]\s+)?"
    # a name, not a pronoun or a quantifier ("She likes it", "Everyone loves a Friday")
    r"(?!(?:She|He|It|They|We|You|I|Everyone|Everybody|Nobody|Someone|Somebody|People|This|"
    r"That|There|Todos|Todas|Nadie|Alguien|Ella|Ellos|Ellas|Usted)\b)[A-ZÁÉÍÓÚÑ][a-záéíóúñ]+)"
)
_LIKES = re.compile(
    rf"^\s*{_SOMEONE}\s+(?:(?:really|also|still|only|always|never)\s+)?"
    r"(?:prefers|likes|loves|hates|dislikes|can'?t stand|is allergic|can'?t eat|doesn'?t eat|"
    r"doesn'?t drink|drinks|takes (?:her|his|their) coffee|prefiere|odia|detesta|es al[eé]rgic[oa]|"
    r"no (?:come|bebe|soporta|puede comer|toma)|(?:le|les) (?:gusta|gustan|encanta|encantan))\b"
)


def clear_errand(text: str) -> bool:
    """An errand verb and its object opening a short line ("Buy gloves", "Comprar guantes",
    "Llamar a Ana"): a to-do however sure the classifier is of small talk."""
    folded = fold(text).strip().rstrip(".!")
    if len(folded.split()) > 8 or "?" in folded or _TOLD.search(folded):
        return False  # "Book club was fun": a verb of its own, not an errand
    if _EN_CLEAR.search(folded):
        return True
    match = _ES_ERRAND.search(folded)
    if not match or match.group("verb") not in _ES_ERRAND_VERBS:
        return False
    return bool(re.match(r"\s+(?:a\s+(?:por\s+)?|al\s+)?[a-zñ]{2,}", folded[match.end() :]))


def errand(text: str) -> bool:
    """A bare to-do for the owner: an errand verb, or a Spanish infinitive, opening it."""
    folded = fold(text)
    if _TOLD.search(folded):
        return False  # "Book club was fun", "Estar de vacaciones es lo mejor"
    if _EN_ERRAND.search(folded):
        return True
    match = _ES_ERRAND.search(folded)
    if not match or match.group("verb") in _NOT_VERBS or _EXCLAIMED.search(folded):
        return False  # "Dormir un poco más, qué gusto"
    return bool(_ES_LITTLE.search(folded[match.end() :]))


def someones_preference(text: str) -> bool:
    """What a person (named, or "my sister") likes, prefers or cannot have."""
    return bool(_LIKES.search(text.strip()))


_NOW_CHANGED = re.compile(
    r"^\s*ahora\s+(?:el|la|los|las|mi|mis|nuestr[oa]s?)\s|"  # not "ahora vamos a …"
    # a name and its verb: "ahora Jellyfin corre en el mini PC", "ahora Marta lleva los pedidos"
    r"^\s*ahora\s+[a-z0-9ñ][\w.-]*(?:\s+[a-z0-9ñ][\w.-]*)?\s+(?:esta|estan|corre|corren|vive|"
    r"viven|va|van|usa|usan|usamos|tiene|tienen|funciona|lleva|llevan|vuelve)\b|"
    r"\w\s+ahora (?:esta|estan|es|son|corre|corren|vive|va|usa\w*|tiene)\b|"
    r"\b(?:is|are) now\b|\bnow (?:runs?|lives?|sits?|uses?|is|are|on|at|in|with)\b"
)
_NOT_LASTING = re.compile(
    r"\b(?:right now|just now|por ahora|de momento|ahora mismo|for now|"
    # said to the assistant about the work at hand: "… céntrate en eso", "let's …"
    r"you|your|let'?s|tu|ayudame|centrate|hazme|dime|vamos|hagamos)\b|"
    # the work at hand: "we are now debugging …", "the focus is now …", "el foco ahora es …"
    r"\b(?:is|are|am) now \w+ing\b|\bnow (?:working|debugging|looking|trying|focusing)\b|"
    r"\b(?:focus|plan|goal|priority|task|objetivo|foco|plan|prioridad|tarea)\b"
)


def changed_now(text: str) -> bool:
    """A value told as the new one with "now" / "ahora", nothing holding it back."""
    folded = fold(text)
    if not _NOW_CHANGED.search(folded) or _NOT_LASTING.search(folded):
        return False
    return holding_back(text) is None
