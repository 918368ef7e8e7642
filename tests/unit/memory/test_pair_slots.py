"""A new statement about another person never retires the user's fact, in English and
Spanish; the user's own change still does."""

from __future__ import annotations

import pytest

from memory.pair_slots import other_person, relations, their_own
from memory.supersede import is_update


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("Carla's bike is a Trek.", "my brother sold his trek, he rides a canyon now"),
        ("Pablo vive en Teruel.", "mis suegros se mudan a Teruel centro ahora"),
        ("Leo's dentist is Dr. Shah.", "Nina's dentist is Dr. Okafor now"),
        ("La madre de Ana vive en Teruel.", "la madre de julia se ha mudado a Huesca"),
        ("El coche de Ana es un Clio.", "el novio de mi prima ha cambiado el clio por un Ibiza"),
        ("Omar works at the Riverside clinic.", "omar's flatmate just started at the city clinic"),
    ],
)
def test_a_statement_about_another_person_is_not_an_update(old: str, new: str) -> None:
    assert other_person(old, new)
    assert not is_update(old, new, 0.6)


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("Carla's bike is a Trek.", "sold the trek, riding a canyon now"),
        ("Ana's brother lives in Lyon.", "my brother moved to Paris last month"),
        ("Carla's emergency contact is her sister Eva.", "put my partner Luis as contact instead"),
        ("La hermana de Pablo vive en Soria.", "mi hermana se ha mudado a Burgos"),
        ("Leo's dentist is Dr. Shah.", "switched dentists, I see Dr. Okafor now"),
        ("El jefe de Ana es Luis Gil.", "tengo jefa nueva, Marta Roig"),
    ],
)
def test_the_users_own_change_is_about_the_same_person(old: str, new: str) -> None:
    assert not other_person(old, new)


def test_relations_are_read_whatever_the_gender_or_number() -> None:
    assert relations("mis hermanas y mi cuñado") == {"herman", "cuñad"}
    assert relations("my sisters and my neighbour") == {
        "herman",
        "vecin",
    }  # one name, both languages
    assert relations("the NAS moved to the rack") == set()


def test_a_thing_that_owns_is_no_person_and_relations_meet_across_languages() -> None:
    assert not other_person("The printer is a Ricoh", "The office's printer is now a Kyocera")
    assert not other_person("The backup job runs at 3am", "Tonight's backup job runs at 4am")
    assert not other_person("Mi hermana vive en Sevilla", "My sister moved to Madrid")
    assert not other_person(
        "Mi mujer trabaja en el hospital", "Mi esposa ahora trabaja en la clínica"
    )
    assert other_person("My car is a 2015 Skoda", "Ana's car is a Tesla now")


@pytest.mark.parametrize(
    ("old", "new", "expected"),
    [
        ("Ana's dentist is Dr. Bell.", "Marcus switched his dentist to Dr. Ruiz", True),
        ("My bike is a Brompton.", "kate from work sold her brompton", True),
        ("El gestor de Pilar es Ramón.", "Hugo ha cambiado su gestor por otro", True),
        # The fact's own holder, or the user, or a verb opening the statement.
        ("Ana's dentist is Dr. Bell.", "Ana switched her dentist to Dr. Ruiz", False),
        ("My bike is a Brompton.", "sold my brompton, riding a Tern now", False),
        ("The office UPS is an APC.", "replaced its APC battery pack", False),
    ],
)
def test_someone_elses_own_thing(old: str, new: str, expected: bool) -> None:
    assert their_own(old, new) is expected
