#!/usr/bin/env python3
"""Split a tip pool by hours x weight with largest-remainder rounding.

usage: split_tips.py TOTAL NAME:HOURS[:WEIGHT] ...
"""
import sys
from decimal import Decimal, ROUND_DOWN


def main(argv):
    total = Decimal(argv[1])
    people = []
    for spec in argv[2:]:
        parts = spec.split(":")
        name, hours = parts[0], Decimal(parts[1])
        weight = Decimal(parts[2]) if len(parts) > 2 else Decimal(1)
        people.append([name, hours, weight, hours * weight])
    pts = sum(p[3] for p in people)
    cent = Decimal("0.01")
    rows = []
    for name, h, w, pt in people:
        exact = total * pt / pts
        down = exact.quantize(cent, rounding=ROUND_DOWN)
        rows.append([name, h, w, pt, down, exact - down])
    left = int(((total - sum(r[4] for r in rows)) / cent).to_integral_value())
    for r in sorted(rows, key=lambda r: r[5], reverse=True)[:left]:
        r[4] += cent
    for name, h, w, pt, pay, _ in rows:
        print(f"{name:12s} {h:>6} h  x{w:<4} {pay:>10}")
    print(f"{'TOTAL':12s} {sum(r[4] for r in rows):>27}")


if __name__ == "__main__":
    main(sys.argv)
