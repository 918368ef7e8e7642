"""``labmem tour``: build a small workspace and show what each layer holds, offline."""

from __future__ import annotations

import tempfile
from collections.abc import Callable
from pathlib import Path

from coordinator.lab import Lab
from coordinator.settings import load_settings

__all__ = ["run_tour"]

_STEPS: list[tuple[str, str, dict[str, str]]] = [
    ("memory", "Answers in metric units, never imperial.", {"kind": "preference"}),
    ("memory", "The NAS is at 10.0.0.5 and serves backups over NFS.", {"kind": "fact"}),
    (
        "memory",
        "We run Jellyfin in Docker, not on bare metal, to keep upgrades reversible.",
        {"kind": "decision"},
    ),
    ("daily", "Restarted the Jellyfin container after it ran out of memory.", {"kind": "event"}),
    (
        "project",
        "Totals are computed in cents to avoid float rounding.",
        {"kind": "decision", "project": "invoice-parser"},
    ),
    ("session", "Currently comparing two UPS models for the rack.", {"kind": "task"}),
]


def run_tour(keep: Path | None, echo: Callable[[str], None]) -> None:
    if keep is not None:
        _tour(keep, echo)
        return
    with tempfile.TemporaryDirectory(prefix="labmem-tour-") as tmp:
        _tour(Path(tmp) / "lab", echo)


def _tour(root: Path, echo: Callable[[str], None]) -> None:
    settings = load_settings(home=root)
    echo(f"labmem tour — a workspace at {root}\n")
    with Lab.open(settings=settings) as lab:
        for layer, text, opts in _STEPS:
            receipt = lab.remember(
                text, layer=layer, kind=opts.get("kind"), project=opts.get("project")
            )
            echo(f"remember ({layer}): {text}\n  → {receipt.status} {receipt.citation}")
        again = lab.remember(_STEPS[0][1], layer="memory", kind="preference")
        echo(f"remember the preference again\n  → {again.status} {again.id} (no duplicate)")
        refused = lab.remember("the router password=Tr0ub4dor3x", layer="daily")
        echo(f"remember a secret\n  → {refused.status}: {refused.reason}\n")
        for rel in (
            "MEMORY.md",
            f"memory/{lab.daily.today().isoformat()}.md",
            "projects/invoice-parser/NOTES.md",
        ):
            echo(f"──── {rel} ────")
            echo((root / rel).read_text(encoding="utf-8"))
        echo("──── session context (in memory, discarded at the end) ────")
        for kind, text, _ in lab.session.notes:
            echo(f"- [{kind}] {text}")
    echo("\nEverything above is plain Markdown: edit it in any editor.")
