#!/usr/bin/env python3
"""Cost a usage series under several tariffs. usage.csv: timestamp,kwh ; tariffs.yaml: see SKILL.md"""
import sys
import pandas as pd
import yaml

usage = pd.read_csv(sys.argv[1], parse_dates=["timestamp"]).set_index("timestamp")["kwh"]
usage = usage.resample("30min").sum()
tariffs = yaml.safe_load(open(sys.argv[2]))
days = max(1, (usage.index.max() - usage.index.min()).days + 1)


def in_window(t, start, end):
    s = pd.to_datetime(start).time()
    e = pd.to_datetime(end).time()
    return (s <= t < e) if s < e else (t >= s or t < e)


results = []
for tar in tariffs:
    cost = tar.get("standing_per_day", 0) * days
    for ts, kwh in usage.items():
        price = tar["rates"][-1]["price"]
        for r in tar["rates"]:
            if in_window(ts.time(), r["from"], r["to"]):
                price = r["price"]
                break
        cost += kwh * price
    results.append((tar["name"], cost))

base = results[0][1]
for name, cost in sorted(results, key=lambda x: x[1]):
    print(f"{name:30s} {cost:10.2f}  ({cost - base:+.2f} vs {results[0][0]})")
