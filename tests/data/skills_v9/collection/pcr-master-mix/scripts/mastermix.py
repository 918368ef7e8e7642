#!/usr/bin/env python3
"""Master-mix calculator. Component spec: "name:stock:final" in the same units."""
import argparse

p = argparse.ArgumentParser()
p.add_argument("--reactions", type=float, required=True)
p.add_argument("--volume", type=float, default=20.0, help="reaction volume, uL")
p.add_argument("--template", type=float, default=2.0, help="template volume per well, uL")
p.add_argument("--component", action="append", default=[])
a = p.parse_args()

rows, used = [], 0.0
for spec in a.component:
    name, stock, final = spec.rsplit(":", 2)
    v = float(final) * a.volume / float(stock)
    used += v
    rows.append((name, v))
water = a.volume - a.template - used
if water < 0:
    raise SystemExit("Components exceed reaction volume")
rows.append(("water", water))
print(f"{'component':<20}{'per rxn uL':>12}{'total uL':>12}")
for name, v in rows:
    flag = "  <-- below 0.5 uL" if 0 < v < 0.5 else ""
    print(f"{name:<20}{v:>12.2f}{v * a.reactions:>12.1f}{flag}")
print(f"Dispense {a.volume - a.template:.1f} uL mix per well, then {a.template:.1f} uL template.")
