"""The stdio wire of ``labmem mcp``: a request already read is answered before the end of
input ends the server.

A client that writes its requests and closes stdin (``printf '…' | labmem mcp``) gets
every answer: at the end of input the wire waits until each request it read has its
response (``GRACE`` seconds at most) and only then tells the server the input is over.
While serving, fd 0 reads the null device and fd 1 writes to stderr, so a stray print from
a library cannot tear a frame on the wire.
"""

from __future__ import annotations

import json
import os
from collections.abc import AsyncIterator, Iterator
from contextlib import contextmanager
from typing import Any, TextIO

import anyio

__all__ = ["GRACE", "Wire", "serve_stdio", "std_wire"]

GRACE = 300.0  # seconds the end of input waits for answers still being worked on


class Wire:
    """The two text streams of one connection, keeping count of requests not yet answered."""

    def __init__(self, lines: TextIO, out: TextIO, grace: float = GRACE) -> None:
        self._lines = anyio.wrap_file(lines)
        self._out = anyio.wrap_file(out)
        self._grace = grace
        self._waiting: set[Any] = set()

    async def read(self) -> AsyncIterator[str]:
        """The lines of input; at its end, once every request read has been answered."""
        async for line in self._lines:
            request = _message(line)
            if request is not None and "method" in request and "id" in request:
                self._waiting.add(_key(request["id"]))
            yield line
        with anyio.move_on_after(self._grace):
            while self._waiting:
                await anyio.sleep(0.02)

    async def write(self, text: str) -> None:
        reply = _message(text)
        if reply is not None and ("result" in reply or "error" in reply):
            self._waiting.discard(_key(reply.get("id")))
        await self._out.write(text)

    async def flush(self) -> None:
        await self._out.flush()


def _message(text: str) -> dict[str, Any] | None:
    try:
        value = json.loads(text)
    except ValueError:
        return None
    return value if isinstance(value, dict) else None


def _key(value: Any) -> str:
    return json.dumps(value, sort_keys=True)


@contextmanager
def std_wire(grace: float = GRACE) -> Iterator[Wire]:
    """The process's stdin and stdout as the wire, fd 0 and fd 1 diverted while it serves."""
    wire_in, wire_out = os.dup(0), os.dup(1)
    null = os.open(os.devnull, os.O_RDONLY)
    try:
        os.dup2(null, 0)
        os.dup2(2, 1)
        # closefd=False: a reader thread may still wait on fd wire_in when the server stops.
        lines = open(wire_in, encoding="utf-8", errors="replace", closefd=False)
        out = open(wire_out, "w", encoding="utf-8", closefd=False)
        yield Wire(lines, out, grace)
        out.flush()
    finally:
        os.dup2(wire_in, 0)
        os.dup2(wire_out, 1)
        os.close(null)
        os.close(wire_out)


def serve_stdio(server: Any, grace: float = GRACE) -> None:
    """Serve ``server`` (an ``MCPServer``) on this process's stdio wire until the input ends
    and every request read has its answer."""
    from mcp.server.stdio import stdio_server

    async def main() -> None:
        with std_wire(grace) as wire:
            async with stdio_server(wire.read(), wire) as (read, write):  # type: ignore[arg-type]
                # MCPServer.run_stdio_async, on this wire: the SDK gives no other way in.
                low = server._lowlevel_server
                await low.run(read, write, low.create_initialization_options())

    anyio.run(main)
