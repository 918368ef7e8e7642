import pytest

from coordinator.carry import carried

HOME_ASSISTANT = "Home Assistant runs on the Beelink mini PC in the shed, IP 192.168.1.40."


@pytest.mark.parametrize(
    ("old", "new", "kept"),
    [
        (
            HOME_ASSISTANT,
            "La IP de Home Assistant ahora es 192.168.1.45.",
            "Home Assistant runs on the Beelink mini PC in the shed, IP 192.168.1.45.",
        ),
        # the other language, with the value's kind and a linking verb
        (
            "The Proxmox host is a Dell OptiPlex 7060 with 32 GB of RAM at 192.168.1.10.",
            "El Proxmox ahora tiene la IP 192.168.1.11.",
            "The Proxmox host is a Dell OptiPlex 7060 with 32 GB of RAM at 192.168.1.11.",
        ),
        (
            "El backup del NAS corre a las 03:00 con restic.",
            "The NAS backup time is now 04:00",
            "El backup del NAS corre a las 04:00 con restic.",
        ),
        (
            HOME_ASSISTANT,
            "Home Assistant IP is now 192.168.1.45",
            "Home Assistant runs on the Beelink mini PC in the shed, IP 192.168.1.45.",
        ),
        (
            "Gym on Tuesdays at 18:30 with Ana at the Fitness Park.",
            "Gym is now at 19:00",
            "Gym on Tuesdays at 19:00 with Ana at the Fitness Park.",
        ),
        (
            "Jellyfin runs version 10.8.13 in a Docker container on the Proxmox host.",
            "Jellyfin is on 10.9.2 now.",
            "Jellyfin runs version 10.9.2 in a Docker container on the Proxmox host.",
        ),
        # the sentence's full stop is not part of the time, nor is a word that holds a number
        (
            "Dinner with Marta every Friday at 7pm at the taqueria.",
            "Dinner with Marta is now at 8pm.",
            "Dinner with Marta every Friday at 8pm at the taqueria.",
        ),
        (
            "Dinner with Marta every Friday at the taqueria, 7pm.",
            "Dinner with Marta is now at 8pm.",
            "Dinner with Marta every Friday at the taqueria, 8pm.",
        ),
        (
            "The venv uses python3.11 from conda; pinned to Python 3.11 for numba.",
            "Python is now 3.12",
            "The venv uses python3.11 from conda; pinned to Python 3.12 for numba.",
        ),
    ],
)
def test_a_new_value_keeps_the_rest_of_the_entry(old: str, new: str, kept: str) -> None:
    assert carried(old, new) == kept


@pytest.mark.parametrize(
    ("old", "new"),
    [
        # more changed than the value: the host too
        (HOME_ASSISTANT, "Home Assistant moved to the new NUC at 192.168.1.50"),
        (HOME_ASSISTANT, "Home Assistant now runs at 192.168.1.45 on a Pi"),
        # another subject
        (HOME_ASSISTANT, "The NAS IP is now 192.168.1.45"),
        (HOME_ASSISTANT, "El NAS ahora tiene la IP 192.168.1.45"),
        # nothing more to keep: the statement as said
        ("The NAS is at 192.168.1.20.", "The NAS is at 10.0.0.5 now"),
        # another day too
        ("Gym on Tuesdays at 18:30 with Ana.", "Gym on Thursdays at 19:00"),
        # no value of the kind, or two of them
        (HOME_ASSISTANT, "Home Assistant now runs in the garage"),
        ("Backups at 02:00 and 14:00 from the NAS.", "Backups from the NAS now at 03:00"),
        (HOME_ASSISTANT, "Home Assistant IP is 192.168.1.40"),  # the same value
        # what the value is not
        ("El gimnasio es los martes a las 18:30 con Ana.", "El gimnasio ya no es a las 19:00"),
        ("Gym on Tuesdays at 18:30 with Ana at the park.", "Gym is not at 19:00 anymore"),
    ],
)
def test_a_statement_that_says_more_than_a_new_value_is_written_as_said(old: str, new: str) -> None:
    assert carried(old, new) is None
