"""The request's form learned from its words: the tokens read, the logit, the model file."""

from __future__ import annotations

import json
from dataclasses import replace

import numpy as np
import pytest

from memory.search.embedders import MiniLMEmbedder
from skills.activation import (
    GATE_FEATURES,
    PAIR_FEATURES,
    ActivationModel,
    gate_features,
    model_from_json,
    pair_features,
    request_flags,
)
from skills.errors import SkillError
from skills.form import FormModel, form_tokens
from skills.relevance import Signals


def test_the_tokens_are_words_pairs_ends_a_question_and_the_length() -> None:
    tokens = form_tokens("Merge these 2 PDFs?")
    assert {"w:merge", "w:these", "w:#", "w:pdfs"} <= tokens
    assert {"p:merge_these", "p:these_#", "p:#_pdfs"} <= tokens
    assert {"first:merge", "first2:merge_these", "last:pdfs", "asks", "length:0"} <= tokens


def test_spanish_is_folded_and_a_number_is_one_token_whatever_its_shape() -> None:
    assert form_tokens("Apúntame 12,5 kg") == form_tokens("apuntame 7 KG")
    assert "w:#" in form_tokens("pipetea 1.42 g a las 19:00")
    assert "asks" in form_tokens("¿qué opinas?") and "asks" not in form_tokens("opina")


def test_a_long_request_reads_as_the_longest_step() -> None:
    assert "length:6" in form_tokens(" ".join(["word"] * 80))
    assert "length:2" in form_tokens(" ".join(["word"] * 12))


def test_the_logit_is_the_bias_and_the_weights_of_the_tokens_found() -> None:
    model = FormModel({"first:merge": 1.5, "w:what": -2.0, "asks": -0.5}, 0.25)
    assert model.logit("merge these PDFs") == pytest.approx(1.75)
    assert model.logit("what is a PDF?") == pytest.approx(-2.25)
    assert model.logit("hola") == pytest.approx(0.25)  # no known token: the bias
    assert FormModel().logit("merge these PDFs") == 0.0  # no weights: no opinion


def _signals() -> Signals:
    values = np.array([0.9, 0.1, 0.2])
    zeros = np.zeros(3)
    return Signals(
        values, zeros, zeros, zeros, None, None, [[], [], []], zeros, 0, np.zeros(384), None
    )


def _model(form: FormModel) -> ActivationModel:
    rank = np.zeros(PAIR_FEATURES + 1)
    rank[0] = 10.0
    gate = np.zeros(GATE_FEATURES + 1)
    gate[GATE_FEATURES - 1] = 4.0  # the gate reads the form's logit only
    return ActivationModel(
        MiniLMEmbedder.identity.key,
        rank,
        rank.copy(),
        gate,
        np.zeros(385),
        np.zeros(513),
        0.5,
        form=form,
    )


def test_the_gate_reads_the_forms_logit_last() -> None:
    pairs = pair_features(_signals())
    flags = request_flags("merge these", across=False)
    features = gate_features(np.array([3.0, 1.0, 0.5]), pairs, 0.0, flags, np.zeros(3), 0)
    assert features.shape == (GATE_FEATURES,) and features[-1] == 0.0
    read = gate_features(np.array([3.0, 1.0, 0.5]), pairs, 0.0, flags, np.zeros(3), 0, form=1.5)
    assert read[-1] == 1.5


def test_a_request_shaped_as_a_task_activates_and_a_topic_question_does_not() -> None:
    model = _model(FormModel({"first:merge": 1.0, "first:pdfs": -1.0}, 0.0))
    assert model.decide("merge these PDFs", _signals()).activate
    assert not model.decide("PDFs are everywhere at work", _signals()).activate
    assert model.decide("hola", _signals()).probability == pytest.approx(0.5)


def test_the_form_round_trips_through_the_model_file() -> None:
    model = _model(FormModel({"first:merge": 1.25, "asks": -0.5}, -0.75))
    again = model_from_json(json.loads(json.dumps(model.to_json())), "m.json")
    assert again.form == model.form
    assert again.form.logit("merge it?") == pytest.approx(0.0)


@pytest.mark.parametrize(
    "form",
    [None, {"bias": 0.0}, {"bias": "x", "weights": {}}, {"bias": 0.0, "weights": {"a": "b"}}],
)
def test_a_broken_form_in_the_model_file_is_refused_with_the_fix(form: object) -> None:
    data = {**_model(FormModel()).to_json(), "form": form}
    with pytest.raises(SkillError) as caught:
        model_from_json(data, "skills/data/activation_model.json")
    text = str(caught.value)
    assert text.startswith("skills/data/activation_model.json: 'form' must be an object")
    assert "scripts/train_skill_activation.py" in text


def test_an_empty_form_model_changes_nothing() -> None:
    model = _model(FormModel())
    assert replace(model, form=FormModel()).decide("merge", _signals()).probability == 0.5
