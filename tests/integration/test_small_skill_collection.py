"""One skill of one's own, in the published shape (no trigger phrases): a plain request
for its task activates it, as it would among twenty others; talk about its topic does not."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from coordinator.cli import cli

pytestmark = pytest.mark.integration

SKILL = """---
name: xrf-calibration
description: >-
  Recalibrate the handheld XRF analyser against the certified reference standards.
  Use when the XRF readings drift or after the tube is replaced.
---
Run the standards, compare the readings, write the new factors to the analyser.
"""


@pytest.fixture
def collection(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    root = tmp_path / "agent-skills"
    (root / "xrf-calibration").mkdir(parents=True)
    (root / "xrf-calibration" / "SKILL.md").write_text(SKILL, encoding="utf-8")
    monkeypatch.setenv("LABMEM_SKILLS_PATH", str(root))
    return root


def _match(request: str) -> dict[str, object]:
    result = CliRunner().invoke(cli, ["skills", "match", request, "--json"])
    assert result.exit_code == 0, result.output
    data: dict[str, object] = json.loads(result.stdout)
    return data


@pytest.mark.parametrize(
    "request_", ["calibrate the XRF", "the XRF is drifting, I need to calibrate it"]
)
def test_a_plain_request_activates_the_only_skill(collection: Path, request_: str) -> None:
    found = _match(request_)["matches"]
    assert isinstance(found, list) and [m["name"] for m in found] == ["xrf-calibration"]


@pytest.mark.parametrize(
    "request_", ["tell me about the weather", "what is an XRF?", "the XRF arrived today"]
)
def test_talk_about_its_topic_activates_nothing_and_says_what_came_closest(
    collection: Path, request_: str
) -> None:
    data = _match(request_)
    assert data["matches"] == []
    closest = data["closest"]
    assert isinstance(closest, dict) and closest["name"] == "xrf-calibration"
    assert closest["score"] < closest["needs"]
