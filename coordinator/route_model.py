"""The routing classifier: logistic regression over embeddings, hashed words and cues.

Numpy only at run time. The weights are trained by ``scripts/train_router.py`` on the train
part of ``tests/data/routing`` and shipped as ``coordinator/data/router_model.npz`` together
with the sha256 of the corpus they were trained on. The classes are ``layer/kind`` pairs; the
layer is the one whose kinds carry the most probability, the kind the likeliest within it.
"""

from __future__ import annotations

import re
import zlib
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources
from io import BytesIO
from typing import Any

import numpy as np
import Stemmer

from memory.folding import fold

__all__ = [
    "CUES",
    "DURABLE",
    "EXTRA",
    "MULTILINGUAL",
    "Prediction",
    "RouteModel",
    "cue_vector",
    "durability",
    "durability_vector",
    "embedding",
    "features",
    "shipped_model",
    "words",
]

BUCKETS = 4096
EMBEDDER = "all-MiniLM-L6-v2-int8"  # the models were trained on this embedder's vectors
DIMENSION = 384
# The router reads the multilingual embedder's vector (one space for English and Spanish;
# MiniLM is English-only); a model lists the embedders it was trained on.
MULTILINGUAL = "use-multilingual-v3"
DIMENSIONS = {EMBEDDER: DIMENSION, MULTILINGUAL: 512}
_WORD = re.compile(r"[a-z0-9ñ]+(?:[-'][a-z0-9ñ]+)*")

# Cue features: each is a yes/no signal the classifier weighs; none decides on its own.
CUES: dict[str, re.Pattern[str]] = {
    name: re.compile(pattern, re.IGNORECASE)
    for name, pattern in {
        "question_mark": r"\?\s*$|^\s*¿",
        "wh_start": r"^\s*(?:what|how|why|when|where|who|which|is|are|do|does|did|can|could|"
        r"should|would|qu[eé]|c[oó]mo|por qu[eé]|cu[aá]ndo|d[oó]nde|qui[eé]n|cu[aá]l|"
        r"hay|tengo|puedo|sabes)\b",
        "label": r"^\s*[\w ]{2,20}:",
        "slug_prefix": r"^\s*[a-z0-9]+(?:-[a-z0-9]+)+\s*:",
        "slug": r"\b[a-z0-9]+(?:-[a-z0-9]+)+\b",
        "today": r"\b(?:today|this (?:morning|afternoon|evening)|tonight|just|yesterday|"
        r"last night|hoy|esta (?:mañana|tarde|noche)|anoche|ayer|acabo de|acabamos de)\b",
        "now": r"\b(?:right now|now|currently|ahora|ahora mismo|en este momento)\b",
        "session": r"\b(?:this (?:conversation|chat|session)|for now|for the rest of|"
        r"esta (?:conversaci[oó]n|sesi[oó]n)|este chat|por ahora|de momento|por el momento)\b",
        "procedure": r"\b(?:how to|to do|steps?|run|then|first|c[oó]mo|pasos?|primero|luego|"
        r"despu[eé]s|ejecuta|whenever|cada vez que|cuando te (?:pida|diga))\b",
        "task": r"\b(?:todo|to do|need to|have to|must|remind|tengo que|hay que|recu[eé]rda|"
        r"pendiente|ma[nñ]ana)\b",
        "past": r"\b\w+(?:ed|[ií]|[eé]|aron|ieron|amos|imos)\b",
        "rule": r"\b(?:always|never|every|only|siempre|nunca|cada|solo|s[oó]lo|nada de)\b",
        "preference": r"\b(?:i (?:prefer|like|love|hate|want)|prefiero|me gusta|odio|quiero)\b",
        "identity": r"\b(?:my|mi|mis|i am|i'm|soy|me llamo)\b",
        "lesson": r"\b(?:lesson|learn\w*|lecci[oó]n|aprend\w*|next time|la pr[oó]xima|"
        r"turns out|in hindsight|resulta que|never again|nunca m[aá]s)\b",
        "pitfall": r"\b(?:careful|beware|watch out|gotcha|ojo|cuidado)\b",
        "decision": r"\b(?:decid\w*|chose|going with|settled on|nos quedamos|elegimos|"
        r"vamos con|optamos)\b",
        "opens_past": r"^\s*(?:i |we |just |ya )?(?:[a-z]+ed|ran|did|got|had|made|put|set|took|"
        r"went|sent|bought|found|saw|built|wrote|[a-záéíóúñ]{3,}(?:é|ó|aron|ieron))\b",
        "session_soft": r"\b(?:for now|por ahora|de momento|por el momento|temporar\w*|"
        r"let'?s|vamos a|assume|asume|suppose|supongamos|pretend|ignore|ignora|olvida|forget|"
        r"focus|c[eé]ntrate|centr[eé]monos|thread|hilo|here|aqu[ií]|mientras|while we|"
        r"hypothesis|hip[oó]tesis|we'?re (?:on|at)|estamos|step \d|paste\w*|pega\w*|pas[eé]|"
        r"above|arriba|help me|ay[uú]dame|next (?:few )?messages|this (?:comparison|one))\b",
        "colon_list": r":[^:]*,[^,]*,",
        "menu_path": r"\w\s*(?:>|→|->)\s*\w",
        "conditional": r"^\s*(?:if|when|whenever|si|cuando|siempre que|cada vez que)\b",
        "next_time": r"\b(?:next time|la pr[oó]xima vez|from now on|a partir de ahora|"
        r"de ahora en adelante|going forward|en adelante|last time|la [uú]ltima vez|"
        r"the trick|el truco|routine|rutina)\b",
        "schedule": r"\b(?:tomorrow|tonight|on (?:mon|tues|wednes|thurs|fri|satur|sun)day|"
        r"this week|by (?:mon|tues|wednes|thurs|fri|satur|sun)day|before the \d|ma[nñ]ana|"
        r"(?:el )?(?:lunes|martes|mi[eé]rcoles|jueves|viernes|s[aá]bado|domingo)|esta semana|"
        r"antes del? \d)\b",
        "periodic": r"\b(?:every (?:day|week|month|quarter|year|morning|night|monday|january)|"
        r"each (?:week|month|quarter)|daily|weekly|monthly|quarterly|yearly|annually|"
        r"cada (?:d[ií]a|semana|mes|trimestre|a[nñ]o|lunes|septiembre|enero)|"
        r"mensual\w*|semanal\w*|trimestral\w*|anual\w*)\b",
        "remind": r"\b(?:remind\w*|recu[eé]rd\w*|record(?:ar|armelo)\w*|acu[eé]rdate|"
        r"don'?t let me forget|no me dejes olvidar|pendi\w*)\b",
        "smalltalk": r"^\s*(?:brb|back in|ugh|lol|nice|cool|great|de acuerdo|ok(?:ay)?|vale|"
        r"genial|perfecto|phew|uf+|hmm+|bueno|hold on|espera|good (?:morning|night)|"
        r"buenas|buenos d[ií]as)\b",
        "style": r"\b(?:please|por favor|don'?t give me|no me (?:des|propongas|pongas)|"
        r"answers?|respuestas?|give me|dame|show me|mu[eé]strame|reply|responde)\b",
        "progress": r"\b(?:right now|as we speak|at the moment|en este momento|ahora mismo|"
        r"currently|going on|in progress|so far|hasta ahora|va por|is at \d+%|done|"
        r"finished|terminad[oa]|listo)\b",
        "statement_be": r"\b(?:is|are|es|son|est[aá]n?|tiene|tienen|has|have|uses|usa|runs|"
        r"corre|lives|vive)\b",
        "progressive": r"\b(?:i'?m|we'?re|i am|we are|estoy|estamos)\s+(?:\w+\s+)?"
        r"(?:\w+ing|\w+ando|\w+iendo)\b",
        "alias": r"\b(?:means|refers to|significa|me refiero|quiero decir|call (?:it|the|them)|"
        r"ll[aá]mal[oa]s?|is called|se llama)\b|[\"“'][^\"”']{1,30}[\"”'] (?:is|es|means|=)",
        "naming": r"\b(?:nam\w*|prefix\w*|suffix\w*|format\w*|nombr\w*|prefijo|sufijo|"
        r"etiquet\w*|label\w*|tag\w*|go(?:es)? (?:in|under|into)|van? en|se apunta\w*|"
        r"se guarda\w*|lowercase|min[uú]sculas|camel\w*|snake\w*)\b",
        "consequence": r"\b(?:otherwise|or else|or it|or the|breaks?|se rompe\w*|fails?|falla\w*|"
        r"si no|sino|if you don'?t|unless|a menos que|will (?:fail|break|lose)|pierde\w*|"
        r"lose\w*|corrupt\w*|silently|en silencio)\b",
        "obligation": r"\b(?:must|has to|have to|needs? to|should|no one|nobody|nadie|ning[uú]n\w*|"
        r"any|cualquier\w*|todo|toda|todos|se (?:tiene|debe)|debe\w*|tiene que|hay que|"
        r"not allowed|prohibid\w*|require\w*|exig\w*)\b",
        "config": r"\b(?:port|puerto|config\w*|timeout|env|variable|flag|setting|ajuste|"
        r"runs on|corre en|served|deploy\w*|=)\b|=|\bv?\d+\.\d+",
        "here_and_now": r"\b(?:i'?ll paste|te voy a (?:pasar|pegar|ir)|i'?m on my phone|"
        r"keep it (?:brief|short)|vamos al grano|lo urgente|where we are|lose track|"
        r"no me (?:sugieras|des|propongas)|don'?t suggest|be careful what|"
        r"estoy (?:al tel[eé]fono|con)|i'?m (?:logged|on (?:a|the) call|halfway|midway))\b",
        "lasting": r"\b(?:from now on|no vuelvo atr[aá]s|where it stays|leave it like that|"
        r"worth (?:it|every)|matters|me ense[nñ][oó]|taught me|saved? me|me ahorr\w*|"
        r"gets you|never again|for good|para siempre|de ahora en adelante)\b",
        "number": r"\d",
        "thanks": r"\b(?:thanks|thank you|gracias|ok|vale|lol|jaja\w*|haha\w*|hola|hi|hello)\b",
        # A to-do opens with a bare verb ("Reply to the quote", "Dar de alta al becario").
        "imperative": r"^\s*(?:ask|book|buy|call|check|draft|email|fix|follow up|get|look into|"
        r"order|pay|pick up|reply|answer|renew|return|schedule|send|sign|update|write|"
        r"remember to|find|print|clean|move|review|submit|file|install|test|try|"
        r"(?:sacar|reservar|pedir|dar|llamar|comprar|revisar|mandar|enviar|pagar|preparar|"
        r"renovar|llevar|hablar|buscar|cambiar|mirar|apuntar|recoger|devolver|hacer|poner|"
        r"subir|bajar|imprimir|escribir|contestar|responder|actualizar|limpiar|pasar|firmar|"
        r"quitar|preguntar|avisar|confirmar|descargar|instalar|probar|arreglar|encargar)"
        r"(?:le|les|lo|la|los|las|se)?)\b",
        # A reading taken now: a share, a level, what is left ("Vault is at 71%", "quedan 3 TB").
        "reading": r"\d\s*%|\b(?:(?:is|are) at \d+(?:[.,]\d+)?\s*(?:%|percent|°|degrees|gb|tb)|"
        r"est[aá] al \d|quedan \d|marcaba|read(?:ing)? -?\d)",
        # A state that passes with the day ("in meetings all afternoon", "llega tarde").
        "passing": r"\b(?:all (?:day|morning|afternoon|evening|week)|this (?:weekend|week)|"
        r"toda la (?:ma[nñ]ana|tarde|semana)|todo el d[ií]a|llega tarde|is out|is off|"
        r"est[aá] de (?:vacaciones|baja|viaje|congreso)|se queda|avis[oó]|arriv\w*|lleg[oó]|"
        r"vino|came|"
        r"showed up|dej[oó] aviso)\b",
    }.items()
}


def words(text: str) -> list[str]:
    """Lowercased words without accents (ñ kept), for hashing and for quoting."""
    return _WORD.findall(fold(text))


@lru_cache(maxsize=1)
def _stemmers() -> tuple[Any, Any]:
    return Stemmer.Stemmer("english"), Stemmer.Stemmer("spanish")


def _tokens(text: str) -> list[str]:
    """Words, their English and Spanish stems, word pairs and the opening words."""
    found = words(text)
    english, spanish = _stemmers()
    tokens = found + [f"en:{w}" for w in english.stemWords(found)]
    tokens += [f"es:{w}" for w in spanish.stemWords(found)]
    tokens += [f"{a} {b}" for a, b in zip(found, found[1:], strict=False)]
    if found:
        tokens += [f"^{found[0]}", "^" + " ".join(found[:2])]
    return tokens


def _bucket(token: str) -> int:
    return zlib.crc32(token.encode("utf-8")) % BUCKETS


# After the cues: the workspace's projects named in full, in part, in part as a particular
# thing ("the lift", "el bot"), and the text's length.
EXTRA = 4


def cue_vector(text: str, known_projects: tuple[str, ...] = ()) -> np.ndarray:
    from coordinator.project_names import mentions

    values = [1.0 if pattern.search(text) else 0.0 for pattern in CUES.values()]
    named = mentions(text, known_projects) if known_projects else []
    full = any(m.full for m in named)
    values.append(1.0 if full else 0.0)
    values.append(1.0 if named and not full else 0.0)
    values.append(1.0 if not full and any(m.definite for m in named) else 0.0)
    values.append(min(len(words(text)), 40) / 40.0)
    return np.array(values, dtype=np.float32)


def features(text: str, vector: np.ndarray, known_projects: tuple[str, ...] = ()) -> np.ndarray:
    """The model's input: embedding, hashed words and word pairs, cues, and a bias."""
    hashed = np.zeros(BUCKETS, dtype=np.float32)
    for token in _tokens(text):
        hashed[_bucket(token)] += 1.0
    norm = float(np.linalg.norm(hashed))
    if norm:
        hashed /= norm
    cues = cue_vector(text, known_projects)
    return np.concatenate([vector.astype(np.float32), hashed, cues, np.ones(1, np.float32)])


def embedding(embedder: Any, text: str) -> np.ndarray:
    """The text's vector for the models: zeros under another embedder (e.g. the hashing
    fallback), whose vectors live in a different space — words and cues then decide."""
    identity = getattr(embedder, "identity", None)
    if identity is None or identity.name != EMBEDDER:
        return np.zeros(DIMENSION, dtype=np.float32)
    vector: np.ndarray = embedder.embed([text])[0]
    return vector


@dataclass(frozen=True, slots=True)
class Prediction:
    layer: str
    kind: str
    confidence: float  # probability of the layer
    layer_scores: dict[str, float]
    words: tuple[str, ...]  # words of the text that pushed most toward the choice


class RouteModel:
    """Weights (classes × features) and the class names, as trained."""

    def __init__(
        self,
        weights: np.ndarray,
        classes: list[str],
        corpus_sha256: str,
        embedders: tuple[str, ...] = (EMBEDDER,),
    ) -> None:
        self.weights = weights
        self.classes = classes
        self.corpus_sha256 = corpus_sha256
        self.embedders = embedders

    @property
    def dimension(self) -> int:
        """The length of the embedding part of the features."""
        return sum(DIMENSIONS[name] for name in self.embedders)

    def embedding(self, embedder: Any, text: str) -> np.ndarray:
        """The text's vectors under the model's embedders, one after the other. All zeros
        under the hashing fallback (no model files) or when the multilingual model cannot
        load: words and cues then decide, as the model was also trained to."""
        zeros = np.zeros(self.dimension, dtype=np.float32)
        parts = []
        for name in self.embedders:
            if name == EMBEDDER:
                part = embedding(embedder, text)
            elif getattr(embedder, "degraded", True):
                return zeros
            else:
                from memory.search.embedders import ModelUnavailableError, multilingual_embedder

                try:
                    part = multilingual_embedder().embed([text])[0]
                except (ModelUnavailableError, OSError):  # words and cues decide without it
                    return zeros
            if not part.any():
                return zeros
            parts.append(part)
        return np.concatenate(parts).astype(np.float32)

    @classmethod
    def from_bytes(cls, data: bytes) -> RouteModel:
        with np.load(BytesIO(data), allow_pickle=False) as archive:
            embedders = (
                tuple(str(e) for e in archive["embedders"])
                if "embedders" in archive.files
                else (EMBEDDER,)
            )
            return cls(
                archive["weights"].astype(np.float32),
                [str(c) for c in archive["classes"]],
                str(archive["corpus_sha256"]),
                embedders,
            )

    def to_bytes(self) -> bytes:
        out = BytesIO()
        np.savez_compressed(
            out,
            weights=self.weights.astype(np.float32),
            classes=np.array(self.classes),
            corpus_sha256=np.array(self.corpus_sha256),
            embedders=np.array(self.embedders),
        )
        return out.getvalue()

    def probabilities(self, x: np.ndarray) -> np.ndarray:
        logits = self.weights @ x
        logits -= logits.max()
        exp = np.exp(logits)
        result: np.ndarray = exp / exp.sum()
        return result

    def predict(
        self,
        text: str,
        vector: np.ndarray,
        known_projects: tuple[str, ...] = (),
        layers: frozenset[str] | None = None,
    ) -> Prediction:
        """The likeliest layer/kind; ``layers`` restricts the choice (e.g. to "project")."""
        x = features(text, vector, known_projects)
        probs = self.probabilities(x)
        by_layer: dict[str, float] = {}
        for name, p in zip(self.classes, probs, strict=True):
            layer = name.split("/")[0]
            by_layer[layer] = by_layer.get(layer, 0.0) + float(p)
        allowed = [key for key in by_layer if layers is None or key in layers]
        layer = max(allowed, key=lambda key: by_layer[key])
        index = max(
            (i for i, name in enumerate(self.classes) if name.startswith(layer + "/")),
            key=lambda i: probs[i],
        )
        return Prediction(
            layer,
            self.classes[index].split("/")[1],
            by_layer[layer],
            by_layer,
            self._telling_words(text, index),
        )

    def _telling_words(self, text: str, index: int, limit: int = 2) -> tuple[str, ...]:
        """The text's own words whose hashed weight favours class ``index`` the most."""
        offset = len(self.weights[index]) - BUCKETS - len(CUES) - EXTRA - 1
        row = self.weights[index]
        others = np.delete(self.weights, index, axis=0).mean(axis=0)
        scored: dict[str, float] = {}
        for original in re.findall(r"[^\W_]+(?:[-'][^\W_]+)*", text):
            folded = words(original)
            if len(folded) != 1 or len(folded[0]) < 4:
                continue
            bucket = offset + _bucket(folded[0])
            scored[original] = float(row[bucket] - others[bucket])
        best = sorted((w for w in scored if scored[w] > 0), key=lambda w: -scored[w])
        return tuple(best[:limit])


@lru_cache(maxsize=1)
def shipped_model(name: str = "router_model.npz") -> RouteModel:
    """A model shipped in ``coordinator/data`` (router_model.npz, durability_model.npz)."""
    data = resources.files("coordinator").joinpath(f"data/{name}").read_bytes()
    return RouteModel.from_bytes(data)


# The probability above which a daily-log line is durable: set above one half, since
# promoting chatter into MEMORY.md costs more than leaving a fact in its log.
DURABLE = 0.55


def durability_vector(embedder: Any, text: str) -> np.ndarray:
    """``text``'s vector as the durability judge reads it: under the embedders it was
    trained on (all zeros without them: words and cues then decide)."""
    return shipped_model("durability_model.npz").embedding(embedder, text)


def durability(text: str, vector: np.ndarray) -> tuple[bool, str, float]:
    """Is a daily-log line worth keeping in MEMORY.md? (durable, kind, probability).
    ``vector`` is ``durability_vector(embedder, text)``."""
    guess = shipped_model("durability_model.npz").predict(text, vector)
    durable = guess.layer_scores.get("durable", 0.0)
    if durable >= DURABLE:
        kind = guess.kind if guess.layer == "durable" else "fact"
        if guess.layer != "durable":
            scores = shipped_model("durability_model.npz").predict(
                text, vector, layers=frozenset({"durable"})
            )
            kind = scores.kind
        return True, kind, durable
    return False, guess.kind, durable
