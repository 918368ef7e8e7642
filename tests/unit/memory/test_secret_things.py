"""A number or an id that names a thing passes the guard; a credential said beside the same
words does not. Phrasings are written here, in six languages, not taken from a labelled set."""

from __future__ import annotations

import pytest

from memory.secret_formats import chat_messages, mask_public_material
from memory.secret_vocab import WEAK, word_pattern, word_set
from memory.secrets import find_secrets, forget_scans


@pytest.fixture(autouse=True)
def _fresh() -> None:
    forget_scans()


@pytest.mark.parametrize(
    "text",
    [
        # a code of a place, a product or a registry, next to "code"/"código"/"codice"
        "the area code for Lisbon is 213, in case you call from abroad",
        "código de área de Rosario: 341",
        "código postal de la oficina nueva es 41012",
        "codice prodotto 440912 — ne ordiniamo altre 3 scatole",
        "code article 553120 chez le grossiste, rayon B",
        "Artikelcode 771203 beim Großhändler nachbestellen",
        "codice AIC 034512880 per la ricetta della signora Bassi",
        "código SKU 88213409 do fornecedor de parafinas",
        "code EAN 4006381333931 on the shelf label",
        # another thing's number beside a lock's word
        "Wagen steht in der Tiefgarage, Kennzeichen M-KL 4821, Platz 12",
        "vol pour Lyon AF 7412 à 09:10, code de réservation K7PQ2L",
        "caja fuerte entregada, albarán 30417, firmado por Marta",
        # an example's placeholder
        "docs say: SECRET_TOKEN=your-token-here before the first run",
        "en el README: API_KEY=tu-clave-aqui y luego reinicia",
        # a record's id named by what it is
        "refund re_3NbVx8LkdF2aQw81 for the Dubois wedding still pending",
        "customer cus_NffrFeUfNV2Hib asked for the invoice again",
        # a value its line calls public
        "my public address for donations: 4AdUndXHHZ9pfQj27QLCfrEmCnWwR8bMTNjR8FsrYFUc8w",
        "endereço público da carteira (para receber): TNPeeaaFB7K9cmo4uQpcU32zGK8G1NYqeL",
    ],
)
def test_a_thing_s_number_or_id_passes(text: str) -> None:
    assert find_secrets(text) == []


@pytest.mark.parametrize(
    "text",
    [
        # the same words beside a lock's or an account's value
        "the door code for the Lisbon office is 2138",
        "el código de la alarma de la oficina nueva es 4101",
        "SECRET_TOKEN=9fK2xQ7vLm3pR8sT1wZ4 before the first run",
        "public wifi password: Xk9#mPq2vL",
        "code PIN de la carte 4471",
        # a phrase of plain words or words run together, before another clause
        "the backup drive passphrase is otter candle meadow brick so keep it offline",
        "la contraseña del disco es nube tigre lámpara río y no la compartas",
        "the wifi in the studio is lanternpebblecactus now",
        # a value sent alone in a chat export
        "[09:02] Ana: te mando la clave del router\n[09:02] Ana: Qv7#pLx2Rt\n[09:03] Leo: ok",
    ],
)
def test_a_credential_beside_the_same_words_is_refused(text: str) -> None:
    assert find_secrets(text) != []


def test_a_chat_export_reads_as_its_messages() -> None:
    text = "[10:01] Ana: hola\n[10:02] Leo: 4471\n[10:02] Ana: gracias"
    assert chat_messages(text) == "hola\n4471\ngracias"
    assert chat_messages("[note] wifi: Xk9#mPq2vL") is None  # one line: not a chat export


def test_a_public_value_is_masked_only_with_no_key_word_between() -> None:
    token = "TNPeeaaFB7K9cmo4uQpcU32zGK8G1NYqeL"
    assert token not in mask_public_material(f"dirección pública: {token}")
    assert token in mask_public_material(f"public wifi, the password: {token}")


def test_word_tables_read_forms_as_the_vocabulary_does() -> None:
    table = word_pattern("área, kunden*, n.º, öffentlich*", extra=r"sha\d+")
    for said in ("area", "Área", "Kundennummer", "n.º", "oeffentlich", "sha256"):
        assert table.search(f"x {said} y"), said
    assert not table.search("zona arear")
    assert "codigo" in word_set("código") and "código" in word_set("código")
    assert "combinación" in WEAK and "kombi" in WEAK
