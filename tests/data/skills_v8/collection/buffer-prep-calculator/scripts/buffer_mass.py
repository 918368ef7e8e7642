#!/usr/bin/env python3
"""grams = molarity x litres x molar mass"""
import argparse

p = argparse.ArgumentParser()
p.add_argument("--mw", type=float, required=True, help="molar mass g/mol")
p.add_argument("--molar", type=float, required=True, help="target concentration, mol/L")
p.add_argument("--volume-ml", type=float, required=True)
a = p.parse_args()
g = a.molar * a.volume_ml / 1000.0 * a.mw
print(f"{g:.3f} g  ({g * 1000:.1f} mg)")
