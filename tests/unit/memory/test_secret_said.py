"""Secrets said in the ways people write them: each phrasing a rule covers, and its look-alike.

Seed phrases, card security codes, codes a keypad "takes" or a safe was "set to", passwords
given with no key word, on a command line or in an HTTP header, logins written as
``user / pass``, passphrases of plain words and keys far from their key word.
"""

from __future__ import annotations

import pytest

from memory.secret_cards import find_card_code
from memory.secret_seeds import find_seed_phrase, seed_words
from memory.secrets import find_secrets

SAID = {
    "seed phrase": [
        "backup of the ledger seed: among agent balance aerobic betray capable clog buffalo "
        "alarm alcohol board comic",
        "wallet\n1. vivid 2. basket 3. donor 4. sketch 5. eager 6. pencil 7. vault 8. orbit "
        "9. chalk 10. fossil 11. glue 12. mercy",
        "las 12 palabras de la cartera: mesa perro nube silla campo lápiz gato río flor "
        "libro vaso pan",
    ],
    "card security code": [
        "cvv on the company amex is 9324, the number itself is saved in the browser",
        "cvv de la visa de mamá 753 que siempre me lo pregunta",
        "Prüfnummer der Kreditkarte 318",
        "cryptogramme visuel de la carte : 482",
        "código de segurança do cartão 731",
        "il CVV della carta è 482",
        "482 is the cvv",
    ],
    "PIN or door code": [
        "The keypad on the cold room door (B-wing, -80 freezers) takes 66705 then the key",
        "hotel safe in room 412 - I set it to 6032, passports are in it",
        "coffre de la chambre à Nice, on a mis les passeports dedans : 2180",
        "coloquei o cofre do hotel em 6612",
        "4471 for the front door, 9902 for the garage",
        "4471 pour la porte d'entrée",
        "Schlüsseltresor an der Ferienwohnung: 2395. Anreise ab 15 Uhr",
        "Boîte à clés du gîte : 0502. Les clés sont dedans.",
        "Caixa de chaves do apartamento no Porto: 8-0-8-7. Check-in depois das 15h",
        "lucchetto armadietto palestra 12-04-06",
        "code de déverrouillage du tel de maman 361377",
        "porte du local vélo : 4471B",
        "monthly parking pass PIN at the ticket machine is 7280",
    ],
    "password": [
        "the word for the unifi controller is ThunderPickle#9 btw",
        "te apunto la clave del netflix: Luna_72",
        "netflix password Luna72",
        "banca online: la clave de acceso 646129",
        "the zip from the bank opens with Kiwi_1990",
        "clave de cifrado del disco externo: zapato montaña bosque sandía pizarra",
        "veracrypt: the phrase is tiger lamp ocean velvet",
    ],
    "numbers after a password word": [
        "senha do app do banco: 4711 (4 dígitos)",
        "códigos de reserva: 12345678 23456789 34567890",
        "API-Key für DeepL (Protokolle): ec48a1ec-1107-4fd0-9e44-61867d4a763c:fx",
    ],
    "the sentence's verb, far from the key word": [
        "the wifi password, which I finally changed after the party last week because "
        "everyone had it, is now sunflower22",
        "das Passwort, das ich gestern für das neue Konto vergeben habe, lautet Eichhorn55",
        "la password che ho messo ieri sul computer della cucina per i bambini è gattino2019",
        "I changed the netflix password to Luna24",
        "contraseña cambiada a Toro2024",
        "password of the kids tablet Luna24",
    ],
    "login": [
        "Moodle-Zugang für Emil: emil.hartmann / bello1972",
        "accès ENT : l.martin / soleil1984",
    ],
    "command line": [
        "mosquitto_pub -h 192.168.1.20 -u homeassistant -P PicklePenny#7 -t test/ping",
        "ldapsearch -x -D cn=admin,dc=lab -w Qz7#mP2k -b dc=lab",
        "docker login -u labbot -p Dk8!pQ2zRt registry.lab.example",
        "openssl pkcs12 -in cert.p12 -passin pass:Fr0g!Jump -out cert.pem",
    ],
    "config and tables": [
        "db.example.com:5432:lab:app:Kx8pq2Lmz",
        "| NAS | admin | Kx8#pq2L |",
        "| host | user | password |\n|---|---|---|\n| nas | lab | Kx8pq2Lm |",
        "PGPASSWORD=Kx8pq2Lmz psql -h db -U app",
        "* Netflix -> Fluffy#2019",
        "Kennwort ist 4711abc",
    ],
    "token": [
        'curl -H "Authorization: Bearer 47d586d32d9fdb1900472091c0193cbba5ad6ba3" https://api.x',
        "Authorization: Basic YWRtaW46U3VwZXJTZWNyZXQxMjM=",
        "api key de openweather para la estación del huerto: f751ece43c3e8e2b008d7b9ef859e35a",
        "API-Key für DeepL (Protokolle): ec48a1ec-1107-4fd0-9e44-61867d4a763c:fx",
    ],
}
NOT_SAID = [
    "changed the password on the FritzBox7590",
    "reset the password for Office365",
    "Passwort für Moodle2023 vergessen",
    "the password manager we use at work is Bitwarden, synced on 3 devices",
    "changed my password to something longer",
    "updated the password on 12 devices",
    "key: nas\nroom: cellar rack\nport: json:5000\nratio: json:0.25",
    "password: see vault, port: 8080",
    "call (555) 123 4567",
    "password changed: 1714 days ago",
    "clave: 12 caracteres",
    "| id | kind | date |\n| m-2c8f11 | fact | 2026-01-01 |",
    "compass: 12345678",
    "the commit is 4711abc",
    "bypass=true",
    "Karte endet auf 4471, doppelt belastet",
    "the lockbox model is Master Lock 5400D",
    "wallet address bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq is public",
    "the regex is ^[a-z]+\\d{3}$",
    "Passwort: dasselbe wie beim Router",
    "1200 for the garage door repair",
    "the cvv field was missing on the checkout page",
    "the CVV2 check failed 3 times, the bank blocked the card",
    "the random seed for the training run is 1234",
    "the 24 words are on the steel plate in the safe",
    "set the alarm to 0630 tomorrow",
    "my locker is 214, next to the showers",
    "hotel room 412, fourth floor, breakfast 7 to 10",
    "door code for apartment 2044 is in the family chat",
    "the safe takes 4 AA batteries, replace them in May",
    "mysql -u root -p inventory (it asks for the password)",
    "mosquitto_pub -h broker.lan -u sensor -P $MQTT_PASS -t home/test",
    "docker login -u labbot --password-stdin < token.txt",
    "scp -P 2222 backup.tar nas:/volume1",
    "Bearer tokens expire after one hour",
    "Authorization: Bearer $API_TOKEN",
    "remembered: [fact] m-1b9e04 → MEMORY.md#L14 (memory)",
    "the secret rotation note is at MEMORY.md#L14",
    "password reset → MEMORY.md#L14",
    "Targets: ask-hit@1 ≥ 0.45",
    "the order is PO#2024-118, due Friday",
    "clave pública ssh del servidor: ssh-ed25519 "
    "AAAAC3NzaC1lZDI1NTE5AAAAIGxqQPEUSeAL6GYr6jvw1n/vSzzQzDBzZiQFex+ffw7b admin@servidor",
    "config:\n  usuario: admin\n  password: ${ADMIN_PASS}\n  puerto: 8080",
    "contraseña de 8 cifras como mínimo",
    "Phone ext: 4471",
    "KeePass: database synced nightly via Syncthing",
    "bought apples bananas cherries dates figs grapes kiwis lemons mangos melons oranges pears",
]


@pytest.mark.parametrize(
    "text",
    [
        pytest.param(text, id=f"{kind}-{n}")
        for kind, texts in SAID.items()
        for n, text in enumerate(texts)
    ],
)
def test_each_phrasing_is_refused(text: str) -> None:
    assert find_secrets(text)


@pytest.mark.parametrize("text", NOT_SAID)
def test_look_alikes_pass(text: str) -> None:
    assert find_secrets(text) == []


def test_seed_words_are_the_bip39_list() -> None:
    words = seed_words()
    assert len(words) == 2048 and {"abandon", "zoo", "artefact"} <= words


def test_a_seed_phrase_needs_twelve_words() -> None:
    eleven = "among agent balance aerobic betray capable clog buffalo alarm alcohol board"
    assert not find_seed_phrase(f"seed: {eleven}")
    assert find_seed_phrase(f"seed: {eleven} comic")


def test_a_card_code_is_not_a_count_or_a_year() -> None:
    assert find_card_code("CVC der Firmenkarte: 640")
    assert not find_card_code("cvv is 3 digits")
    assert not find_card_code("CVV since 2019")


def test_findings_never_hold_the_value() -> None:
    text = "cvv on the company amex is 9324"
    assert all("9324" not in kind for kind in find_secrets(text))
