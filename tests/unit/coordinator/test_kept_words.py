"""Statements that hold something to keep are never dropped as small talk."""

from __future__ import annotations

import pytest

from coordinator.kept_words import changed_now, clear_errand, errand, someones_preference
from coordinator.tense import tells_done


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Buy pipette tips", True),
        ("Order more nitrile gloves", True),
        ("need to call the plumber", True),
        ("Llamar al fontanero", True),
        ("hay que pedir más guantes", True),
        ("Ayer fui al taller", False),  # a noun in -er is no infinitive
        ("thanks!", False),
        ("good morning", False),
        ("Check you later", False),  # said to someone
        ("Book club was fun", False),  # a verb of its own: no errand
    ],
)
def test_a_bare_to_do_is_an_errand(text: str, expected: bool) -> None:
    assert errand(text) is expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Buy gloves", True),
        ("Comprar guantes", True),
        ("Llamar a Ana", True),
        ("Regar las plantas", True),
        ("Pay attention", False),
        ("Call it a day", False),
        ("Ring me back", False),
        ("Book club was fun", False),
        ("Comprar pan es lo mejor", False),
        ("Comprar", False),
        ("Buy gloves?", False),
        ("Email sucks", False),
        ("Ring a bell", False),
        ("Probar no cuesta nada", False),
    ],
)
def test_an_errand_verb_and_its_object_is_a_to_do_however_sure_of_small_talk(
    text: str, expected: bool
) -> None:
    assert clear_errand(text) is expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Ana prefers Signal over email", True),
        ("My sister likes tulips", True),
        ("A Marta le encanta el té verde", True),
        ("Luis es alérgico a las nueces", True),
        ("Mi hermana prefiere el café solo", True),
        ("q calor hace hoy", False),
        ("I like this weather", False),  # the owner's mood, not someone's preference
    ],
)
def test_what_someone_likes_is_a_preference(text: str, expected: bool) -> None:
    assert someones_preference(text) is expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("ahora el Plex corre en el mini PC", True),
        ("el Plex ahora corre en el mini PC", True),
        ("Ahora Jellyfin corre en el mini PC nuevo.", True),
        ("ahora yo estoy con el informe", False),
        ("the NAS is now in the back office", True),
        ("ahora estoy con el rebuttal", False),  # the work at hand
        ("ahora hagamos de cliente y traductora", False),
        ("ahora la prioridad es el informe, céntrate en eso", False),
        ("por ahora usa el puerto 8080", False),
        ("for now the NAS is at 10.0.0.9", False),
        ("ahora el NAS está en 10.0.0.9 hasta el viernes", False),
        ("We are now debugging the invoice parser", False),
        ("El foco ahora es el exportador CSV", False),
        ("The plan is now to finish the slides first", False),
    ],
)
def test_a_value_told_as_the_new_one(text: str, expected: bool) -> None:
    assert changed_now(text) is expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Watered the garden and cleaned the tools shed.", True),
        ("Bought pipette tips", True),
        ("Took the car to the garage", True),
        ("Hoy he limpiado la centrífuga", True),
        ("Esta mañana regué el huerto", True),
        ("Limpiamos el congelador esta mañana", True),
        ("Buy pipette tips", False),
        ("Call the plumber tomorrow", False),
        ("Need to order more gloves", False),
        ("Mañana limpiamos el congelador", False),
        ("Tengo que comprar puntas", False),
        ("Regué las plantas, mañana toca abonar", False),  # something still to do
        ("Red light on the NAS, check it", False),
        ("pedí los filtros de la campana", True),  # -er/-ir verbs: the first person ends in í
        ("Ya recogí el paquete de Correos", True),
        ("Sí, el NAS responde", False),
        ("Aquí hace frío", False),
        ("Le escribí a Ana", True),  # a pronoun before the verb
        ("Lo pagué: el alquiler, por fin", True),
        ("Los martes voy al gimnasio", False),
    ],
)
def test_a_line_told_as_done(text: str, expected: bool) -> None:
    assert tells_done(text) is expected


@pytest.mark.integration  # the shipped classifier
def test_the_router_keeps_what_it_would_drop_as_small_talk() -> None:
    from coordinator.router import Router
    from memory.search.embedders import MiniLMEmbedder

    router = Router(MiniLMEmbedder())
    for text, layer in [
        ("Ana prefers Signal over email", "memory"),
        ("Llamar al fontanero", "daily"),
        ("Buy pipette tips", "daily"),
        ("Comprar guantes", "daily"),
        ("Ahora Jellyfin corre en el mini PC nuevo.", "memory"),
        ("Llamar a Ana", "daily"),
        ("Watered the garden and cleaned the tools shed.", "daily"),
        ("thanks, that's all for today", "none"),
    ]:
        route = router.route(text)
        assert route.layer == layer, (text, route)
    assert router.route("Watered the garden and cleaned the tools shed.").kind == "event"
