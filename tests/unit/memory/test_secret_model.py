"""The learned layer (measured beside the rules, not part of the guard): its inputs and its
weights file."""

from __future__ import annotations

import numpy as np

from memory.secret_model import DIMENSIONS, WEIGHTS, candidates, features, model_score


def test_only_tokens_that_could_be_values_are_candidates() -> None:
    text = "the wifi password is Saffron&0584, ask Ana for the rest"
    found = [text[c.start : c.end] for c in candidates(text)]
    assert found == ["Saffron&0584,"]


def test_a_candidate_carries_its_shape_and_the_words_around_it() -> None:
    (cand,) = candidates("contrasena del router: Tortuga-88")
    assert "cls:luds" in cand.features
    assert "L1:router:" in cand.features or "L1:router" in cand.features
    assert "L:contrasena" in cand.features
    # a misspelt keyword still shares character 4-grams with the right one
    (typo,) = candidates("contrsena del router: Tortuga-88")
    shared = {f for f in cand.features if f.startswith("Lg:")} & set(typo.features)
    assert len(shared) >= 4


def test_features_hash_into_the_weights() -> None:
    weights = np.load(WEIGHTS)
    assert weights.shape == (DIMENSIONS,)
    idx = features(("bias", "L:password"))
    assert idx.min() >= 0 and idx.max() < DIMENSIONS


def test_a_password_in_prose_scores_above_talk_about_one() -> None:
    assert model_score("my bank password is Fluffy2019!") > model_score(
        "the password policy requires 14 characters"
    )
    assert model_score("nothing here at all") == 0.0
