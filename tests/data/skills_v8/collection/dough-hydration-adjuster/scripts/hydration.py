#!/usr/bin/env python3
"""True dough hydration including a preferment, and the adjustment to a target."""
import argparse


def split(weight, hydration_pct):
    h = hydration_pct / 100.0
    flour = weight / (1 + h)
    return flour, weight - flour


def main():
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("--flour", type=float, required=True, help="added flour, g")
    p.add_argument("--water", type=float, required=True, help="added water, g")
    p.add_argument("--levain", type=float, default=0.0, help="preferment weight, g")
    p.add_argument("--levain-hydration", type=float, default=100.0, help="percent")
    p.add_argument("--target", type=float, help="target hydration, percent")
    a = p.parse_args()

    lf, lw = split(a.levain, a.levain_hydration)
    flour, water = a.flour + lf, a.water + lw
    print(f"total flour {flour:.0f} g, total water {water:.0f} g, "
          f"hydration {water / flour * 100:.1f} %")
    if a.target:
        t = a.target / 100.0
        diff = t * flour - water
        if diff >= 0:
            print(f"add {diff:.1f} g water")
        else:
            print(f"add {water / t - flour:.0f} g flour "
                  f"(or hold back {-diff:.0f} g water before mixing)")


if __name__ == "__main__":
    main()
