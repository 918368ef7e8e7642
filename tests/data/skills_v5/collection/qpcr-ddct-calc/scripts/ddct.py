#!/usr/bin/env python3
"""Minimal ΔΔCt calculator. Usage: ddct.py data.csv --ref GAPDH [--ref ACTB] --calibrator control"""
import argparse, csv, math, statistics as st
from collections import defaultdict

def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("csv")
    ap.add_argument("--ref", action="append", required=True)
    ap.add_argument("--calibrator", required=True)
    ap.add_argument("--nd", type=float, default=35.0, help="Ct at/above this is a non-detect")
    a = ap.parse_args()
    reps = defaultdict(list)
    meta = {}
    with open(a.csv, newline="") as fh:
        for r in csv.DictReader(fh):
            try:
                ct = float(r["ct"])
            except ValueError:
                print(f"non-detect: {r}")
                continue
            if ct >= a.nd:
                print(f"non-detect (>= {a.nd}): {r}")
                continue
            reps[(r["sample"], r["gene"])].append(ct)
            meta[r["sample"]] = r["condition"]
    mean = {k: st.mean(v) for k, v in reps.items()}
    for k, v in reps.items():
        if len(v) > 1 and st.stdev(v) > 0.3:
            print(f"warning: replicate SD {st.stdev(v):.2f} for {k}")
    samples = sorted(meta)
    genes = sorted({g for _, g in reps} - set(a.ref))
    dct = {}
    for s in samples:
        refs = [mean[(s, g)] for g in a.ref if (s, g) in mean]
        if not refs:
            continue
        rmean = st.mean(refs)
        for g in genes:
            if (s, g) in mean:
                dct[(s, g)] = mean[(s, g)] - rmean
    for g in genes:
        cal = [dct[(s, g)] for s in samples if meta[s] == a.calibrator and (s, g) in dct]
        if not cal:
            continue
        base = st.mean(cal)
        groups = defaultdict(list)
        for s in samples:
            if (s, g) in dct:
                groups[meta[s]].append(dct[(s, g)] - base)
        for cond, vals in groups.items():
            m = st.mean(vals)
            sd = st.stdev(vals) if len(vals) > 1 else float("nan")
            print(f"{g}\t{cond}\tn={len(vals)}\tddCt={m:.2f}\tSD={sd:.2f}\tFC={2**-m:.2f}")

if __name__ == "__main__":
    main()
