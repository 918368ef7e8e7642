"""Fuzz: any sequence of writes with hostile text leaves a workspace that is whole.

Arbitrary Unicode, control characters, Markdown and HTML go through the API (every layer's
write step), the import line (JSON Lines through ``labmem import``) and the command line's
text arguments. After each sequence: every layer file parses, every id is unique, doctor
finds no problem and every acknowledged write is there with its cleaned text.
"""

from __future__ import annotations

import json
import shutil
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from coordinator import Lab
from coordinator.cli import cli
from coordinator.graph.writer import store
from coordinator.maintenance.doctor import run_doctor
from memory.document import parse_document
from memory.entry_text import clean_entry_text, split_entry_text
from memory.errors import MemoryFrameworkError

pytestmark = pytest.mark.integration

FRAGMENTS = [
    "## Policies",
    "# Title",
    "- item",
    "* item",
    "1. first",
    "> quote",
    "```",
    "---",
    "<!-- id=m-abcdef kind=fact -->",
    "-->",
    "<script>alert(1)</script>",
    "<b>bold</b>",
    "12:00:00Z [event] ",
    "\\",
    '"',
    "id=d-123456",
    "\u200b",
    "\ufeff",
    "é",
    "日本語",
    "🙂",
]
BREAKS = ["\n", "\r", "\r\n", "\u2028", "\u2029", "\x85", "\x0b", "\x0c", "\t"]
pieces = st.one_of(
    st.text(max_size=12),
    st.sampled_from(FRAGMENTS),
    st.sampled_from(BREAKS),
    st.characters(max_codepoint=0x2FFFF),
)
texts = st.lists(pieces, min_size=1, max_size=8).map("".join)
kinds = st.one_of(st.none(), st.sampled_from(["fact", "event", "decision"]), st.text(max_size=6))
times = st.integers(min_value=0, max_value=3 * 24 * 3600 - 1).map(
    lambda s: (
        f"2026-11-{20 + s // 86400}T{s % 86400 // 3600:02d}:{s % 3600 // 60:02d}:{s % 60:02d}Z"
    )
)
ids = st.one_of(st.none(), st.sampled_from(["d-aaaaaa", "m-bbbbbb", "p-cccccc", "x-1", "d-a]b"]))

store_op = st.tuples(st.just("store"), texts, st.sampled_from(["memory", "daily", "project"]))
import_item = st.fixed_dictionaries(
    {
        "layer": st.sampled_from(["daily", "memory", "project"]),
        "text": texts,
        "time": times,
        "project": st.just("lab"),
    },
    optional={"kind": kinds, "id": ids},
)
import_op = st.tuples(st.just("import"), st.lists(import_item, min_size=1, max_size=5))
cli_op = st.tuples(
    st.just("cli"), texts, st.sampled_from(["remember-daily", "remember-memory", "search"])
)
operations = st.lists(st.one_of(store_op, import_op, cli_op), min_size=1, max_size=6)


@pytest.fixture(autouse=True)
def _hashing(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("LABMEM_EMBEDDER", "hashing")


@contextmanager
def workspace() -> Iterator[Path]:
    root = Path(tempfile.mkdtemp(prefix="labmem-fuzz-"))
    try:
        yield root / "lab"
    finally:
        shutil.rmtree(root, ignore_errors=True)


def stored_text(text: str, layer: str) -> str:
    """What an entry's text line holds: a daily entry nests its further lines."""
    return split_entry_text(text)[0] if layer == "daily" else clean_entry_text(text)


def _store(lab: Lab, text: str, layer: str, acked: dict[str, str]) -> None:
    try:
        receipt = store(
            lab.services, text, layer=layer, project="lab" if layer == "project" else None
        )
    except MemoryFrameworkError:
        return
    if receipt.status == "written" and receipt.id:
        acked[receipt.id] = stored_text(text, layer)


def _import(home: Path, items: list[dict[str, Any]], acked: dict[str, str]) -> None:
    file = home.parent / "in.jsonl"
    file.write_text("".join(json.dumps(i) + "\n" for i in items), encoding="utf-8")
    result = CliRunner().invoke(cli, ["--home", str(home), "import", str(file), "--json"])
    assert result.exception is None or isinstance(result.exception, SystemExit), result.output
    assert result.exit_code in (0, 1) and "Traceback" not in result.stderr
    report = json.loads(result.stdout)
    assert report["written"] + report["refused"] + report["confirmed"] + report[
        "already_present"
    ] == len(items)


def _cli(home: Path, text: str, what: str, acked: dict[str, str]) -> None:
    if what == "search":
        args = ["search", "--json", "--", text]
    else:
        args = ["remember", "--layer", what.split("-")[1], "--json", "--", text]
    result = CliRunner().invoke(cli, ["--home", str(home), *args])
    assert result.exception is None or isinstance(result.exception, SystemExit)
    assert result.exit_code in (0, 1, 2), result.output
    if result.exit_code == 1:
        assert result.stderr.startswith("labmem: ") and result.stderr.count("\n") == 1
    if result.exit_code == 0 and what != "search":
        receipt = json.loads(result.stdout)
        if receipt["status"] == "written":
            acked[receipt["id"]] = stored_text(text, what.split("-")[1])


def check_whole(home: Path, acked: dict[str, str]) -> None:
    """Every file parses, ids are unique, doctor is clean, acknowledged writes are there."""
    found: dict[str, str] = {}
    files = [home / "MEMORY.md", *home.glob("memory/**/*.md"), *home.glob("projects/*/*.md")]
    for path in files:
        for entry in parse_document(path.read_text(encoding="utf-8")).entries():
            assert entry.id, f"{path}: an entry without an id: {entry.text!r}"
            assert entry.id not in found, f"id {entry.id} twice"
            found[entry.id] = entry.text
    for entry_id, text in acked.items():
        assert found.get(entry_id) == text, (entry_id, text, found.get(entry_id))
    with Lab.open(home) as lab:
        report = run_doctor(lab)
        assert report.ok, report.problems
        assert not [w for w in report.warnings if "outside any entry" in w or "lacks" in w]


@given(operations)
@settings(
    max_examples=25,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
def test_any_sequence_of_hostile_writes_leaves_the_workspace_whole(
    ops: list[tuple[Any, ...]],
) -> None:
    with workspace() as home:
        acked: dict[str, str] = {}
        with Lab.open(home) as lab:
            lab.projects.create("lab")
        for op in ops:
            if op[0] == "store":
                with Lab.open(home) as lab:
                    _store(lab, op[1], op[2], acked)
            elif op[0] == "import":
                _import(home, op[1], acked)
            else:
                _cli(home, op[1], op[2], acked)
        check_whole(home, acked)
