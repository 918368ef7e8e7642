#!/usr/bin/env python3
"""Basic primer stats. usage: primer_stats.py FWD [REV]"""
import re, sys

COMP = str.maketrans("ACGT", "TGCA")

def rc(s):
    return s.translate(COMP)[::-1]

def tm(s):
    """Wallace rule below 14 nt, basic GC formula above (no salt correction)."""
    gc = s.count("G") + s.count("C")
    if len(s) < 14:
        return 2 * (len(s) - gc) + 4 * gc
    return 64.9 + 41 * (gc - 16.4) / len(s)

def longest_run(s):
    return max(len(m.group(0)) for m in re.finditer(r"(.)\1*", s))

def max_3prime_match(a, b, window=8):
    """longest contiguous complementarity involving the 3' end of a against b"""
    tail, target = a[-window:], rc(b)
    best = 0
    for k in range(3, len(tail) + 1):
        if tail[-k:] in target:
            best = k
    return best

def report(name, s):
    gc = 100 * (s.count("G") + s.count("C")) / len(s)
    clamp = sum(c in "GC" for c in s[-5:])
    print(f"{name}: {len(s)} nt, GC {gc:.0f}%, Tm {tm(s):.1f} C, 3' GC in last5 {clamp}, "
          f"longest run {longest_run(s)}, self 3' comp {max_3prime_match(s, s)} bp")

seqs = [re.sub(r"[^ACGTRYSWKMBDHVN]", "", x.upper()) for x in sys.argv[1:3]]
if not seqs:
    sys.exit(__doc__)
for n, s in zip(("FWD", "REV"), seqs):
    report(n, s)
if len(seqs) == 2:
    f, r = seqs
    print(f"Tm difference {abs(tm(f) - tm(r)):.1f} C; cross 3' comp F->R {max_3prime_match(f, r)} bp, "
          f"R->F {max_3prime_match(r, f)} bp")
