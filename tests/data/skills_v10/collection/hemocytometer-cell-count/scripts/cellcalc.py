#!/usr/bin/env python3
import argparse

p = argparse.ArgumentParser(description="hemocytometer maths")
p.add_argument("--counts", type=float, nargs="+", required=True, help="live counts per large square")
p.add_argument("--dead", type=float, default=0, help="total dead over the same squares")
p.add_argument("--dilution", type=float, default=2)
p.add_argument("--seed", type=float, help="cells per vessel")
p.add_argument("--vessels", type=int, default=1)
a = p.parse_args()

mean = sum(a.counts) / len(a.counts)
conc = mean * a.dilution * 1e4
live = sum(a.counts)
via = live / (live + a.dead) * 100 if live + a.dead else 0
print(f"live cells/mL: {conc:.3g}")
print(f"viability: {via:.1f} %")
if a.seed:
    ml = a.seed / conc
    print(f"per vessel: {ml * 1000:.1f} uL  (x{a.vessels} +10% = {ml * 1000 * a.vessels * 1.1:.0f} uL)")
