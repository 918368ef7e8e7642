#!/usr/bin/env python3
"""Very rough expected PV yield. usage: expected_yield.py KWP LAT MONTH [PR]"""
import sys

# Approximate peak-sun-hours per day on an optimally tilted, equator-facing plane.
PSH = {
    37: [3.9, 4.7, 5.6, 6.0, 6.5, 7.0, 7.3, 7.0, 6.2, 5.0, 4.0, 3.6],   # e.g. Seville
    40: [3.5, 4.3, 5.2, 5.7, 6.2, 6.8, 7.1, 6.8, 5.9, 4.6, 3.6, 3.2],   # e.g. Madrid
    45: [2.4, 3.3, 4.3, 5.0, 5.5, 6.0, 6.2, 5.8, 4.8, 3.5, 2.4, 2.0],
    52: [1.1, 1.9, 3.0, 4.1, 4.8, 4.9, 4.9, 4.3, 3.4, 2.2, 1.3, 0.9],   # e.g. Birmingham
    56: [0.7, 1.5, 2.7, 4.0, 4.8, 4.8, 4.7, 4.0, 3.0, 1.8, 0.9, 0.5],
}
DAYS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]


def main():
    kwp, lat, month = float(sys.argv[1]), float(sys.argv[2]), int(sys.argv[3])
    pr = float(sys.argv[4]) if len(sys.argv) > 4 else 0.8
    key = min(PSH, key=lambda k: abs(k - abs(lat)))
    psh = PSH[key][month - 1]
    day = kwp * psh * pr
    print(f"table latitude {key}, PSH {psh}")
    print(f"expected per average day: {day:.1f} kWh")
    print(f"expected month: {day * DAYS[month - 1]:.0f} kWh")
    print("clear-sky day is typically 1.3-1.6x the average day")


if __name__ == "__main__":
    main()
