"""Skills in the published Agent Skills shape (tests/data/skills/collection, written for
these tests): they load whole, spec nits are warnings, files are listed and read on demand
inside the skill's folder only, roots stack with shadowing, lint --strict fails on nits."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from coordinator import Lab
from coordinator.cli import cli
from memory.errors import InvalidInputError
from skills.discovery import SkillLibrary, split_skills_path
from skills.drafts import check_draft, write_draft
from skills.errors import SkillManifestError
from skills.loader import load_skill
from skills.resources import read_resource
from skills.scaffold import new_skill

COLLECTION = Path(__file__).resolve().parents[2] / "data" / "skills" / "collection"


@pytest.fixture(scope="module")
def catalogue() -> object:
    return SkillLibrary(COLLECTION, include_bundled=False).catalogue()


def test_the_whole_collection_loads_with_spec_nits_as_warnings(catalogue: object) -> None:
    cat = catalogue
    assert len(cat.skills) == 26 and cat.problems == []  # type: ignore[attr-defined]
    warnings = "\n".join(cat.warnings)  # type: ignore[attr-defined]
    assert "log-triage/SKILL.md:2: name: 'Log-Triage' is not lower-case" in warnings
    assert "micro-image-rename/SKILL.md:2: name: 'microscope-batch-rename' differs" in warnings
    assert "qpcr-ct-analysis/SKILL.md:3: description: is 1170 characters, over 1024" in warnings
    assert "sql-query-review/SKILL.md:3: description: is 1185 characters" in warnings
    assert len(cat.warnings) == 5  # type: ignore[attr-defined]


def test_known_by_folder_name_and_fields_kept(catalogue: object) -> None:
    skills = catalogue.skills  # type: ignore[attr-defined]
    renamed = skills["micro-image-rename"]
    assert renamed.meta.name == "microscope-batch-rename"
    assert renamed.meta.allowed_tools == "Bash(python3:*) Read"
    pdf = skills["pdf-form-filler"]
    assert pdf.meta.license == "MIT"
    assert pdf.meta.metadata["openclaw"]["requires"]["pip"] == ["pypdf"]
    assert skills["redactar-correos"].meta.metadata == {
        "autor": "equipo-comunicacion",
        "idioma": "es",
    }
    assert skills["slide-deck-builder"].meta.metadata["tags"]
    assert skills["pdf-merge-split"].meta.compatibility


def test_a_body_without_sections_is_the_workflow(catalogue: object) -> None:
    zigbee = catalogue.skills["zigbee-pairing-help"]  # type: ignore[attr-defined]
    assert zigbee.sections == {} and zigbee.heading == ""
    assert zigbee.workflow.startswith("Begin by asking which coordinator")
    assert any("## Workflow: not present" in s for s in zigbee.suggestions)
    pdf = catalogue.skills["pdf-form-filler"]  # type: ignore[attr-defined]
    assert pdf.heading == "Filling PDF forms" and "instructions" in pdf.sections


def test_files_are_listed_with_sizes(catalogue: object) -> None:
    skills = catalogue.skills  # type: ignore[attr-defined]
    files = {r.path: r.size for r in skills["tls-cert-renewal"].resources}
    assert set(files) == {"references/DNS-01.md", "references/ERRORS.md"}
    assert (
        files["references/ERRORS.md"]
        == (COLLECTION / "tls-cert-renewal/references/ERRORS.md").stat().st_size
    )
    paths = [r.path for r in skills["pdf-form-filler"].resources]
    assert paths == ["scripts/fill_form.py", "references/FORMS.md"]
    assert [r.path for r in skills["zigbee-pairing-help"].resources] == []


def test_files_are_read_inside_the_folder_only(tmp_path: Path) -> None:
    root = tmp_path / "skills"
    shutil.copytree(COLLECTION / "pdf-form-filler", root / "pdf-form-filler")
    (tmp_path / "secret.txt").write_text("outside")
    (root / "pdf-form-filler" / "assets").mkdir()
    (root / "pdf-form-filler" / "assets" / "leak.txt").symlink_to(tmp_path / "secret.txt")
    (root / "pdf-form-filler" / "assets" / "logo.png").write_bytes(b"\x89PNG\0\0")
    cat = SkillLibrary(root, include_bundled=False).catalogue()
    skill = cat.skills["pdf-form-filler"]
    assert "assets/leak.txt" not in [r.path for r in skill.resources]
    assert any("assets/leak.txt: points outside" in w for w in cat.warnings)
    found = read_resource(skill, "references/FORMS.md")
    assert found["text"] == (root / "pdf-form-filler/references/FORMS.md").read_text()
    for bad, why in [
        ("../../secret.txt", "not a path inside"),
        ("/etc/passwd", "not a path inside"),
        ("assets/leak.txt", "leads outside"),
        ("assets/logo.png", "is binary"),
        ("references/NOPE.md", "does not exist"),
    ]:
        with pytest.raises(InvalidInputError, match=why):
            read_resource(skill, bad)


def test_unsafe_or_unreadable_is_refused_with_file_and_line(tmp_path: Path) -> None:
    folder = tmp_path / "skills" / "x"
    folder.mkdir(parents=True)
    (folder / "SKILL.md").write_text("# just markdown, no front matter\n")
    with pytest.raises(SkillManifestError, match=r"^skills/x/SKILL.md:1: front matter: is miss"):
        load_skill(folder / "SKILL.md", "skills/x/SKILL.md", "workspace", "x")
    (tmp_path / "elsewhere.md").write_text("---\nname: x\ndescription: d\n---\n")
    (folder / "SKILL.md").unlink()
    (folder / "SKILL.md").symlink_to(tmp_path / "elsewhere.md")
    cat = SkillLibrary(tmp_path / "skills", include_bundled=False).catalogue()
    assert "x" not in cat.skills
    assert cat.problems == [
        "skills/x/SKILL.md:1: file: points outside the skill's folder; "
        "replace the link with the file itself"
    ]


def test_roots_stack_in_order_and_shadowing_is_reported(tmp_path: Path) -> None:
    extra = tmp_path / "collection"
    shutil.copytree(COLLECTION, extra)
    (extra / ".git").mkdir()
    (extra / "docs").mkdir()
    mine = tmp_path / "skills" / "pdf-merge-split"
    mine.mkdir(parents=True)
    (mine / "SKILL.md").write_text("---\nname: pdf-merge-split\ndescription: my own\n---\n")
    shadow = extra / "daily-review"
    shadow.mkdir()
    (shadow / "SKILL.md").write_text("---\nname: daily-review\ndescription: theirs\n---\n")
    lib = SkillLibrary(tmp_path / "skills", extra_roots=split_skills_path(f"{extra}:"))
    cat = lib.catalogue()
    assert cat.skills["pdf-merge-split"].origin == "workspace"
    assert cat.skills["pdf-form-filler"].origin == "path"
    assert cat.skills["daily-review"].meta.description == "theirs"  # path before bundled
    by = {(s.name, s.path): s.by for s in cat.shadowed}
    assert by[("pdf-merge-split", f"{extra}/pdf-merge-split/SKILL.md")] == (
        "skills/pdf-merge-split/SKILL.md"
    )
    assert by[("daily-review", "bundled:daily-review/SKILL.md")] == (
        f"{extra}/daily-review/SKILL.md"
    )
    assert cat.problems == [] and f"{extra}/docs: has no SKILL.md" in " ".join(cat.warnings)


def test_drafts_and_new_skills_pass_the_same_validation(tmp_path: Path) -> None:
    from datetime import UTC, datetime

    now = datetime(2026, 11, 29, tzinfo=UTC)
    text = 'To clear the cache "now", run C:\\temp\\clear.bat: then check'
    shown, _ = write_draft(tmp_path, text, now)
    name = shown.split("/")[1]
    skill = load_skill(tmp_path / name / "SKILL.md", shown, "workspace", name)
    assert skill.warnings == () and skill.suggestions == () and skill.meta.status == "draft"
    assert skill.meta.description.startswith('To clear the cache "now", run C:\\temp')
    path = new_skill(tmp_path, "backup-rotation")
    made = load_skill(path, "skills/backup-rotation/SKILL.md", "workspace", "backup-rotation")
    assert made.warnings == () and made.suggestions == ()
    with pytest.raises(SkillManifestError, match="differs from its folder"):
        check_draft("---\nname: a\ndescription: d\n---\n", "b", "skills/b/SKILL.md")


def test_lint_strict_exits_1_on_spec_errors(tmp_path: Path) -> None:
    runner = CliRunner()
    ok = runner.invoke(cli, ["skills", "lint", str(COLLECTION / "pdf-form-filler"), "--strict"])
    assert ok.exit_code == 0 and "1 skills OK." in ok.stdout
    assert "suggestion:" in ok.stdout
    bad = runner.invoke(cli, ["skills", "lint", str(COLLECTION / "log-triage"), "--strict"])
    assert bad.exit_code == 1 and "'Log-Triage' is not lower-case" in bad.stdout
    loose = runner.invoke(cli, ["skills", "lint", str(COLLECTION), "--json"])
    data = json.loads(loose.stdout)
    assert loose.exit_code == 0 and data["ok"] and len(data["skills"]) == 26
    assert len(data["warnings"]) == 5
    strict = runner.invoke(cli, ["skills", "lint", str(COLLECTION), "--strict", "--json"])
    assert strict.exit_code == 1 and not json.loads(strict.stdout)["ok"]
    collection = tmp_path / "collection"
    shutil.copytree(COLLECTION / "pdf-form-filler", collection / "pdf-form-filler")
    (collection / "docs").mkdir()  # a collection's other folder: a note, not a spec error
    noted = runner.invoke(cli, ["skills", "lint", str(collection), "--strict", "--json"])
    data = json.loads(noted.stdout)
    assert noted.exit_code == 0 and data["ok"]
    assert any("docs: has no SKILL.md" in w for w in data["warnings"])
    missing = runner.invoke(cli, ["skills", "lint", str(tmp_path / "nope")])
    assert missing.exit_code == 2 and "is not a folder" in missing.stderr


def test_boot_lists_names_and_descriptions_within_budget(home: Path) -> None:
    from coordinator.settings import load_settings

    shutil.copytree(COLLECTION, home / "skills", dirs_exist_ok=True)
    with Lab.open(settings=load_settings(home=home, skills_budget_tokens=300)) as lab:
        pre = lab.boot()
    assert "## Skills (load on demand)" in pre.text
    assert "- backup-verify: Verifies that backups are actually restorable" in pre.text
    assert "Begin by asking" not in pre.text  # bodies load on activation only
    listed = [line for line in pre.text.splitlines() if line.startswith("- ")]
    assert sum(len(line) + 1 for line in listed) // 4 <= 300
    assert any("skill listing is over its 300-token budget" in t for t in pre.truncated)


def test_skills_path_from_the_environment_in_the_cli(
    home: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    extra = tmp_path / "theirs"
    shutil.copytree(COLLECTION / "backup-verify", extra / "backup-verify")
    shutil.copytree(COLLECTION / "csv-profiler", extra / "csv-profiler")
    before = sorted((p, p.stat().st_mtime_ns) for p in extra.rglob("*"))
    runner = CliRunner()
    assert runner.invoke(cli, ["skills", "new", "csv-profiler"]).exit_code == 0
    monkeypatch.setenv("LABMEM_SKILLS_PATH", str(extra))
    listed = json.loads(runner.invoke(cli, ["skills", "list", "--json"]).stdout)
    assert [r["origin"] for r in listed["roots"]] == ["workspace", "path", "bundled"]
    origins = {s["name"]: s["origin"] for s in listed["skills"]}
    assert origins["backup-verify"] == "path" and origins["csv-profiler"] == "workspace"
    assert listed["shadowed"] == [
        {
            "name": "csv-profiler",
            "path": f"{extra}/csv-profiler/SKILL.md",
            "shadowed_by": "skills/csv-profiler/SKILL.md",
        }
    ]
    files = {s["name"]: s["files"] for s in listed["skills"]}["backup-verify"]
    assert files == [{"path": "scripts/verify_backup.sh", "size": files[0]["size"]}]
    text = runner.invoke(cli, ["skills", "list"]).stdout
    assert f"shadowed  {extra}/csv-profiler/SKILL.md (by skills/csv-profiler/SKILL.md)" in text
    shown = json.loads(runner.invoke(cli, ["skills", "show", "backup-verify", "--json"]).stdout)
    assert shown["front_matter"]["compatibility"] and shown["origin"] == "path"
    assert sorted((p, p.stat().st_mtime_ns) for p in extra.rglob("*")) == before  # read-only
