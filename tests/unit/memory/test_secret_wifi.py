"""A network's key said by its shape in a text about a network."""

from __future__ import annotations

import pytest

from memory.secrets import find_secrets


@pytest.mark.parametrize(
    "text",
    [
        "boat wifi for the guests: SSID Marlin-Guest, WPA2 KEST482lino",
        "el wifi del estudio es el del repetidor, clave QX7RM2KD9P",
        "office net: LAB-5G\n3A9F0C2E7B1D4F6A8C0E2B4D6F",
        "WLAN im Keller, Schlüssel: Tz8Kq2Lm5Wx",
    ],
)
def test_a_key_by_its_shape_is_refused(text: str) -> None:
    assert find_secrets(text), text


@pytest.mark.parametrize(
    "text",
    [
        "new wifi router RT-AX58U installed, firmware 3.0.0.4",
        "wifi router MAC 00:1A:2B:3C:4D:5E",
        "the wifi uses WPA2 encryption since 2019",
        "wifi network SSID Casa2024Rossi is slow",
        "wifi dropped again, error code 0x8004005E",
        "guest wifi promo code SUMMER2024X at the cafe",
        ".NET: build 4f2a9c1b3d completed",
        "wifi ok; firmware checksum "
        "9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08",
    ],
)
def test_names_models_and_digests_pass(text: str) -> None:
    assert find_secrets(text) == [], text


@pytest.mark.parametrize(
    ("text", "secret"),
    [
        ("what's the code for the bike padlock?\nit's 318, don't tell the others", True),
        ("what's the alarm code?\nes 4471; no se lo digas a nadie", True),
        ("what's the wifi password?\nit's fine, thanks", False),
        ("what's the door code?\nno idea, ask Ana", False),
    ],
)
def test_a_reply_with_more_said_after_the_code(text: str, secret: bool) -> None:
    assert bool(find_secrets(text)) is secret, text


_HEX64 = "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"


@pytest.mark.parametrize(
    "text",
    [
        f"Flashed the new firmware on the router; sha256 of the image is {_HEX64}",
        f"updated the router, the sha256 it printed was {_HEX64}",
        f"router actualizado; la suma de verificación del archivo es {_HEX64}, coincide",
        f"WLAN-Router neu: die Prüfsumme, die das Tool zeigte, war {_HEX64}",
        f"réseau du labo : la somme de contrôle de l'image est {_HEX64}",
        f"{_HEX64} is the md5-style digest the router's update page shows",
    ],
)
def test_a_digest_word_anywhere_in_the_clause_is_a_digest(text: str) -> None:
    assert find_secrets(text) == [], text


@pytest.mark.parametrize(
    "text",
    [
        f"Flashed the router's firmware, checked its sha256. Wifi key: {_HEX64}",
        f"router firmware hash verified;\nWPA raw key {_HEX64}",
    ],
)
def test_a_key_in_another_clause_than_the_digest_is_refused(text: str) -> None:
    assert find_secrets(text), text
