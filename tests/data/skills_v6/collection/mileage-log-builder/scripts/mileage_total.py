#!/usr/bin/env python3
import argparse, csv, collections

p = argparse.ArgumentParser()
p.add_argument("log")
p.add_argument("--rate", type=float, required=True)
p.add_argument("--upper-rate", type=float)
p.add_argument("--threshold", type=float)
a = p.parse_args()

running = 0.0
by_month = collections.OrderedDict()
for row in csv.DictReader(open(a.log)):
    d = float(row["miles_or_km"]) * (2 if row.get("return", "n").lower().startswith("y") else 1)
    if a.threshold and a.upper_rate is not None and running + d > a.threshold:
        low = max(0.0, a.threshold - running)
        amount = low * a.rate + (d - low) * a.upper_rate
    else:
        amount = d * a.rate
    running += d
    m = row["date"][:7]
    dist, money = by_month.get(m, (0.0, 0.0))
    by_month[m] = (dist + d, money + amount)

for m, (dist, money) in by_month.items():
    print(f"{m}  {dist:8.1f}  {money:10.2f}")
print(f"total    {running:8.1f}  {sum(v[1] for v in by_month.values()):10.2f}")
