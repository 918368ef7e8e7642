#!/usr/bin/env python3
"""Scale a dough from baker's percentages, accounting for levain composition."""
import argparse

p = argparse.ArgumentParser()
p.add_argument("--pieces", type=int, required=True)
p.add_argument("--weight", type=float, required=True, help="grams per piece")
p.add_argument("--hydration", type=float, required=True, help="total water %% of total flour")
p.add_argument("--salt", type=float, default=2.0)
p.add_argument("--yeast", type=float, default=0.0)
p.add_argument("--levain", type=float, default=0.0, help="levain weight as %% of total flour")
p.add_argument("--levain-hydration", type=float, default=100.0)
p.add_argument("--loss", type=float, default=2.0, help="%% extra for losses")
a = p.parse_args()

target = a.pieces * a.weight * (1 + a.loss / 100)
total_flour = target / ((100 + a.hydration + a.salt + a.yeast) / 100)
levain = total_flour * a.levain / 100
lev_flour = levain / (1 + a.levain_hydration / 100)
lev_water = levain - lev_flour
flour = total_flour - lev_flour
water = total_flour * a.hydration / 100 - lev_water
rows = [("flour", flour), ("water", water), ("levain", levain),
        ("salt", total_flour * a.salt / 100), ("yeast", total_flour * a.yeast / 100)]
print(f"total dough {target:.0f} g, total flour {total_flour:.0f} g")
for name, g in rows:
    if g > 0:
        print(f"{name:8s} {g:8.1f} g")
