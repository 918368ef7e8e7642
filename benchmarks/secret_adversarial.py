"""How the secret guard's time grows on long adversarial texts, beside an older copy.

    python benchmarks/secret_adversarial.py --baseline /work/main [--cap 20]

A chat turn is checked up to 64 kB before it is written. Each input below (a row of one
symbol, one letter, key words and values alternating, values with no spaces) is scanned at
8, 16, 32 and 64 kB by each stage of the guard and by the whole guard (``full_scan``: every
detector, no prefilter or cache), in a fresh process per cell. A cell that runs longer than
``--cap`` seconds is stopped and shown as "> cap"; the larger sizes of that row are then
skipped. Linear growth doubles a row's time from one size to the next; quadratic growth
quadruples it. Wall seconds on a shared machine: the load average is printed beside them.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parents[1]
SIZES = (8, 16, 32, 64)
INPUTS = {
    "row of '*'": "note " + "*" * 70_000,
    "row of '?'": "?" * 70_000,
    "row of 'a'": "a" * 70_000,
    "'the pin Ab12 ' repeated": "the pin Ab12 " * 6_000,
    "'pin:Ab12#' with no spaces": "pin:Ab12#" * 9_000,
    "'password is Lantern79! ' repeated": "password is Lantern79! " * 4_000,
    "'→ ' repeated, no digit": "security question → " + "→ " * 12_000,
}
STAGES = {
    "prefilter": "from memory.secret_prefilter import suspect_indexes as f; run = lambda t: f([t])",
    "prose": "from memory.secret_prose import find_prose_secrets as run",
    "pairs": "from memory.secret_pairs import pairs as run",
    "whole guard": "from memory.secrets import full_scan as f; run = lambda t: f([t])",
}
_CELL = """
import sys, time
sys.path.insert(0, sys.argv[1])
{stage}
text = sys.stdin.read()
run("warm up")
start = time.perf_counter()
run(text)
print(time.perf_counter() - start)
"""


def cell(root: Path, stage: str, text: str, cap: float) -> float | None:
    """Seconds ``stage`` takes on ``text`` with the package under ``root``; None past ``cap``."""
    try:
        done = subprocess.run(
            [sys.executable, "-c", _CELL.format(stage=STAGES[stage]), str(root)],
            input=text,
            capture_output=True,
            text=True,
            check=True,
            cwd=root,
            timeout=cap,
            env={**os.environ, "OPENBLAS_NUM_THREADS": "1"},
        )
    except subprocess.TimeoutExpired:
        return None
    return float(done.stdout.split()[-1])


def row(root: Path, stage: str, text: str, cap: float) -> list[str]:
    out: list[str] = []
    for kb in SIZES:
        if any(seconds.startswith(">") for seconds in out):
            out.append("–")
            continue
        seconds = cell(root, stage, text[: kb * 1024], cap)
        out.append(f"> {cap:.0f}" if seconds is None else f"{seconds:.3f}")
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--baseline", type=Path, help="a checkout of an older version")
    parser.add_argument("--cap", type=float, default=20.0, help="seconds before a cell stops")
    parser.add_argument("--stage", choices=list(STAGES), action="append")
    args = parser.parse_args()
    roots = [("this tree", HERE)] + ([("baseline", args.baseline)] if args.baseline else [])
    sizes = " | ".join(f"{kb} kB" for kb in SIZES)
    print(f"| input | stage | version | {sizes} |\n|---|---|---|" + "---|" * len(SIZES))
    for name, text in INPUTS.items():
        for stage in args.stage or list(STAGES):
            for label, root in roots:
                cells = " | ".join(row(root, stage, text, args.cap))
                print(f"| {name} | {stage} | {label} | {cells} |", flush=True)
    print(f"\nwall seconds; load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")


if __name__ == "__main__":
    main()
