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

# Secrets of every kind the guard knows, said as notes, lists, pasted mails and chat lines,
# with misspelt and inflected key words, values split by spaces or dashes or on the next line.
SAID = [
    "PUK for my old SIM is 83920174 in case it locks again",
    "voicemail: dial in, then the pin 4410, then 1 for new messages",
    "new phone unlock 719203",
    "locker 14 at the pool — combination 3-22-17",
    "bike lock 0 4 8 1",
    "shed padlock set to 915",
    "the gate takes 2580# from the street side",
    "garage door remote code 661204",
    "alarm: disarm with 8041 within 45 s",
    "if the alarm goes off, the password for the monitoring company is 'blue heron'",
    "wifi for guests: network BeachHouse5G, key sunflower-ocean-42",
    "router login admin / Kx9!mP2q",
    "netflix: maria.l@example.com / Banana#2024",
    "my gmail recovery codes: 4821 9302, 1190 3384, 5572 0918, 6630 2291",
    "backup codes for github\n7f3a9-2b81c\n0d4e1-99a7f\n3c2b8-71e0d",
    "card 4539 1488 0343 6467 exp 09/27 cvv 512",
    "IBAN ES91 2100 0418 4502 0005 1332, PIN del cajero 7731",
    "postgres://app:S3cretPa55@db.internal:5432/prod",
    "OPENAI key sk-proj-4fG8hJ2kL9mN3pQ7rT1vW5xY8zA2bC4dE6fG",
    "the vault passphrase is correct horse battery staple orange",
    "TOTP secret: JBSWY3DPEHPK3PXP",
    "Mum's online banking: customer number 4456721, passcode 90817, memorable word tulip",
    "psswd for the printer web page: Pr1nt3r!",
    "Login for the school portal\nuser: jsmith12\npass: Winter2025!",
    "Forwarded message: 'Your temporary password is Tq8@vL3nZk. Change it after first login.'",
    "el pin de la tarjeta del banco es 4921, no se lo digas a nadie",
    "contraseña del wifi de la tienda: panaderia2024",
    "usuario: lucia.vlc clave: Rosquilla_77",
    "la clave del portal del empleado la cambié a Verano*2025",
    "el candado de la bici lleva 4 2 0 7",
    "la caja fuerte del hotel la dejé en 1599",
    "código del garaje 58 21 09",
    "para entrar al wifi de casa, pon MiCasa_Segura88",
    "pin del móvil de la abuela: 0 8 1 2",
    "el PUK de la SIM es 55102938",
    "PIN der EC-Karte: 8312",
    "WLAN-Schlüssel fürs Büro: Hx72-kLp9-Qz44",
    "Passwort für das Labor-Wiki lautet Enzym!2024",
    "Zahlenschloss am Fahrradkeller steht auf 7 3 1",
    "Benutzer admin, Kennwort Tr4ube#5",
    "mot de passe de la box : Qp7xR2mL9t",
    "le code de la porte du garage c'est 4512B",
    "code PIN de la carte bleue : 3907",
    "identifiant : karim.d / mdp : Lyon69!serv",
    "clé wifi du bureau → fromage-vélo-2023",
    "a senha do wifi lá de casa é gatinho2023",
    "PIN do cartão multibanco: 6614",
    "o código do portão é 1 9 8 4 #",
    "utilizador ana.r, palavra-passe Azul#Mar9",
    "senha do homebanking: Pastel_de_Nata1",
    "la password del router è Gatto!Nero77",
    "PIN del bancomat 2281",
    "codice del cancello: 45-61",
    "utente giulia.s password Mixer#2023",
    "la chiave del wifi dello studio è Acustica-Blu-19",
    "wifi password:\nOrangeKite-5521",
    "Here's the login for the clinic portal\n\nUser: dr.mendes\nPassword:\n  Tx7#qq2Lm",
    "From: IT Support\nSubject: your account\nHi Ana, your temporary password is "
    "Welcome-4471, please change it.",
    "things for the sitter:\n- feed the cat twice\n- alarm 7 7 2 1 then OFF\n- wifi "
    "Casa_Ruiz / limonero77",
    "pasword for the nas: Bluefin!82",
    "contrasena del correo: Nieve_2019",
    "Passwort vom Router: Eichhörnchen7!",
    "mot de pass du compte ameli : Soleil-1987",
    "senah do email: Gaivota#11",
    "passwrod is Quartz77!",
    "voicemail PIN 3 0 9 2",
    "buzón de voz: pin 8812",
    "Mailbox-PIN 4471",
    "code messagerie vocale 5590",
    "PIN da caixa de correio de voz 7261",
    "PIN segreteria 0448",
    "tell the alarm company the code word 'ocelot' if they ring",
    "palabra clave de la alarma: tortuga",
    "Kennwort für den Sicherheitsdienst: Leuchtturm",
    "mot de passe pour la télésurveillance : papillon",
    "palavra de segurança do alarme: andorinha",
    "parola d'ordine per la vigilanza: girasole",
    "seed: legal winner thank year wave sausage worth useful legal winner thank yellow",
    "frase de recuperación: abandon ability able about above absent absorb abstract "
    "absurd abuse access accident",
    "recovery codes\n  1. 8f2k-29dm\n  2. p0q1-77xa\n  3. zz81-k2m4",
    "códigos de respaldo de google: 6672 1029 / 4410 9981 / 2231 5567",
    "DATABASE_URL=mysql://root:Tomate2020@localhost/tienda",
    "Server=tcp:lab.database.windows.net;Database=inv;User ID=sa;Password=Lab!Pass2024;",
    "mongodb+srv://admin:Rp5kLx9w@cluster0.abcd.mongodb.net/test",
    "the visa 4716 2039 8812 4405, 08/28, security code 331",
    "tarjeta 5425 2334 3010 9903 cad 11/26 cvc 918",
    "IBAN DE89 3704 0044 0532 0130 00 / Online-PIN 55120",
    "github token ghp_9aZ3kL0mN7pQ2rS5tU8vW1xY4zB6cD0eF3gH",
    "slack webhook https://hooks.slack.com/services/T0A1B2C3D/B4E5F6G7H/abcdefghijklmnopqrstuvwx",
    "api key for the weather thing is 7c9e6679f4a24b8ea9b3c2d1e0f5a6b7",
    "the token: eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0In0.abcDEF123ghiJKL456mnoPQR789",
    "aws AKIAIOSFODNN7EXAMPL1 secret wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY",
    "las contraseñas nuevas: correo Pino_4455, banco Abeto#21",
    "Passwörter: Mail → Kiefer_88, Bank → Tanne#2020",
    "ssh root@10.0.0.5 pw toor4321!",
    "mysql -u root -pHuerta2023 tienda",
    "curl -u admin:Gr4nada! https://nas.local/api",
    "door 4-4-1-2, gate 9-9-0-1",
    "Oma's Handy-PIN: 1 9 5 3",
    "clave del móvil: 271828",
    "sblocco del telefono 964210",
]

# The same subjects with no secret in them, and ids that look like one.
ONLY_TALK = [
    "I changed my bank PIN yesterday, the new one is in my head",
    "the password must have at least 12 characters and a symbol",
    "remind me to reset the wifi password on Friday",
    "la contraseña del wifi la tiene Pilar, pídesela",
    "el PIN de la tarjeta caduca en 2027? no, la tarjeta caduca",
    "Das WLAN-Passwort steht auf der Rückseite des Routers",
    "le code de la porte a changé, demande à la gardienne",
    "a senha do banco foi alterada hoje de manhã",
    "la password del router è sul retro, non scriverla qui",
    "order #4419203 shipped, tracking 1Z999AA10123456784",
    "call me at 07700 900123 after 6",
    "meeting in room 4.12 at 14:30, bring 3 copies",
    "the Raspberry Pi has 40 GPIO pins",
    "commit 3f9a2c1 fixed the login bug",
    "MAC address of the printer: 00:1B:44:11:3A:B7",
    "IP of the NAS is 192.168.1.40, port 5001",
    "invoice INV-2024-0331 total 239,50 €",
    "postcode 28013, Calle Mayor 12, 3º B",
    "version 2.14.3 of the firmware fixes the wifi drops",
    "flight IB3166 gate B22 boards at 07:45",
    "serial number D7RXFP0DWC on the centrifuge",
    "la reunión es el 12-05 a las 10:00 en la sala 3",
    "Bestellung 448812 kommt am Dienstag",
    "numéro de commande 77120458, livraison jeudi",
    "o pedido 5512 chega amanhã às 9h",
    "il volo parte dal gate 14 alle 18:20",
    "SSH fingerprint SHA256:nThbg6kXUpJWGl7E1IGOCspRomTxdCARLviKw6E5SY8",
    "uuid 550e8400-e29b-41d4-a716-446655440000 for the test run",
    "the safe in the office is broken, locksmith comes Monday",
    "alarm set for 6:45 tomorrow",
    "Wifi down again. Restarted the router twice.",
    "phone: +34 612 345 678",
    "Door 3 is the fire exit; keep it clear",
    "The code review is at 1500 in room 2",
    "recovery went well, the backup took 42 minutes",
    "the new API is documented at https://api.example.com/v2/docs",
    "price went from 1,299 to 1,099 dollars",
    "we need 2 x 16 GB RAM sticks, DDR4 3200",
    "ticket JIRA-4412 about the password reset page",
    "PIN header J3 has 6 pins, 2.54 mm pitch",
    "wifi password:\nask at the front desk",
    "From: IT Support\nSubject: password expiry\nYour password expires in 5 days. Change "
    "it at https://id.example.com",
    "things for the sitter:\n- feed the cat twice\n- alarm is off\n- wifi is on the fridge",
    "the pasword field was empty so login failed",
    "la contrasena no funciona, hay que resetearla",
    "Das Passwort muss 12 Zeichen haben",
    "mot de passe oublié, lien envoyé par mail",
    "voicemail has 3 new messages from 0161 496 0000",
    "the alarm company rang at 03:12, false alarm again",
    "palabra clave para buscar en Google: 'receta roscón'",
    "seed the tomatoes in tray 12, 24 cells each",
    "recovery took 3 days, the backup was 120 GB",
    "DATABASE_URL=${DATABASE_URL}",
    "Server=tcp:lab.database.windows.net;Database=inv;Authentication=Active Directory Default;",
    "mongodb://localhost:27017/test",
    "card ending 4405 was declined at 14:22",
    "IBAN for the rent: DE89 3704 0044 0532 0130 00",
    "github issue #4412 about tokens expiring",
    "see https://hooks.slack.com/ docs for webhooks",
    "the api key goes in the X-Api-Key header",
    "ssh root@10.0.0.5 -p 2222",
    "mysql -u root -p tienda (it asks for the password)",
    "curl -u admin https://nas.local/api prompts for a password",
    "door 4 and gate 9 are on the north side",
    "Oma hat ein neues Handy, Nummer 0171 2345678",
    "el móvil nuevo tiene 128 GB y cuesta 299 €",
    "telefono sbloccato, 3 chiamate perse",
    "password manager: Bitwarden, vault on vault.example.com",
    "the safe word for the kids' game is 'pineapple'",
    "PIN code of the ESP32 dev board: GPIO 2 is the LED",
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


@pytest.mark.parametrize("text", SAID)
def test_each_kind_said_as_people_write_it_is_refused(text: str) -> None:
    assert find_secrets(text), text


@pytest.mark.parametrize("text", ONLY_TALK)
def test_talk_about_secrets_and_ids_pass(text: str) -> None:
    assert find_secrets(text) == [], text
