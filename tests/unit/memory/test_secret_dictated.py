"""Ways of giving a secret found by studying the sixth set's misses by mechanism: digits said
one at a time (dictated as words in six languages, or typed apart), a code typed while doing
something or used to get into a device, a dial turned to its numbers, keys in dashed lowercase
groups, chat tokens and short hex keys after a key word, memorable and code words with a
number, quoted replies, a login given as "user and password", a code followed by what it is
for ("… 057 pour l'ouvrir"), a lock named earlier on the line, stream keys. Each is tested in
phrasings of its own beside look-alikes it must pass."""

from __future__ import annotations

import pytest

from memory.secret_prefilter import suspect_indexes
from memory.secret_spoken import has_spoken_digits, spoken_as_digits
from memory.secrets import find_secrets, full_scan

SECRETS = [
    # digits dictated as words, in the six languages
    "the PIN for the storage unit is nine one one four, she read it out to me",
    "código de la alarma del taller: cero siete tres tres",
    "o PIN do cartão novo é dois oito um sete, o banco ligou agora",
    "il codice del portone è sei sei zero due",
    "le code de la boîte aux lettres c'est huit deux cinq zéro",
    "Garagentor-Code: drei eins vier vier, hat Papa gesagt",
    # digits typed apart
    "wifi code at the cabin is 7 7 4 1 9 0 2 2",
    "el pin de la tarjeta es 4 0 9 1, no lo pierdas",
    "the shed padlock takes 3 9 0 7",
    # a PIN used to get into something
    "use 8830 to get into the staff room tablet",
    "to unlock the till, tell Sara to use 60412",
    # something that opens with its code named between
    "la cancela della villa si apre con il codice 44815",
    "la caja fuerte se abre con la combinación 18-04-33",
    # typed while doing something
    "pour ouvrir le portail, on rentre en tapant 55881 sur le clavier",
    "to get into the office after hours, key in 90137 on the pad by the door",
    "To get in from outside, punch 4471# on the keypad of the garage",
    # a dial turned to its numbers
    "rolling the dial on the gym locker: turn to 22-8-31",
    "pour le cadenas du vestiaire, on tourne 12-40-07",
    # chat tokens, dashed lowercase keys, short hex keys
    "twitch bot login oauth:k3j9x0qpl2m8v7c6b5n4z1a0s9d8f7",
    "obs stream key live-9fx2-ab7k-q0z3-mm41",
    "la contraseña del wifi de casa es B7D41E09AC",
    # a word with a number where a bank or an alarm company asks for one
    "my memorable word for Halifax is Otter42, don't tell anyone",
    "if the alarm company phones, the password: it's Marmalade",
    "quand la télésurveillance appelle, le mot de passe c'est « pivoine7 »",
    # a quoted reply read as its lines
    "> what's the code for the bike shed?\n> It's 4471, then pull the handle",
    # a login given as a user and a password joined by "and"
    "para entrar al portal del cole usa marta.g y Tortuga_77",
    "Zugang zum Vereinskonto: kassierer.h und Wald#2024",
    "gave him my login for the shop, ana@mail.pt and Limonada88",
    # a code, then what it is for; a lock named earlier on the line, then its code
    "the shed padlock, 4471 to open it",
    "el candado de la bici: 0815 para abrirlo",
    "la cassetta delle chiavi in garage, bisogna fare 0930 per aprirla",
    "Schlüsselkasten am Gartenhaus, Code 0815",
    # a stream key, however it is spelt
    "la clave de transmisión de YouTube: live_88213_Xk2pQwLmZ7",
    "streamkey twitch 4kd9-xx2m-77pa-q0rt",
    # a code, then what the keypad is told next; digits said apart that read like a year
    "for the church hall the alarm is 4471 then press set",
    "la alarma del almacén 7720 y luego pulsa el botón verde",
    "for the club the alarm is 1 9 8 4 then press set",
    "door to the lab - 0 4 4 8 then #",
]

LOOK_ALIKES = [
    "I'll read you the menu: one two three courses, pick any",
    "countdown: three two one, go!",
    "he scored 4 2 1 0 in the last four rounds",
    "the PIN header has four rows of two pins",
    "dictated the minutes to Sara, all five pages",
    "use 2024 to get into the habit of journaling",
    "room 2 3 4 is on the left",
    "the commit is E3959F76C6 and the tag v1.2",
    "the safe was delivered from outside, the courier left at 1830",
    "turn left at 12, then 34 km to the village",
    "la caja fuerte se abre con la llave grande, no con código",
    "the stream key is in OBS settings, don't ask me for it",
    "il codice fiscale è nella busta, non lo ricordo",
    "el número de pedido es cuatro mil doscientos",
    "Sylvie : 06 52 11 64 18",
    "the alarm company calls about the password: it's the same as before",
    "memorable word: it's somewhere in my notes",
    "> did you change the wifi password?\n> yes, it's in the drawer",
    "login for the shop: ana@mail.pt and the password is in the drawer",
    "access for lena.h and tom.b granted yesterday",
    "log in as j.smith and click Settings",
    "the safe holds 300 to open the shop tomorrow",
    "the gate is on Calle 12, código postal 28012",
    "the stream key is in OBS, never paste it",
    "the lockbox is by the door, 2 keys inside, back at 1030",
    "the alarm clock: 0645, press set twice",
    "set the alarm for 0630 tomorrow, then press the snooze",
    "the gate is 200 m away, then press the buzzer",
    "the garage - 2 cars fit",
    "door to the server room - see the floor plan",
]


@pytest.mark.parametrize("text", SECRETS)
def test_a_secret_given_this_way_is_refused(text: str) -> None:
    assert find_secrets(text), text


@pytest.mark.parametrize("text", SECRETS)
def test_the_prefilter_sends_it_to_the_full_scan(text: str) -> None:
    assert suspect_indexes([text]) == [0], text


@pytest.mark.parametrize("text", LOOK_ALIKES)
def test_a_look_alike_passes(text: str) -> None:
    assert find_secrets(text) == [], text
    assert full_scan([text]) == [[]], text


def test_dictated_digits_are_read_as_one_number() -> None:
    assert spoken_as_digits("el código es cuatro cuatro ocho dos") == "el código es 4482"
    assert spoken_as_digits("der Code: fünf, vier, acht") == "der Code: 548"
    assert spoken_as_digits("he says it's 8 6 1 4 (spaces)") == "he says it's 8614 (spaces)"


def test_articles_and_pairs_are_left_alone() -> None:
    assert spoken_as_digits("un, une, un: le compte est bon") == "un, une, un: le compte est bon"
    assert spoken_as_digits("tel 06 52 11 64 18") == "tel 06 52 11 64 18"
    assert spoken_as_digits("two oh four") == "204"
    assert spoken_as_digits("oh two four") == "oh two four"  # "oh" starts no number


def test_the_cheap_test_finds_a_run_only_where_there_is_one() -> None:
    assert has_spoken_digits("c'est trois neuf un cinq")
    assert not has_spoken_digits("we had three dogs and one cat")
