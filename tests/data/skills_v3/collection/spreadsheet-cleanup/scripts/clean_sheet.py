#!/usr/bin/env python3
import argparse, pathlib, re, unicodedata

import pandas as pd


def snake(name: str) -> str:
    s = unicodedata.normalize("NFKD", str(name)).encode("ascii", "ignore").decode()
    s = re.sub(r"[^0-9a-zA-Z]+", "_", s.strip()).strip("_").lower()
    return s or "col"


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("path")
    ap.add_argument("--dayfirst", action="store_true")
    ap.add_argument("--decimal-comma", action="store_true")
    a = ap.parse_args()
    p = pathlib.Path(a.path)
    df = pd.read_excel(p) if p.suffix.lower() in {".xlsx", ".xls", ".ods"} else pd.read_csv(p, dtype=str)
    df = df.dropna(how="all").dropna(axis=1, how="all")
    df.columns = pd.Index([snake(c) for c in df.columns])
    for c in df.columns:
        if df[c].dtype == object:
            df[c] = df[c].astype(str).str.replace("\u00a0", " ").str.strip().str.replace(r"\s{2,}", " ", regex=True)
            if a.decimal_comma and df[c].str.fullmatch(r"-?[\d.]+,\d+").mean() > 0.8:
                df[c] = pd.to_numeric(df[c].str.replace(".", "", regex=False).str.replace(",", ".", regex=False), errors="coerce")
            elif "fecha" in c or "date" in c:
                df[c] = pd.to_datetime(df[c], dayfirst=a.dayfirst, errors="coerce").dt.strftime("%Y-%m-%d")
    before = len(df)
    df = df.drop_duplicates()
    out = p.with_name(p.stem + "_clean" + (".csv" if p.suffix == ".csv" else ".xlsx"))
    (df.to_csv(out, index=False) if out.suffix == ".csv" else df.to_excel(out, index=False))
    print(f"{out}: {len(df)} rows ({before - len(df)} duplicates removed)")


if __name__ == "__main__":
    main()
