"""Codes that open things, and the other shapes of secrets people say, in six languages."""

from __future__ import annotations

import pytest

from memory.secret_codes import find_lock_codes
from memory.secrets import find_secrets

CODES = [
    "cancello condominio: 5088#",  # "X: value" note, no verb
    "coffre-fort du bureau → 743608",
    "the storage gate opens with 2-9-1-7",  # an opening verb
    "el portal se abre con 2163 y luego la campanita",
    "Das Tor zur Tiefgarage geht mit 0980# auf",
    "le cadenas du casier s'ouvre avec 172",  # three digits on a padlock
    "Tresor im Labor – Kombi 259010",  # a code word right before the digits
    "armário 23 do vestiário, segredo 885",
    "6450 is the disarm code for the office alarm",  # the value first
    "9534* - that's what you punch in at the back entrance",
    "5847 c'est le code de l'alarme de la maison",
    "gate 5431#",  # a keypad mark
    "Fahrradschloss 0815",  # a combination lock and its number
    "Use 6021 at the front gate",  # an imperative, then where
    "For the shed, 1-2-3-4 on the padlock",
    "phone unlock is 410515",
    "Handy-Entsperrcode von Oma: 0315",
    "code de déverrouillage du téléphone : 406386",
    "senha do cartão: 3304",
    "Locker 214 at the gym, combination 19-33-7",
    "the safe combination is 22 41 07",
    "Código de la puerta del portal: 1A2B3",  # letters between digits
]
NOT_CODES = [
    "Gate 42 at the airport, boarding at 14:05",
    "our house number is 1457 on Elm street",
    "Door 3 of building 12 is the loading dock",
    "the alarm panel shows error code 4012",
    "alarm set for 05:45 on weekdays",
    "the door code changed in 2024, ask reception",
    "Dr. Okafor's office phone is +1 617 555 0142, call after 2pm",
    "téléphone du support : 01 23 45 67 89",
    "Karte Nr.: 12345678 liegt im Ordner",
    "la porta 8080 del server è aperta",
    "Der Tresor wiegt 80 kg",
    "Price of the safe: 1299 €",
    "Stripe test card 4000 0566 5566 5556 for debit flows",
    "the lab moved to room 4.117, it's the door next to the freight elevator",
    "zip code for the new office is 02139",
    "Locker room is on floor 3",
    "Phone ext: 4471",  # an extension
    "Door: B204",  # a room
    "Card reader at door 3 accepts badge 12345",
]


@pytest.mark.parametrize("text", CODES)
def test_codes_that_open_things_are_found(text: str) -> None:
    assert find_lock_codes(text), text
    assert "PIN or door code" in find_secrets(text)


@pytest.mark.parametrize("text", NOT_CODES)
def test_numbers_near_doors_and_phones_that_are_not_codes_pass(text: str) -> None:
    assert not find_lock_codes(text), text
    assert find_secrets(text) == [], text


SAID = [
    ("Netflix: Fluffy2019!", "password"),  # a note line with a generated-looking value
    ("25pimiento_R es la contraseña del NAS", "password"),  # value before the keyword
    ("Guarda aí: a senha do e-mail ficou 52caramelo_G", "password"),
    ("guest network pw for the party will be copperpicklebiscuit", "password"),
    ("wifi for the garage AP is Saffron&0584 btw", "password"),
    ("VPN pre-shared key for the tunnel, !T19!Spdoe+f3zfaSL753QJ# , put it on the firewall", ""),
    ("frase mestra do KeePass: caramelo jabuticaba sabiá tucano", "passphrase"),
    ("frase de recuperación de la cartera: ember blossom zebra anchor abandon oyster", ""),
    ("API-Schlüssel für OpenWeatherMap ist 18823c1fc0f6e0320b83fa4bcd84f4f5", ""),
    ("mysql -u root -pK2nYPfBXR2Tf7g -h 127.0.0.1 lims", "password on a command line"),
    ("sshpass -p 'HlfUN9H9P#0T' ssh pi@192.168.1.77", "password on a command line"),
    ("restic init --password=Hx83kd0s", "password on a command line"),
    ("WIFI:T:WPA;S:Casa-Oeste;P:90orbit!K;;", "Wi-Fi QR code"),
    ("the db user is app and its password is s3cr3t-App", "password"),
    ("credentials for the printer: admin/admin1234", "login credentials"),
]


@pytest.mark.parametrize(("text", "kind"), SAID)
def test_secrets_said_without_the_usual_shape_are_found(text: str, kind: str) -> None:
    found = find_secrets(text)
    assert found, text
    assert not kind or kind in found, found


TALK = [
    "le nom du réseau wifi est 'Freebox-4A2B1C', le mot de passe est collé sous la box",
    "il nome della rete wifi è 'Casa-Rossi-5G'",
    "host key fingerprint SHA256:47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU",
    "dans le fichier .env.example il y a juste API_KEY= sans rien derrière, c'est normal",
    "the password is unchangeable by design",
    "Build: v2.1.0-rc3",
    "mysql -u root -p lims",  # asks for the password
    'sshpass -p "$SSHPASS" ssh pi@host',
    "wifi: down again since 9am",
    "the passphrase has five words, I'll tell you later",
    "credentials for the printer are admin/admin (default)",
    "login page is at /admin/login2024",
]


@pytest.mark.parametrize("text", TALK)
def test_names_references_and_prompts_are_not_secrets(text: str) -> None:
    assert find_secrets(text) == [], text


@pytest.mark.parametrize(
    "text",
    [
        "the gate opens at 0730",  # a time
        "il cancello apre alle 0800",
        "ajuste la alarma para las 0630",
        "card balance is 1200",  # an amount
        "Alarm company phone: 0800 555 1234",  # one group of a phone number
        "I bought a padlock for 12 euros",
    ],
)
def test_times_amounts_and_phone_numbers_near_a_lock_are_not_codes(text: str) -> None:
    assert find_secrets(text) == [], text
