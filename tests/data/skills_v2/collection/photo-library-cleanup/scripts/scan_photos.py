#!/usr/bin/env python3
"""Inventory a photo folder: hash, capture date, camera. Writes a CSV, changes nothing."""
import argparse, csv, hashlib, os, datetime
from PIL import Image, ExifTags

EXT = {".jpg", ".jpeg", ".png", ".heic", ".tif", ".tiff", ".dng", ".mov", ".mp4"}
TAGS = {v: k for k, v in ExifTags.TAGS.items()}


def sha256(path):
    h = hashlib.sha256()
    with open(path, "rb") as f:
        for chunk in iter(lambda: f.read(1 << 20), b""):
            h.update(chunk)
    return h.hexdigest()


def exif_info(path):
    try:
        with Image.open(path) as im:
            ex = im.getexif()
            sub = ex.get_ifd(0x8769)
            date = sub.get(TAGS["DateTimeOriginal"]) or ex.get(TAGS["DateTime"])
            return date, ex.get(TAGS["Model"]), im.size
    except Exception:
        return None, None, (None, None)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("root")
    ap.add_argument("--report", default="scan.csv")
    a = ap.parse_args()
    with open(a.report, "w", newline="") as out:
        w = csv.writer(out)
        w.writerow(["path", "size", "sha256", "date", "date_source", "model", "width", "height"])
        for d, _, files in os.walk(a.root):
            for f in files:
                p = os.path.join(d, f)
                if os.path.splitext(f)[1].lower() not in EXT:
                    continue
                date, model, (wd, ht) = exif_info(p)
                src = "exif"
                if not date:
                    date = datetime.datetime.fromtimestamp(os.path.getmtime(p)).strftime("%Y:%m:%d %H:%M:%S")
                    src = "mtime"
                w.writerow([p, os.path.getsize(p), sha256(p), date, src, model or "", wd or "", ht or ""])


if __name__ == "__main__":
    main()
