"""Ways of giving a secret found by counting the eighth and ninth sets' misses by mechanism:
each is tested in phrasings of its own, in several languages, beside look-alikes it must pass."""

from __future__ import annotations

import pytest

from memory.secrets import find_secrets


@pytest.mark.parametrize(
    "text",
    [
        # NIP: the PIN's name in Quebec French (and in the English said there)
        "NIP de la carte Visa : 5531",
        "le NIP du cellulaire de Marc c'est 0912",
        "my NIP for the Tangerine card is 7740",
        # a security question's description, then an arrow and the answer
        "question secrète Ameli : nom du premier animal → Caramel",
        "Sicherheitsfrage Sparkasse: Name der ersten Schule -> Lindenhof",
        "pergunta de segurança do banco: rua onde cresci → Ladeira",
        "security q for the tax site: 'city you were born in' => Dayton",
        # the answer in lower case, right after the question's description
        "question de sécurité de la banque, ville natale... j'ai mis chicoutimi",
        "pregunta de seguridad del seguro: nombre de tu mascota, puse canela",
        # the question's description says what it asks before the answer
        "the security question at the credit union is mother's maiden name - I put Okafor",
        # the old value of a password being changed is still the password
        "remind me to change the router password from Pelican!42 next week",
        "tengo que cambiar la clave del portátil de Luna_2019 a otra",
        "Passwort vom NAS von Sonne24! auf was Neues ändern",
        # unlocking in any person or mood, with an object between
        "la tablet la desbloqueás con 482913",
        "the kiosk, you unlock it with 557120",
        "das Tablet entsperrst du mit 8830",
        # signing in, said in the subjunctive or the voseo
        "dile que entre con Pampa_Gris77 y que no la cambie",
        "entrá con Pampa_Gris77 al campus virtual",
        # a code word: the word to tell the alarm company, a safe word with no alarm named
        "when the monitoring centre calls, the word to tell them is walnut",
        "cuando llame la central de alarmas, la palabra que hay que decir es tomillo",
        "if the alarm goes off Securitas rings and the safe word is pancake",
        "la palabra secreta del teclado de la alarma es mandarina",
        # a passphrase of plain words, introduced as a phrase or ending with a number
        "the wifi password is the whole sentence purple tractor sings 4",
        "la contraseña es la frase entera: perro verde saltarín 7",
        "das Passwort ist der Satz: Katze Hund Maus",
        "das Passwort für den Server ist Mondfisch Leuchtturm Kabeljau Segeltuch 0",
        # a lock's code told with when it changed
        "new back door code from monday is 4471",
        "el código del portón desde el lunes es 6630",
        "el código del portón cambió a 4471 el lunes",
        "o código do portão mudou para 5521 na segunda",
        # a card number followed by its expiry date, in the issuer's groups
        "amex de la empresa 3400 000000 00009 exp 11/28",
        # a vendor's key that looks like an id: DeepL's ends in ':fx'
        "DeepL key for the translation plugin 0b2c5f7e-91d4-4c1a-8e3f-2a6d9b7c4e10:fx",
    ],
)
def test_the_secret_is_refused(text: str) -> None:
    assert find_secrets(text), text


@pytest.mark.parametrize(
    "text",
    [
        "nip to the shop for 2 pints of milk",
        "NIP invalide, 3 essais restants, le guichet a gardé la carte",
        "security questions → see the policy doc",
        "security question reset → done",
        "question de sécurité : à quoi ça sert → aucune idée",
        "the security question is stupid, I put something random",
        "security question on the bank site is dumb - I put it off",
        "pregunta de seguridad olvidada → llamar al banco",
        "He cambiado la contraseña de FarmaGest, la nueva está en el gestor",
        "changed the wifi password from WPA2 to WPA3 on the router",
        "I changed my password from my laptop this morning",
        "unlocked it with my thumb in 2019",
        "entre con cuidado, el suelo está mojado",
        "the word to say when you call the doctor is thanks",
        "the secret word is out: Ana is pregnant",
        "the safe word is important, write it down",
        "la palabra clave es marketing para esta campaña",
        "request id 0b2c5f7e-91d4-4c1a-8e3f-2a6d9b7c4e10 in the logs",
        "my password: it's somewhere safe now",
        "password policy: it's twelve characters minimum",
        "the password is just the phrase from the manual",
        "the wifi password is the whole sentence on the sticker",
        "the password is very long and complex",
        "the gift card code balance is 1200",
        "door code is at 0800 on monday",
    ],
)
def test_the_look_alike_passes(text: str) -> None:
    assert find_secrets(text) == [], text


@pytest.mark.parametrize(
    "text",
    [
        "security questions: I put them in 1Password",
        "security questions for the bank - I put them in Bitwarden",
        "security questions: I answered all three",
        "preguntas de seguridad del banco: puse todas en el gestor",
        "security question for the bank → see notes",
        "security question for the bank → ask Ana",
        "pregunta de seguridad → ver cuaderno",
    ],
)
def test_where_the_answers_are_kept_passes(text: str) -> None:
    assert find_secrets(text) == [], text
