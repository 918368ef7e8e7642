"""Ways of giving a secret found by studying the tenth set's misses by mechanism: a value bound
to an account, a network, a lock or a card however it is phrased. Each is tested here in
phrasings of its own, in several languages, beside look-alikes it must pass."""

from __future__ import annotations

import pytest

from memory.secret_shapes import random_letters
from memory.secrets import find_secrets, rule_scan

SECRETS = [
    # a key of hex digits right after a password's word
    "the password for the guest network is 9F02B7C41DE8A653",
    "la contraseña del wifi de la bodega es 7c31e09ab44f2d18",
    "das WLAN-Passwort ist A4C9E1F07B32D6E5",
    # a key of letters in both cases with no word in it, after a network
    "el wifi del local es qPzTrWbnUkEa",
    "the wifi at the cabin is hGtqRnwPZlo, it's on the fridge",
    # a network's name, '/', and its key
    "wifi taller: TallerInvitados / kQmRtzPaWb",
    "Wi-Fi magasin : Boutique_Clients / 3FA9C01E77B2",
    # a word with digits for some of its letters, near the key word
    "el correo del club tiene de contraseña p4nt3r4-12",
    "mot de passe de la box : ch4t0n-88",
    # a value the password ended up as
    "la clave del banco quedó como Nar4nja-77 después del cambio",
    # a code told by the clause's verb, far from its word
    "el PIN de supervisor en la caja del fondo es 5813",
    "the alarm code for the storeroom, the one by the loading area, is 40917",
    "der Drucker im Flur verlangt einen Code, der ist 66104",
    # a thing locked with a code
    "my scooter is locked at the gym rack with 3391",
    "la bici está cerrada en el patio con el 8254",
    # the wheels of a combination turned to it
    "the key safe by the shed: spin the wheels to 2749 and pull",
    # a phrase of joined words given as what a phrase is
    "the phrase for the backup drive is otter-lantern-pebble-quartz",
    "la frase del disco externo es mostaza-ciervo-tejado-lluvia",
    # an account that still takes a password
    "the old hotmail account still works with river_salmon88",
    # the answer to a quoted security question
    "bank security question is 'first school' and I put Riverside42",
    # a gift card's code
    "got an Apple gift card for my birthday, the code is X7KQ-92LD-MM4P-2ZTA",
    "la tarjeta de regalo de El Corte Inglés: 4HJ9-KK21-PQ7Z",
    "carte cadeau Fnac, code 8FGT-2LLP-Q9XW, pas encore utilisée",
    # backup codes listed with no word for them
    "in case the phone dies, each works once: 7hd2k-qp0xa mz81c-t4kwe 0aq7s-vh3nd r2ux9-bb6ye",
    # the card's code told by where it is printed
    "the code on the back of my visa is 734, the site keeps asking",
    "il codice sul retro della carta è 518",
]

CLEAN = [
    # hex that is an id, a digest or a fingerprint
    "my GPG key id is 5C833DC7F15B460E",
    "commit 5c833dc7f15b460e fixed the login page",
    "the build hash is 5C833DC7F15B460E",
    # names written in camel case
    "the wifi is called SudsGuest",
    "la red es MovistarPlus y la clave está en la pegatina",
    # phrases that are no secret
    "the phrase state-of-the-art is overused in grant proposals",
    # what an account works with
    "the app works with Windows11 and macOS",
    # numbers near a lock's word that are no code
    "the door was locked with 2 padlocks",
    "turn the oven dial to 220 degrees",
    "the door code is taped up in the office, the room is 3108",
    "la caja del fondo tiene el PIN pegado, el pedido es 5813",
    # codes that are public or name an order
    "Gutscheincode SOMMER2024 gives 10 % off",
    "gift card order ORD-2024-88123 shipped yesterday",
    "promo code for the gift card shop: SPRING-2026-FREE",
    # dates and ids in a row
    "shifts 2024-0301 2024-0302 2024-0303 2024-0304",
]


@pytest.mark.parametrize("text", SECRETS)
def test_refused_by_the_rules(text: str) -> None:
    assert rule_scan([text]) != [[]], text
    assert find_secrets(text), text


@pytest.mark.parametrize("text", CLEAN)
def test_passed(text: str) -> None:
    assert find_secrets(text) == [], text


@pytest.mark.parametrize(
    ("value", "generated"),
    [
        ("mOdfDwTtEQ", True),
        ("abqrcAScjTB", True),
        ("oRSDNQqitrOC", True),
        ("SudsStaff", False),
        ("MacBookPro", False),
        ("AllowedIPs", False),
        ("WiFiGuest", False),
        ("iPhoneXS", False),
        ("password", False),
    ],
)
def test_letters_with_no_word_in_them(value: str, generated: bool) -> None:
    assert random_letters(value) is generated
