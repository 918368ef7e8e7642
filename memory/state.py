"""State files under ``.labmem/state/``, validated with pydantic at the file boundary.

State is operational (not derived from the Markdown), so a file that does not parse or does
not fit its model is never trusted and never a crash: it is moved aside to
``<name>.corrupt-<n>`` (for a person, and for ``labmem doctor`` to report) and the reader
starts from an empty state, which the next save rebuilds. It does NOT decide what a state
means (``memory.manifest``, ``memory.distill`` and ``memory.usage`` do).
"""

from __future__ import annotations

import json
import os
from datetime import date
from pathlib import Path
from typing import TypeVar

from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    NonNegativeInt,
    ValidationError,
    field_validator,
)

from memory.clock import parse_instant

__all__ = [
    "DistillState",
    "ManifestDay",
    "ManifestState",
    "SchedulerState",
    "UsageCounts",
    "UsageState",
    "corrupt_copies",
    "load_state",
]

M = TypeVar("M", bound=BaseModel)


class ManifestDay(BaseModel):
    model_config = ConfigDict(extra="allow")

    sha256: str = Field(pattern=r"^[0-9a-f]{64}$")
    by: str = "seal"


class ManifestState(BaseModel):
    version: int = 1
    days: dict[date, ManifestDay] = Field(default_factory=dict)


class DistillState(BaseModel):
    model_config = ConfigDict(extra="allow")

    days: list[date] = Field(default_factory=list)
    promoted: dict[str, str] = Field(default_factory=dict)
    last_run: str | None = None


class SchedulerState(BaseModel):
    model_config = ConfigDict(extra="allow")

    last_run: str | None = None  # ISO-8601, as written (a bare number is not a time)

    @field_validator("last_run")
    @classmethod
    def _instant(cls, value: str | None) -> str | None:
        if value is not None:
            parse_instant(value)  # raises ValueError: the file is corrupt
        return value


class UsageCounts(BaseModel):
    model_config = ConfigDict(extra="allow")

    served: NonNegativeInt = 0
    used: NonNegativeInt = 0


class UsageState(BaseModel):
    entries: dict[str, UsageCounts] = Field(default_factory=dict)


def load_state(path: Path, model: type[M], wrap: str | None = None) -> M:
    """The state in ``path``, or an empty one (a corrupt file is moved aside first).

    ``wrap`` names the field a bare JSON object fills (for files written before the model,
    e.g. ``usage.json`` is ``{id: counts}``)."""
    try:
        raw = path.read_bytes()
    except FileNotFoundError:
        return model()
    try:
        data = json.loads(raw.decode("utf-8"))
        if wrap is not None:
            data = {wrap: data}
        return model.model_validate(data)
    except (UnicodeDecodeError, json.JSONDecodeError, ValidationError, RecursionError):
        _move_aside(path)
        return model()


def _move_aside(path: Path) -> None:
    for n in range(1, 1000):
        target = path.with_name(f"{path.name}.corrupt-{n}")
        if not target.exists():
            try:
                os.replace(path, target)
            except FileNotFoundError:
                pass  # another process moved it first
            return


def corrupt_copies(state_dir: Path) -> list[Path]:
    """State files found corrupt and moved aside, for ``doctor``."""
    if not state_dir.is_dir():
        return []
    return sorted(p for p in state_dir.iterdir() if ".corrupt-" in p.name)
