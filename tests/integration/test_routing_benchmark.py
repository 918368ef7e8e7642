"""benchmarks/routing.py measures any labelled jsonl given with --routing/--pairs/--distill."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

SCRIPT = Path(__file__).resolve().parents[2] / "benchmarks" / "routing.py"


def _run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, str(SCRIPT), *args], capture_output=True, text=True, timeout=300
    )


def test_a_file_missing_a_field_is_a_one_line_error(tmp_path: Path) -> None:
    bad = tmp_path / "bad.jsonl"
    bad.write_text(json.dumps({"text": "hola", "layer": "none"}) + "\n", "utf-8")
    result = _run("--routing", str(bad))
    assert result.returncode == 1
    assert result.stderr.strip().count("\n") == 0
    assert "bad.jsonl:1 lacks kind, project, persona, lang" in result.stderr
    assert "Traceback" not in result.stderr


def test_a_line_that_is_not_json_is_refused(tmp_path: Path) -> None:
    bad = tmp_path / "pairs.jsonl"
    bad.write_text("{not json\n", "utf-8")
    result = _run("--pairs", str(bad))
    assert result.returncode == 1 and "pairs.jsonl:1 is not JSON" in result.stderr


@pytest.mark.slow
def test_given_files_are_measured_with_their_workspaces(tmp_path: Path) -> None:
    routing = tmp_path / "r.jsonl"
    rows = [
        {
            "text": "nightjar: the blog builds with make site",
            "layer": "project",
            "kind": "configuration",
            "project": "nightjar",
            "persona": "dev",
            "lang": "en",
        },
        {
            "text": "what's the nas ip",
            "layer": "none",
            "kind": "question",
            "project": None,
            "persona": "dev",
            "lang": "en",
        },
        {
            "text": "cual es la ip del nas",
            "layer": "none",
            "kind": "question",
            "project": None,
            "persona": "dev",
            "lang": "es",
        },
    ]
    routing.write_text("".join(json.dumps(r) + "\n" for r in rows), "utf-8")
    result = _run("--routing", str(routing), "--json")
    assert result.returncode == 0, result.stderr
    figures = json.loads(result.stdout)
    assert set(figures) == {"routing"}
    assert figures["routing"]["statements"] == 3
    assert figures["routing"]["by_language"] == {"en": 1.0, "es": 1.0}
    assert figures["routing"]["project_name_accuracy"] == 1.0
    assert figures["routing"]["confusion"]["none->none"] == 2
