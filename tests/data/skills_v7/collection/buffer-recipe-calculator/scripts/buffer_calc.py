#!/usr/bin/env python3
"""Henderson-Hasselbalch split for a two-component buffer.

usage: buffer_calc.py --pka 7.21 --ph 7.4 --molarity 0.1 --volume 0.5 --mw-acid 137.99 --mw-base 177.99
"""
import argparse

p = argparse.ArgumentParser()
p.add_argument("--pka", type=float, required=True)
p.add_argument("--ph", type=float, required=True)
p.add_argument("--molarity", type=float, required=True, help="total buffer molarity, mol/L")
p.add_argument("--volume", type=float, required=True, help="final volume, L")
p.add_argument("--mw-acid", type=float, required=True)
p.add_argument("--mw-base", type=float, required=True)
a = p.parse_args()

ratio = 10 ** (a.ph - a.pka)          # [base]/[acid]
acid = a.molarity / (1 + ratio)
base = a.molarity - acid
print(f"base/acid ratio {ratio:.3f}")
print(f"acid form: {acid:.4f} M -> {acid * a.volume * a.mw_acid:.3f} g")
print(f"base form: {base:.4f} M -> {base * a.volume * a.mw_base:.3f} g")
print("Check the pH after dissolving; adjust with small amounts of acid/base.")
