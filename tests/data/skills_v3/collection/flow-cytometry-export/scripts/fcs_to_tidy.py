#!/usr/bin/env python3
"""Summarise a folder of FCS files: event counts and per-channel median/mean."""
import argparse
import pathlib

import pandas as pd

try:
    import fcsparser
except ImportError:  # pragma: no cover
    fcsparser = None


def channel_label(meta, i):
    name = meta.get(f"$P{i}N", f"P{i}")
    stain = meta.get(f"$P{i}S")
    return f"{stain} {name}" if stain else name


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--input", required=True)
    ap.add_argument("--out", default="summary.csv")
    ap.add_argument("--stat", choices=["median", "mean"], default="median")
    args = ap.parse_args()
    if fcsparser is None:
        raise SystemExit("pip install fcsparser to read raw FCS files")
    rows = []
    for f in sorted(pathlib.Path(args.input).glob("*.fcs")):
        meta, data = fcsparser.parse(f, reformat_meta=False)
        n = int(meta.get("$PAR", data.shape[1]))
        data.columns = [channel_label(meta, i) for i in range(1, n + 1)]
        stat = data.median() if args.stat == "median" else data.mean()
        for channel, value in stat.items():
            rows.append({"sample": f.stem, "source_file": f.name, "events": len(data),
                         "channel": channel, "statistic": args.stat, "value": value})
    pd.DataFrame(rows).to_csv(args.out, index=False)
    print(f"wrote {args.out} ({len(rows)} rows)")


if __name__ == "__main__":
    main()
