"""Skills matched by meaning with the real MiniLM: description-only activation, and a Lab
and a chat that activate a published skill and read its files on demand."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from coordinator import Lab
from skills.discovery import SkillLibrary
from skills.matching import Matcher

COLLECTION = Path(__file__).resolve().parents[1] / "data" / "skills" / "collection"

pytestmark = pytest.mark.integration


@pytest.fixture(scope="module")
def catalogue() -> object:
    return SkillLibrary(COLLECTION, include_bundled=False).catalogue()


def test_description_activates_without_triggers_and_triggers_still_win(
    catalogue: object,
) -> None:
    from memory.search.embedders import MiniLMEmbedder
    from skills.model import Skill, SkillFrontMatter

    skills = list(catalogue.skills.values())  # type: ignore[attr-defined]
    pinned = Skill(
        SkillFrontMatter(name="forms-my-way", description="d", triggers=["fill in this pdf"]),
        "skills/forms-my-way/SKILL.md",
        {},
        "workspace",
    )
    matcher = Matcher([*skills, pinned], MiniLMEmbedder())
    best = matcher.match("fill in this PDF form")
    assert [m.name for m in best[:2]] == ["forms-my-way", "pdf-form-filler"]
    assert (best[0].method, best[1].method) == ("trigger", "description")
    assert "meaning" in best[1].why and "'pdf'" in best[1].why
    assert matcher.match("what a lovely sunny afternoon it is") == []
    assert matcher.match("/micro-image-rename")[0].method == "explicit"


@pytest.fixture(scope="module")
def collection_matcher(catalogue: object) -> Matcher:
    from memory.search.embedders import MiniLMEmbedder, multilingual_embedder

    # as a session matches: a Spanish request is read by the multilingual model too
    skills = list(catalogue.skills.values())  # type: ignore[attr-defined]
    return Matcher(skills, MiniLMEmbedder(), multilingual=multilingual_embedder)


def _top(matcher: Matcher, request: str) -> str | None:
    found = matcher.match(request)
    return found[0].name if found else None


def test_a_near_neighbour_is_told_apart(collection_matcher: Matcher) -> None:
    # pdf-form-filler says it is "not for joining, splitting or reordering PDF pages"
    cut = "cut pages 3-5 out of report.pdf and save them as a separate file"
    assert _top(collection_matcher, cut) == "pdf-merge-split"
    tick = "tick the 'resident' box and type my address into the fields of this PDF application"
    assert _top(collection_matcher, tick) == "pdf-form-filler"


def test_off_topic_talk_and_general_questions_activate_nothing(
    collection_matcher: Matcher,
) -> None:
    for text in (
        "what's the capital of Peru?",
        "my sister's wedding is in June",
        "what does PDF stand for",  # names a skill's topic, asks for no task
        "¿quién pintó Las Meninas?",
        "the printer in the hallway ran out of paper",
    ):
        assert collection_matcher.match(text) == [], text


def test_requests_across_english_and_spanish(collection_matcher: Matcher) -> None:
    # a Spanish request for an English-described skill
    found = collection_matcher.match("¿puedes juntar estos dos PDF en uno?")
    assert found[0].name == "pdf-merge-split" and "'merge'" in found[0].why
    # an English request for a Spanish-described skill: one that hands over its case
    # activates it; a bare one comes closest to it (the gate reads it at 0.91, needs 0.92)
    reply = (
        "help me reply in spanish to a supplier in Mexico, polite but firm about the late invoice"
    )
    assert _top(collection_matcher, reply) == "redactar-correos"
    bare = collection_matcher.closest("reply in Spanish to this customer complaint, keep it polite")
    assert bare is not None and bare[0] == "redactar-correos"


def test_lab_and_chat_activate_and_read_files_on_demand(lab: Lab, home: Path) -> None:
    from coordinator.session.chat import run_chat

    shutil.copytree(COLLECTION / "tls-cert-renewal", home / "skills" / "tls-cert-renewal")
    shutil.copytree(COLLECTION / "pdf-form-filler", home / "skills" / "pdf-form-filler")
    skill = lab.skills.activate("tls-cert-renewal", "explicit")
    active = lab.session.variables["skills"]["tls-cert-renewal"]
    assert active["workflow"] == skill.workflow and skill.workflow
    assert {f["path"] for f in active["files"]} == {"references/DNS-01.md", "references/ERRORS.md"}
    text = lab.skills.read("tls-cert-renewal", "references/ERRORS.md")["text"]
    assert text == (home / "skills/tls-cert-renewal/references/ERRORS.md").read_text()
    out: list[str] = []
    run_chat(
        lab,
        [
            "/tls-cert-renewal",
            "/tls-cert-renewal references/DNS-01.md",
            "/tls-cert-renewal ../x",
            "fill in this PDF form",
        ],
        out.append,
    )
    joined = "\n".join(out)
    assert "Skill pdf-form-filler activated (description: meaning" in joined
    assert "/pdf-form-filler PATH; never run): scripts/fill_form.py (" in joined
    assert "Files (read one with /tls-cert-renewal PATH; never run): references/" in joined
    assert "references/DNS-01.md (" in joined and "bytes, not run)" in joined
    assert "is not a path inside the skill's folder" in joined
