#!/usr/bin/env python3
"""Livak 2^-ddCt with replicate QC. usage: ddct.py CSV --ref GENE [--ref GENE2] --control SAMPLE"""
import argparse

import numpy as np
import pandas as pd

ap = argparse.ArgumentParser()
ap.add_argument("csv")
ap.add_argument("--ref", action="append", required=True)
ap.add_argument("--control", required=True)
ap.add_argument("--max-sd", type=float, default=0.5)
a = ap.parse_args()

df = pd.read_csv(a.csv)
df.columns = [c.strip().lower() for c in df.columns]
if "cq" in df.columns and "ct" not in df.columns:
    df = df.rename(columns={"cq": "ct"})
df["ct"] = pd.to_numeric(df["ct"], errors="coerce")  # 'Undetermined' -> NaN

g = df.groupby(["sample", "target"])["ct"].agg(["mean", "std", "count"]).reset_index()
g["replicate_flag"] = g["std"] > a.max_sd

ref = g[g.target.isin(a.ref)].groupby("sample")["mean"].mean().rename("ref_ct")  # arithmetic mean of Ct = log of geometric mean of quantities
g = g.merge(ref, on="sample")
g["dct"] = g["mean"] - g["ref_ct"]
ctrl = g[g["sample"] == a.control].set_index("target")["dct"]
g["ddct"] = g.apply(lambda r: r["dct"] - ctrl.get(r["target"], np.nan), axis=1)
g["fold_change"] = 2 ** (-g["ddct"])
g["fc_low"] = 2 ** (-(g["ddct"] + g["std"]))
g["fc_high"] = 2 ** (-(g["ddct"] - g["std"]))
g = g[~g.target.isin(a.ref)]
g.to_csv("ddct_results.csv", index=False)
print(g.to_string(index=False))
