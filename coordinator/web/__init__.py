"""``labmem web``: a local web view of the workspace — overview, search, notes, daily logs,
review, skills and distillation — served on 127.0.0.1 only, behind a per-start token.

It does NOT open a second write path: every action calls the same ``Lab`` API as the CLI.
"""

from __future__ import annotations

import socket
from typing import TYPE_CHECKING

from coordinator.web.app import build_app, new_token

if TYPE_CHECKING:
    from collections.abc import Callable

    from coordinator.lab import Lab

__all__ = ["HOST", "bind", "build_app", "new_token", "serve"]

HOST = "127.0.0.1"  # never another interface: the token is the only other lock


def bind(port: int) -> socket.socket:
    """A listening socket on 127.0.0.1 (port 0: any free port)."""
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.bind((HOST, port))
    sock.listen(64)
    return sock


def serve(
    lab: Lab,
    sock: socket.socket,
    token: str,
    ready: Callable[[str], None] | None = None,
) -> None:
    """Serve until interrupted; ``ready`` gets the URL with its token."""
    import uvicorn

    port = sock.getsockname()[1]
    config = uvicorn.Config(build_app(lab, token), log_level="warning", access_log=False)
    server = uvicorn.Server(config)
    url = f"http://{HOST}:{port}/?token={token}"
    if ready is not None:
        ready(url)  # the socket already listens: a browser opened now just waits
    server.run(sockets=[sock])
