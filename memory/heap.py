"""Freed heap memory is overwritten, so a refused secret's bytes are not left for a native
library to copy to disk.

A refused statement is never written, but its text lived in the process's memory. Native
libraries allocate buffers from the same heap: an index file written from a buffer whose
unused part was never initialised can carry whatever an earlier, freed allocation held — the
tail of a pasted private key, say (seen once in chroma's vector files). On glibc,
``mallopt(M_PERTURB, 0xFF)`` makes ``free`` fill released chunks with 0xFF and ``malloc`` hand
out chunks filled with 0x00. Limits, plainly: glibc's per-thread cache (chunks up to about
1 KiB) bypasses it, and Python keeps its small objects in pools of its own, so this covers the
large buffers — a pasted key, a long paste — not every byte. It is turned on by the ``labmem``
command only (``coordinator.cli``), never in a program that imports ``Lab``: the setting is
process-wide. Elsewhere (macOS, musl) it is a no-op.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import sys
from functools import cache

__all__ = ["scrub_freed_memory"]

_M_PERTURB = -6  # glibc's mallopt parameter number
_FILL_ON_FREE = 0xFF  # freed bytes become 0xFF; fresh allocations 0x00


@cache
def scrub_freed_memory() -> bool:
    """Turn on the scrubbing once per process; True when the C library supports it."""
    if not sys.platform.startswith("linux"):
        return False
    name = ctypes.util.find_library("c")
    if name is None:
        return False
    try:
        libc = ctypes.CDLL(name)
        mallopt = libc.mallopt
    except (OSError, AttributeError):  # not glibc
        return False
    mallopt.argtypes = [ctypes.c_int, ctypes.c_int]
    mallopt.restype = ctypes.c_int
    return bool(mallopt(_M_PERTURB, _FILL_ON_FREE))
