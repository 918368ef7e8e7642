"""The durability judge: what stays true next month is promoted, the day's chatter is not."""

from __future__ import annotations

from typing import Any

import pytest

from coordinator.route_model import durability, durability_vector


@pytest.fixture(scope="module")
def embedder() -> Any:
    from memory.search.embedders import MiniLMEmbedder

    return MiniLMEmbedder()


@pytest.mark.integration  # needs MiniLM's sense of meaning
@pytest.mark.parametrize(
    "text",
    [
        "The NAS is at 10.0.0.5.",
        "Las compras de más de 500 € necesitan dos presupuestos.",
        "La caldera está en el cuarto de la lavadora.",
        "Lesson: the UPS only lasts four minutes under full load.",
    ],
)
def test_a_lasting_fact_is_durable(embedder: Any, text: str) -> None:
    durable, _, probability = durability(text, durability_vector(embedder, text))
    assert durable, probability


@pytest.mark.integration  # needs MiniLM's sense of meaning
@pytest.mark.parametrize(
    "text",
    [
        "Read a few emails.",
        "Made coffee and checked the dashboards.",
        "The backup disk is at 83% capacity.",  # a reading, not a spec
        "Reply to the landlord about the boiler.",  # a to-do
        "Quedan 2 TB libres en el NAS.",
        "Llamar al fontanero.",
    ],
)
def test_the_days_chatter_is_not(embedder: Any, text: str) -> None:
    durable, _, probability = durability(text, durability_vector(embedder, text))
    assert not durable, probability
