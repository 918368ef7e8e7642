#!/usr/bin/env python3
"""Tidy a vendor mass-spec peak-table export into long and wide CSV files."""
import argparse
import io
import re
import sys

import pandas as pd

RENAME = {
    "m/z": "mz", "mass": "mz", "precursor m/z": "mz",
    "rt": "rt_min", "retention time": "rt_min", "ret. time": "rt_min", "rt (min)": "rt_min",
    "area": "area", "peak area": "area",
    "height": "height", "peak height": "height",
    "compound": "annotation", "name": "annotation", "compound name": "annotation",
    "filename": "sample", "data file": "sample", "sample name": "sample",
}


def read_masshunter(path, decimal):
    lines = [l for l in open(path, encoding="utf-8-sig") if not l.startswith("#")]
    return pd.read_csv(io.StringIO("".join(lines)), decimal=decimal)


def read_xcalibur(path, decimal):
    return pd.read_csv(path, sep="\t", decimal=decimal)


def read_shimadzu(path, decimal):
    text = open(path, encoding="latin-1").read()
    m = re.search(r"\[MS Quantitative Results\]\n(?:# of IDs.*\n)?(.*?)(?:\n\[|\Z)", text, re.S)
    if not m:
        sys.exit("no [MS Quantitative Results] section found")
    return pd.read_csv(io.StringIO(m.group(1)), sep="\t", decimal=decimal)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("input")
    ap.add_argument("--format", required=True, choices=["masshunter", "xcalibur", "shimadzu"])
    ap.add_argument("--decimal", default=".")
    ap.add_argument("--out", default="tidy.csv")
    a = ap.parse_args()
    df = {"masshunter": read_masshunter, "xcalibur": read_xcalibur,
          "shimadzu": read_shimadzu}[a.format](a.input, a.decimal)
    df = df.rename(columns={c: RENAME.get(c.strip().lower(), c) for c in df.columns})
    if "rt_min" in df and df["rt_min"].max() > 200:  # seconds, not minutes
        df["rt_min"] = df["rt_min"] / 60
    df["feature_id"] = (df["mz"].round(4).astype(str) + "@" + df["rt_min"].round(2).astype(str))
    df["flag"] = ""
    df.to_csv(a.out, index=False)
    df.pivot_table(index="sample", columns="feature_id", values="area").to_csv(
        a.out.replace(".csv", "") + "_matrix.csv")
    print(f"{df['sample'].nunique()} samples, {df['feature_id'].nunique()} features -> {a.out}")


if __name__ == "__main__":
    main()
