"""The learned activation by description: the shipped model, its checks, the decision
("none" a real outcome), and the matcher using it only with the embedder it was trained
with."""

from __future__ import annotations

import json
import sys
from dataclasses import replace
from pathlib import Path

import numpy as np
import pytest

from memory.search.embedders import HashingEmbedder, MiniLMEmbedder
from skills.activation import (
    ADVICE,
    FIT_SCALE,
    GATE_FEATURES,
    LEAD_CAP,
    PAIR_FEATURES,
    SCORE_CAP,
    ActivationModel,
    agreement,
    gate_features,
    held_back,
    load_model,
    model_from_json,
    pair_features,
    request_flags,
    task_fit,
)
from skills.errors import SkillError
from skills.matching import Matcher
from skills.model import Skill, SkillFrontMatter
from skills.relevance import Signals

ROOT = Path(__file__).resolve().parents[3]


def _signals(meaning: list[float], across: list[float] | None = None) -> Signals:
    values = np.array(meaning)
    zeros = np.zeros_like(values)
    return Signals(
        values,
        zeros,
        zeros,
        zeros,
        None if across is None else np.array(across),
        None if across is None else zeros,
        [[] for _ in meaning],
        zeros,
        0,
        np.zeros(384),
        None if across is None else np.zeros(512),
    )


def _model(gate_bias: float, threshold: float = 0.5) -> ActivationModel:
    """Ranks by meaning; the gate reads the best score (weight 5) plus ``gate_bias``."""
    rank = np.zeros(PAIR_FEATURES + 1)
    rank[0] = 10.0
    gate = np.zeros(GATE_FEATURES + 1)
    gate[0], gate[-1] = 5.0, gate_bias
    return ActivationModel(
        MiniLMEmbedder.identity.key,
        rank,
        rank.copy(),
        gate,
        np.zeros(385),
        np.zeros(513),
        threshold,
    )


def test_the_shipped_model_loads_and_names_its_embedder() -> None:
    model = load_model()
    assert model.embedder == MiniLMEmbedder.identity.key
    assert 0.0 < model.threshold < 1.0
    assert set(model.trained_on) == {"skills", *(f"skills_v{n}" for n in range(2, 10))}
    assert model.form.weights  # the request's form, learned from words
    assert model.applies_to(MiniLMEmbedder.__new__(MiniLMEmbedder))
    assert not model.applies_to(HashingEmbedder()) and not model.applies_to(None)


def test_a_model_round_trips_through_json() -> None:
    model = _model(-2.0, 0.7)
    again = model_from_json(json.loads(json.dumps(model.to_json())), "m.json")
    assert again.threshold == pytest.approx(0.7)
    assert np.allclose(again.rank, model.rank) and np.allclose(again.gate, model.gate)


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"rank": [1.0, 2.0]}, "'rank' must be a list of 20 numbers, got 2"),
        ({"rank_across": None}, "'rank_across' must be a list of 20 numbers, got NoneType"),
        ({"gate": "weights"}, "'gate' must be a list of 32 numbers, got str"),
        ({"fit": [0.0]}, "'fit' must be a list of 385 numbers, got 1"),
        ({"threshold": 1.5}, "'threshold' must be a probability between 0 and 1, got 1.5"),
        ({"threshold": None}, "'threshold' must be a probability between 0 and 1, got None"),
    ],
)
def test_a_broken_model_file_is_refused_with_the_key_and_the_fix(
    change: dict[str, object], message: str
) -> None:
    data = {**_model(0.0).to_json(), **change}
    with pytest.raises(SkillError) as caught:
        model_from_json(data, "skills/data/activation_model.json")
    text = str(caught.value)
    assert text.startswith("skills/data/activation_model.json: ") and message in text
    assert "scripts/train_skill_activation.py" in text


def test_a_model_file_that_is_not_an_object_is_refused() -> None:
    with pytest.raises(SkillError, match="expected a JSON object"):
        model_from_json([1, 2], "m.json")


def test_pair_features_are_each_signal_and_its_lead_over_the_mean() -> None:
    pairs = pair_features(_signals([0.2, 0.6], across=[0.5, 0.1]))
    assert pairs.shape == (2, PAIR_FEATURES)
    assert pairs[:, 0].tolist() == [0.2, 0.6] and pairs[:, 4].tolist() == [0.5, 0.1]
    assert pairs[:, 6] == pytest.approx([-0.2, 0.2])
    english = pair_features(_signals([0.2, 0.6]))
    assert not english[:, 4:6].any()  # no multilingual reading: zeros


def test_pair_features_weigh_a_skill_against_those_written_in_its_language() -> None:
    signals = _signals([0.2, 0.6, 0.5, 0.9])
    signals = replace(signals, spanish=np.array([0.0, 0.0, 1.0, 1.0]))
    pairs = pair_features(signals)
    assert pairs.shape == (4, PAIR_FEATURES)
    assert pairs[:, 6] == pytest.approx([-0.35, 0.05, -0.05, 0.35])  # against all four
    assert pairs[:, 12] == pytest.approx([-0.2, 0.2, -0.2, 0.2])  # against its own language
    padded = pair_features(signals, background=6)
    assert padded.shape == (6, PAIR_FEATURES) and padded[2, 12] == pytest.approx(-0.2)


def test_pair_features_say_which_skills_are_written_in_spanish() -> None:
    signals = replace(_signals([0.2, 0.6, 0.5]), spanish=np.array([0.0, 1.0, 0.0]))
    assert pair_features(signals)[:, -1].tolist() == [0.0, 1.0, 0.0]
    padded = pair_features(signals, background=5)  # unrelated skills, written in English
    assert padded[:, -1].tolist() == [0.0, 1.0, 0.0, 0.0, 0.0]
    assert not pair_features(_signals([0.2, 0.6]))[:, -1].any()


def test_a_skill_written_in_spanish_can_be_ranked_up_for_an_english_request() -> None:
    rank = np.zeros(PAIR_FEATURES + 1)
    rank[0], rank[PAIR_FEATURES - 1] = 10.0, 2.0  # meaning, and a Spanish skill's offset
    model = replace(_model(0.0), rank=rank)
    signals = replace(_signals([0.5, 0.4]), spanish=np.array([0.0, 1.0]))
    assert model.decide("client's invoice is overdue, write a nudge", signals).index == 1
    plain = rank.copy()
    plain[PAIR_FEATURES - 1] = 0.0
    assert replace(model, rank=plain).decide("invoice overdue", signals).index == 0


def test_gate_features_read_the_best_skill_and_its_lead() -> None:
    pairs = pair_features(_signals([0.1, 0.9, 0.4]))
    scores = np.array([1.0, 3.0, 2.5])
    flags = request_flags("split this pdf", across=False)
    features = gate_features(scores, pairs, 0.7, flags, np.array([0, 2, 0]), 1)
    assert features.shape == (GATE_FEATURES,)
    assert features[:3].tolist() == [SCORE_CAP, 0.5, 0.7]  # the score counts up to its cap
    assert features[3 + len(flags)] == pytest.approx(0.9)  # the best skill's meaning
    alone = gate_features(np.array([0.5]), pairs[:1], 0.0, flags, np.zeros(1), 0)
    assert alone[:2].tolist() == [0.5, LEAD_CAP]  # a single skill leads by the most counted


def test_the_fit_of_a_request_to_what_a_skill_does_is_learned_per_dimension() -> None:
    # dimension 0 says "asks for this task"; dimension 1 is the topic both share
    request = np.zeros(384)
    request[[0, 1]] = [0.3, 0.95]
    descriptions = np.zeros((2, 384))
    descriptions[0, [0, 1]] = [0.8, 0.6]  # the task
    descriptions[1, 1] = 1.0  # the same topic, another task: the closer by cosine
    weights = np.zeros(385)
    weights[0] = 1.0
    fits = task_fit(weights, request, descriptions)
    assert fits.tolist() == pytest.approx([FIT_SCALE * 0.24, 0.0])
    assert (descriptions @ request)[1] > (descriptions @ request)[0]
    assert not task_fit(np.zeros(10), request, descriptions).any()  # another model's size


def test_the_gate_reads_the_candidates_fit_and_its_lead() -> None:
    pairs = pair_features(_signals([0.1, 0.9, 0.4]))
    scores = np.array([1.0, 3.0, 2.5])
    flags = request_flags("split this pdf", across=False)
    fit = np.array([0.0, 3.0, 0.0])
    features = gate_features(scores, pairs, 0.7, flags, np.zeros(3), 0, None, fit)
    assert features[-3:-1].tolist() == pytest.approx([3.0, 2.0])
    assert not gate_features(scores, pairs, 0.7, flags, np.zeros(3), 0)[-3:-1].any()


def test_a_small_collection_pads_the_fits_low_to_high() -> None:
    signals = replace(_signals([0.9]), descriptions=np.ones((1, 384)) / np.sqrt(384))
    weights = np.zeros(385)
    weights[-1] = 2.0
    model = replace(_model(0.0), fit=weights, fit_padding=np.linspace(-3.0, 3.0, 7))
    assert model.fits(signals).tolist() == [2.0]
    assert model.fits(signals, background=4).tolist() == [2.0, -3.0, 0.0, 3.0]
    assert replace(model, fit=None).fits(signals).tolist() == [0.0]
    again = model_from_json(json.loads(json.dumps(model.to_json())), "m.json")
    assert again.fits(signals, background=4).tolist() == [2.0, -3.0, 0.0, 3.0]


def test_agreement_says_how_clearly_the_candidate_stands_out() -> None:
    pairs = pair_features(_signals([0.1, 0.9, 0.4]))
    scores = np.array([1.0, 3.0, 2.5])
    clear = agreement(scores, pairs, 1)
    assert clear[0] == 1.0  # first on meaning; the other signals are all zero: no one's
    assert clear[1] > 1.0 and clear[-1] > 0.5  # standard deviations above the mean
    weak = agreement(scores, pairs, 0)
    assert weak[0] == 0.0 and weak[1] < 0.0


def test_request_flags_read_the_form_in_english_and_spanish() -> None:
    task = request_flags(
        "log 12 km to the Getafe depot and back for my trip sheet, it was a delivery run",
        across=False,
    )
    question = request_flags("how do I add a CNAME record", across=False)
    spanish = request_flags("¿cómo se añade un registro CNAME?", across=True)
    assert (task[4], question[4]) == (1.0, 0.0)  # long, short
    assert task[5:8] == [1.0, 1.0, 0.0]  # a number, the user's own things, no "how do I"
    assert question[7] == 1.0 and spanish[7] == 1.0 and spanish[0] == 1.0
    assert spanish[6] == 0.0  # nothing of the user's
    assert task[8:10] == [1.0, 0.0] and question[8:10] == [0.0, 0.0]  # what to do, no '?'
    assert spanish[8:10] == [0.0, 1.0]
    assert task[10] == pytest.approx(2 / 3) and spanish[10] == pytest.approx(1 / 3)  # details
    assert request_flags("apúntame el viaje de hoy a Castellón", across=True)[8] == 1.0


def test_none_is_an_outcome_of_the_gate() -> None:
    signals = _signals([0.1, 0.8])
    yes = _model(gate_bias=0.0).decide("split this pdf", signals)
    assert (yes.index, yes.activate) == (1, True) and yes.probability > 0.99
    no = _model(gate_bias=-20.0).decide("split this pdf", signals)
    assert (no.index, no.activate) == (1, False) and no.probability < 0.5


def test_a_question_shaped_for_advice_activates_nothing_however_close() -> None:
    signals = _signals([0.1, 0.8])
    model = _model(gate_bias=0.0)
    for text in ("which NAS should I buy, Synology or QNAP?", "¿qué NAS me recomiendas?"):
        decision = model.decide(text, signals)
        assert decision.probability > 0.99 and not decision.activate
    assert model.decide("check the disks on my NAS", signals).activate


def test_an_advice_shaped_question_that_hands_over_quantities_is_left_to_the_gate() -> None:
    signals = _signals([0.1, 0.8])
    for text in (
        "how much does a 2kW oil heater cost to run 6 hours a day at 28p/kWh",
        "¿vale la pena cambiar la nevera de 2008? cuánto ahorraría al año",
    ):
        assert request_flags(text, across=False)[ADVICE] == 1.0
        assert _model(gate_bias=0.0).decide(text, signals).activate
        assert not _model(gate_bias=-20.0).decide(text, signals).activate
    assert held_back(request_flags("which NAS should I buy, Synology or QNAP?", across=False))


def test_a_request_read_across_languages_is_ranked_by_its_own_weights() -> None:
    model = _model(gate_bias=0.0)
    model.rank_across[:] = 0.0
    model.rank_across[4] = 10.0  # the multilingual cosine decides
    spanish = _signals([0.1, 0.8], across=[0.9, 0.2])
    assert model.decide("divide este pdf", spanish).index == 0
    assert model.decide("split this pdf", _signals([0.1, 0.8])).index == 1


def _skill(name: str, description: str) -> Skill:
    return Skill(
        SkillFrontMatter(name=name, description=description),
        f"skills/{name}/SKILL.md",
        {},
        "workspace",
        folder=name,
    )


class _LikeMiniLM(HashingEmbedder):
    """Hashing vectors under MiniLM's identity: the learned path runs without the model."""

    identity = MiniLMEmbedder.identity

    def __init__(self) -> None:
        super().__init__(384)
        self.identity = MiniLMEmbedder.identity


SKILLS = [
    _skill("pdf-tools", "Splits and merges PDF files."),
    _skill("plant-care", "Plans watering for houseplants."),
]


def test_the_matcher_uses_the_learned_decision_with_its_embedder(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr("skills.matching.load_model", lambda: _model(gate_bias=0.0))
    found = Matcher(SKILLS, _LikeMiniLM()).match("split and merge these PDF files")
    assert [m.name for m in found] == ["pdf-tools"]
    assert found[0].method == "description" and found[0].why.endswith(", p 0.99")
    assert isinstance(found[0].score, float)
    monkeypatch.setattr("skills.matching.load_model", lambda: _model(gate_bias=-50.0))
    assert Matcher(SKILLS, _LikeMiniLM()).match("split and merge these PDF files") == []


def test_another_embedder_keeps_the_hand_weighted_score(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("skills.matching.load_model", lambda: _model(gate_bias=-50.0))
    matcher = Matcher(SKILLS, HashingEmbedder(), description_threshold=0.3)
    found = matcher.match("split and merge these PDF files")
    assert found and found[0].name == "pdf-tools" and ", p " not in found[0].why


def test_trigger_phrases_win_over_the_learned_decision(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("skills.matching.load_model", lambda: _model(gate_bias=0.0))
    pinned = Skill(
        SkillFrontMatter(name="my-pdfs", description="d", triggers=["merge these pdf"]),
        "skills/my-pdfs/SKILL.md",
        {},
        "workspace",
    )
    found = Matcher([*SKILLS, pinned], _LikeMiniLM()).match("merge these PDF files")
    assert [(m.name, m.method) for m in found[:2]] == [
        ("my-pdfs", "trigger"),
        ("pdf-tools", "description"),
    ]


def test_the_training_script_fits_a_model_that_separates_toy_requests() -> None:
    sys.path.insert(0, str(ROOT / "scripts"))
    import train_skill_activation as train

    rng = np.random.default_rng(0)
    sets = {}
    for name in ("a", "b", "c"):
        rows = []
        for k in range(60):
            label = None if k % 3 == 0 else k % 2
            meaning = rng.uniform(0.0, 0.2, 2)
            if label is not None:
                meaning[label] = 0.9
            signals = _signals(list(meaning))
            task = np.full(384, 0.05 if label is not None else -0.05)
            rows.append(
                train.Row(
                    f"request {k}",
                    label,
                    pair_features(signals),
                    [0.0, 0.0, 0.0, 0.0],
                    task,
                    np.zeros(512),
                    False,
                    np.zeros(2),
                    0,
                    descriptions=np.eye(2, 384),
                )
            )
        sets[name] = rows
    model = train.train(sets, MiniLMEmbedder.identity.key)
    top1, false = train.measure(model, sets["a"])
    assert top1 > 0.9 and false <= train.CEILING
    assert model.fit is not None and model.fit_padding is not None
    assert np.all(np.diff(model.fit_padding) >= 0)  # low to high


@pytest.mark.parametrize(
    ("text", "own"),
    [
        ("what's the IRS standard mileage rate this year", False),
        ("¿cuánto sube la luz este mes?", False),
        ("check this pdf", True),
        ("revisa esta factura", True),
    ],
)
def test_this_year_is_a_time_not_something_of_the_users(text: str, own: bool) -> None:
    from skills.intent import refers_to_own_things

    assert refers_to_own_things(text) is own


def test_details_of_a_case_are_counted_not_the_pronoun_i() -> None:
    from skills.intent import specifics

    assert specifics("how many solar panels would I need") == 0.0
    assert specifics("cert on shop.example.com expires, check it") == pytest.approx(1 / 3)
    assert specifics("took out tubes 14B and 14C for Marta") == 1.0  # at most three


def test_a_small_collection_is_padded_with_unrelated_skills_and_has_its_own_threshold() -> None:
    padding = np.tile(np.linspace(0.0, 0.3, 7)[:, None], (1, 6))
    pairs = pair_features(_signals([0.9]), background=4, padding=padding)
    assert pairs.shape == (4, PAIR_FEATURES)
    assert pairs[1:, 0].tolist() == pytest.approx([0.0, 0.15, 0.3])  # low to high
    model = replace(_model(0.0, threshold=0.9), threshold_small=0.6)
    assert (model.needs(1), model.needs(7), model.needs(8), model.needs(30)) == (
        0.6,
        0.6,
        0.9,
        0.9,
    )
    again = model_from_json(json.loads(json.dumps(model.to_json())), "m.json")
    assert again.threshold_small == pytest.approx(0.6)
    older = {k: v for k, v in model.to_json().items() if k != "threshold_small"}
    assert model_from_json(older, "m.json").needs(1) == pytest.approx(0.9)


def test_a_small_collection_decides_with_its_own_gate() -> None:
    shut = np.zeros(GATE_FEATURES + 1)
    shut[-1] = -30.0  # never activates
    model = replace(_model(0.0), gate_small=shut)
    many = model.decide("merge these two PDFs", _signals([0.9] + [0.1] * 9))
    one = model.decide("merge these two PDFs", _signals([0.9]))
    assert many.activate and many.probability > 0.9
    assert not one.activate and one.probability < 1e-6
    again = model_from_json(json.loads(json.dumps(model.to_json())), "m.json")
    assert again.gate_small is not None and np.allclose(again.gate_small, shut)


def test_a_model_without_a_small_gate_writes_its_gate_for_small_collections() -> None:
    model = _model(-2.0, 0.7)
    data = model.to_json()
    assert data["gate_small"] == data["gate"]
    del data["gate_small"]
    with pytest.raises(SkillError, match="'gate_small' must be a list of 32 numbers"):
        model_from_json(data, "m.json")
