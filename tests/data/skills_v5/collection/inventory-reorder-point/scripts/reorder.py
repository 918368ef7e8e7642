#!/usr/bin/env python3
"""reorder.py sales.csv stock.csv --lead 14 --z 1.65
sales.csv: sku,date,units_sold   stock.csv: sku,on_hand,on_order,case_size"""
import argparse, csv, math, statistics as st
from collections import defaultdict

ap = argparse.ArgumentParser()
ap.add_argument("sales"); ap.add_argument("stock")
ap.add_argument("--lead", type=float, required=True)
ap.add_argument("--review", type=float, default=7)
ap.add_argument("--z", type=float, default=1.65)
a = ap.parse_args()
daily = defaultdict(lambda: defaultdict(float))
for r in csv.DictReader(open(a.sales)):
    daily[r["sku"]][r["date"]] += float(r["units_sold"])
for r in csv.DictReader(open(a.stock)):
    sku = r["sku"]; vals = list(daily[sku].values()) or [0.0]
    d = st.mean(vals); sd = st.pstdev(vals)
    ss = a.z * sd * math.sqrt(a.lead)
    rop = d * a.lead + ss
    have = float(r["on_hand"]) + float(r.get("on_order") or 0)
    case = max(1, int(float(r.get("case_size") or 1)))
    need = max(0.0, d * (a.lead + a.review) + ss - have)
    qty = math.ceil(need / case) * case
    cover = float(r["on_hand"]) / d if d else float("inf")
    flag = "REORDER" if have <= rop else ""
    print(f"{sku}\tdaily={d:.1f}\tSS={ss:.0f}\tROP={rop:.0f}\ton_hand={r['on_hand']}\tcover_days={cover:.0f}\torder={qty}\t{flag}")
