#!/usr/bin/env python3
"""Rename microscopy images from metadata. usage:
  rename_images.py FOLDER --pattern PATTERN [--sheet samples.csv] [--dry-run]
  rename_images.py --undo rename_log.csv
"""
import argparse
import csv
import datetime as dt
import os
import pathlib
import re
import sys

EXTS = {".tif", ".tiff", ".czi", ".nd2", ".oir", ".ome.tif"}


def meta_for(path, sheet):
    m = {"ext": path.suffix.lstrip("."), "date": dt.date.fromtimestamp(path.stat().st_mtime).isoformat(),
         "sample": "unknown", "channel": "ch", "objective": "obj", "pos": 0}
    num = re.findall(r"\d+", path.stem)
    if num:
        m["pos"] = int(num[-1])
    if path.name in sheet:
        m.update({k: v for k, v in sheet[path.name].items() if v})
    m["channel"] = re.sub(r"\s+", "-", str(m["channel"]))
    return m


ap = argparse.ArgumentParser()
ap.add_argument("folder", nargs="?")
ap.add_argument("--pattern", default="{date}_{sample}_{channel}_{objective}_{pos:03d}.{ext}")
ap.add_argument("--sheet")
ap.add_argument("--dry-run", action="store_true")
ap.add_argument("--undo")
a = ap.parse_args()

if a.undo:
    with open(a.undo) as fh:
        for row in csv.DictReader(fh):
            os.rename(row["new"], row["old"])
    sys.exit(0)

sheet = {}
if a.sheet:
    with open(a.sheet) as fh:
        sheet = {r["file"]: r for r in csv.DictReader(fh)}

plan, seen = [], set()
for p in sorted(pathlib.Path(a.folder).iterdir()):
    if p.suffix.lower() not in EXTS:
        continue
    new = p.with_name(a.pattern.format(**meta_for(p, sheet)))
    if new in seen:
        print(f"COLLISION {p.name} -> {new.name}")
        continue
    seen.add(new)
    plan.append((p, new))
    print(f"{p.name} -> {new.name}")

with open("rename_log.csv", "w", newline="") as fh:
    w = csv.writer(fh)
    w.writerow(["old", "new"])
    for old, new in plan:
        w.writerow([old, new])
        if not a.dry_run:
            old.rename(new)
