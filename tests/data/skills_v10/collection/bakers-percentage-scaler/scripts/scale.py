#!/usr/bin/env python3
"""Baker's percentage calculator and scaler."""
import argparse


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--flour", type=float, required=True)
    p.add_argument("--water", type=float, required=True)
    p.add_argument("--salt", type=float, default=0.0)
    p.add_argument("--yeast", type=float, default=0.0)
    p.add_argument("--levain", type=float, default=0.0)
    p.add_argument("--levain-hydration", type=float, default=100.0)
    p.add_argument("--target", type=float, help="target total dough weight (g)")
    a = p.parse_args()

    lf = a.levain / (1 + a.levain_hydration / 100)
    lw = a.levain - lf
    tf = a.flour + lf
    tw = a.water + lw
    pct = {
        "flour": 100.0,
        "water": tw / tf * 100,
        "salt": a.salt / tf * 100,
        "yeast": a.yeast / tf * 100,
    }
    print(f"total flour {tf:.1f} g, total water {tw:.1f} g")
    for k, v in pct.items():
        print(f"{k:6s} {v:6.2f} %")
    print(f"prefermented flour {lf / tf * 100:.1f} %")

    if a.target:
        total = a.flour + a.water + a.salt + a.yeast + a.levain
        f = a.target / total
        for name, val in [("flour", a.flour), ("water", a.water), ("salt", a.salt),
                          ("yeast", a.yeast), ("levain", a.levain)]:
            if val:
                print(f"scaled {name:6s} {val * f:8.1f} g")


if __name__ == "__main__":
    main()
