#!/usr/bin/env python3
"""Print a box grid. usage: boxgrid.py master.csv F2/R3/S1/B07 [size]"""
import csv, string, sys

path, box = sys.argv[1], sys.argv[2]
size = int(sys.argv[3]) if len(sys.argv) > 3 else 9
occupied = {}
with open(path, newline="") as fh:
    for row in csv.DictReader(fh):
        loc = row["location"]
        if loc.startswith(box + ":") and "removed" not in row.get("notes", ""):
            occupied[loc.split(":")[1]] = row["sample_id"]
print("    " + "".join(f"{c:>10}" for c in range(1, size + 1)))
for r in string.ascii_uppercase[:size]:
    cells = [occupied.get(f"{r}{c}", ".")[:9] for c in range(1, size + 1)]
    print(f"{r:>3} " + "".join(f"{x:>10}" for x in cells))
