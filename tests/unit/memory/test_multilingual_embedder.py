"""The multilingual embedder: one space for English and Spanish, offline, checked files."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from memory.search import embedders
from memory.search.embedders import ModelUnavailableError, MultilingualEmbedder


@pytest.fixture(scope="module")
def model() -> MultilingualEmbedder:
    return embedders.multilingual_embedder()


def test_a_spanish_request_meets_the_english_text_it_means(model: MultilingualEmbedder) -> None:
    query, same, other = model.embed(
        [
            "¿a qué hora abre el gimnasio?",
            "The gym opens at 7 am on weekdays.",
            "The NAS backup runs at 3 am.",
        ]
    )
    assert float(query @ same) > float(query @ other) + 0.15


def test_vectors_are_unit_length_and_the_same_for_the_same_text(
    model: MultilingualEmbedder,
) -> None:
    vectors = model.embed(
        ["rellenar un formulario PDF", "fill in a PDF form", "fill in a PDF form"]
    )
    assert vectors.shape == (3, 512) and vectors.dtype == np.float32
    assert np.allclose(np.linalg.norm(vectors, axis=1), 1.0, atol=1e-5)
    assert np.allclose(vectors[1], vectors[2])
    assert model.embed([]).shape == (0, 512)


def test_a_second_process_loads_the_cached_copy_and_a_broken_copy_is_rebuilt(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("LABMEM_CACHE_DIR", str(tmp_path))
    texts = ["¿dónde está el lector de placas?", "The plate reader moved to room 2.14."]
    built = MultilingualEmbedder().embed(texts)
    (copy,) = tmp_path.glob("use-multilingual-v3-*")
    assert (copy / "meta.json").is_file() and (copy / "table.npy").is_file()
    cached = MultilingualEmbedder()
    assert isinstance(cached._model._backend.table, np.memmap)  # read from the copy
    assert np.allclose(cached.embed(texts), built, atol=1e-6)
    (copy / "tokenizer.marshal").write_bytes(b"not marshal data")  # a torn or foreign copy
    again = MultilingualEmbedder()
    assert not isinstance(again._model._backend.table, np.memmap)  # built from the package
    assert np.allclose(again.embed(texts), built, atol=1e-6)
    assert (copy / "meta.json").is_file()  # and written afresh


def test_files_that_fail_their_checksum_are_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(embedders, "USE_WEIGHTS_SHA256", "0" * 64)
    with pytest.raises(ModelUnavailableError, match="sha256"):
        MultilingualEmbedder()
