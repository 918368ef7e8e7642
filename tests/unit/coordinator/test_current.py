"""The language of a changed fact: what asks for the present, what says a change, what
speaks of the same thing, and the history line — English and Spanish."""

from __future__ import annotations

import pytest

from coordinator.bilingual import concept, other_words
from coordinator.current import (
    CHANGE,
    history_line,
    is_spanish,
    reshaped,
    same_slot,
    values,
    without_present,
)
from coordinator.slots import asked_slot, holds_slot


@pytest.mark.parametrize(
    ("question", "kept"),
    [
        ("which machine runs VetGes now", "which machine runs VetGes"),
        ("qué slicer uso ahora", "qué slicer uso"),
        ("what's the current IP of the NAS?", "what's the IP of the NAS?"),
        ("¿Qué versión tenemos actualmente?", "¿Qué versión tenemos?"),
        ("now", "now"),  # nothing else left: the question stays as it was
    ],
)
def test_words_asking_for_the_present_leave_the_search(question: str, kept: str) -> None:
    assert without_present(question) == kept


def test_the_language_of_a_question() -> None:
    assert is_spanish("¿qué impresora tenemos?")
    assert is_spanish("horario de los sábados en la clínica")
    assert not is_spanish("what label printer do we have at the clinic")


def test_the_replaced_value_is_said_as_history_in_the_questions_language() -> None:
    en = history_line("The NAS is at 192.168.1.20.", "MEMORY.md#L3", "2026-11-26", False)
    es = history_line("The NAS is at 192.168.1.20.", "MEMORY.md#L3", "2026-11-26", True)
    assert en == "earlier: The NAS is at 192.168.1.20. (until 2026-11-26; MEMORY.md#L3)"
    assert es == "antes: The NAS is at 192.168.1.20. (hasta el 2026-11-26; MEMORY.md#L3)"
    assert len(history_line("x" * 500, "MEMORY.md#L3", "2026-11-26", False)) < 220


def test_values_are_numbers_names_and_hosts() -> None:
    found = values("My workstation's hostname is ryzen-ws, the NAS runs DSM 7.2")
    assert {"ryzen-ws", "nas", "dsm", "7.2"} <= found


@pytest.mark.parametrize(
    ("question", "old", "new", "similarity", "fact", "expected"),
    [
        # The subject words, in the new statement: it replaces the old one.
        (
            "what label printer do we have at the clinic",
            "clinic label printer = Dymo LabelWriter 450, it's ancient",
            "new label printer arrived: Brother QL-820NWB. the Dymo goes to the bin",
            0.6, False, 2,
        ),
        # The old value named while changing it.
        (
            "what controller firmware does my CNC run?",
            "CNC build notes: controller is GRBL 1.1 on an Arduino Uno",
            "big decision: dumping GRBL. flashed FluidNC on the CNC board",
            0.4, False, 2,
        ),
        # Another host for the same thing.
        (
            "Which machine runs Jellyfin?",
            "Jellyfin runs as a Docker container on nas01.",
            "Migrated Jellyfin to mini02 today.",
            0.5, False, 2,
        ),
        # Across languages: "heating" is "calefacción".
        (
            "When does the heating come on during the week?",
            "Heating comes on 07:00-09:00 on weekdays.",
            "Calefacción programada ahora de 06:30 a 08:30 entre semana.",
            0.2, True, 1,
        ),
        # A shared everyday word is not a subject: the lab is not the gym.
        (
            "which days do I go to the gym?",
            "gym days: lunes y miércoles a las 7:00",
            "we switched external lab: samples now go to DiagnosVet twice a day",
            0.4, True, 0,
        ),
        # Half the subject is not enough: the price list is not the supplier.
        (
            "¿quién es ahora nuestro proveedor de vacunas?",
            "cambiamos de proveedor de vacunas, nos vamos a Farmavet Levante",
            "subimos precios: la consulta pasa a 38 € y la vacuna de la rabia a 28 €",
            0.5, True, 0,
        ),
        # A note that restates the subject without a change or a new value is not one.
        (
            "which NAS model do we have at the clinic",
            "el NAS de la clínica es un Synology DS920+",
            "inventario IT clínica: 3 PCs, NAS, router y la Dymo",
            0.5, False, 0,
        ),
        # Another amount of the same unit, asked as an amount: a log line with no change word.
        (
            "¿cuántos GB tiene mi tarifa?",
            "tarifa del móvil: Lowi, 15 GB",
            "portabilidad a Digi hecha, 30 GB",
            0.4, False, 2,
        ),
        (
            "how much does Toby weigh?",
            "Toby (the dog) weighs 12 kg",
            "vet visit: Toby 13,5 kg",
            0.4, False, 2,
        ),
        # A clock time in a log line does not replace a fact when no time is asked.
        (
            "¿a qué gimnasio voy?",
            "gym: FitUp, martes y jueves a las 7:00",
            "gym: 5k en 21:40, marca personal",
            0.4, False, 0,
        ),
    ],
)  # fmt: skip
def test_a_newer_statement_speaks_of_the_same_thing(
    question: str, old: str, new: str, similarity: float, fact: bool, expected: int
) -> None:
    assert same_slot(question, old, new, similarity, fact=fact) == expected


def test_other_words_bridge_english_and_spanish() -> None:
    assert {"proveedor", "vacuna"} <= set(other_words("who's our vaccine supplier?"))
    assert "printer" in other_words("¿qué impresora de etiquetas tenemos?")
    assert "saturday" in other_words("horario de los sábados")
    assert other_words("zzz qwerty") == []
    assert concept("laboratorio") == concept("labs") == "lab"
    assert concept("calefacción") == "heating" and concept("ryzen") == "ryzen"


@pytest.mark.parametrize(
    ("question", "kind", "holding", "lacking"),
    [
        ("what's the IP of the Brother label printer?", "address",
         "the NAS is at 10.0.0.5", "new label printer arrived: Brother QL-820NWB"),
        ("what version of Home Assistant am I running?", "version",
         "Home Assistant is on 2026.9.3", "a Raspberry Pi runs Home Assistant"),
        ("¿cuánto costó el MikroTik hEX?", "price",
         "el hEX costó 59 €", "decided: MikroTik hEX, ordering it"),
        ("how much does Pimienta weigh", "weight",
         "Pimienta pesa 4,2 kg", "la gata de la clínica se llama Pimienta"),
        ("when is Jordi's birthday?", "birthday",
         "Jordi's birthday is March 3", "friday beers with Jordi"),
        ("¿cuántos GB de RAM tiene atlas?", "size",
         "atlas tiene 64 GB", "atlas es mi estación de trabajo"),
        # A version's tail is not an address; an address's last part alone is.
        ("what's the IP of the Raspberry Pi 3?", "address",
         "the Pi 3 moved to .23", "Nextcloud 29.0.7 runs on the Raspberry Pi 3"),
        ("¿cuánto costaba el plan de Hostinger?", "price",
         "Hostinger: 3,99 € al mes", "la web va en Hostinger, plan compartido"),
    ],
)  # fmt: skip
def test_a_question_asking_for_a_kind_of_value_needs_one(
    question: str, kind: str, holding: str, lacking: str
) -> None:
    assert asked_slot(question) == kind
    assert holds_slot(kind, [holding]) and not holds_slot(kind, [lacking])


def test_most_questions_ask_for_no_particular_form() -> None:
    for question in ["what breed is Brisa?", "¿dónde vive mi madre?", "who is my PI?"]:
        assert asked_slot(question) is None


def test_an_amount_of_the_same_unit_is_a_new_value() -> None:
    assert reshaped("tarifa: 15 GB", "ahora 30 GB") == "amount"
    assert reshaped("the cat weighs 4,8 kg", "weighed the cat: 4,9 kg") == "amount"
    assert reshaped("the cat weighs 4,8 kg", "bought 3 bags of food") == ""
    assert reshaped("assay: 6 lines", "the assay has 6 lines") == ""


@pytest.mark.parametrize(
    ("text", "says"),
    [
        ("todas las muestras movidas al congelador C", True),
        ("Alicia mueve el entreno a las 19:30", True),
        ("Antía se queda con el instagram del club", True),
        ("router de Movistar y la impresora", False),
    ],
)
def test_change_words_in_spanish(text: str, says: bool) -> None:
    assert bool(CHANGE.search(text)) is says
