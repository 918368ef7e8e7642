#!/usr/bin/env python3
import argparse

p = argparse.ArgumentParser(description="Price a 3D print")
p.add_argument("--grams", type=float, required=True)
p.add_argument("--hours", type=float, required=True)
p.add_argument("--spool-price", type=float, default=20)
p.add_argument("--spool-g", type=float, default=1000)
p.add_argument("--kwh-price", type=float, default=0.25)
p.add_argument("--watts", type=float, default=120)
p.add_argument("--printer-cost", type=float, default=600)
p.add_argument("--life-hours", type=float, default=5000)
p.add_argument("--failure", type=float, default=0.10)
p.add_argument("--labour-min", type=float, default=0)
p.add_argument("--labour-rate", type=float, default=15)
p.add_argument("--packaging", type=float, default=0)
p.add_argument("--fees", type=float, default=0.0, help="fraction of price")
p.add_argument("--margin", type=float, default=0.3, help="fraction of price")
a = p.parse_args()

material = a.grams * a.spool_price / a.spool_g
power = a.watts / 1000 * a.hours * a.kwh_price
machine = a.printer_cost / a.life_hours * a.hours
failure = (material + power + machine) * a.failure
labour = a.labour_min / 60 * a.labour_rate
cost = material + power + machine + failure + labour + a.packaging
price = cost / (1 - a.margin - a.fees)
for k, v in [("material", material), ("power", power), ("machine", machine), ("failure", failure),
             ("labour", labour), ("packaging", a.packaging), ("cost", cost), ("price", price)]:
    print(f"{k:<10}{v:>8.2f}")
