"""Settings from the environment (and a ``.env`` file in the working directory)."""

from __future__ import annotations

import logging
import os
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path

DEFAULT_DATABASE = "wordbot.sqlite3"
LOG_LEVELS = ("DEBUG", "INFO", "WARNING", "ERROR")


class ConfigError(ValueError):
    """A setting with a value we cannot use; the message names it and says what to fix."""


@dataclass(frozen=True, slots=True)
class Settings:
    token: str | None = field(default=None, repr=False)  # never shown in logs or reprs
    database: Path = Path(DEFAULT_DATABASE)
    dev_guild_id: int | None = None
    log_level: str = "INFO"
    shard_count: int | None = None  # None: as many shards as Discord recommends

    @classmethod
    def from_env(cls, environ: Mapping[str, str] | None = None, *, dotenv: bool = True) -> Settings:
        """Read DISCORD_TOKEN, WORDBOT_DATABASE, WORDBOT_DEV_GUILD_ID, WORDBOT_LOG_LEVEL, WORDBOT_SHARD_COUNT."""
        if environ is None:
            if dotenv:
                from dotenv import load_dotenv

                load_dotenv(Path.cwd() / ".env")
            environ = os.environ
        token = environ.get("DISCORD_TOKEN", "").strip() or None
        database = Path(environ.get("WORDBOT_DATABASE", "").strip() or DEFAULT_DATABASE)
        guild = environ.get("WORDBOT_DEV_GUILD_ID", "").strip()
        if guild and not (guild.isdigit() and 15 <= len(guild) <= 20):
            raise ConfigError(f"WORDBOT_DEV_GUILD_ID must be a server id (a 17-20 digit number), not {guild[:30]!r}.")
        level = environ.get("WORDBOT_LOG_LEVEL", "").strip().upper() or "INFO"
        if level not in LOG_LEVELS:
            raise ConfigError(f"WORDBOT_LOG_LEVEL must be one of {', '.join(LOG_LEVELS)}, not {level[:20]!r}.")
        shards = environ.get("WORDBOT_SHARD_COUNT", "").strip()
        if shards and not (shards.isdigit() and 1 <= int(shards) <= 1000):
            raise ConfigError(f"WORDBOT_SHARD_COUNT must be a number of shards from 1 to 1000, not {shards[:20]!r}.")
        return cls(token, database, int(guild) if guild else None, level, int(shards) if shards else None)

    @property
    def log_level_number(self) -> int:
        return logging.getLevelName(self.log_level)
