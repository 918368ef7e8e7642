#!/usr/bin/env python3
"""Group inventory rows into expired / expiring / no-date using effective expiry."""
import argparse
import calendar
import csv
import datetime as dt
import re

FORMATS = ["%Y-%m-%d", "%d/%m/%Y", "%m/%d/%Y", "%d.%m.%Y"]


def parse_date(s):
    s = (s or "").strip()
    if not s:
        return None
    for f in FORMATS:
        try:
            return dt.datetime.strptime(s, f).date()
        except ValueError:
            pass
    m = re.match(r"([A-Za-z]{3})[a-z]* (\d{4})$", s)
    if m:
        month = dt.datetime.strptime(m.group(1), "%b").month
        year = int(m.group(2))
        return dt.date(year, month, calendar.monthrange(year, month)[1])
    return None


def add_months(d, n):
    y, m = divmod(d.month - 1 + n, 12)
    y += d.year
    m += 1
    return dt.date(y, m, min(d.day, calendar.monthrange(y, m)[1]))


def col(row, *names):
    for k, v in row.items():
        if k and k.strip().lower() in names:
            return v
    return ""


def main():
    p = argparse.ArgumentParser()
    p.add_argument("csv")
    p.add_argument("--window", type=int, default=30)
    p.add_argument("--today", default=dt.date.today().isoformat())
    a = p.parse_args()
    today = dt.date.fromisoformat(a.today)
    groups = {"expired": [], "expiring": [], "no_date": [], "ok": []}
    with open(a.csv, newline="", encoding="utf-8-sig") as fh:
        for row in csv.DictReader(fh):
            exp = parse_date(col(row, "expiry", "expiration", "exp"))
            opened = parse_date(col(row, "opened", "date_opened"))
            life = col(row, "shelf_life_open_months")
            cands = [d for d in [exp] if d]
            if opened and life.strip().isdigit():
                cands.append(add_months(opened, int(life)))
            name = col(row, "item", "name", "reagent")
            if not cands:
                groups["no_date"].append((name, None))
                continue
            eff = min(cands)
            if eff < today:
                groups["expired"].append((name, eff))
            elif (eff - today).days <= a.window:
                groups["expiring"].append((name, eff))
            else:
                groups["ok"].append((name, eff))
    for g in ("expired", "expiring", "no_date"):
        print(f"== {g} ({len(groups[g])})")
        for name, eff in sorted(groups[g], key=lambda x: x[1] or dt.date.max):
            print(f"  {eff or '-'}  {name}")
    print(f"== ok ({len(groups['ok'])})")


if __name__ == "__main__":
    main()
