#!/usr/bin/env python3
"""Find recurring merchants in a bank CSV. usage: find_recurring.py file.csv [--date COL --desc COL --amount COL]"""
import argparse, re
import pandas as pd

ap = argparse.ArgumentParser()
ap.add_argument("csv")
ap.add_argument("--date", default="Date")
ap.add_argument("--desc", default="Description")
ap.add_argument("--amount", default="Amount")
a = ap.parse_args()

df = pd.read_csv(a.csv)
df["d"] = pd.to_datetime(df[a.date], dayfirst=True, errors="coerce")
df["amt"] = pd.to_numeric(df[a.amount], errors="coerce").abs()
df["m"] = (df[a.desc].astype(str).str.upper()
           .str.replace(r"PAYPAL \*|\d{4,}|\s+(LONDON|MADRID|DUBLIN|GB|ES|IE)$", "", regex=True)
           .str.replace(r"\s+", " ", regex=True).str.strip())

rows = []
for m, g in df.dropna(subset=["d"]).sort_values("d").groupby("m"):
    if len(g) < 2:
        continue
    gaps = g["d"].diff().dt.days.dropna()
    med = gaps.median()
    if not any(lo <= med <= hi for lo, hi in ((6, 8), (26, 33), (85, 95), (355, 375))):
        continue
    spread = g["amt"].max() / max(g["amt"].min(), 0.01)
    per_year = g["amt"].iloc[-1] * 365 / med
    rows.append((m, int(med), g["amt"].iloc[-1], round(per_year, 2), g["d"].min().date(), spread > 1.15))

out = pd.DataFrame(rows, columns=["merchant", "gap_days", "last", "per_year", "first_seen", "price_changed"])
print(out.sort_values("per_year", ascending=False).to_string(index=False))
