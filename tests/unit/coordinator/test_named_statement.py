"""A statement about a named thing with a verb of its own is kept, never taken for small
talk; greetings, thanks, a word about the day, questions and requests are not kept."""

from __future__ import annotations

import pytest

from coordinator import Lab
from coordinator.graph.nodes import _unnamed_project
from coordinator.lasting import reads_as_lasting
from coordinator.named_statement import named_subject
from coordinator.router import Route

STATED = [
    "Jellyfin transcodes with Intel Quick Sync.",
    "Jellyfin transcodes with Quick Sync",
    "El Pi-hole filtra también el IoT",
    "Proxmox backs up to the USB disk nightly",
    "La Synology tiene dos discos de 4 TB.",
    "Home Assistant controla las luces del salón.",
]
CHAT = [
    "Thanks Ana!",
    "Good morning Marta",
    "Buenos días, Marta",
    "Great news from Ana",
    "Buena semana, Marta",
    "Hold on, the kids are calling, back in 5.",
    "Lovely weather in Madrid today",
    "Hace un día precioso en Madrid",
    "Convert 45 psi to bar",
    "Is Jellyfin running on the NUC?",
]


@pytest.mark.parametrize("text", STATED)
def test_a_named_thing_with_a_verb_of_its_own_is_a_statement(text: str) -> None:
    assert named_subject(text)


@pytest.mark.parametrize("text", CHAT)
def test_greetings_thanks_the_day_and_questions_name_no_subject(text: str) -> None:
    assert named_subject(text) is None


@pytest.mark.parametrize(
    ("text", "lasting"),
    [
        ("Pi-hole runs in an LXC container on Proxmox at 192.168.1.53.", True),
        ("El Pi-hole corre en un contenedor LXC de Proxmox en 192.168.1.53.", True),
        ("The NAS is configured with RAID 1.", True),
        ("Moved Pi-hole to the NUC this morning.", False),
        ("Pi-hole se cayó otra vez.", False),
        ("Actualizado el FortiGate a 7.2.8, todo bien.", False),
        ("Need to update Pi-hole.", False),
        ("I'm migrating the Pi-hole to the NUC.", False),
    ],
)
def test_how_a_thing_is_set_up_reads_as_lasting(text: str, lasting: bool) -> None:
    assert reads_as_lasting(text) is lasting


@pytest.mark.integration  # the classifier reads MiniLM's meaning
@pytest.mark.parametrize("text", STATED[:4])
def test_a_statement_the_classifier_takes_for_small_talk_is_kept(lab: Lab, text: str) -> None:
    receipt = lab.remember(text)
    assert receipt.ok and receipt.layer in {"memory", "daily"}, receipt.reason


@pytest.mark.integration
@pytest.mark.parametrize("text", ["Thanks Ana!", "Buenos días, Marta", "Good morning!"])
def test_small_talk_is_still_not_stored(lab: Lab, text: str) -> None:
    assert lab.remember(text).status == "not_stored"


@pytest.mark.integration
@pytest.mark.parametrize(
    "text",
    [
        "Pi-hole runs in an LXC container on Proxmox at 192.168.1.53.",
        "El Pi-hole corre en un contenedor LXC de Proxmox en 192.168.1.53.",
    ],
)
def test_a_setup_note_with_no_project_is_a_fact_of_memory(lab: Lab, text: str) -> None:
    receipt = lab.remember(text)
    assert (receipt.layer, receipt.kind) == ("memory", "fact"), receipt.reason


@pytest.mark.parametrize(
    ("text", "layer"),
    [
        ("El Pi-hole corre en un contenedor LXC de Proxmox en 192.168.1.53.", "memory"),
        ("Pi-hole runs in an LXC container on Proxmox at 192.168.1.53.", "memory"),
        ("Moved Pi-hole to the NUC this morning.", "daily"),
        ("Hay que actualizar el Pi-hole.", "daily"),
    ],
)
def test_an_unnamed_project_note_goes_where_its_tense_says(text: str, layer: str) -> None:
    guess = Route("project", "configuration", "classifier: project/configuration (0.65)")
    chosen = _unnamed_project(guess, None, text)
    assert chosen.layer == layer
    assert ("kept in MEMORY.md" in chosen.reason) is (layer == "memory")
    asked = _unnamed_project(guess, None, None)  # --layer project: kept in today's log
    assert asked.layer == "daily"


@pytest.mark.integration
def test_what_happened_to_a_machine_stays_in_todays_log(lab: Lab) -> None:
    receipt = lab.remember("Moved Pi-hole to the NUC this morning.")
    assert receipt.layer == "daily", receipt.reason
