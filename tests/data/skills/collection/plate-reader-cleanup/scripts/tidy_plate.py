#!/usr/bin/env python3
"""Convert a plate-reader grid export into a long table.

usage: tidy_plate.py EXPORT [--layout LAYOUT.csv] [-o OUT.csv]
"""
import argparse
import re
import string

import pandas as pd

ap = argparse.ArgumentParser()
ap.add_argument("export")
ap.add_argument("--layout")
ap.add_argument("-o", "--out", default="tidy.csv")
a = ap.parse_args()

if a.export.endswith((".xlsx", ".xls")):
    raw = pd.read_excel(a.export, header=None, dtype=str)
else:
    enc = "utf-16" if open(a.export, "rb").read(2) in (b"\xff\xfe", b"\xfe\xff") else "utf-8"
    raw = pd.read_csv(a.export, header=None, dtype=str, sep=None, engine="python", encoding=enc)

rows = []
read = 0
i = 0
while i < len(raw):
    cells = [str(c).strip() for c in raw.iloc[i].tolist()]
    nums = [c for c in cells[1:] if re.fullmatch(r"\d+", c)]
    if nums[:3] == ["1", "2", "3"]:
        read += 1
        ncol = len(nums)
        nrow = 16 if ncol == 24 else 8
        for r in range(nrow):
            line = [str(c).strip() for c in raw.iloc[i + 1 + r].tolist()]
            letter = string.ascii_uppercase[r]
            for c in range(ncol):
                v = line[1 + c]
                flag = "saturated" if v.upper() == "OVER" else ("invalid" if not re.match(r"^-?[\d.eE+-]+$", v) else "")
                rows.append({"read": read, "well": f"{letter}{c + 1}", "row": letter, "column": c + 1,
                             "value": None if flag else float(v), "flag": flag})
        i += nrow + 1
    else:
        i += 1

df = pd.DataFrame(rows)
if a.layout:
    df = df.merge(pd.read_csv(a.layout), on="well", how="left")
df.to_csv(a.out, index=False)
print(f"{len(df)} rows, {read} read(s), {int((df.flag != '').sum())} flagged -> {a.out}")
