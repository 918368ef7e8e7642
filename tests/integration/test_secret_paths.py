"""Each kind of secret, sent down each write path, leaves no byte of itself in the workspace.

One example of every secret kind in the labelled corpus (train side) goes through every way
text or metadata reaches disk: remember (every layer), tags, source and supersedes, import
(text and metadata), chat with a kept session and its summary, the MCP tools, distillation
with a model that rewords into a secret, and ``doctor --fix`` over a hand-written line. Then
every file of the workspace — Markdown, state, backups, SQLite and chroma files — is read
as bytes and searched for the value.
"""

from __future__ import annotations

import json
import os
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import anyio
import pytest
from click.testing import CliRunner

from coordinator import Lab, load_settings
from coordinator.cli import cli

pytestmark = pytest.mark.integration

DATA = Path(__file__).resolve().parents[1] / "data" / "secrets"


def _examples() -> list[tuple[str, str, str]]:
    """(kind, text, value): the first train-side example of each secret kind."""
    seen: dict[str, tuple[str, str, str]] = {}
    for name in ("train.jsonl", "train_extra.jsonl"):
        for line in (DATA / name).read_text(encoding="utf-8").splitlines():
            row = json.loads(line)
            if row["label"] == "secret" and row["kind"] not in seen:
                seen[row["kind"]] = (row["kind"], row["text"], row["value"])
    return sorted(seen.values())


EXAMPLES = _examples()


def _files(root: Path) -> dict[Path, bytes]:
    out = {}
    for dirpath, _, names in os.walk(root):
        for name in names:
            path = Path(dirpath) / name
            out[path] = path.read_bytes()
    return out


def _needles(value: str) -> list[bytes]:
    """The value, and each long piece of it (a split token leaks by halves too)."""
    pieces = {value} | {p for p in value.split() if len(p) >= 8}
    return [p.encode("utf-8") for p in pieces]


def _assert_nothing_leaked(
    root: Path, before: dict[Path, bytes], skip: Callable[[Path], bool] = lambda p: False
) -> None:
    after = _files(root)
    assert after, "the path wrote nothing at all: the test would prove nothing"
    leaks = []
    for kind, _, value in EXAMPLES:
        # A 4-digit PIN can occur by chance in unrelated bytes (a hex id, a random blob): it
        # is looked for only in files this path wrote, and only standing on its own.
        short = len(value) < 6
        for path, data in after.items():
            if skip(path) or (short and before.get(path) == data):
                continue
            for needle in _needles(value):
                if short:
                    alone = rb"(?<![0-9A-Za-z])" + re.escape(needle) + rb"(?![0-9A-Za-z])"
                    found = re.search(alone, data) is not None
                else:
                    found = needle in data
                if found:
                    leaks.append(f"{kind} in {path.relative_to(root)}")
    assert not leaks, leaks


def _cli(*args: str, input: str | None = None) -> tuple[int, str]:
    result = CliRunner().invoke(cli, list(args), input=input)
    if result.exception and not isinstance(result.exception, SystemExit):
        raise result.exception
    return result.exit_code, result.stdout + result.stderr


def _refused(code: int, out: str) -> None:
    assert code == 1 or "refused" in out, out
    assert "secret" in out, out


def _metadata_value(value: str) -> str:
    return value.replace("\n", "")


def _prepare(home: Path) -> dict[Path, bytes]:
    with Lab.open(home) as lab:
        lab.remember("The NAS is at 10.0.0.5.", layer="memory")
        lab.remember("Backup ran fine.", layer="daily")
        lab.reindex()
    return _files(home)


# -- the paths ---------------------------------------------------------------------------------


def via_remember(home: Path, tmp: Path) -> None:
    for _, text, _ in EXAMPLES[::8]:  # the CLI on a sample: it calls the same Lab.remember
        _refused(*_cli("remember", text))
        _refused(*_cli("remember", text, "--layer", "project", "--project", "lab"))
    with Lab.open(home) as lab:
        for _, text, _ in EXAMPLES:
            assert lab.remember(text).status == "refused"
            for layer in ("memory", "daily", "skill", "session"):
                assert lab.remember(text, layer=layer).status == "refused"
            receipt = lab.remember(text, layer="project", project="lab")
            assert receipt.status == "refused"


def _alone(value: str) -> bool:
    """A bare value recognisable on its own (a vendor token); a PIN is not, without words."""
    from memory.secrets import find_secrets

    return bool(find_secrets(_metadata_value(value)))


def via_metadata(home: Path, tmp: Path) -> None:
    with Lab.open(home) as lab:
        for _, text, value in EXAMPLES:
            fields: list[dict[str, Any]] = [{"source": text}, {"supersedes": text}]
            if _alone(value):
                fields += [{"tags": [_metadata_value(value)]}, {"source": value}]
            for args in fields:
                with pytest.raises(Exception, match="secret") as error:
                    lab.remember("The printer is on the second floor.", layer="daily", **args)
                assert value not in str(error.value)
        for layer in ("memory", "project"):
            with pytest.raises(Exception, match="secret"):
                lab.remember(
                    "The fridge is cold.",
                    layer=layer,
                    project="lab",
                    tags=["ghp_VJFxnvXPDyknUku288Z7KtYI9jpqJ2Rmfm3S"],
                )


def via_import(home: Path, tmp: Path) -> None:
    lines = []
    for _, text, value in EXAMPLES:
        at = "2026-11-29T10:00:00Z"
        lines.append({"layer": "daily", "text": text, "time": at})
        lines.append({"layer": "memory", "text": text, "time": at})
        safe = "The printer is on the second floor."
        lines.append({"layer": "daily", "text": safe, "time": at, "source": text})
        if _alone(value):
            value = _metadata_value(value)
            lines.append({"layer": "daily", "text": safe, "time": at, "tags": [value]})
            lines.append({"layer": "memory", "text": safe, "time": at, "id": value[:60]})
    path = tmp / "in.jsonl"
    path.write_text("\n".join(json.dumps(line) for line in lines) + "\n", encoding="utf-8")
    code, out = _cli("import", str(path), "--json")
    report = json.loads(out[out.index("{") :])
    assert report["written"] <= 1, report  # at most the one harmless line
    for _, _, value in EXAMPLES:
        assert value not in out


def via_chat(home: Path, tmp: Path) -> None:
    from coordinator.session.chat import run_chat

    with Lab.open(home) as lab:
        lab.keep_session()
        run_chat(lab, [text for _, text, _ in EXAMPLES] + ["The lab opens at 8."], lambda s: None)


def via_mcp(home: Path, tmp: Path) -> None:
    from mcp.client import Client

    from coordinator.mcp_server import build_server

    async def scenario() -> None:
        with Lab.open(home, session_kind="main") as lab:
            old = lab.remember("The router is in the hall.", layer="memory")
            async with Client(build_server(lab)) as client:
                for _, text, value in EXAMPLES:
                    for layer in ("memory", "daily"):
                        await client.call_tool("remember", {"text": text, "layer": layer})
                    await client.call_tool("supersede", {"id": old.id, "text": text})
                    sources = [text] + ([_metadata_value(value)] if _alone(value) else [])
                    for source in sources:
                        await client.call_tool(
                            "remember", {"text": "The fridge is cold.", "source": source}
                        )

    anyio.run(scenario)


def via_distill_model(home: Path, tmp: Path) -> None:
    from langchain_core.language_models import FakeListChatModel

    from coordinator.maintenance.job import run_maintenance

    day = home / "memory" / "2026-11-24.md"
    day.parent.mkdir(parents=True, exist_ok=True)
    lines = ["# 2026-11-24", ""]
    responses = []
    for n, (_, text, _) in enumerate(EXAMPLES):
        lines.append(
            f"- 09:{n:02d}:00Z [decision] We decided to label disk {n}. <!-- id=d-{n:04x} -->"
        )
        responses += ['{"layer": "memory", "kind": "decision", "reason": "decision"}', text]
    day.write_text("\n".join(lines) + "\n", encoding="utf-8")
    settings = load_settings(home=home, now="2026-11-25T12:00:00Z")
    with Lab.open(settings=settings) as lab:
        lab.use_model(FakeListChatModel(responses=responses * 2))
        run_maintenance(lab)


def via_doctor_fix(home: Path, tmp: Path) -> None:
    memory = home / "MEMORY.md"
    hand = "".join(f"- {text.replace(chr(10), ' ')}\n" for _, text, _ in EXAMPLES)
    memory.write_text(memory.read_text(encoding="utf-8") + hand, encoding="utf-8")
    code, out = _cli("doctor", "--fix")
    assert "holds what looks like a secret" in out
    _cli("reindex")
    for _, _, value in EXAMPLES:
        assert value not in out


PATHS = [
    via_remember,
    via_metadata,
    via_import,
    via_chat,
    via_mcp,
    via_distill_model,
    via_doctor_fix,
]


@pytest.mark.slow
@pytest.mark.parametrize("path", PATHS, ids=lambda p: p.__name__)
def test_no_secret_kind_reaches_disk_by_any_path(
    path: Callable[[Path, Path], None], home: Path, tmp_path: Path
) -> None:
    before = _prepare(home)
    path(home, tmp_path)
    # doctor --fix leaves the hand-written MEMORY.md as it is (the person wrote it there).
    skip = (lambda p: p == home / "MEMORY.md") if path is via_doctor_fix else (lambda p: False)
    _assert_nothing_leaked(home, before, skip)


def test_the_table_covers_every_secret_kind_of_the_corpus() -> None:
    assert len(EXAMPLES) >= 50
    assert sum(_alone(value) for _, _, value in EXAMPLES) >= 25
    assert {"prose_password", "pin", "door_code", "github_pat", "credit_card"} <= {
        kind for kind, _, _ in EXAMPLES
    }
