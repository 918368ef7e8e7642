"""Settings, read once at the entry point and passed down (docs/contracts.md §5).

Sources, strongest first: arguments, ``LABMEM_*`` environment variables, the workspace's
``labmem.toml``, defaults.
"""

from __future__ import annotations

import os
from datetime import datetime, tzinfo
from pathlib import Path
from typing import Any, Literal

from dateutil import tz as dateutil_tz
from pydantic import Field, ValidationError, field_validator
from pydantic_settings import (
    BaseSettings,
    PydanticBaseSettingsSource,
    SettingsConfigDict,
    TomlConfigSettingsSource,
)

from memory.clock import Clock, FixedClock, SystemClock, parse_instant
from memory.errors import InvalidInputError

__all__ = ["Settings", "default_home", "load_settings"]


def default_home() -> Path:
    return Path("~/labmem").expanduser()


class Settings(BaseSettings):
    model_config = SettingsConfigDict(env_prefix="LABMEM_", extra="forbid", frozen=True)

    home: Path = Field(default_factory=default_home, description="The workspace root.")
    tz: str | None = Field(
        default=None, description="The user's time zone (IANA name); default: the system's."
    )
    now: datetime | None = Field(default=None, description="An instant that replaces the clock.")
    max_entry_bytes: int = Field(default=4096, ge=64, description="Largest entry accepted.")
    memory_budget_tokens: int = Field(default=4000, ge=100, description="MEMORY.md size budget.")
    retention_days: int = Field(
        default=365, ge=1, description="Daily logs older move to the archive."
    )
    stale_days: int = Field(
        default=365, ge=1, description="Never used and unconfirmed this long: stale."
    )
    max_prune_ratio: float = Field(
        default=0.25, gt=0, le=1, description="Most one run may archive."
    )
    schedule: str = Field(
        default="0 3 * * *", description="Cron expression or RRULE for maintenance."
    )
    keep_backups: int = Field(default=10, ge=1, description="Backups kept per rewritten file.")
    decay_half_life_days: float = Field(
        default=30.0, ge=0, description="Daily-log hit decay; 0 = off."
    )
    decay_floor: float = Field(default=0.9, ge=0, le=1, description="Decay never goes below this.")
    context_weight: float = Field(
        default=0.5, ge=0, le=2, description="Share of an adjacent daily entry's score."
    )
    mmr_lambda: float = Field(
        default=0.0, ge=0, le=1, description="MMR diversity for search; 0 = off."
    )
    embedder: str = Field(default="minilm", description="minilm, hashing or openai.")
    embed_threads: int = Field(
        default=0, ge=0, description="Threads that compute vectors (0: one per available core)."
    )
    index_budget_s: float = Field(
        default=2.0,
        ge=0,
        description="Seconds a search may spend computing missing vectors before it answers "
        "from what is ready (words only for the rest; 'labmem reindex' finishes the job).",
    )
    index: Literal["embedded", "chroma-http"] = Field(default="embedded")
    index_host: str = Field(default="127.0.0.1")
    index_port: int = Field(default=8000, ge=1, le=65535)
    llm_base_url: str | None = None
    llm_model: str | None = None
    llm_api_key: str | None = None
    llm_timeout_s: float = 20.0
    embedder_base_url: str | None = None
    embedder_model: str | None = None
    embedder_api_key: str | None = None
    mcp_session_kind: Literal["main", "shared", "subagent", "cron"] = "shared"
    tool_cache_limit: int = Field(default=64, ge=1)
    skills_path: str | None = Field(
        default=None,
        description="Extra read-only skill folders, after the workspace's skills/ and "
        "before the bundled ones, separated by ':' (';' on Windows).",
    )
    skills_budget_tokens: int = Field(
        default=1500, ge=50, description="Budget of the boot preamble's skill listing."
    )

    @field_validator("tz")
    @classmethod
    def _known_zone(cls, value: str | None) -> str | None:
        if value is not None and dateutil_tz.gettz(value) is None:
            raise ValueError(f"unknown time zone {value!r}; use an IANA name like Europe/Madrid")
        return value

    @field_validator("now", mode="before")
    @classmethod
    def _instant(cls, value: Any) -> Any:
        if isinstance(value, str) and value.strip():
            return parse_instant(value)
        return value or None

    @classmethod
    def settings_customise_sources(
        cls,
        settings_cls: type[BaseSettings],
        init_settings: PydanticBaseSettingsSource,
        env_settings: PydanticBaseSettingsSource,
        dotenv_settings: PydanticBaseSettingsSource,
        file_secret_settings: PydanticBaseSettingsSource,
    ) -> tuple[PydanticBaseSettingsSource, ...]:
        init_home = init_settings().get("home")
        home = Path(init_home or os.environ.get("LABMEM_HOME") or default_home()).expanduser()
        toml = TomlConfigSettingsSource(settings_cls, toml_file=home / "labmem.toml")
        return (init_settings, env_settings, toml)

    def clock(self) -> Clock:
        return FixedClock(self.now) if self.now else SystemClock()

    def zone(self) -> tzinfo:
        zone = dateutil_tz.gettz(self.tz) if self.tz else dateutil_tz.tzlocal()
        return zone or dateutil_tz.tzutc()


def load_settings(**overrides: Any) -> Settings:
    """Build settings; a bad value becomes an ``InvalidInputError`` naming it."""
    import tomllib

    given = {k: v for k, v in overrides.items() if v is not None}
    try:
        return Settings(**given)
    except tomllib.TOMLDecodeError as exc:
        raise InvalidInputError(
            f"labmem.toml in the workspace is not valid TOML ({exc}); fix the line it names "
            "or delete the file to use the defaults."
        ) from None
    except ValidationError as exc:
        first = exc.errors()[0]
        where = ".".join(str(p) for p in first.get("loc", ())) or "settings"
        if first.get("type") == "extra_forbidden":
            raise InvalidInputError(
                f"unknown setting {where!r} (in labmem.toml or as LABMEM_{where.upper()}); "
                "remove it — the settings are listed in the README."
            ) from None
        raise InvalidInputError(
            f"setting {where} = {first.get('input')!r} is invalid: {first.get('msg')}. Fix "
            f"LABMEM_{where.upper()} or '{where}' in labmem.toml."
        ) from None
