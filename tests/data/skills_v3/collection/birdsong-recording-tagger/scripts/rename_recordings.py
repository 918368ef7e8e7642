#!/usr/bin/env python3
"""Rename bird recordings to YYYYMMDD_HHMMSS_CODE_site_recorder.ext and write a sidecar CSV."""
import argparse, csv, datetime as dt, pathlib

AUDIO = {".wav", ".flac", ".mp3"}


def load_map(path):
    if not path:
        return {}
    with open(path, newline="", encoding="utf-8") as fh:
        return {r["file"]: r for r in csv.DictReader(fh)}


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--dir", required=True)
    ap.add_argument("--site", required=True)
    ap.add_argument("--recorder", required=True)
    ap.add_argument("--species-map")
    ap.add_argument("--dry-run", action="store_true")
    a = ap.parse_args()
    smap = load_map(a.species_map)
    rows = []
    for f in sorted(pathlib.Path(a.dir).iterdir()):
        if f.suffix.lower() not in AUDIO:
            continue
        ts = dt.datetime.fromtimestamp(f.stat().st_mtime)
        info = smap.get(f.name, {})
        code = info.get("code", "UNKNWN")
        new = f"{ts:%Y%m%d_%H%M%S}_{code}_{a.site}_{a.recorder}{f.suffix.lower()}"
        rows.append({"original": f.name, "new": new, "code": code,
                     "scientific": info.get("scientific", ""), "common": info.get("common", ""),
                     "confidence": info.get("confidence", "")})
        print(f"{f.name} -> {new}")
        if not a.dry_run:
            f.rename(f.with_name(new))
    if not a.dry_run:
        out = pathlib.Path(a.dir) / "recordings_metadata.csv"
        with open(out, "w", newline="", encoding="utf-8") as fh:
            w = csv.DictWriter(fh, fieldnames=list(rows[0]) if rows else ["original"])
            w.writeheader(); w.writerows(rows)


if __name__ == "__main__":
    main()
