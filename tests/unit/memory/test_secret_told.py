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
    ],
)
def test_the_look_alike_passes(text: str) -> None:
    assert find_secrets(text) == [], text
