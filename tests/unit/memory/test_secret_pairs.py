"""The learned pair scorer in the guard: a value that looks like a credential, bound to a key
word near it, is refused whatever the words between; names, ports, orders and talk pass."""

from __future__ import annotations

import numpy as np
import pytest

from memory.secret_pairs import DIMENSIONS, THRESHOLD, WEIGHTS, pair_score, pairs
from memory.secrets import LEARNED_KIND, find_secrets, rule_scan


def test_the_weights_file_matches_the_features() -> None:
    weights = np.load(WEIGHTS)
    assert weights.shape == (DIMENSIONS,)
    assert np.isfinite(weights.astype(np.float64)).all()


def test_a_value_needs_a_key_word_near_it() -> None:
    assert pairs("we met at 4471 Main Street with Ana") == []
    assert [p.features[0] for p in pairs("the gate code: 4471")] == ["bias"]


@pytest.mark.parametrize(
    "text",
    [
        "db password: ${DB_PASSWORD}",  # a reference
        "il nome della rete wifi è 'Casa-Rossi-5G'",  # the network's name
        "Código nacional del ibuprofeno de Cinfa: 645174 (para el pedido)",  # an order's number
        "password:\n  host: postgres\n  port: 5432",  # a port
        "key: turn-1",  # a numbered name (a store key in metadata)
        "key: Fact42",  # a field named "key" (a store key in metadata)
        "key: k0\nn: json:0",  # a typed value
    ],
)
def test_names_references_ports_and_orders_are_no_values(text: str) -> None:
    assert pair_score(text) < THRESHOLD, text


@pytest.mark.parametrize(
    "text",
    [
        "mi clave del banco, por si acaso: Tortuga88pez",
        "el wifi del taller, la que funciona es Pez7Globo",
    ],
)
def test_a_bound_value_is_refused_in_one_line_naming_the_kind(text: str) -> None:
    found = find_secrets(text)
    assert found, text
    assert all("9806" not in kind and "Tortuga" not in kind for kind in found)


@pytest.mark.parametrize(
    "text",
    [
        "I changed my password yesterday",
        "the password policy requires 14 characters",
        "the PIN header has 40 pins",
        "order 4471 shipped, tracking 1Z999AA10123456784",
        "commit 4f2a9c1 fixed the login page",
        "call me at 06 52 11 64 12 after 6",
    ],
)
def test_talk_about_secrets_and_harmless_ids_pass(text: str) -> None:
    assert find_secrets(text) == [], text


def test_the_rules_alone_can_be_measured_beside_the_guard() -> None:
    # a text of the seventh set (training data) that no rule reads
    text = (
        "mom's house - lockbox on the back porch, key's inside, turn the dials to 9806 "
        "then pull down"
    )
    assert rule_scan([text]) == [[]]
    assert find_secrets(text) == [LEARNED_KIND]
