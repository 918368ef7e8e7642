"""The credential vocabulary: how a form is read, and that every check sees a form added."""

from __future__ import annotations

import re

import pytest

from memory.secret_prefilter import suspect_indexes
from memory.secret_vocab import LANGUAGES, TABLES, WEAK, first_words, fold, forms, pattern, stems
from memory.secrets import scan_batch

KINDS = (
    "password passphrase seed pin code combination wifi_key network recovery token credentials "
    "login card card_code card_generic bank totp voicemail code_word answer connection vault "
    "entry container keybox padlock lock alarm device"
).split()


def test_every_language_has_a_table_for_every_kind() -> None:
    for lang in LANGUAGES:
        missing = [kind for kind in KINDS if not TABLES[lang].get(kind)]
        assert missing == [], (lang, missing)


@pytest.mark.parametrize(
    ("form", "text"),
    [
        ("key box", "keybox"),
        ("key box", "key-box"),
        ("key box", "key_box"),
        ("contraseña", "contrasena"),
        ("schließfach", "Schliessfach"),
        ("schlüssel", "Schluessel"),
        ("d'accès", "d’accès"),
    ],
)
def test_a_form_matches_its_spellings(form: str, text: str) -> None:
    from memory.secret_vocab import _form_regex

    assert re.fullmatch(f"(?i){_form_regex(form)}", text)


def test_compound_and_prefix_forms() -> None:
    assert re.fullmatch(f"(?i){pattern('password')}", "Routerpasswort")
    assert re.fullmatch(f"(?i){pattern('login')}", "Benutzerkonto")
    assert "passwort" in stems("password")
    assert "benutzer" in stems("login")


def test_first_words_and_folding() -> None:
    assert {"contraseña", "contrasena"} <= first_words("password")
    assert fold("Prüfziffer") == "prufziffer"
    assert forms("pin")[0] == max(forms("pin"), key=len)


def test_weak_forms_are_vocabulary_forms() -> None:
    every = {
        form for lang in LANGUAGES for table in [TABLES[lang]] for f in table.values() for form in f
    }
    assert WEAK <= every


# One form of each family, in a sentence that gives a value: the prefilter keeps it and a
# check refuses it, in each language.
SAID = [
    "la contraseña del portal es Girasol!77",
    "o pin do telemóvel é 4471",
    "il codice del lucchetto è 3-9-1-4",
    "der Code vom Schlüsselkasten lautet 5521",
    "le code du boîtier à clés est 6034",
    "the key box code is 8812",
    "la combinación del candado es 4-2-7",
    "antifurto del magazzino: codice 55102",
]


@pytest.mark.parametrize("text", SAID)
def test_a_vocabulary_form_reaches_a_check(text: str) -> None:
    assert suspect_indexes([text]) == [0]
    assert scan_batch([text])[0]


TALK = [
    "the key box is behind the bins",
    "la contraseña del portal caduca cada 90 días",
    "I changed my password yesterday",
    "Being organised is key",
    "the alarm went off at night",
]


@pytest.mark.parametrize("text", TALK)
def test_talk_about_a_secret_is_not_refused(text: str) -> None:
    assert scan_batch([text])[0] == []
