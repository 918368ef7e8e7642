"""A statement about the fact's value, about another of its things, or about someone else
never retires the user's fact, in English and Spanish; a real change still does."""

from __future__ import annotations

import pytest

from memory.pair_topic import (
    about_the_value,
    another_attribute_of,
    another_instance,
    someone_else,
)
from memory.supersede import about_its_value, is_update, part_changed
from memory.update_cues import holding_back


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("My accountant is Nora Bell.", "Nora's office is on Queen Street now"),
        ("Our ISP is Sonic.", "sonic's support line opens at 7 now"),
        ("El coche de Marta es un Renault Megane.", "el Megane ya tiene 150.000 km"),
        ("La gestoría de Pablo es Asesoría Norte.", "asesoría norte ha cambiado de oficina"),
        ("El jefe de Ana es Luis Gil.", "luis ha cambiado de despacho, ahora está en la tercera"),
        ("The lab's sequencer is a NovaSeq X.", "the NovaSeq got a new flow cell holder"),
    ],
)
def test_a_statement_about_the_value_itself_is_not_an_update(old: str, new: str) -> None:
    assert about_the_value(old, new)
    assert about_its_value(old, new)
    assert not is_update(old, new, 0.6)


@pytest.mark.parametrize(
    ("old", "new"),
    [
        # The value retired, or the subject named with its new value.
        ("My accountant is Nora Bell.", "Nora retired, Ken Ito does our books now"),
        ("El jefe de Ana es Luis Gil.", "Luis se ha jubilado, mi jefa ahora es Eva Sanz"),
        ("Our ISP is Sonic.", "sonic's not our provider anymore, we're on AT&T fiber"),
        ("El perro de Ana se llama Toby.", "Toby murió en marzo, ahora tenemos a Kira"),
        # A value of the same kind changed: the topic is the thing that moved.
        ("Pablo hace Pilates los martes.", "el pilates lo he cambiado a los jueves"),
        # A lower-case word of the value is no name: "set" is not the fridge's value.
        ("The cold room is set to 4C.", "set the cold room to 3 degrees now"),
    ],
)
def test_a_change_of_the_value_still_reaches_the_model(old: str, new: str) -> None:
    assert not about_its_value(old, new)


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("Lena's GP is Dr Rao.", "Tom's registered with Dr Patel over in Hove"),
        ("Ana vive en Chamberí.", "Bea se mudó a Lavapiés, la voy a echar de menos"),
        ("Luis es jefe de sala en El Faro.", "a Jorge lo han hecho jefe de sala en El Faro Norte"),
        ("Our accountant is Nora Bell.", "Ken's accountant is leaving the firm"),
        ("El bajo de Ana es un Fender.", "el batería se compró unos platillos nuevos"),
    ],
)
def test_a_statement_about_someone_else_is_not_an_update(old: str, new: str) -> None:
    assert someone_else(old, new)
    assert not is_update(old, new, 0.6)


@pytest.mark.parametrize(
    ("old", "new"),
    [
        # The new value said first, as the user's own.
        ("Our accountant is Nora Bell.", "Ken's our accountant now"),
        # A thing with an article before it is no person.
        ("The laptop runs kernel 6.6.", "the laptop's on 6.8 now"),
        # Someone taking over from the fact's own subject.
        ("Gina does the market stall.", "Rosa's taken over the market stall from Gina"),
        ("Luis es el jefe de Ana.", "Luis se ha jubilado"),
    ],
)
def test_the_holder_of_a_change_is_not_someone_else(old: str, new: str) -> None:
    assert not someone_else(old, new)


@pytest.mark.parametrize(
    ("old", "new", "expected"),
    [
        ("Tom works as a chef at the Anchor.", "Tom's hours at the Anchor went up to 5 days", True),
        ("The cat Pip takes one tablet a day.", "pip's weight is 4.1kg now", True),
        ("The bakery's flour supplier is Millers.", "millers' rep is Joe now, not Sam", True),
        ("Zoe's car is a Clio.", "zoe's insurance renewal is due in May", True),
        # She is something now; the fact's own subject retired; a name as the new value.
        ("Zoe is the office manager.", "zoe's operations director now", False),
        ("Zoe is the office manager.", "zoe's left, Kim runs the office", False),
        ("The firewall runs pfSense.", "Firewall's OPNsense now.", False),
    ],
)
def test_another_thing_of_the_subject(old: str, new: str, expected: bool) -> None:
    assert another_attribute_of(old, new) is expected


def test_a_moment_just_past_is_an_event_unless_the_value_changed_then() -> None:
    assert holding_back("the router crashed last night, rebooted it") == "moment"
    assert holding_back("el horno ha dado un error esta mañana") is not None
    assert holding_back("migrated the wiki to the new VM last night") is None
    assert holding_back("jellyfin transcodes on the GPU since yesterday") is None
    assert holding_back("the wiki is on the new VM now, moved it last night") is None


def test_the_morning_is_a_time_of_day_not_tomorrow() -> None:
    assert holding_back("Aitana es ahora la encargada del turno de mañana") is None
    assert holding_back("los clientes mejor por la mañana") is None
    assert holding_back("hasta mañana uso el portátil viejo") == "temporary"


def test_staying_is_a_restatement() -> None:
    assert holding_back("al final me quedo en la clínica del centro") == "same"


@pytest.mark.parametrize(
    ("old", "new", "expected"),
    [
        # A sibling of the subject: the same thing told apart by another word.
        ("The spring fertiliser dose is 20 g.", "The autumn fertiliser dose is 15 g.", True),
        (
            "The staging DB password is rotated monthly.",
            "prod db password on the cluster is vault-managed",
            True,
        ),
        ("El seguro del coche es con Mapfre.", "el seguro de la moto es con Allianz", True),
        # The same subject, said shorter, longer or abbreviated, or naming the old value.
        (
            "The staging DB password is rotated monthly.",
            "the staging db password is weekly now",
            False,
        ),
        ("The fermentation fridge is set to 18°C.", "ferm fridge is set to 20 from today", False),
        ("The office printer is an HP.", "new canon printer is in, the hp is gone", False),
        ("El seguro del coche es con Mapfre.", "desde enero el seguro es con Allianz", False),
        ("La reunión de equipo es los lunes.", "la reunión se mueve a los martes", False),
    ],
)
def test_a_sibling_of_the_subject(old: str, new: str, expected: bool) -> None:
    assert another_instance(old, new) is expected


@pytest.mark.parametrize(
    ("old", "new"),
    [
        # A part of what the fact names changed; the fact still holds.
        ("The UPS is an Eaton 5E 1100.", "swapped the batteries in the UPS"),
        ("Our router is a Fritz!Box 7590.", "changed the admin password on the router"),
        (
            "La furgoneta del taller es una Kangoo.",
            "le hemos cambiado las pastillas de freno a la kangoo",
        ),
        ("El blog está en Ghost.", "he cambiado el tema del blog"),
        (
            "Las contraseñas de casa están en Bitwarden.",
            "he metido el pin de la alarma en bitwarden",
        ),
        ("El móvil del despacho es un Pixel 7.", "la funda del móvil del despacho ahora es azul"),
    ],
)
def test_a_part_changed_is_not_an_update(old: str, new: str) -> None:
    assert part_changed(old, new)
    assert not is_update(old, new, 0.6)


@pytest.mark.parametrize(
    ("old", "new"),
    [
        # The thing gets a new value by name, the old value goes, or the change is to last.
        ("La luz está con Holaluz.", "he cambiado el proveedor de luz a iberdrola"),
        ("The office is at 12 Mill Lane.", "the address of the office is 4 Park Row now"),
        (
            "Mi hija va al colegio Virgen del Mar.",
            "cambiamos a la niña al colegio del barrio, el Virgen del Mar ya no",
        ),
        (
            "Eva hace guardias los sábados.",
            "a partir de ahora las guardias del hospital las hago los viernes",
        ),
        ("The lab orders antibodies from Abcam.", "we moved the lab's orders to Bio-Techne"),
    ],
)
def test_a_thing_given_a_new_value_is_no_part(old: str, new: str) -> None:
    assert not part_changed(old, new)
