"""Reading an import file (JSON Lines) with bounds: a huge or endless file is refused.

Lines end at LF only (CR LF is accepted): a raw U+2028 or U+0085 inside a JSON string is
part of that string, not a line break, so it never shifts the numbering of later items.
It does NOT validate items (``coordinator.importer`` does).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, BinaryIO

from memory.errors import InvalidInputError

__all__ = ["MAX_FILE_BYTES", "MAX_LINE_BYTES", "read_import_file"]

MAX_FILE_BYTES = 64 * 1024 * 1024
MAX_LINE_BYTES = 256 * 1024


def _lines(handle: BinaryIO, name: str) -> list[tuple[int, bytes | None]]:
    """(1-based line number, bytes or None when the line is over the limit)."""
    out: list[tuple[int, bytes | None]] = []
    total = number = 0
    while True:
        raw = handle.readline(MAX_LINE_BYTES + 1)
        if not raw:
            return out
        number += 1
        total += len(raw)
        too_long = len(raw) > MAX_LINE_BYTES
        while too_long and not raw.endswith(b"\n") and raw:
            raw = handle.readline(1024 * 1024)
            total += len(raw)
            if total > MAX_FILE_BYTES:
                break
        if total > MAX_FILE_BYTES:
            raise InvalidInputError(
                f"{name} is over {MAX_FILE_BYTES // (1024 * 1024)} MiB (or endless); nothing "
                "was imported. Split it into smaller JSON Lines files."
            )
        out.append((number, None if too_long else raw))


def read_import_file(path: Path) -> tuple[list[Any], dict[int, str], list[int]]:
    """(items, reasons for lines that are not items, line number of each item)."""
    try:
        with open(path, "rb") as handle:
            lines = _lines(handle, str(path))
    except IsADirectoryError:
        raise InvalidInputError(f"{path} is a folder; give a JSON Lines file.") from None
    items: list[Any] = []
    not_json: dict[int, str] = {}
    numbers: list[int] = []
    for number, raw in lines:
        if raw is not None and not raw.strip():
            continue
        index = len(items)
        numbers.append(number)
        items.append({})  # refused by validation unless replaced below
        if raw is None:
            not_json[index] = f"the line is over {MAX_LINE_BYTES // 1024} KiB; one entry is short"
            continue
        try:
            text = raw.decode("utf-8")
        except UnicodeDecodeError as exc:
            raise InvalidInputError(
                f"{path} is not valid UTF-8 (line {number}, byte {exc.start}); nothing was "
                "imported. Save it as UTF-8 JSON Lines (one ImportItem per line)."
            ) from None
        if number == 1:
            text = text.removeprefix("\ufeff")  # a byte order mark some editors write
        try:
            items[index] = json.loads(text)
        except json.JSONDecodeError as exc:
            not_json[index] = f"invalid JSON: {exc.msg} (column {exc.colno})"
    if items and len(not_json) == len(items):
        # Not a batch with bad lines: another kind of file (Markdown, CSV, a log…).
        raise InvalidInputError(
            f"{path} is not JSON Lines: none of its {len(items)} lines is JSON (line "
            f"{numbers[0]}: {not_json[0]}); nothing was imported. Give one JSON object per "
            'line, e.g. {"layer": "daily", "text": "Restarted the NAS.", '
            '"time": "2026-11-20T09:00:00Z"}.'
        )
    return items, not_json, numbers
