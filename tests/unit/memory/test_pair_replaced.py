"""A change that names the value it leaves behind, against a remembered fact."""

from __future__ import annotations

import pytest

from memory.pair_replaced import replaced_values, replaces_another_value


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("standups are on teams now instead of slack", ["slack"]),
        ("the gym opens at 6 now, not 6:30", ["6:30"]),
        ("ahora pagamos cada 3 meses en vez de cada mes", ["cada mes"]),
        ("cambiamos de Movistar a Digi", ["movistar"]),
        ("replaced the old router with a Fritzbox", ["router"]),
        ("ahora las notas van en Notion en vez de con Word", ["word"]),
        # Not a value: a pronoun, or "cambiar de X" alone (what changed, not the old value).
        ("used that instead of it", []),
        ("he cambiado de número, el nuevo acaba en 77", []),
    ],
)
def test_the_value_left_behind_is_read(text: str, expected: list[str]) -> None:
    assert replaced_values(text) == expected


@pytest.mark.parametrize(
    ("old", "new", "expected"),
    [
        # It leaves a value the fact does not hold: another of the subject's things.
        ("Team standups are Mondays at 9.", "standups are on teams now instead of slack", True),
        ("La cuota del gimnasio es de 30 euros.", "ahora pagamos cada 3 meses en vez de 1", True),
        ("The gym membership is with PureGym.", "the gym opens at 6 now, not 6:30", True),
        # It leaves the fact's own value, however it is spelt.
        ("Our chat is Slack.", "we're on teams now instead of slack", False),
        ("El ISP de casa es Movistar.", "cambiamos de Movistar a Digi", False),
        ("DNS runs on Pi-hole.", "replaced pihole with adguard", False),
        ("The reverse proxy is Nginx Proxy Manager.", "swapped npm for caddy", False),
        ("My shifts are Tuesday to Thursday.", "on mon/fri now instead of tue-thu", False),
        # It names nothing it leaves: not this check's to say.
        ("Our chat is Slack.", "we use teams now", False),
    ],
)
def test_a_change_that_leaves_another_value_replaces_nothing(
    old: str, new: str, expected: bool
) -> None:
    assert replaces_another_value(old, new) is expected
