"""The learned pair scorer in the guard: a value that looks like a credential, bound to a key
word near it, is refused whatever the words between; names, ports, orders and talk pass."""

from __future__ import annotations

import numpy as np
import pytest

from memory.secret_pairs import DIMENSIONS, THRESHOLD, WEIGHTS, guard_views, pair_score, pairs
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
    # a chat reply of a set read before (training data) that no rule reads
    text = "[07:12] Gaz: whats the tablet pw again\n[07:13] Bev: 1175\n[07:13] Gaz: ta x"
    assert rule_scan([text]) == [[]]
    assert find_secrets(text) == [LEARNED_KIND]


@pytest.mark.parametrize(
    "text",
    [
        "the venue said the back entrance for suppliers is 73 57 on the keypad",
        "para entrar por la persiana de atrás usa el 49627 en el teclado de la izquierda",
        "Marco, per entrare nel capannone usa il 6679 sul tastierino",
        "Mamá, el pin de tu móvil nuevo lo dejé en 654896, apúntalo en la agenda",
    ],
)
def test_codes_on_a_keypad_and_a_phones_own_pin_are_refused(text: str) -> None:
    assert find_secrets(text)


@pytest.mark.parametrize(
    "text",
    [
        "teléfono del enólogo: +54 9 261 992-1014",
        "Telefono del veterinario apistico: 0575 547438, cellulare 368 310 2831",
        "Price of the safe: 1299 €, the keypad one",
        "password changed: 1714 days ago",
        "alarme déclenchée à 02:15, intervention n° 7713",
        "password policy v2.1-Final applies from monday",
        "login page is at /admin/login2024",
        "press 5 on the keypad, then wait for the beep",
        "bought the new 2024 keyboard for the admin office",
    ],
)
def test_phone_numbers_prices_counts_versions_and_paths_pass(text: str) -> None:
    assert find_secrets(text) == []


def test_digit_groups_said_apart_are_one_candidate() -> None:
    text = "el código de recuperación: 1165 3971"
    assert "1165 3971" in [text[p.start : p.end] for p in pairs(text)]
    long = "phone code: 933 567 692 412"
    assert [long[p.start : p.end] for p in pairs(long)] == []


def test_a_value_pairs_only_with_key_words_within_the_window() -> None:
    text = "the pin Ab12 " * 40 + "filler " * 20 + "Zq77x"
    found = pairs(text)
    # every "Ab12" beside its pin; "Zq77x" has none within a dozen words: it is read alone
    assert len(found) == 41
    assert all(text[p.start : p.end] == "Ab12" for p in found[:40])
    assert text[found[40].start : found[40].end] == "Zq77x" and "cue:none" in found[40].features
    assert not any("cue:none" in p.features for p in found[:40])


def test_the_scorer_reads_digits_said_one_at_a_time_as_the_number() -> None:
    views = guard_views("me dictó Nacho el código del portón: siete cinco cuatro cuatro")
    assert len(views) == 2 and "7544" in views[1]
    assert guard_views("the gate code is 7544") == ["the gate code is 7544"]


@pytest.mark.parametrize(
    "text",
    [
        "use 509576 to get into the drone controller settings",
        "on rentre en tapant 03977 sur le boîtier",
        "para entrar teclea 4471 y luego la almohadilla",
    ],
)
def test_getting_in_binds_a_value_for_the_scorer(text: str) -> None:
    assert any("cue:act" in pair.features for pair in pairs(text)), text


@pytest.mark.parametrize(
    "text",
    [
        "the digital scale reads 1200",
        "digital caliper reading 1250",
        "la báscula digital marca 1200",
        "la sonda de grano marca 3708 ahora mismo",
        "la marca del reactivo es 4471",
    ],
)
def test_a_reading_or_a_brand_is_no_typing(text: str) -> None:
    assert not any("cue:act" in pair.features for pair in pairs(text)), text
    assert find_secrets(text) == [], text


@pytest.mark.parametrize(
    "text",
    ["portal de mamá: se marca *2498 y luego la campanita", "per disattivarlo digita 6582"],
)
def test_dialling_and_typing_still_bind_a_value(text: str) -> None:
    assert any("cue:act" in pair.features for pair in pairs(text)), text


@pytest.mark.parametrize(
    "text",
    [
        # a numbered place, a figure typed into a sheet, a hint, a count, a code's meaning
        "get into room 3108 via the side door",
        "entra 1200 en la hoja de gastos",
        "la clave del correo nuevo es la misma del Spotify pero con 2026 al final",
        "token count for that prompt was 4096, right at the limit",
        "code 2500 on the boiler means low pressure",
        # a port, a year, a fingerprint's prefix, a count's adjective
        "accesso al NAS dalla rete locale soltanto, porta 5001",
        "the tablet is an iPad Air 2022",
        "host key fingerprint: SHA256:km5y1psxxqA5JNKWCyMNdPmQdKPTKK+N/qCH6A7iWGg",
        "Der Raspberry hat eine 40-polige Stiftleiste",
        # a named version, a tracking number
        "use Python3.11 to run it, not 3.9",
        "tracking for the new smart lock: 00340434996212892569 (DHL)",
    ],
)
def test_numbers_said_of_something_else_pass(text: str) -> None:
    assert find_secrets(text) == [], text


def test_a_password_shaped_value_is_read_with_no_key_word_near() -> None:
    text = "mum's netflix, she read it out to me slowly, it's ginger2001"
    alone = [p for p in pairs(text) if "cue:none" in p.features]
    assert [text[p.start : p.end] for p in alone] == ["ginger2001"]
    # a plain word, a number or a version is not
    assert not [p for p in pairs("see you at 8, bring Python3.11 and the big map") if p]
