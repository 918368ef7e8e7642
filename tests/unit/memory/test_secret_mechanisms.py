"""Ways of giving a secret found by studying the fifth set's misses by mechanism: each is
tested here in phrasings of its own, in several languages, beside look-alikes it must pass."""

from __future__ import annotations

import pytest

from memory.secrets import find_secrets

SECRETS = [
    # signing in *with* a value
    "the new intern signs into the booking portal with Teacup77 for now",
    "para la tablet de recepción se entra con nube-limon-carbon",
    "bei der Kasse meldet man sich mit Kirsche81 an",
    "sur le portail on se connecte avec Lavande#22",
    "you get in with hq!Porter5 on the staff laptop",
    # something that opens with a number, named or not
    "the archive room opens with 5170 after six",
    "el armario de las llaves abre con 1987",
    "der Fahrradkeller öffnet mit 2-8-4-1",
    # a remark in brackets between the key word and the value
    "card pin for mum (only if she is in hospital) 8824",
    "el pin del móvil de Ana (me lo dio ayer) 3391",
    # a value of every class right after the key word
    "router admin clave Kp.7-Vr9x",
    "mot de passe Zu.4-Hh8q pour le NAS",
    # a key in groups of four after a network or credential word
    "guest wifi → 7KQ2 MX9P RT4A 2ZB8",
    "clave del wifi de la oficina: A9F3-KD72-PQ8M-4RT1",
    # a card's code described, not named
    "the 3 digits on the back of my debit card are 417",
    "los tres números de detrás de la tarjeta son 052",
    "die drei Ziffern auf der Rückseite der Karte: 886",
    # the card's last digits, then its code
    "CVV of the card ending in 4417 is 309",
    # a combination lock's number
    "padlock on the shed — the number is 0471",
    # a code with a keypad letter inside
    "digicode de l'immeuble de Paul → 51B27",
    # nouns of the vocabulary
    "antifurto della cantina: disattivare con 48213",
    "der Postfachschrank geht mit 6620 auf",
]

LOOK_ALIKES = [
    "I log in with Google on the shared laptop",
    "sign in with your badge at the front desk",
    "se entra con la tarjeta por la puerta de atrás",
    "the exhibition opens with 12 paintings from 1987",
    "the season opens with 2024 in mind",
    "debit card pin (I forgot it again) — call the bank",
    "password policy v2.1-Final applies from monday",
    "serial number 7KQ2 MX9P RT4A 2ZB8 on the router box",
    "IBAN ES91 2100 0418 4502 0005 1332 for the rent",
    "the 3 digits on the back of the box are a batch code",
    "the card ending in 4417 expired in 2023",
    "the padlock number of the locker is on the key tag",
    "order 51B27 left the warehouse",
]


@pytest.mark.parametrize("text", SECRETS)
def test_refused(text: str) -> None:
    assert find_secrets(text), text


@pytest.mark.parametrize("text", LOOK_ALIKES)
def test_passed(text: str) -> None:
    assert find_secrets(text) == [], text
