"""A project's notes as evidence: words a statement shares with one project's notes alone."""

from __future__ import annotations

from coordinator.project_evidence import WorkspaceEvidence

NOTES = {
    "ultra-training": ["Goal race: the Ice Age 50k in La Grange", "long runs on Saturdays"],
    "ha-migration": ["moving Home Assistant from the old pi to the NUC", "Zigbee dongle moves"],
    "bodega-web": ["la tienda online va con Tiendanube", "fotos de las botellas para la web"],
}
MEMORY = ["I work night shifts at the ER", "my partner is Sam, he runs too"]


def test_words_shared_with_one_project_alone_point_at_it() -> None:
    evidence = WorkspaceEvidence(NOTES, MEMORY)
    found = evidence.leaning("Ice Age 50k is May 10, that's the goal race")
    assert found is not None
    assert found.project == "ultra-training"
    assert set(found.words) >= {"Ice", "50k"}


def test_the_same_in_spanish_and_for_names() -> None:
    evidence = WorkspaceEvidence(NOTES, MEMORY)
    found = evidence.leaning("falta conectar Mercado Pago a la tienda online")
    assert found is not None and found.project == "bodega-web"


def test_one_shared_word_is_too_little() -> None:
    evidence = WorkspaceEvidence(NOTES, MEMORY)
    assert evidence.leaning("the pi in the garage runs Pi-hole") is None


def test_words_memory_holds_point_nowhere() -> None:
    memory = [*MEMORY, "the Ice Age trail 50k is my favourite race"]
    evidence = WorkspaceEvidence(NOTES, memory)
    assert evidence.leaning("Ice Age 50k is May 10, that's the goal race") is None


def test_split_evidence_points_nowhere() -> None:
    notes = {"a-proj": ["Synology DS220 backups"], "b-proj": ["Synology DS220 media"]}
    assert WorkspaceEvidence(notes).leaning("the Synology DS220 has two disks") is None


def test_a_note_heard_this_session_counts() -> None:
    evidence = WorkspaceEvidence({"van-wrap": []}, MEMORY)
    assert evidence.leaning("the vinyl from Avery arrives Tuesday") is None
    evidence.heard("van-wrap", "quote for the Avery vinyl: $1,900")
    found = evidence.leaning("the vinyl from Avery arrives Tuesday")
    assert found is not None and found.project == "van-wrap"


def test_an_empty_workspace_says_nothing() -> None:
    assert WorkspaceEvidence().leaning("anything at all") is None
    assert WorkspaceEvidence({}, MEMORY).leaning("night shifts at the ER") is None
