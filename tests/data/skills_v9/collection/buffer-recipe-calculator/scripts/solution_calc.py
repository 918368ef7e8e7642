#!/usr/bin/env python3
"""Tiny helper: mass for molarity, or volume for dilution.
usage: solution_calc.py mass <MW g/mol> <molar M> <volume mL>
       solution_calc.py dilute <C1> <C2> <V2 mL>
"""
import sys

mode, *args = sys.argv[1:]
if mode == "mass":
    mw, m, v = map(float, args)
    print(f"{mw * m * v / 1000:.4f} g")
elif mode == "dilute":
    c1, c2, v2 = map(float, args)
    v1 = c2 * v2 / c1
    print(f"{v1:.3f} mL stock + {v2 - v1:.3f} mL diluent")
else:
    sys.exit(__doc__)
