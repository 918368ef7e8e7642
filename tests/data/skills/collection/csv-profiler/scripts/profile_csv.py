#!/usr/bin/env python3
"""Quick column profile of a delimited file or Excel sheet."""
import argparse
import json
import re

import pandas as pd

ap = argparse.ArgumentParser()
ap.add_argument("path")
ap.add_argument("--sep")
ap.add_argument("--decimal", default=".")
ap.add_argument("--sheet")
ap.add_argument("--sample", type=int)
a = ap.parse_args()

if a.path.lower().endswith((".xlsx", ".xls")):
    df = pd.read_excel(a.path, sheet_name=a.sheet or 0, dtype=str)
else:
    kw = dict(sep=a.sep, engine="python", dtype=str, decimal=a.decimal, nrows=a.sample)
    try:
        df = pd.read_csv(a.path, encoding="utf-8", **kw)
    except UnicodeDecodeError:
        print("note: not UTF-8, retrying as cp1252")
        df = pd.read_csv(a.path, encoding="cp1252", **kw)

NUMLIKE = re.compile(r"^\s*[-+]?[\d.,]+\s*$")
out = {"rows": len(df), "columns": len(df.columns), "duplicate_rows": int(df.duplicated().sum()), "cols": {}}
for c in df.columns:
    s = df[c]
    nonnull = s.dropna()
    numeric = pd.to_numeric(nonnull.str.replace(",", "." if a.decimal == "," else "", regex=False), errors="coerce")
    info = {
        "missing": int(s.isna().sum()),
        "distinct": int(nonnull.nunique()),
        "numeric_share": round(float(numeric.notna().mean()) if len(nonnull) else 0.0, 3),
        "numlike_text": int(nonnull.str.match(NUMLIKE).sum() - numeric.notna().sum()),
        "trailing_space": int((nonnull != nonnull.str.strip()).sum()),
        "examples": nonnull.head(3).tolist(),
    }
    if info["numeric_share"] > 0.9:
        info.update(min=float(numeric.min()), median=float(numeric.median()), max=float(numeric.max()))
    info["likely_id"] = info["distinct"] == len(nonnull) and len(nonnull) > 20
    out["cols"][c] = info
    print(f"{c[:30]:30} miss={info['missing']:<6} distinct={info['distinct']:<7} num={info['numeric_share']}")

with open("profile.json", "w") as fh:
    json.dump(out, fh, indent=2, default=str)
print(f"{out['rows']} rows x {out['columns']} cols, {out['duplicate_rows']} duplicate rows")
