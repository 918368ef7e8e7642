"""Matching by description across languages and the "none" outcome: the multilingual model
is read only for Spanish requests, questions of advice and unclear leads activate nothing,
problem reports count as requests."""

from __future__ import annotations

import re
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest

from memory.search.embedders import HashingEmbedder
from skills.intent import asks_for_advice, reports_problem
from skills.matching import (
    ACROSS_MARGIN,
    ADVICE_MARGIN,
    DESCRIPTION_THRESHOLD,
    STATEMENT_MARGIN,
    Matcher,
    description_bar,
)
from skills.model import Skill, SkillFrontMatter
from skills.relevance import DescriptionScorer, written_texts


def _skill(name: str, description: str, body: str = "") -> Skill:
    return Skill(
        SkillFrontMatter(name=name, description=description),
        f"skills/{name}/SKILL.md",
        {},
        "workspace",
        folder=name,
        body=body,
    )


class _Counting(HashingEmbedder):
    """The hashing embedder, counting the texts it is asked for."""

    def __init__(self) -> None:
        super().__init__()
        self.calls: list[list[str]] = []

    def embed(self, texts: Sequence[str]) -> Any:
        self.calls.append(list(texts))
        return super().embed(texts)


class _Translating(_Counting):
    """A stand-in for the multilingual model: a few concepts, named in English or Spanish,
    land in one space; other words are not read."""

    WORDS = {"riego": "watering", "plantas": "houseplants", "factura": "invoices"}

    def embed(self, texts: Sequence[str]) -> Any:
        self.calls.append(list(texts))
        known = set(self.WORDS.values())
        words = [
            " ".join(
                w
                for w in (self.WORDS.get(w, w) for w in re.findall(r"\w+", t.lower()))
                if w in known
            )
            for t in texts
        ]
        return HashingEmbedder.embed(self, words)


SKILLS = [
    _skill("plant-care", "Plans watering and feeding for houseplants. Not for sick plants."),
    _skill("invoice-maker", "Issues invoices and payment reminders to customers."),
]


@pytest.mark.parametrize(
    ("text", "advice"),
    [
        ("what's the difference between a Pi 4 and a Pi 5", True),
        ("what does 'net 30' mean on an invoice", True),
        ("recommend a good first 3d printer under 300", True),
        ("¿qué impresora 3D me compro para empezar?", True),
        ("¿qué diferencia hay entre el wifi de 2,4 y el de 5 GHz?", True),
        ("explícame qué es la cromatografía de gases", True),
        ("what do these errors mean? they started after the deploy", False),
        ("merge these two PDFs", False),
        ("¿cada cuántos días riego el potus?", False),
    ],
)
def test_questions_shaped_for_advice_are_told_apart(text: str, advice: bool) -> None:
    assert asks_for_advice(text) is advice


@pytest.mark.parametrize(
    ("text", "problem"),
    [
        ("first layer wont stick at all, tried glue stick", True),
        ("extruder keeps clicking and barely anything comes out", True),
        ("el portátil se desconecta del wifi cada pocos minutos", True),
        ("menu semanal barato xfa somos 3", True),
        ("the UPS was a birthday present", False),
        ("el microscopio de mi hijo es de juguete", False),
    ],
)
def test_problem_reports_are_told_from_statements(text: str, problem: bool) -> None:
    assert reports_problem(text) is problem


def test_the_bar_rises_for_advice_and_across_languages_and_not_for_problems() -> None:
    assert description_bar("merge these two PDFs") == DESCRIPTION_THRESHOLD
    assert description_bar("recommend a good PDF reader") == pytest.approx(
        DESCRIPTION_THRESHOLD + ADVICE_MARGIN
    )
    assert description_bar("une estos dos PDF", across=True) == pytest.approx(
        DESCRIPTION_THRESHOLD + ACROSS_MARGIN
    )
    assert description_bar("the printer is new") == pytest.approx(
        DESCRIPTION_THRESHOLD + STATEMENT_MARGIN
    )
    assert description_bar("the printer won't print") == DESCRIPTION_THRESHOLD


def test_written_texts_are_kept_as_written_without_what_it_is_not_for() -> None:
    texts = written_texts(_skill("riego", "Planifica el riego de las plantas. No es para plagas."))
    assert texts == ["Planifica el riego de las plantas.", "riego"]


def test_the_multilingual_model_is_loaded_for_spanish_requests_only() -> None:
    model = _Translating()
    loads: list[int] = []

    def multilingual() -> Any:
        loads.append(1)
        return model

    matcher = Matcher(SKILLS, None, description_threshold=0.3, multilingual=multilingual)
    matcher.match("remind me to water the plants")
    assert loads == [] and model.calls == []
    found = matcher.match("quiero un calendario de riego para mis plantas")
    matcher.match("¿me haces la factura del mes?")
    assert loads == [1]  # loaded once, skill texts embedded once, then one text a request
    assert [len(c) for c in model.calls] == [len(matcher.describer()._written), 1, 1]
    assert found and "across languages" in found[0].why


def test_a_missing_multilingual_model_leaves_words_alone() -> None:
    matcher = Matcher(SKILLS, None, description_threshold=0.3, multilingual=lambda: None)
    found = matcher.match("¿me haces la factura del mes para el cliente?")
    assert [m.name for m in found][:1] == ["invoice-maker"]
    assert "across languages" not in found[0].why


def test_two_skills_that_fit_equally_activate_nothing() -> None:
    twins = [
        _skill("plant-care", "Plans watering for houseplants."),
        _skill("plant-care-2", "Plans watering for houseplants."),
    ]
    assert Matcher(twins, None, description_threshold=0.1).match("plan watering") == []
    assert Matcher(twins[:1], None, description_threshold=0.1).match("plan watering")


def test_a_spanish_request_meets_an_english_skill_through_the_model() -> None:
    scorer = DescriptionScorer(SKILLS, None, _Translating)
    plain = DescriptionScorer(SKILLS, None)
    request = "plan the watering of the houseplants"  # English: the model is not read
    assert [s for s, _ in scorer.scores(request)] == [s for s, _ in plain.scores(request)]
    assert not scorer.crosses(request)
    spanish = "¿me organizas el riego de las plantas?"
    crossed = scorer.scores(spanish)
    assert scorer.crosses(spanish) and crossed[0][0] > plain.scores(spanish)[0][0] + 1.0


def test_session_keeps_the_multilingual_skill_vectors(tmp_path: Path) -> None:
    from coordinator.session.skills import _KeptVectors

    path = tmp_path / "index" / "skill-vectors-multilingual.npz"
    first, second = _Counting(), _Counting()
    texts = written_texts(SKILLS[0]) + written_texts(SKILLS[1])
    _KeptVectors(first, path).embed(texts)
    _KeptVectors(second, path).embed(texts)
    assert second.calls == [] and path.is_file()
