"""The answer set for a security question, and seed words told after a sentence."""

from __future__ import annotations

import pytest

from memory.secrets import find_secrets


@pytest.mark.parametrize(
    "text",
    [
        "security question for the bank app - 'mother's maiden name' - I put Ravensworth",
        "pregunta de seguridad del correo (ciudad donde nací): puse Villa Esperanza 77",
        "question secrète du compte Ameli : j'ai mis Rantanplan",
        "Sicherheitsfrage bei der Sparkasse: ich habe Waldmeister angegeben",
        "domanda di sicurezza della banca: ho messo Pippo",
        "pergunta de segurança do banco: coloquei Tartaruga",
        "for my security question I put Marmalade as the answer",
        "security question of the old bank, the answer I used is Vinegar Street",
        "pregunta de seguridad del banco — respuesta: Tortuga Azul",
        "el cliente me dio las palabras de la cartera, son abandon ability able about above "
        "absent absorb abstract absurd abuse access accident",
    ],
)
def test_the_answer_or_the_words_are_refused(text: str) -> None:
    assert find_secrets(text), text


@pytest.mark.parametrize(
    "text",
    [
        "I changed the security question yesterday, I put a fake answer",
        "the security question asks for my first pet, I put the real one",
        "forgot the answer to my security question, I put something silly years ago",
        "Security question reset. I used the same answer as before",
        "pregunta de seguridad: puse lo de siempre",
        "Security questions workshop: I used PowerPoint for the slides",
        "La pregunta de seguridad del banco me parece absurda, contesté Google en vez de leerla",
        "the security question page looks odd, I typed Firefox into the search bar",
        "Sicherheitsfragen sind lästig, ich habe Firefox neu installiert",
        "la Sicherheitsfrage ist dumm",
        "sunday plan: wake early, bake bread, walk dog, clean house, visit mom, cook dinner, "
        "read book, call dad",
    ],
)
def test_talk_about_the_question_passes(text: str) -> None:
    assert find_secrets(text) == [], text


@pytest.mark.parametrize(
    "text",
    [
        "el código de recuperación de Gmail, por si pierdo el móvil, es 4471 9302",
        "codice di recupero della banca: 5521 0930",
        "recovery code for the Apple ID, keep it: 8812-4471-0093",
    ],
)
def test_a_recovery_code_in_digit_groups_is_refused(text: str) -> None:
    assert find_secrets(text), text


@pytest.mark.parametrize(
    "text",
    [
        "backup code sent to my phone number 0612 345 678",
        "recovery code request ticket 2024 1105 closed",
        "the backup runs at 0300 0400 daily",
    ],
)
def test_phone_ticket_and_time_groups_pass(text: str) -> None:
    assert find_secrets(text) == [], text


@pytest.mark.parametrize(
    "text",
    [
        "a pergunta de segurança do banco é a cidade, e a resposta que a Rita pôs foi Lagos",
        "the security question's answer Ana set for the bank is Marigold",
        "pregunta de seguridad del seguro: la respuesta que puso mi marido es Chispita",
    ],
)
def test_the_answer_someone_set_is_refused(text: str) -> None:
    assert find_secrets(text), text
