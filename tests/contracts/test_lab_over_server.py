"""The product through a chromadb server: same code path, workspaces kept apart."""

from __future__ import annotations

from pathlib import Path

import pytest

from coordinator import Lab, load_settings
from memory.errors import IndexUnavailableError

pytestmark = pytest.mark.integration


def _settings(home: Path, host: str, port: int) -> object:
    return load_settings(
        home=home, index="chroma-http", index_host=host, index_port=port, embedder="hashing"
    )


def test_two_workspaces_share_a_server_without_seeing_each_other(
    tmp_path: Path, chroma_server: tuple[str, int]
) -> None:
    host, port = chroma_server
    one, two = tmp_path / "one", tmp_path / "two"
    with Lab.open(settings=_settings(one, host, port)) as lab:  # type: ignore[arg-type]
        lab.remember("The NAS in workspace one is at 10.0.0.5.", layer="daily")
        assert lab.search("NAS workspace")[0].text.startswith("The NAS in workspace one")
    with Lab.open(settings=_settings(two, host, port)) as lab:  # type: ignore[arg-type]
        lab.remember("The printer in workspace two jams.", layer="daily")
        lab.reindex(full=True)
        texts = [h.text for h in lab.search("NAS workspace", k=20)]
        assert texts and all("workspace one" not in t for t in texts)
    with Lab.open(settings=_settings(one, host, port)) as lab:  # type: ignore[arg-type]
        assert lab.search("NAS workspace")[0].text.startswith("The NAS in workspace one")


def test_server_down_names_host_and_port_and_leaves_markdown_alone(tmp_path: Path) -> None:
    home = tmp_path / "lab"
    with Lab.open(settings=_settings(home, "127.0.0.1", 9)) as lab:  # type: ignore[arg-type]
        lab.remember("Still written to the Markdown.", layer="daily")
        before = (home / "memory/2026-11-29.md").read_text()
        with pytest.raises(IndexUnavailableError, match="127.0.0.1:9"):
            lab.search("anything")
    assert (home / "memory/2026-11-29.md").read_text() == before
