"""Entry vectors kept between processes: embedded once per text and model, dropped by
forget, and never trusted across a model change or a broken file."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

import numpy as np

from memory.entry_vectors import StoredVectors, forget_texts
from memory.search.embedders import EmbedderIdentity, HashingEmbedder


class Counting(HashingEmbedder):
    def __init__(self, name: str = "hashing") -> None:
        super().__init__()
        self.identity = EmbedderIdentity(name, "1", self.identity.dimension)
        self.seen: list[str] = []

    def embed(self, texts: Sequence[str]) -> np.ndarray:
        self.seen += list(texts)
        return super().embed(texts)


def test_a_second_process_embeds_only_what_is_new(tmp_path: Path) -> None:
    path = tmp_path / "index" / "entry-vectors.npz"
    first = Counting()
    got = StoredVectors(path, first).get(["The NAS is at 10.0.0.5.", "I prefer tea."])
    assert first.seen == ["The NAS is at 10.0.0.5.", "I prefer tea."] and path.exists()
    second = Counting()  # a new process: a fresh object over the same file
    again = StoredVectors(path, second).get(["I prefer tea.", "The UPS is new.", "I prefer tea."])
    assert second.seen == ["The UPS is new."]
    assert np.allclose(again[0], got[1]) and np.allclose(again[2], got[1])
    assert StoredVectors(path, Counting()).get([]).shape == (0, first.identity.dimension)


def test_another_model_or_a_broken_file_starts_empty(tmp_path: Path) -> None:
    path = tmp_path / "entry-vectors.npz"
    StoredVectors(path, Counting()).get(["I prefer tea."])
    other = Counting("another-model")
    StoredVectors(path, other).get(["I prefer tea."])
    assert other.seen == ["I prefer tea."]  # never a vector of a different model
    path.write_bytes(b"not a numpy file")
    fresh = Counting()
    assert StoredVectors(path, fresh).get(["I prefer tea."]).shape[0] == 1
    assert fresh.seen == ["I prefer tea."]


def test_forget_drops_the_vectors_of_a_text(tmp_path: Path) -> None:
    path = tmp_path / "entry-vectors.npz"
    StoredVectors(path, Counting()).get(["The admin password hint is blue.", "I prefer tea."])
    assert forget_texts(path, ["The admin password hint is blue.", "never stored"]) == 1
    later = Counting()
    StoredVectors(path, later).get(["The admin password hint is blue.", "I prefer tea."])
    assert later.seen == ["The admin password hint is blue."]
    assert forget_texts(tmp_path / "missing.npz", ["x"]) == 0


def test_a_warm_process_saves_new_vectors_later_and_on_save(tmp_path: Path) -> None:
    path = tmp_path / "entry-vectors.npz"
    warm = StoredVectors(path, Counting())
    warm.get(["I prefer tea."])  # the first new vector is saved at once
    warm.get(["The UPS is new."])  # the next within SAVE_EVERY waits
    peek = Counting()
    StoredVectors(path, peek).get(["I prefer tea.", "The UPS is new."])
    assert peek.seen == ["The UPS is new."]
    warm.save()
    after = Counting()
    StoredVectors(path, after).get(["I prefer tea.", "The UPS is new."])
    assert after.seen == []


def test_two_processes_keep_each_others_vectors(tmp_path: Path) -> None:
    path = tmp_path / "entry-vectors.npz"
    one, two = StoredVectors(path, Counting()), StoredVectors(path, Counting())
    one.get(["I prefer tea."])
    two.get(["The UPS is new."])
    one.get(["The NAS is at 10.0.0.5."])
    one.save()
    two.save()
    last = Counting()
    StoredVectors(path, last).get(["I prefer tea.", "The UPS is new.", "The NAS is at 10.0.0.5."])
    assert last.seen == []


def test_forget_reaches_the_vectors_a_process_has_not_saved_yet(tmp_path: Path) -> None:
    path = tmp_path / "entry-vectors.npz"
    warm = Counting()
    cache = StoredVectors(path, warm)
    cache.get(["I prefer tea."])
    cache.get(["The admin password hint is blue."])  # not saved yet
    forget_texts(path, ["The admin password hint is blue."])
    cache.save()  # must not write the forgotten vector back
    later = Counting()
    StoredVectors(path, later).get(["The admin password hint is blue.", "I prefer tea."])
    assert later.seen == ["The admin password hint is blue."]
    cache.get(["The admin password hint is blue."])
    assert warm.seen.count("The admin password hint is blue.") == 2  # embedded anew
