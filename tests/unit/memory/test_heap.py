"""Freed heap memory does not carry old bytes into the next native allocation."""

from __future__ import annotations

import ctypes
import ctypes.util
import sys

import pytest

from memory.heap import scrub_freed_memory

glibc = pytest.mark.skipif(
    not sys.platform.startswith("linux") or ctypes.util.find_library("c") is None,
    reason="mallopt(M_PERTURB) is glibc's",
)


@glibc
@pytest.mark.parametrize("repeat", [24, 64])  # 1.5 KiB and 4 KiB: past glibc's tcache
def test_a_freed_buffer_comes_back_blank_not_holding_the_text_it_held(repeat: int) -> None:
    assert scrub_freed_memory() is True
    libc = ctypes.CDLL(ctypes.util.find_library("c"))
    libc.malloc.restype = ctypes.c_void_p
    libc.malloc.argtypes = [ctypes.c_size_t]
    libc.free.argtypes = [ctypes.c_void_p]
    secret = b"-----BEGIN OPENSSH PRIVATE KEY----- b3BlbnNzaC1rZXktdjEAAAAA" * repeat
    size = len(secret)
    first = libc.malloc(size)
    ctypes.memmove(first, secret, size)
    libc.free(first)
    again = libc.malloc(size)  # glibc hands the same chunk back to the same size
    try:
        seen = ctypes.string_at(again, size)
    finally:
        libc.free(again)
    assert b"PRIVATE KEY" not in seen
    assert seen == bytes(size)  # fresh allocations are zeroed, not garbage
