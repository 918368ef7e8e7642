#!/usr/bin/env python3
"""Print a serial dilution table. Transfer convention: each tube ends with --final volume."""
import argparse

p = argparse.ArgumentParser()
p.add_argument("--start", type=float, required=True)
p.add_argument("--unit", default="")
p.add_argument("--factor", type=float, required=True)
p.add_argument("--steps", type=int, required=True)
p.add_argument("--final", type=float, required=True, help="volume left in each tube")
p.add_argument("--vol-unit", default="uL")
a = p.parse_args()

transfer = a.final / (a.factor - 1)
diluent = transfer * (a.factor - 1)
print(f"| Tube | Dilution | Concentration ({a.unit}) | Transfer in ({a.vol_unit}) | Diluent ({a.vol_unit}) |")
print("|---|---|---|---|---|")
conc = a.start
for i in range(1, a.steps + 1):
    conc /= a.factor
    print(f"| {i} | 1:{a.factor ** i:g} | {conc:.4g} | {transfer:.3g} | {diluent:.3g} |")
