"""Draft skill folder names: the statement's goal, in the specification's alphabet."""

from __future__ import annotations

import re

import pytest

from skills.drafts import draft_name
from skills.model import NAME


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("How to update Home Assistant: ssh in, run ha core update", "update-home-assistant"),
        ("To rotate the backup disks, run rotate-disks.sh", "rotate-the-backup-disks"),
        ("Para reiniciar el autoclave: apágalo, espera 30 s", "reiniciar-el-autoclave"),
        ("Cómo preparar una lámina delgada: cortar, pulir", "preparar-una-lamina-delgada"),
        (
            "Configuración del señor Núñez para el espectrómetro",
            "configuracion-del-senor-nunez-para-el",
        ),
        ("¡¿…?!", "procedure"),
    ],
)
def test_a_draft_is_named_after_its_goal_without_accents(text: str, name: str) -> None:
    assert draft_name(text) == name
    assert re.match(NAME, name)
