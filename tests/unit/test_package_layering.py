"""memory, skills and projects never import the coordinator (lazy imports included)."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def _imports(path: Path) -> set[str]:
    out: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            out.add(node.module)
        elif isinstance(node, ast.Import):
            out.update(alias.name for alias in node.names)
    return out


@pytest.mark.parametrize("package", ["memory", "skills", "projects"])
def test_lower_packages_do_not_import_the_coordinator(package: str) -> None:
    files = sorted((ROOT / package).rglob("*.py"))
    assert files
    bad = {
        f"{path.relative_to(ROOT)} imports {name}"
        for path in files
        for name in _imports(path)
        if name == "coordinator" or name.startswith("coordinator.")
    }
    assert not bad, sorted(bad)


def test_the_layer_registry_imports_nothing_of_the_package() -> None:
    names = _imports(ROOT / "memory" / "layers.py")
    assert not {n for n in names if n.split(".")[0] in {"memory", "skills", "projects"}}
