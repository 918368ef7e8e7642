#!/usr/bin/env python3
"""CSV (call,date,time,band,mode,rst_sent,rst_rcvd[,freq,comment]) -> ADIF on stdout.

date = YYYYMMDD (UTC), time = HHMM (UTC).
"""
import csv
import sys

BANDS = [(1.8, 2.0, "160m"), (3.5, 4.0, "80m"), (7.0, 7.3, "40m"), (10.1, 10.15, "30m"),
         (14.0, 14.35, "20m"), (18.068, 18.168, "17m"), (21.0, 21.45, "15m"),
         (24.89, 24.99, "12m"), (28.0, 29.7, "10m"), (50.0, 54.0, "6m"),
         (144.0, 148.0, "2m"), (420.0, 450.0, "70cm")]


def field(name, value):
    value = str(value).strip()
    return f"<{name}:{len(value)}>{value} " if value else ""


def band_for(freq):
    try:
        f = float(freq)
    except (TypeError, ValueError):
        return ""
    for lo, hi, b in BANDS:
        if lo <= f <= hi:
            return b
    return ""


def main(path):
    out = ["QSO notes converted by to_adif.py", "<ADIF_VER:5>3.1.4 <PROGRAMID:8>to_adif <EOH>"]
    n = 0
    with open(path, newline="") as fh:
        for row in csv.DictReader(fh):
            band = row.get("band") or band_for(row.get("freq"))
            mode = (row.get("mode") or "").upper()
            rec = field("CALL", row["call"].upper()) + field("QSO_DATE", row["date"]) + \
                field("TIME_ON", row["time"]) + field("BAND", band) + field("FREQ", row.get("freq", ""))
            if mode == "FT4":
                rec += field("MODE", "MFSK") + field("SUBMODE", "FT4")
            else:
                rec += field("MODE", mode)
            rec += field("RST_SENT", row.get("rst_sent", "")) + field("RST_RCVD", row.get("rst_rcvd", "")) + \
                field("COMMENT", row.get("comment", ""))
            out.append(rec + "<EOR>")
            n += 1
    print("\n".join(out))
    print(f"{n} records", file=sys.stderr)


if __name__ == "__main__":
    main(sys.argv[1])
