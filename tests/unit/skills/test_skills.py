"""Skills: parsing and validation, discovery with precedence, matching, activation, CLI."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from coordinator import Lab
from coordinator.cli import cli
from skills.discovery import SkillLibrary
from skills.errors import SkillManifestError
from skills.loader import load_skill
from skills.matching import Matcher, looks_like_request
from skills.model import Skill, SkillFrontMatter

GOOD = """---
name: backup-rotation
description: Swap the offsite backup disk and verify the new one
triggers:
  - rotate the backup disks
  - swap the offsite disk
owner: me
---

# backup-rotation

## Workflow

1. Run rotate-disks.

## Inputs

- none

## Outputs

- a verified disk
"""

TOOL = """---
name: rotate-disks
description: Rotate the offsite disk
command: rotate-disks.sh --pool {pool} {verbose}
arguments:
  - name: pool
    type: string
    required: true
    description: the ZFS pool
  - name: verbose
    type: string
    default: ""
destructive: true
confirm: true
---
"""


def write_skill(root: Path, name: str, text: str, tool: str | None = None) -> Path:
    folder = root / "skills" / name
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "SKILL.md").write_text(text, encoding="utf-8")
    if tool is not None:
        (folder / "TOOL.md").write_text(tool, encoding="utf-8")
    return folder / "SKILL.md"


def test_skill_parses_with_extra_keys_sections_and_tool(tmp_path: Path) -> None:
    path = write_skill(tmp_path, "backup-rotation", GOOD, TOOL)
    skill = load_skill(path, "skills/backup-rotation/SKILL.md", "workspace", "backup-rotation")
    assert skill.meta.triggers == ["rotate the backup disks", "swap the offsite disk"]
    assert skill.meta.model_extra == {"owner": "me"}
    assert skill.sections["workflow"] == "1. Run rotate-disks."
    assert skill.tool is not None and skill.tool.meta.destructive
    assert (
        skill.tool.render({"pool": "tank; rm -rf /"}) == "rotate-disks.sh --pool 'tank; rm -rf /'"
    )
    with pytest.raises(SkillManifestError, match="arguments.pool"):
        skill.tool.render({})


@pytest.mark.parametrize(
    ("text", "where"),
    [
        ("# no front matter\n", ":1: front matter: is missing"),
        ("---\nname: x\n", ":1: front matter: is not closed"),
        ("---\nname: [unclosed\n---\n", "front matter: invalid YAML"),
        ("---\nname: backup-rotation\n---\n## Workflow\n", ":2: description: field required"),
        ("---\nname: x\ndescription: [a, b]\n---\n", ":3: description: input should be"),
        ("---\nname: x\ndescription: d\nmetadata: [1]\n---\n", ":4: metadata:"),
        ("---\nname: x\ndescription: d\n---\n\0binary", ":5: file: is binary"),
    ],
)
def test_bad_manifests_name_file_line_and_field(tmp_path: Path, text: str, where: str) -> None:
    path = write_skill(tmp_path, "backup-rotation", text)
    with pytest.raises(SkillManifestError) as info:
        load_skill(path, "skills/backup-rotation/SKILL.md", "workspace", "backup-rotation")
    assert str(info.value).startswith("skills/backup-rotation/SKILL.md:")
    assert where.lower() in str(info.value).lower()


def test_one_broken_skill_never_stops_the_others(tmp_path: Path) -> None:
    write_skill(tmp_path, "backup-rotation", GOOD)
    write_skill(tmp_path, "broken", "---\nname: [\n---\n")
    (tmp_path / "skills" / "empty-folder").mkdir()
    (tmp_path / "skills" / "latin1").mkdir()
    (tmp_path / "skills" / "latin1" / "SKILL.md").write_bytes(b"---\nname: caf\xe9\n---\n")
    write_skill(tmp_path, "huge", "---\n" + "x" * 300_000)
    dup = GOOD.replace("name: backup-rotation", "name: backup-rotation")
    write_skill(tmp_path, "copy", dup.replace("# backup-rotation", "# copy"))
    cat = SkillLibrary(tmp_path / "skills").catalogue()
    assert "backup-rotation" in cat.skills
    text = "\n".join(cat.problems)
    assert "skills/broken/SKILL.md" in text and "skills/empty-folder: has no SKILL.md" in text
    assert "not valid UTF-8" in text and "over 262144" in text
    # a name that differs from its folder is a spec nit: the skill loads under its folder
    assert "copy" in cat.skills and "differs from its folder 'copy'" in "\n".join(cat.warnings)


def test_workspace_skill_overrides_bundled_and_edits_are_seen(tmp_path: Path) -> None:
    lib = SkillLibrary(tmp_path / "skills")
    assert {"distill-memory", "daily-review", "project-status"} <= set(lib.catalogue().skills)
    mine = GOOD.replace("backup-rotation", "daily-review")
    path = write_skill(tmp_path, "daily-review", mine)
    assert lib.catalogue().skills["daily-review"].origin == "workspace"
    import os
    import time

    path.write_text(mine.replace("Swap the offsite", "Edited, swap the offsite"))
    os.utime(path, ns=(time.time_ns(), time.time_ns() + 10_000_000))
    assert lib.catalogue().skills["daily-review"].meta.description.startswith("Edited")


def test_shared_triggers_warn_and_tie_break_deterministically(tmp_path: Path) -> None:
    write_skill(tmp_path, "backup-rotation", GOOD)
    other = GOOD.replace("backup-rotation", "zz-other")
    write_skill(tmp_path, "zz-other", other)
    cat = SkillLibrary(tmp_path / "skills", include_bundled=False).catalogue()
    assert any("shared by backup-rotation, zz-other" in w for w in cat.warnings)
    found = Matcher(list(cat.skills.values()), None).match("rotate the backup disks")
    assert [m.name for m in found] == ["backup-rotation", "zz-other"]


def _skill(name: str, triggers: list[str], description: str = "d") -> Skill:
    return Skill(
        SkillFrontMatter(name=name, description=description, triggers=triggers),
        f"skills/{name}/SKILL.md",
        {"workflow": "-"},
        "workspace",
    )


def test_trigger_matching_folds_case_punctuation_and_inflections() -> None:
    matcher = Matcher([_skill("backup-rotation", ["rotate the backup disks"])], None)
    for request in ("Please ROTATE the backup disk!", "rotating backup disks now"):
        (m,) = matcher.match(request)
        assert (m.method, m.why) == ("trigger", "trigger 'rotate the backup disks'")
    assert matcher.match("the disks of the backup rotate")[0].method == "fuzzy"
    assert matcher.match("rotatebackupdisks") == []
    assert matcher.match("/backup-rotation")[0].method == "explicit"
    assert matcher.match("/unknown-skill") == []


def test_a_spanish_trigger_matches_its_other_verb_forms() -> None:
    matcher = Matcher([_skill("restore-file", ["recuperar un archivo del backup"])], None)
    for request in (
        "quiero recuperar un archivo del backup",
        "¿cómo recupero un archivo del backup?",
        "recupera un archivo del backup, porfa",
    ):
        (m,) = matcher.match(request)
        assert m.method == "trigger", request
    assert matcher.match("recuperé el archivo ayer") == []
    assert matcher.match("borra un archivo del backup") == []


@pytest.mark.integration  # needs MiniLM's sense of meaning
def test_semantic_matching_needs_a_request_not_a_statement() -> None:
    from memory.search.embedders import MiniLMEmbedder

    skill = _skill("ups-status", ["ups status"], "Check the UPS battery charge, load and runtime")
    matcher = Matcher([skill], MiniLMEmbedder())
    assert matcher.match("what is the UPS load and runtime")[0].method == "semantic"
    assert matcher.match("the UPS was a birthday present") == []
    assert looks_like_request("free some space, please") and not looks_like_request(
        "the UPS is old"
    )
    for request in (
        "¿me ayudas con el SAI?",
        "necesito unir estos PDFs",
        "renombra las fotos del microscopio",
        "no consigo emparejar el sensor",
        "fill in this PDF form",
    ):
        assert looks_like_request(request), request
    for statement in ("el SAI es viejo", "se me ha roto la placa de inducción"):
        assert not looks_like_request(statement), statement


def test_activation_loads_the_skill_and_records_it(lab: Lab, home: Path) -> None:
    write_skill(home, "backup-rotation", GOOD.replace("Run rotate-disks", "Use rotate-disks"), TOOL)
    skill = lab.skills.activate("backup-rotation", "trigger 'rotate the backup disks'")
    active = lab.session.variables["skills"]["backup-rotation"]
    assert active["workflow"] == skill.workflow and active["tool"]["name"] == "rotate-disks"
    log = (home / "memory/2026-11-29.md").read_text()
    assert (
        "[skill-activation] Activated skill backup-rotation" in log
        and "tags=backup-rotation" in log
    )


def test_chat_activates_skills_and_lists_them(lab: Lab, home: Path) -> None:
    from coordinator.session.chat import run_chat

    write_skill(home, "backup-rotation", GOOD)
    out: list[str] = []
    run_chat(lab, ["please rotate the backup disks", "/skills", "/daily-review"], out.append)
    text = "\n".join(out)
    assert "Skill backup-rotation activated (trigger" in text
    assert "/distill-memory" in text and "Skill daily-review activated (explicit)" in text


def test_skills_cli_json_shapes(home: Path) -> None:
    runner = CliRunner()
    assert runner.invoke(cli, ["skills", "new", "backup-rotation"]).exit_code == 0
    result = runner.invoke(cli, ["skills", "match", "backup rotation please", "--json"])
    data = json.loads(result.stdout)
    assert data["request"] == "backup rotation please"
    match = data["matches"][0]
    assert list(match) == ["name", "score", "method", "why"]
    assert match["name"] == "backup-rotation" and match["method"] in {"trigger", "fuzzy"}
    empty = json.loads(runner.invoke(cli, ["skills", "match", "tell me a joke", "--json"]).stdout)
    assert empty["matches"] == [] and list(empty) == ["request", "matches", "closest"]
    near = empty["closest"]  # the skill that came nearest by description, and its bar
    assert near is None or (
        list(near) == ["name", "score", "needs"] and near["score"] < near["needs"]
    )
    assert data["closest"] is None  # something matched
    assert runner.invoke(cli, ["skills", "lint"]).exit_code == 0
    (home / "skills" / "bad").mkdir()
    lint = runner.invoke(cli, ["skills", "lint", "--json"])
    assert lint.exit_code == 1 and "skills/bad: has no SKILL.md" in lint.stdout
    listed = json.loads(runner.invoke(cli, ["skills", "list", "--json"]).stdout)
    assert {"backup-rotation", "daily-review"} <= {s["name"] for s in listed["skills"]}
    shown = runner.invoke(cli, ["skills", "show", "nope"])
    assert shown.exit_code == 1 and "no skill named 'nope'" in shown.stderr


def test_bundled_tools_render_real_commands(lab: Lab) -> None:
    tool = lab.skills.get("daily-review").tool
    assert tool is not None
    assert tool.render({"day": "2026-11-29"}) == "labmem show day 2026-11-29 --json"
