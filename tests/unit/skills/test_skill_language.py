"""How requests and skills are read for matching by description, without a model: English
and Spanish words, the gloss, what a request asks for, what a skill says it does."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest

from skills.intent import asks_for_knowledge, looks_like_request
from skills.language import content_words, gloss, is_spanish, leans_spanish
from skills.matching import DESCRIPTION_THRESHOLD, Matcher, description_bar
from skills.model import Skill, SkillFrontMatter
from skills.relevance import DescriptionScorer, body_passages, reads_across_languages, what_it_does


def _skill(name: str, description: str, body: str = "") -> Skill:
    return Skill(
        SkillFrontMatter(name=name, description=description),
        f"skills/{name}/SKILL.md",
        {},
        "workspace",
        folder=name,
        body=body,
    )


@pytest.mark.parametrize(
    ("text", "spanish"),
    [
        ("¿me ordenas las facturas del trimestre?", True),
        ("quiero una lista de los tubos que quedan", True),
        ("sort the invoices of the quarter", False),
        ("the Madrid office wants it by Friday", False),
        ("convert this to PDF", False),
    ],
)
def test_spanish_is_told_from_english(text: str, spanish: bool) -> None:
    assert is_spanish(text) is spanish


def test_a_spanish_text_is_glossed_by_stem_and_english_is_left_alone() -> None:
    for inflected in ("renombra", "renombrar", "renombras", "renombré"):
        assert gloss(f"¿me {inflected} las fotos?").endswith("(rename photo images)"), inflected
    assert gloss("rename the photos") == "rename the photos"
    assert gloss("¿y esto?") == "¿y esto?"  # nothing known: unchanged
    assert content_words("¿Me RENOMBRAS las fotos, por favor?") == ["renombras", "fotos"]


@pytest.mark.parametrize(
    "question",
    [
        "what is a VLAN",
        "who invented the thermometer?",
        "explain how a heat pump works",
        "¿qué significa HTTP?",
        "¿cómo se calcula el IVA?",
        "¿cuál es la capital de Chile?",
    ],
)
def test_questions_of_general_knowledge(question: str) -> None:
    assert asks_for_knowledge(question)


@pytest.mark.parametrize(
    "request_",
    [
        "what do these warnings in the build log mean?",
        "why does my backup job stop at 80 %",
        "is there room left in box 4 of my freezer rack?",
        "¿cómo compruebo que el disco no está fallando?",
        "¿qué le pasa a este CSV?",
        "¿dónde guardé el certificado del servidor?",
    ],
)
def test_questions_about_the_users_own_things_are_not_general_knowledge(request_: str) -> None:
    assert not asks_for_knowledge(request_)


def test_requests_told_from_statements_in_both_languages() -> None:
    for request in (
        "categorize these bank transactions",
        "pandas reads the amount column as text, why",
        "the nightly job failed again, what do I do",
        "pásame este informe a limpio",
        "conviértelo a Markdown",
        "clasifica los gastos por mes",
    ):
        assert looks_like_request(request), request
    for statement in (
        "the printer in the hallway ran out of paper",
        "mi hermana se casa en junio",
        "our quarterly review was moved to Thursday",
    ):
        assert not looks_like_request(statement), statement


def test_statements_and_knowledge_questions_need_a_higher_score() -> None:
    plain = description_bar("merge these two PDFs")
    assert plain == DESCRIPTION_THRESHOLD
    assert description_bar("the PDF printer is new") > plain
    assert description_bar("what does PDF stand for") > plain


def test_what_a_skill_is_not_for_is_not_evidence() -> None:
    skill = _skill(
        "invoice-ocr",
        "Reads totals, dates and vendors off scanned invoices into a spreadsheet. "
        "Not for paying invoices or chasing late payments.",
    )
    assert what_it_does(skill) == (
        "Reads totals, dates and vendors off scanned invoices into a spreadsheet."
    )
    scorer = DescriptionScorer(
        [skill, _skill("payments", "Pays bills and chases late ones.")], None
    )
    (ocr, _), (pay, _) = scorer.scores("chase the late payments")
    assert pay > ocr == 0.0


def test_body_passages_are_paragraphs_and_items_without_marks() -> None:
    skill = _skill(
        "tide-tables",
        "Reads tide tables.",
        "# Tides\n\nLook up the harbour's station first.\n\n- Heights are in metres above "
        "chart datum\n- Times are local to the port\n\n## Notes\nshort",
    )
    assert body_passages(skill) == [  # a heading alone or a few words say too little
        "Look up the harbour's station first.",
        "Heights are in metres above chart datum",
        "Times are local to the port",
    ]


def test_without_a_model_words_alone_rank_skills() -> None:
    skills = [
        _skill("pdf-compress", "Shrinks PDF files: downsamples images, drops unused fonts."),
        _skill("pdf-sign", "Adds a digital signature to a PDF with a certificate."),
    ]
    found = Matcher(skills, None, description_threshold=0.3).match(
        "shrink this PDF, the images are huge"
    )
    assert [m.name for m in found][:1] == ["pdf-compress"]
    assert found[0].method == "description" and "'shrink'" in found[0].why


def test_skill_vectors_are_kept_between_processes_and_requests_are_not(tmp_path: Path) -> None:
    from coordinator.session.skills import _KeptVectors
    from memory.search.embedders import HashingEmbedder

    class Counting(HashingEmbedder):
        calls: list[int]

        def embed(self, texts: Sequence[str]) -> Any:
            self.calls.append(len(texts))
            return super().embed(texts)

    path = tmp_path / "index" / "skill-vectors.npz"
    first, second = Counting(), Counting()
    first.calls, second.calls = [], []
    texts = ["Shrinks PDF files.", "Adds a signature to a PDF.", "pdf compress"]
    kept = _KeptVectors(first, path).embed(texts)
    again = _KeptVectors(second, path)
    assert (again.embed(texts) == kept).all() and second.calls == []  # read, not embedded
    again.embed([*texts, "Reads tide tables."])
    again.embed(["shrink this pdf"])
    again.embed(["shrink this pdf"])
    assert first.calls == [3] and second.calls == [1, 1, 1]  # only the new text, requests


@pytest.mark.parametrize(
    ("text", "leans"),
    [
        ("apúntame el viaje de hoy: Valencia a Castellón y vuelta, 140 km", True),
        ("pasar esta receta de pan a porcentajes de panadero: 1 kg harina, 680 agua", True),
        ("curva estándar para ELISA de 1000 a 15,6 pg/ml en diluciones 1:2", True),
        ("split thesis_final.pdf into one file per chapter: 1-14, 15-40", False),
        ("labels for tubes pls, small text, 3 lines max", False),
        ("a solo for the OS favor era", False),  # English words that are Spanish ones too
        ("book a table at the café", False),
    ],
)
def test_a_request_of_numbers_and_names_leans_spanish_by_its_few_spanish_words(
    text: str, leans: bool
) -> None:
    assert leans_spanish(text) is leans
    assert reads_across_languages(text) is (leans or is_spanish(text))
