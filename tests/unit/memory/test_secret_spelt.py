"""Values dictated letter by letter or set with a verb far from their lock, in several languages."""

from __future__ import annotations

import pytest

from memory.secret_spoken import spoken_as_digits
from memory.secrets import find_secrets


@pytest.mark.parametrize(
    ("text", "reads"),
    [
        ("he said: foxtrot, delta, six, echo, capital charlie", "he said: fd6eC"),
        ("letra por letra: L-A-D-R-I-L-L-O-4-9", "letra por letra: LADRILLO49"),
        ("PIN over the phone: zero-five-zero-nine-one", "PIN over the phone: 05091"),
        ("version 1.2.3.4 and 2-9-1-7", "version 1.2.3.4 and 2-9-1-7"),  # digits alone stay
        ("call sign alpha bravo", "call sign alpha bravo"),  # two words are no value
    ],
)
def test_a_spelt_value_is_read_as_the_value(text: str, reads: str) -> None:
    assert spoken_as_digits(text) == reads


@pytest.mark.parametrize(
    "text",
    [
        "the fax server password, exactly like he said: foxtrot, delta, six, echo, four, hotel",
        "mi hijo me dictó la clave del TikTok letra por letra: B-A-R-C-O-7-2",
        "the bank read me the new account PIN: zero-five-zero-nine-one",
        "Bike lock at the gym is the 4 dial one, I set it to 6674",
        "el pin de la tarjeta del Santander (la personal) lo cambié a 9447 en el cajero",
        "la SIM nueva en el móvil, pide 2332 cada vez que arranca",
        "the router's WPS pin, the sticker under it says 77230022",
        "las taquillas del gimnasio: la mía abre con 318",
    ],
)
def test_a_spelt_or_set_code_is_refused(text: str) -> None:
    assert find_secrets(text), text


@pytest.mark.parametrize(
    "text",
    [
        "I set the alarm to 0630 tomorrow",
        "the gate opens at 0730 and I set the thermostat to 1800",
        "my locker is 244, next to Ana's",
        "the pin header changed to 40 pins",
        "the sticker on the router says model 7723",
        "spell it N-A-S-A in the report",
    ],
)
def test_numbers_that_are_no_code_pass(text: str) -> None:
    assert find_secrets(text) == [], text
