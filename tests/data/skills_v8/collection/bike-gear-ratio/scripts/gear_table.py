#!/usr/bin/env python3
"""Gear inches, development and speed for every ring/cog combination."""
import argparse
import math

p = argparse.ArgumentParser()
p.add_argument("--rings", type=int, nargs="+", required=True)
p.add_argument("--cogs", type=int, nargs="+", required=True)
p.add_argument("--circ", type=float, default=2136, help="wheel circumference, mm")
p.add_argument("--cadence", type=float, default=90)
a = p.parse_args()

dia_in = a.circ / 25.4 / math.pi
print(f"wheel {a.circ:.0f} mm ≈ {dia_in:.1f} in, cadence {a.cadence:.0f} rpm")
print("ring cog  ratio  gear-in  dev-m  km/h")
for r in a.rings:
    for c in sorted(a.cogs):
        ratio = r / c
        dev = ratio * a.circ / 1000
        kmh = dev * a.cadence * 60 / 1000
        print(f"{r:>4} {c:>3}  {ratio:5.2f}  {ratio * dia_in:7.1f}  {dev:5.2f}  {kmh:5.1f}")
