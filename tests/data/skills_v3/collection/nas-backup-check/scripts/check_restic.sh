#!/usr/bin/env bash
# Usage: check_restic.sh <repository>   (RESTIC_PASSWORD_FILE must be set by the user)
set -euo pipefail
repo="$1"
restic -r "$repo" snapshots --json | python3 -c '
import json, sys, datetime as dt
snaps = json.load(sys.stdin)
latest = {}
for s in snaps:
    key = (s.get("hostname"), ",".join(s.get("paths", [])))
    t = dt.datetime.fromisoformat(s["time"][:19])
    if key not in latest or t > latest[key]:
        latest[key] = t
now = dt.datetime.now()
for (host, paths), t in sorted(latest.items()):
    age = now - t
    print(f"{host}\t{paths}\t{t:%Y-%m-%d %H:%M}\t{age.total_seconds()/3600:.1f} h")
'
