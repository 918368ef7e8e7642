#!/usr/bin/env python3
import argparse

p = argparse.ArgumentParser(description="grams = M x L x FW / purity")
p.add_argument("--fw", type=float, required=True, help="formula weight g/mol of the form on the shelf")
p.add_argument("--molar", type=float, required=True, help="target mol/L")
p.add_argument("--volume", type=float, required=True, help="final volume in litres")
p.add_argument("--purity", type=float, default=100.0, help="assay %%")
a = p.parse_args()
g = a.molar * a.volume * a.fw / (a.purity / 100)
print(f"weigh {g:.3f} g  ({g*1000:.1f} mg)")
