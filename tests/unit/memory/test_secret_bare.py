"""Secrets said with no key word beside the value (memory/secret_bare.py), in six languages,
and the ordinary notes that look like them."""

from __future__ import annotations

import pytest

from memory.secret_bare import find_bare_secrets
from memory.secrets import find_secrets

BARE = [
    # a code that is typed, or that opens or turns something off
    "to get into the bike room you type 40917 on the pad by the door",
    "the garage keypad: punch in 3 8 1 5 and wait for the beep",
    "la verja del huerto se abre con 7-1-4, el candado es viejo",
    "para desactivar la alarma teclea 90218 antes de 30 segundos",
    "a porta da garagem abre com 5 3 9 1 no comando",
    "o alarme da loja desliga-se com 66043",
    "die Haustür bei Papa geht mit 40-21-7 auf",
    "an der Tastatur vom Keller 77104 eingeben, dann drücken",
    "pour le portail, composer 5830 sur le clavier puis attendre",
    "il cancello del garage si apre con 4-8-2-9",
    "per spegnere l'allarme digitare 61027 sul tastierino",
    # a code named without a verb
    "the master code is 4417 if a guest locks the safe",
    "passcode 882104 for the tablet at reception",
    "código de acceso 60412 para el trastero",
    "Zugangscode 7319 fürs Lager",
    "codice di accesso 55021 per il magazzino",
    # a note line: a name, a gap or an arrow, a value
    "trastero → 5-0-9-3",
    "Lager Rückseite  2290",
    "cadenas vélo → 4-1-7",
    "spotify  jo.marsh@example.org  Tangerine77!",
    # a value nobody writes for anything but a password
    "put Vq7#pLx9Tw in the box when it asks, then save",
    "mets qR8zW2kLpYt4Nd quand ça demande, c'est tout",
    # the word an alarm company asks for
    "if the alarm company calls, the code word is pelican",
    "la palabra de seguridad para la central es girasol, no la digas por whatsapp",
    "Codewort für die Alarmanlage: Zitrone",
    # an authenticator's setup key in groups
    "2FA setup key for the bank (keep!): mfzw k3tp n5rg q2xb",
]

LOOK_ALIKES = [
    "Dial 2201 to reach the front desk from any room phone",
    "the door opens with a push, no code needed since 2019",
    "la puerta se abre con 2 personas empujando",
    "Raum 345 → 21:45",
    "Tel.  0612 345 678",
    "order  20231145",
    "Bestellung → 44120",
    "price  12,50 €",
    "the door code changed last week, ask Ana for the new one",
    "el código de la puerta es el de siempre",
    "the code word is important, don't forget to ask for it",
    "Plasmid pUC19-GFP#2 in box 3",
    "remembered: [fact] m-1b9e04 → MEMORY.md#L14 (memory)",
    "host key fingerprint SHA256:AZyvRSuUuHWbLbQN+1v294wl9AHk4fyylTE0pv8c71E",
    "model number MacBookPro18,3 and serial C02XK1ABJGH5",
    "security code review scheduled for Tuesday 1400",
    "we met at gate 14 and the flight left with 200 people",
    "password: <set via the self-service portal>",
    'Booking: "Contraseña actualizada: ●●●●●●●●" ¿fuiste tú?',
    "DB_PASSWORD=\nAPP_SECRET=change-me",
]


@pytest.mark.parametrize("text", BARE)
def test_a_value_said_without_a_key_word_is_refused(text: str) -> None:
    assert find_bare_secrets(text), text
    assert find_secrets(text), text


@pytest.mark.parametrize("text", LOOK_ALIKES)
def test_look_alikes_pass(text: str) -> None:
    assert find_secrets(text) == [], text


def test_findings_name_the_kind_never_the_value() -> None:
    kinds = find_bare_secrets("the master code is 4417 if a guest locks the safe")
    assert kinds == {"PIN or door code"}
