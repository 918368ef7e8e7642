#!/usr/bin/env python3
"""make_labels.py --prefix HeLa-GFP-c3 --n 24 --line2 "P8 JK" --date 2025-03-14 --csv out.csv"""
import argparse, csv, datetime as dt

ap = argparse.ArgumentParser()
ap.add_argument("--prefix", required=True)
ap.add_argument("--n", type=int, required=True)
ap.add_argument("--line2", default="")
ap.add_argument("--date", default=dt.date.today().isoformat())
ap.add_argument("--width", type=int, default=18)
ap.add_argument("--csv", required=True)
a = ap.parse_args()
pad = max(2, len(str(a.n)))
with open(a.csv, "w", newline="") as fh:
    w = csv.writer(fh)
    w.writerow(["line1", "line2", "line3", "code"])
    for i in range(1, a.n + 1):
        sid = f"{a.prefix}-{i:0{pad}d}"
        lines = [sid, a.line2, a.date]
        for l in lines:
            if len(l) > a.width:
                print(f"warning: '{l}' longer than {a.width} chars")
        w.writerow(lines + [sid])
print(f"wrote {a.n} labels to {a.csv}")
