"""The prefilter: a text it drops is one no detector would flag; ordinary talk is dropped."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from memory.secret_prefilter import misspelt_password, suspect_indexes
from memory.secrets import forget_scans, full_scan, scan_batch

DATA = Path(__file__).resolve().parents[2] / "data" / "secrets"


def _corpus_texts() -> list[str]:
    return [
        json.loads(line)["text"]
        for path in sorted(DATA.glob("*.jsonl"))
        for line in path.read_text(encoding="utf-8").splitlines()
        if line.strip()
    ]


def test_every_text_a_detector_flags_is_kept_for_the_full_scan() -> None:
    texts = _corpus_texts()
    kept = set(suspect_indexes(texts))
    flagged = [i for i, kinds in enumerate(full_scan(texts)) if kinds]
    assert len(flagged) > 500
    assert [texts[i] for i in flagged if i not in kept] == []


def test_the_guard_finds_what_the_full_scan_finds() -> None:
    texts = _corpus_texts()
    forget_scans()
    assert scan_batch(texts) == full_scan(texts)


ORDINARY = [
    "Caroline: I went shopping with my mom and we found the perfect dress!",
    "Melanie: That's incredible, your passion for painting really shows.",
    "John: The monkey at the zoo stole my sandwich, can you believe it?",
    "Nate: Being organized is the secret sauce",  # "secret" counts: kept (see below)
    "Gina: Thanks! Making my spot comfortable and inviting for my customers matters.",
    "Audrey: We passed the park on the way and the dogs loved it.",
]


def test_a_word_that_needs_digits_keeps_a_line_only_with_digits() -> None:
    assert suspect_indexes(["Being organized is key", "key safe by the door: 4471"]) == [1]


def test_ordinary_talk_is_not_sent_to_the_full_scan() -> None:
    kept = suspect_indexes(ORDINARY)
    assert kept == [3]


@pytest.mark.parametrize(
    "text",
    [
        "pw for the nas is Fluffy2019!",
        "WLAN-SCHLÜSSEL: Sonnenblume#42",
        "Routerpasswort: x",
        "Türcode 4711",
        "contrasena del correo: Madrid!x",
        "mdp: Baguette!x",
        "pasword for the drive is Drive#x",
        "gate 5-4-3",
        "admin / Schnecke?boCM36",
        "token ghpAbcdefghijklmnopqrstuv",
        "log in as admin",
        "“PIN” ist 1",
        "the recovery words are apple river stone",
        "wallet words: lemon tiger cloud",
        "mein Merksatz ist Blau Haus Tor",
        "el ordenador de la oficina ahora se abre con tamal.lobo49",
        "the office laptop opens with tamal.lobo49",
        "O portão abre com azul77",
        "wifi casa → 7182",
        "alarm -> code - the new one -> 5521",
        "seguridad → pregunta → respuesta → 4",
    ],
)
def test_credential_words_and_shapes_are_kept(text: str) -> None:
    assert suspect_indexes([text]) == [0]


def test_offsets_hold_for_texts_with_characters_of_every_width() -> None:
    texts = ["🙂 ordinary", "ß and ü", "PIN 1234", "plain words only", "ΣΊΣΥΦΟΣ password: x"]
    assert suspect_indexes(texts) == [2, 4]
    assert suspect_indexes([]) == []


@pytest.mark.parametrize(
    ("word", "close"),
    [
        ("pasword", True),
        ("passowrd", True),
        ("paswrod", True),
        ("passion", False),
        ("party", False),
    ],
)
def test_misspelt_password_is_two_edits_away(word: str, close: bool) -> None:
    assert misspelt_password(word) is close


def test_ordinary_text_never_loads_the_vendor_detectors() -> None:
    """detect-secrets (and the requests it imports) cost a one-shot command ~80 ms; a
    batch the prefilter passes as clean must not load them."""
    import subprocess
    import sys

    code = (
        "import sys; from memory.secrets import scan_batch; "
        "assert scan_batch(['Replaced the fan.', 'user']) == [[], []]; "
        "print('detect_secrets' in sys.modules)"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"


def test_metadata_values_are_scanned_one_by_one() -> None:
    """An entry's metadata is scanned value by value: "src=user" followed by an id of letters
    and digits is not a login, and the entry stays searchable."""
    from memory.document import parse_document
    from memory.secret_lines import document_secrets

    ids = ["m-3ebeeffa", "m-bfafdda7", "m-df1ecfa8", "m-2f82b02f", "m-6b67116c"]
    lines = [
        f"- The printer is on VLAN {n}. <!-- id=m-{n:08x} kind=fact at=2026-11-29T13:06:40Z "
        f"src=user supersedes={old} -->"
        for n, old in enumerate(ids)
    ]
    doc = parse_document("# MEMORY\n\n## Lab facts\n\n" + "\n".join(lines) + "\n")
    assert document_secrets("MEMORY.md", doc) == []


def test_a_new_value_with_digits_and_seed_words_in_lines_are_kept() -> None:
    texts = [
        "locked out again so I changed it, the new one is Harbor52!",
        "I bought a new one yesterday",  # no digits: not kept
        "keep this safe:\ncrater oyster fancy badge\nchalk puzzle fringe clock\n"
        "chimney bronze fiber cupboard",
        "shopping:\nmilk eggs\nbread",  # too few words for a seed
    ]
    assert suspect_indexes(texts) == [0, 2]


def test_a_token_with_many_symbols_is_read_as_one_token() -> None:
    texts = [
        "note " + "*" * 300,
        "see " + "#" * 50 + "Saffron12" + "!" * 50,
        "?" * 300,
        "saved it as a*b*c*Lantern*7 in the vault",
        "a+b=c, then x*y",
    ]
    assert suspect_indexes(texts) == [1, 3]


def test_a_seed_phrase_on_one_line_after_a_sentence_is_kept() -> None:
    from memory.secret_prefilter import suspect_indexes

    seed = (
        "Me pidió que le guardara las palabras de su monedero:\n"
        "walnut drum saddle cargo olive raven bronze donkey pyramid garlic rocket nephew"
    )
    chat = "Fue un buen día.\nmañana vamos al parque con los niños"  # a line of words, not a seed
    assert suspect_indexes([seed, chat]) == [0]
