"""A statement that brings no value its entry lacks says it again; it does not change it."""

from __future__ import annotations

import pytest

from memory.restated import says_nothing_new

NUC = "Jellyfin moved to the new NUC, an Intel NUC 11 at 192.168.1.20."
PIHOLE = "El Pi-hole corre en un contenedor LXC de Proxmox en 192.168.1.53."


@pytest.mark.parametrize(
    ("old", "new"),
    [
        (NUC, "Jellyfin se ha mudado al NUC nuevo."),
        (NUC, "Jellyfin now runs on the new NUC."),
        (PIHOLE, "Pi-hole runs on Proxmox."),
        (PIHOLE, "El Pi-hole está ahora en Proxmox, en un LXC."),
    ],
)
def test_fewer_details_of_the_same_fact_say_nothing_new(old: str, new: str) -> None:
    assert says_nothing_new(old, new)


@pytest.mark.parametrize(
    ("old", "new"),
    [
        (NUC, "Jellyfin moved to the NUC at 192.168.1.21."),  # another address
        (NUC, "Jellyfin se ha mudado al Synology."),  # another machine
        (NUC, "Jellyfin ya no está en el NUC."),  # retired
        (NUC, "Jellyfin moved off the NUC, back to the NAS."),
        ("Dr. Patel's office number is 555-0142.", "Dr Patel's office has a new number: 555-0188."),
        ("The lab's shared files are on Box.", "Lab files moved from Box to SharePoint."),
        (NUC, "Jellyfin moved."),  # too little to say it is the same
    ],
)
def test_a_new_value_a_retirement_or_a_bare_verb_is_not_a_restatement(old: str, new: str) -> None:
    assert not says_nothing_new(old, new)
