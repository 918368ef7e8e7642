"""Which skill, if any, a request asks for by description: a learned decision.

Small logistic models, trained by ``scripts/train_skill_activation.py`` on labelled
sets written by different people and shipped in ``skills/data/activation_model.json``:

1. **rank**: per skill, the request's signals (``skills.relevance.Signals``: meaning,
   body passage, shared words of the head and of the body, and for a Spanish request the
   multilingual model's cosines), each also taken relative to the other skills' mean (a
   skill that fits better than the rest, not one that fits everything), and relative to
   the mean of the skills written in the same language (``pair_features``). A request read
   across languages has weights of its own: its MiniLM meaning reads a gloss, and the
   multilingual cosines carry more. The best skill is the candidate.
2. **gate**: whether to activate the candidate or nothing. "None" is a real outcome: a
   request that names a skill's tool or topic but asks for something else (a question of
   general knowledge, advice, a different task on the same thing) activates nothing. It
   reads the candidate's score and its lead over the second (each up to a cap: a closer
   fit past it says the request is on the skill's topic, not that it asks for its task),
   the candidate's signals, how
   clearly it stands out from the other skills in units free of a writer's wording (on
   how many signals it comes first, how many standard deviations above the mean), the
   request's form (a statement, a question of knowledge, one shaped for advice, Spanish;
   its length, a number, the user's own things, "how do I …", what to do first, a
   question mark, the details of the case it hands over) and how much the request
   reads like a task for a skill at all: a linear model over the request's own vector
   (MiniLM, or the multilingual model for Spanish), trained on requests that activate
   something against requests that must not; and how well the request fits what the
   candidate does (``task_fit``: a logistic model over the products, dimension by
   dimension, of the request's and the description's MiniLM vectors, trained on every
   (request, skill) pair: it learns which dimensions say "asks for this task" where a
   cosine weighs them all alike), and the candidate's lead in it over the skills' mean;
   and how much the request's own words and shape read like a request for a task
   (``skills.form``: a logistic model over its words, pairs of words, first and last
   words, question mark and length, English and Spanish alike).

The gate is fitted with a request that names a skill the ranker did not put first counting
less than the others: it asks for a task, only not the candidate's. A collection of fewer
than ``BACKGROUND_SKILLS`` skills has a gate of its own, fitted with every request alike
(``gate_small``). The gate's probability is compared with a threshold chosen on the
training sets so that on none of them (each written by a different person) more than 3 %
of the requests labelled "none" activate; a question shaped for advice that hands over no quantity
activates nothing ("which NAS should I buy?"). The model was
trained on MiniLM vectors: the matcher uses it only with that embedder (``applies_to``),
and keeps the hand-weighted score otherwise.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources
from typing import Any

import numpy as np

from skills.errors import SkillError
from skills.form import FormModel
from skills.intent import (
    asks_for_advice,
    asks_for_knowledge,
    asks_how_to,
    asks_to_do,
    looks_like_request,
    refers_to_own_things,
    reports_problem,
    specifics,
)
from skills.relevance import Signals

__all__ = [
    "ActivationModel",
    "Decision",
    "agreement",
    "features_of",
    "fit_inputs",
    "gate_features",
    "held_back",
    "load_model",
    "pair_features",
    "request_flags",
    "task_fit",
]

MODEL_FILE = "data/activation_model.json"
PAIR_FEATURES = 19
GATE_FEATURES = 31


def pair_features(
    signals: Signals, background: int = 0, padding: np.ndarray | None = None
) -> np.ndarray:
    """Per skill (rows): its six signals, each minus the mean over the skills, each
    minus the mean over the skills whose description is written in the same language,
    and whether the skill is written in Spanish.

    The last: a model reads two texts in one language as closer than two in different
    languages, whatever they say (a Spanish request is pulled towards the one Spanish
    skill of a collection, an English one away from it); against the skills of its own
    language a skill's lead is the lead of its meaning. The last: the English model reads
    a Spanish description through a gloss of a few hundred words, so a skill written in
    Spanish scores lower than it fits, for any request (an English request for it fits
    an English near neighbour better: "client's invoice is 2 weeks overdue, write a
    friendly nudge" beside a Spanish payment reminder and an English condolence note);
    the ranker learns by how much, for a request in each language.

    ``background``: a collection of fewer skills is seen as that many, the others being
    skills unrelated to the request, written in English, and their rows follow the real
    ones. A person with one or two skills is not a different case from one with
    twenty-four: a skill's lead over what is unrelated to a request is the same lead.
    ``padding``: the signals of such unrelated skills, rows spread from low to high
    (``PADDING_ROWS`` of them, fitted on the training sets as quantiles of the signals of
    skills a request does not name); none: zeros."""
    zeros = np.zeros_like(signals.meaning)
    raw = np.stack(
        [
            signals.meaning,
            signals.passage,
            signals.lexical,
            signals.body,
            zeros if signals.across is None else signals.across,
            zeros if signals.across_passage is None else signals.across_passage,
        ],
        axis=1,
    )
    spanish = np.zeros(len(raw)) if signals.spanish is None else signals.spanish
    return features_of(raw, spanish, background, padding)


PADDING_ROWS = 7


def features_of(
    raw: np.ndarray, spanish: np.ndarray, background: int = 0, padding: np.ndarray | None = None
) -> np.ndarray:
    """``pair_features`` from the six signals per skill (rows of ``raw``) and whether
    each skill is written in Spanish."""
    missing = background - len(raw)
    if missing > 0:
        if padding is None:
            padding = np.zeros((PADDING_ROWS, raw.shape[1]))
        rows = np.round(np.linspace(0, len(padding) - 1, missing)).astype(int)
        raw = np.vstack([raw, padding[rows]])
        spanish = np.concatenate([spanish, np.zeros(missing)])
    within = raw.copy()
    for language in (0.0, 1.0):
        group = spanish == language
        if group.any():
            within[group] = raw[group] - raw[group].mean(axis=0)
    return np.hstack([raw, raw - raw.mean(axis=0), within, spanish[:, None]])


LONG_REQUEST = 12  # words


def request_flags(request: str, across: bool) -> list[float]:
    """The request's form, whatever it names: read by the multilingual model (Spanish); a
    statement (nothing asked, nothing reported wrong); a question of general knowledge;
    one shaped for advice; then whether it is long (more than ``LONG_REQUEST`` words: a
    short one is not held against a skill, "calibrate the XRF"), whether it carries a
    number, points at the user's own things, or asks how a thing is done; whether it opens
    with what to do ("log …", "apunta …"), asks a question ("?"), and how many details of
    the case it hands over (names, codes, hosts, files).

    A request to do a task tends to hand over its material (quantities, "my", "this", the
    details of the case) where a question about a topic does not; every writer's labelled
    requests show it, in English and Spanish."""
    statement = not looks_like_request(request) and not reports_problem(request)
    return [
        float(across),
        float(statement),
        float(asks_for_knowledge(request)),
        float(asks_for_advice(request)),
        float(len(request.split()) > LONG_REQUEST),
        float(any(c.isdigit() for c in request)),
        float(refers_to_own_things(request)),
        float(asks_how_to(request)),
        float(asks_to_do(request)),
        float("?" in request),
        specifics(request),
    ]


# The candidate's score and its lead over the second count up to these: past them a closer
# fit says the request is about the skill's topic, not that it asks for the skill's task.
# Every writer's requests that must activate nothing include questions on a skill's very
# topic ("what's the IRS mileage rate this year" beside a mileage log), which fit it best
# of all; a request for the task says it in its own words and often fits less.
SCORE_CAP = 1.0
LEAD_CAP = 3.0

# Standing out counts up to 2 standard deviations: beyond that it says nothing more, and a
# collection of one or two skills (padded with unrelated ones) would stand out without bound,
# far from anything the gate was trained on ("calibrate the XRF" with one skill installed).
STANDS_OUT = 2.0


def agreement(scores: np.ndarray, pairs: np.ndarray, best: int) -> list[float]:
    """How clearly the candidate stands out among the skills, in units that do not depend
    on how a writer words descriptions: on how many of the four signals of one language
    (meaning, passage, words of the head, words of the body) it comes first, and how far
    it stands above the skills' mean on each and on the ranker's score, in standard
    deviations (at most ``STANDS_OUT``)."""
    raw = pairs[:, :4]
    top, bottom = raw.max(axis=0), raw.min(axis=0)
    firsts = float(((raw[best] >= top) & (top > bottom)).sum())  # a tie at zero is no one's
    spread = raw.std(axis=0) + 1e-6
    above = np.minimum((raw[best] - raw.mean(axis=0)) / spread, STANDS_OUT)
    lead = min((scores[best] - scores.mean()) / (scores.std() + 1e-6), STANDS_OUT)
    return [firsts, *(float(v) for v in above), float(lead)]


def gate_features(
    scores: np.ndarray,
    pairs: np.ndarray,
    task_score: float,
    flags: list[float],
    action: np.ndarray,
    actions: int,
    best: int | None = None,
    fit: np.ndarray | None = None,
    form: float = 0.0,
) -> np.ndarray:
    """The candidate's score (``best``, default the top one) and its lead over the second
    (each up to its cap), how much the request reads like a task, the request's form,
    the candidate's own signals, whether the request asks with an action verb and the
    candidate's description names it, how clearly the candidate stands out
    (``agreement``), how well the request fits what the candidate does (``fit``: per
    skill, ``ActivationModel.fits``) and its lead over the skills' mean, and how much the
    request's own words read like a request for a task (``form``: ``FormModel.logit``)."""
    best = int(scores.argmax()) if best is None else best
    fits = np.zeros(len(scores)) if fit is None else fit
    first = float(scores[best])
    others = np.delete(scores, best)
    second = float(others.max()) if len(others) else first - 5.0
    return np.array(
        [
            min(first, SCORE_CAP),
            min(first - second, LEAD_CAP),
            task_score,
            *flags,
            *pairs[best, :6],
            float(actions > 0),
            float(action[best] > 0),
            *agreement(scores, pairs, best),
            float(fits[best]),
            float(fits[best] - fits.mean()),
            form,
        ],
        dtype=float,
    )


# A question shaped for advice (a difference, a meaning, a recommendation, a purchase) is
# answered by the assistant: it activates nothing by description, however close a skill
# is. On the six writers' sets 9 of 1,165 requests that name a skill have that shape, and
# about one in six of those that name none. One that hands over quantities is a task put
# as a question ("how much does a 2kW heater cost to run 6 hours a day at 28p/kWh", "I
# only have the heptahydrate, the recipe calls for 1.42 g anhydrous, how much do I
# weigh"): 7 of those 9 carry a number, 13 of the 84 that name none do; the gate decides.
ADVICE = 3  # its place in request_flags
NUMBER = 5  # the request carries a number


def held_back(flags: list[float]) -> bool:
    """Whether the request's form alone keeps it from activating anything by
    description: a question shaped for advice that hands over no quantity."""
    return bool(flags[ADVICE]) and not flags[NUMBER]


# The learned fit of a request to what a skill does: a logistic model over the products,
# dimension by dimension, of the request's MiniLM vector and the skill description's
# (their cosine weighs every dimension alike; the model learns which dimensions say "asks
# for this task" rather than "talks about this topic": a question on a skill's topic,
# another task on the same things). The products are scaled by FIT_SCALE so that weights
# of order one read them.
FIT_DIMENSIONS = 384
FIT_SCALE = 20.0


def fit_inputs(vector: np.ndarray, descriptions: np.ndarray) -> np.ndarray:
    """Per skill (rows), what the fit model reads: the scaled products."""
    return np.asarray(FIT_SCALE * descriptions * vector[None, :])


def task_fit(weights: np.ndarray, vector: np.ndarray, descriptions: np.ndarray) -> np.ndarray:
    """Per skill, the fit's logit (``weights``: FIT_DIMENSIONS + 1, bias last)."""
    if descriptions.shape[1] != len(weights) - 1:
        return np.zeros(len(descriptions))
    return np.asarray(fit_inputs(vector, descriptions) @ weights[:-1] + weights[-1])


# The fewest skills a decision is made among: a smaller collection is padded with skills
# unrelated to the request (the sets the gate was trained on hold 24 to 40 skills).
BACKGROUND_SKILLS = 8


@dataclass(frozen=True, slots=True)
class Decision:
    """The candidate skill (index), the gate's probability, and whether it activates."""

    index: int
    probability: float
    activate: bool


@dataclass(frozen=True, slots=True)
class ActivationModel:
    embedder: str  # identity key of the embedder the model was trained with
    rank: np.ndarray  # PAIR_FEATURES + 1 (bias last), for a request read in one language
    rank_across: np.ndarray  # the same for a request read across languages (Spanish)
    gate: np.ndarray  # GATE_FEATURES + 1
    task_minilm: np.ndarray  # 384 + 1: the request's MiniLM vector -> reads like a task
    task_multilingual: np.ndarray  # 512 + 1: the same for the multilingual vector
    threshold: float
    trained_on: tuple[str, ...] = ()
    # PADDING_ROWS x 6: signals of skills unrelated to a request, low to high (a request
    # read in one language; read across), padding a small collection (``pair_features``)
    padding: np.ndarray | None = None
    padding_across: np.ndarray | None = None
    # the threshold for a collection of fewer than BACKGROUND_SKILLS skills, chosen the
    # same way on each training request with its skill alone (or, for one that names
    # none, the skill it fits best)
    threshold_small: float | None = None
    # FIT_DIMENSIONS + 1: the learned fit of a request to what a skill does (``fits``)
    fit: np.ndarray | None = None
    # PADDING_ROWS: fits of requests to skills they do not name, low to high
    fit_padding: np.ndarray | None = None
    # GATE_FEATURES + 1: the gate for a collection of fewer than BACKGROUND_SKILLS skills,
    # fitted with every request counting alike (``gate`` counts less a request for another
    # skill's task than the ranker's candidate: among many skills that sharpens the gate,
    # for one skill padded with unrelated ones it blurs a statement with a task); None:
    # ``gate``
    gate_small: np.ndarray | None = None
    # the request's own words and shape: how much they read like a request for a task
    form: FormModel = FormModel()

    def applies_to(self, embedder: Any) -> bool:
        identity = getattr(embedder, "identity", None)
        return identity is not None and getattr(identity, "key", None) == self.embedder

    def gate_for(self, skills: int) -> np.ndarray:
        """The gate's weights among ``skills`` skills."""
        if skills < BACKGROUND_SKILLS and self.gate_small is not None:
            return self.gate_small
        return self.gate

    def needs(self, skills: int) -> float:
        """The probability a candidate needs among ``skills`` skills."""
        if skills < BACKGROUND_SKILLS and self.threshold_small is not None:
            return self.threshold_small
        return self.threshold

    def scores(self, pairs: np.ndarray, across: bool) -> np.ndarray:
        """Per skill, the ranker's score (its own weights for a request read across)."""
        weights = self.rank_across if across else self.rank
        return np.asarray(pairs @ weights[:-1] + weights[-1])

    def task_score(self, signals: Signals) -> float:
        """How much the request reads like a task for a skill (a logit): the multilingual
        vector when the request was read by that model, else the MiniLM one."""
        if signals.written_vector is not None:
            weights, vector = self.task_multilingual, signals.written_vector
        elif signals.vector is not None:
            weights, vector = self.task_minilm, signals.vector
        else:
            return 0.0
        return float(vector @ weights[:-1] + weights[-1])

    def fits(self, signals: Signals, background: int = 0) -> np.ndarray:
        """Per skill, how well the request fits what the skill does (a logit; zeros
        without vectors or weights): ``task_fit`` of the request's and the descriptions'
        vectors, a collection of fewer than ``background`` skills padded as in
        ``pair_features``."""
        real = len(signals.meaning)
        if self.fit is None or signals.vector is None or signals.descriptions is None:
            fits = np.zeros(real)
        else:
            fits = task_fit(self.fit, signals.vector, signals.descriptions)
        missing = background - real
        if missing > 0:
            padding = np.zeros(PADDING_ROWS) if self.fit_padding is None else self.fit_padding
            rows = np.round(np.linspace(0, len(padding) - 1, missing)).astype(int)
            fits = np.concatenate([fits, padding[rows]])
        return fits

    def decide(self, request: str, signals: Signals) -> Decision:
        """The candidate for ``request`` and whether it activates."""
        real = len(signals.meaning)
        across = signals.across is not None
        padding = self.padding_across if across else self.padding
        pairs = pair_features(signals, BACKGROUND_SKILLS, padding)
        scores = self.scores(pairs, across)
        best = int(scores[:real].argmax())
        action = np.concatenate([signals.action, np.zeros(len(scores) - real)])
        flags = request_flags(request, across)
        features = gate_features(
            scores,
            pairs,
            self.task_score(signals),
            flags,
            action,
            signals.actions,
            best,
            self.fits(signals, BACKGROUND_SKILLS),
            self.form.logit(request),
        )
        gate = self.gate_for(real)
        logit = float(features @ gate[:-1] + gate[-1])
        probability = float(1.0 / (1.0 + np.exp(-np.clip(logit, -30.0, 30.0))))
        activate = probability >= self.needs(real) and not held_back(flags)
        return Decision(best, probability, activate)

    def to_json(self) -> dict[str, Any]:
        return {
            "embedder": self.embedder,
            "rank": [round(float(x), 6) for x in self.rank],
            "rank_across": [round(float(x), 6) for x in self.rank_across],
            "gate": [round(float(x), 6) for x in self.gate],
            "task_minilm": [round(float(x), 6) for x in self.task_minilm],
            "task_multilingual": [round(float(x), 6) for x in self.task_multilingual],
            "threshold": round(self.threshold, 6),
            "trained_on": list(self.trained_on),
            "threshold_small": round(
                self.threshold if self.threshold_small is None else self.threshold_small, 6
            ),
            "padding": _rounded(self.padding),
            "padding_across": _rounded(self.padding_across),
            "fit": [round(float(x), 6) for x in _or_zeros(self.fit, FIT_DIMENSIONS + 1)],
            "fit_padding": [round(float(x), 6) for x in _or_zeros(self.fit_padding, PADDING_ROWS)],
            "gate_small": [
                round(float(x), 6)
                for x in (self.gate if self.gate_small is None else self.gate_small)
            ],
            "form": {
                "bias": round(self.form.bias, 6),
                "weights": {k: round(v, 6) for k, v in sorted(self.form.weights.items())},
            },
        }


def _or_zeros(values: np.ndarray | None, size: int) -> np.ndarray:
    return np.zeros(size) if values is None else values


def _rounded(rows: np.ndarray | None) -> list[float]:
    values = np.zeros((PADDING_ROWS, 6)) if rows is None else rows
    return [round(float(x), 6) for x in values.ravel()]


_SIZES = {
    "rank": PAIR_FEATURES + 1,
    "rank_across": PAIR_FEATURES + 1,
    "gate": GATE_FEATURES + 1,
    "task_minilm": 385,
    "task_multilingual": 513,
    "padding": PADDING_ROWS * 6,
    "padding_across": PADDING_ROWS * 6,
    "fit": FIT_DIMENSIONS + 1,
    "fit_padding": PADDING_ROWS,
    "gate_small": GATE_FEATURES + 1,
}


def model_from_json(data: Any, source: str) -> ActivationModel:
    """The model in ``data`` (parsed JSON); a clear error naming what is wrong."""
    if not isinstance(data, dict):
        raise SkillError(f"{source}: expected a JSON object; retrain the model")
    arrays: dict[str, np.ndarray] = {}
    for key, size in _SIZES.items():
        values = data.get(key)
        if not isinstance(values, list) or len(values) != size:
            got = len(values) if isinstance(values, list) else type(values).__name__
            raise SkillError(
                f"{source}: '{key}' must be a list of {size} numbers, got {got}; retrain "
                "with scripts/train_skill_activation.py"
            )
        arrays[key] = np.asarray(values, dtype=float)
    threshold = data.get("threshold")
    if not isinstance(threshold, int | float) or not 0.0 < float(threshold) < 1.0:
        raise SkillError(
            f"{source}: 'threshold' must be a probability between 0 and 1, got {threshold!r}; "
            "retrain with scripts/train_skill_activation.py"
        )
    return ActivationModel(
        str(data.get("embedder", "")),
        arrays["rank"],
        arrays["rank_across"],
        arrays["gate"],
        arrays["task_minilm"],
        arrays["task_multilingual"],
        float(threshold),
        tuple(str(x) for x in data.get("trained_on", [])),
        arrays["padding"].reshape(PADDING_ROWS, 6),
        arrays["padding_across"].reshape(PADDING_ROWS, 6),
        float(data.get("threshold_small", threshold)),
        arrays["fit"],
        arrays["fit_padding"],
        arrays["gate_small"],
        _form_from_json(data.get("form"), source),
    )


def _form_from_json(data: Any, source: str) -> FormModel:
    """The form model in ``data`` ({"bias": number, "weights": {token: number}})."""
    weights = data.get("weights") if isinstance(data, dict) else None
    bias = data.get("bias") if isinstance(data, dict) else None
    if (
        not isinstance(weights, dict)
        or not all(isinstance(k, str) and isinstance(v, int | float) for k, v in weights.items())
        or not isinstance(bias, int | float)
    ):
        raise SkillError(
            f"{source}: 'form' must be an object with a number 'bias' and 'weights' mapping "
            "each token to a number; retrain with scripts/train_skill_activation.py"
        )
    return FormModel({str(k): float(v) for k, v in weights.items()}, float(bias))


@lru_cache(maxsize=1)
def load_model() -> ActivationModel:
    """The shipped model (read once per process)."""
    text = resources.files("skills").joinpath(MODEL_FILE).read_text("utf-8")
    return model_from_json(json.loads(text), f"skills/{MODEL_FILE}")
