"""No import cycle anywhere in the packages: every import counts — module level, inside a
function (lazy) and under ``TYPE_CHECKING`` — since each one is a dependency a reader has
to follow. A cycle is reported as the modules on it."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PACKAGES = ("coordinator", "memory", "skills", "projects")


def _modules(root: Path, packages: tuple[str, ...]) -> dict[str, Path]:
    found: dict[str, Path] = {}
    for package in packages:
        for path in sorted((root / package).rglob("*.py")):
            parts = list(path.relative_to(root).with_suffix("").parts)
            if parts[-1] == "__init__":
                parts.pop()
            found[".".join(parts)] = path
    return found


def _resolve(name: str, modules: dict[str, Path]) -> str | None:
    """The module a dotted name lives in (``a.b.C`` → ``a.b``), or None outside ours."""
    while name and name not in modules:
        name = name.rpartition(".")[0]
    return name or None


def _base(module: str, path: Path, node: ast.ImportFrom) -> str:
    """The absolute module an ``ImportFrom`` names (relative imports resolved)."""
    if node.level == 0:
        return node.module or ""
    package = module.split(".") if path.name == "__init__.py" else module.split(".")[:-1]
    package = package[: len(package) - node.level + 1]
    return ".".join([*package, *([node.module] if node.module else [])])


def import_graph(root: Path, packages: tuple[str, ...] = PACKAGES) -> dict[str, set[str]]:
    modules = _modules(root, packages)
    edges: dict[str, set[str]] = {}
    for module, path in modules.items():
        out: set[str] = set()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            names: list[str] = []
            if isinstance(node, ast.ImportFrom):
                base = _base(module, path, node)
                names = [f"{base}.{alias.name}" for alias in node.names]
            elif isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            for name in names:
                target = _resolve(name, modules)
                if target is not None and target != module:
                    out.add(target)
        edges[module] = out
    return edges


def cycles(edges: dict[str, set[str]]) -> list[list[str]]:
    """Strongly connected components of more than one module (Tarjan, iterative)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []
    counter = 0
    for start in sorted(edges):
        if start in index:
            continue
        work = [(start, iter(sorted(edges[start])))]
        index[start] = low[start] = counter
        counter += 1
        stack.append(start)
        on_stack.add(start)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = counter
                    counter += 1
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(edges.get(child, ())))))
                elif child in on_stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                parent = work[-1][0]
                low[parent] = min(low[parent], low[node])
            if low[node] == index[node]:
                component = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    component.append(member)
                    if member == node:
                        break
                if len(component) > 1:
                    found.append(sorted(component))
    return found


def test_the_packages_have_no_import_cycle() -> None:
    edges = import_graph(ROOT)
    assert len(edges) > 100  # the scan saw the packages
    assert cycles(edges) == []


def test_the_facade_is_imported_only_from_above_it() -> None:
    """The steps, the services and the session helpers never reach back to ``Lab``."""
    edges = import_graph(ROOT)
    below = [
        "coordinator.services",
        "coordinator.pipeline",
        "coordinator.reads",
        "coordinator.answer",
        "coordinator.assistant",
        "coordinator.session.boot",
        "coordinator.session.summary",
        "coordinator.session.skills",
        *[m for m in edges if m.startswith("coordinator.graph")],
    ]
    assert not [m for m in below if "coordinator.lab" in edges[m]]


def test_a_cycle_through_a_lazy_or_type_only_import_is_found(tmp_path: Path) -> None:
    package = tmp_path / "pkg"
    package.mkdir()
    (package / "__init__.py").write_text("")
    (package / "a.py").write_text("from pkg.b import thing\n")
    (package / "b.py").write_text(
        "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from pkg import c\n"
    )
    (package / "c.py").write_text("def f():\n    from .a import g\n")
    (package / "d.py").write_text("import pkg.a\n")
    edges = import_graph(tmp_path, ("pkg",))
    assert edges["pkg.c"] == {"pkg.a"}  # a relative, function-level import counts
    assert cycles(edges) == [["pkg.a", "pkg.b", "pkg.c"]]
    (package / "c.py").write_text("def f():\n    return 1\n")
    assert cycles(import_graph(tmp_path, ("pkg",))) == []
