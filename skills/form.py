"""How much a request's own words and shape read like a request for a skill's task.

A request to do a task has a form of its own, whatever it names and in either language:
an imperative first ("merge …", "apunta …"), the user's material ("this", "my", "mi",
numbers), a length; a question of knowledge or advice, a remark, a greeting have others
("what is …", "¿qué opinas de …?", "I love …"). The writers of the labelled sets each
word it their own way, so the form is learned from their words: a logistic model over
the request's tokens (``form_tokens``), trained by ``scripts/train_skill_activation.py``
on the requests that name a skill against those that name none, and shipped as a
vocabulary of weights in ``skills/data/activation_model.json``. The gate reads its logit
(``FormModel.logit``): a dictionary lookup per token, nothing to load.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field

from skills.language import fold

__all__ = ["FormModel", "form_tokens"]

_TOKEN = re.compile(r"\d+(?:[.,:/]\d+)*|[a-z]+(?:'[a-z]+)?")
NUMBER = "#"  # every number reads as one token
LENGTH_STEP = 5  # words: the length is read in steps of this many
LONGEST = 6  # steps: past this, one more step says nothing


def _words(request: str) -> list[str]:
    return [NUMBER if t[0].isdigit() else t for t in _TOKEN.findall(fold(request))]


def form_tokens(request: str) -> frozenset[str]:
    """What the form model reads of ``request``, folded (case, accents), English and
    Spanish alike: each word, each pair of neighbouring words, the first word, the first
    two, the last, whether it asks ('?'), and its length in steps of ``LENGTH_STEP``
    words; a number is one token (``NUMBER``)."""
    words = _words(request)
    out = {f"w:{w}" for w in words}
    out |= {f"p:{a}_{b}" for a, b in zip(words, words[1:], strict=False)}
    if words:
        out.add(f"first:{words[0]}")
        out.add(f"last:{words[-1]}")
    if len(words) > 1:
        out.add(f"first2:{words[0]}_{words[1]}")
    if "?" in request:
        out.add("asks")
    out.add(f"length:{min(len(words) // LENGTH_STEP, LONGEST)}")
    return frozenset(out)


@dataclass(frozen=True, slots=True)
class FormModel:
    """A logistic model over ``form_tokens``: a weight per known token and a bias."""

    weights: Mapping[str, float] = field(default_factory=dict)
    bias: float = 0.0

    def logit(self, request: str) -> float:
        """How much ``request`` reads like a request for a skill's task (0 without
        weights: no opinion)."""
        if not self.weights:
            return 0.0
        known = self.weights
        return self.bias + sum(known.get(t, 0.0) for t in form_tokens(request))
