#!/usr/bin/env python3
"""Group log lines into templates. usage: triage.py LOGFILE [--level ERROR] [--top 30]"""
import argparse
import collections
import re

PATTERNS = [
    (re.compile(r"\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b", re.I), "<uuid>"),
    (re.compile(r"\b\d{1,3}(?:\.\d{1,3}){3}(?::\d+)?\b"), "<ip>"),
    (re.compile(r"\b0x[0-9a-f]+\b|\b[0-9a-f]{12,}\b", re.I), "<hex>"),
    (re.compile(r"\b\d+(?:\.\d+)?(?:ms|s|MB|KB|GB)?\b"), "<n>"),
]
TS = re.compile(r"^(\S+[ T]\S+|\w{3}\s+\d+\s+[\d:]+)")

ap = argparse.ArgumentParser()
ap.add_argument("log")
ap.add_argument("--level")
ap.add_argument("--top", type=int, default=30)
a = ap.parse_args()

stats = collections.OrderedDict()
with open(a.log, errors="replace") as fh:
    for line in fh:
        if a.level and a.level not in line:
            continue
        m = TS.match(line)
        ts = m.group(1) if m else "?"
        body = line[m.end():] if m else line
        tpl = body.strip()
        for rx, rep in PATTERNS:
            tpl = rx.sub(rep, tpl)
        s = stats.setdefault(tpl, {"count": 0, "first": ts, "last": ts})
        s["count"] += 1
        s["last"] = ts

print(f"{len(stats)} templates")
for tpl, s in list(stats.items())[: a.top]:
    print(f"{s['count']:>7}  {s['first']}  ..  {s['last']}  {tpl[:160]}")
