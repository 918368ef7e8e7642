"""Dedupe asks for a shared content word as well as close meaning: an embedder that puts
unrelated sentences close (the English model on Spanish) never confirms one away nor
reports it as similar."""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from memory.dedupe import content_words, find_duplicates


class Close:
    """Every text at the same point: the worst case of an embedder that cannot tell."""

    def embed(self, texts: Sequence[str]) -> np.ndarray:
        return np.ones((len(texts), 4), dtype=np.float32) / 2.0


ENTRIES = [
    ("m-1", "Decidimos guardar las copias de seguridad en el NAS de casa."),
    ("m-2", "The NAS is at 10.0.0.5."),
]


def test_unrelated_sentences_are_new_however_close_the_embedder_puts_them() -> None:
    result = find_duplicates("Ana es la técnica del laboratorio.", ENTRIES, Close())
    assert result.status == "new" and result.similar == ()


def test_a_restatement_confirms_and_an_update_is_similar() -> None:
    again = find_duplicates("decidimos guardar la copia de seguridad en el nas", ENTRIES, Close())
    assert again.status == "confirm" and again.match == "m-1"
    moved = find_duplicates("The NAS is at 10.0.0.9.", ENTRIES, Close())
    assert moved.status == "similar" and "m-2" in moved.similar


def test_content_words_fold_case_accents_and_endings_in_both_languages() -> None:
    assert content_words("Las Copias de Seguridad") == content_words("copia seguridad")
    assert content_words("the drives") & content_words("a drive")
    assert "tecni" in content_words("técnica") and not content_words("de la y el the a")
