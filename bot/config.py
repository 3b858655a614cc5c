"""Settings from the environment (and a ``.env`` file in the working directory)."""

from __future__ import annotations

import logging
import os
import re
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from pathlib import Path

from bot.db.url import invalid, is_postgres_url, redacted, url_problem
from solvers.screen import quoted

DEFAULT_DATABASE = "wordbot.sqlite3"
LOG_LEVELS = ("DEBUG", "INFO", "WARNING", "ERROR")
LOG_FORMATS = ("text", "json")
STOP_GRACE = 10.0  # seconds in-flight interactions get to finish when the bot stops (bot.shutdown)
MAX_STOP_GRACE = 600.0
MAX_SHARDS = 1000
_YES, _NO = ("1", "true", "yes", "on"), ("0", "false", "no", "off", "")
_SHARD_PART = re.compile(r"(\d+)(?:-(\d+))?", re.ASCII)
_SCHEME = re.compile(r"([A-Za-z][A-Za-z0-9+.-]*)://")
_POSTGRES_WITHOUT_SLASHES = re.compile(r"(?i)postgres(ql)?:")


class ConfigError(ValueError):
    """A setting with a value we cannot use; the message names it and says what to fix."""


@dataclass(frozen=True, slots=True)
class Settings:
    token: str | None = field(default=None, repr=False)  # never shown in logs or reprs
    database: Path | str = Path(DEFAULT_DATABASE)  # a SQLite file, or a postgresql:// URL (see parse_database)
    dev_guild_id: int | None = None
    log_level: str = "INFO"
    shard_count: int | None = None  # None: as many shards as Discord recommends
    shard_ids: tuple[int, ...] | None = None  # None: every shard runs in this process (a cluster: some of them)
    message_content: bool = False  # the privileged Message Content intent: plain typed guesses count (bot.chat)
    log_format: str = "text"  # "json": one JSON object per line (bot.logs)
    stop_grace: float = STOP_GRACE  # seconds in-flight work gets on SIGTERM or Ctrl-C (bot.shutdown)
    metrics: tuple[str, int] | None = None  # (host, port) of /metrics and /healthz (bot.health); None: off

    @classmethod
    def from_env(cls, environ: Mapping[str, str] | None = None, *, dotenv: bool = True) -> Settings:
        """Read DISCORD_TOKEN, WORDBOT_DATABASE, WORDBOT_DEV_GUILD_ID, WORDBOT_LOG_LEVEL, WORDBOT_SHARD_COUNT,
        WORDBOT_SHARDS, WORDBOT_MESSAGE_CONTENT, WORDBOT_LOG_FORMAT, WORDBOT_STOP_GRACE, WORDBOT_METRICS."""
        if environ is None:
            if dotenv:
                from dotenv import load_dotenv

                load_dotenv(Path.cwd() / ".env")
            environ = os.environ
        token = environ.get("DISCORD_TOKEN", "").strip() or None
        database = parse_database(environ.get("WORDBOT_DATABASE", "").strip() or DEFAULT_DATABASE, "WORDBOT_DATABASE")
        guild = environ.get("WORDBOT_DEV_GUILD_ID", "").strip()
        if guild and not (guild.isdigit() and 15 <= len(guild) <= 20):
            raise ConfigError("WORDBOT_DEV_GUILD_ID must be a server id (a 17-20 digit number), not "
                              f"{quoted(repr(guild[:30]), 'that')}.")
        level = environ.get("WORDBOT_LOG_LEVEL", "").strip().upper() or "INFO"
        if level not in LOG_LEVELS:
            raise ConfigError(f"WORDBOT_LOG_LEVEL must be one of {', '.join(LOG_LEVELS)}, not "
                              f"{quoted(repr(level[:20]), 'that')}.")
        content = parse_switch(environ.get("WORDBOT_MESSAGE_CONTENT", ""), "WORDBOT_MESSAGE_CONTENT")
        log_format = environ.get("WORDBOT_LOG_FORMAT", "").strip().lower() or "text"
        if log_format not in LOG_FORMATS:
            raise ConfigError(f"WORDBOT_LOG_FORMAT must be text or json, not {quoted(repr(log_format[:20]), 'that')}.")
        grace = _seconds(environ.get("WORDBOT_STOP_GRACE", "").strip(), "WORDBOT_STOP_GRACE")
        settings = cls(token, database, int(guild) if guild else None, level, message_content=content,
                       log_format=log_format, stop_grace=grace)
        settings = replace(settings, metrics=parse_address(environ.get("WORDBOT_METRICS", ""), "WORDBOT_METRICS"))
        return settings.with_shards(environ.get("WORDBOT_SHARDS", ""), environ.get("WORDBOT_SHARD_COUNT", ""))

    def with_shards(self, shards: str | None, count: str | None, *, shards_name: str = "WORDBOT_SHARDS",
                    count_name: str = "WORDBOT_SHARD_COUNT") -> Settings:
        """These settings running the shards ``shards`` (``0-3``, ``0,2,5``) of ``count``; a value
        that is None or blank keeps the current one. The names say where a bad value came from."""
        count = (count or "").strip()
        shard_count = _shard_count(count, count_name) if count else self.shard_count
        shards = (shards or "").strip()
        shard_ids = _shard_ids(shards, shards_name) if shards else self.shard_ids
        if shard_ids is not None:
            if shard_count is None:
                raise ConfigError(f"{shards_name} needs a shard count too (--shard-count or WORDBOT_SHARD_COUNT): "
                                  "a cluster runs some shards out of a known count, e.g. --shards 0-3 --shard-count 8.")
            outside = [shard for shard in shard_ids if shard >= shard_count]
            if outside:
                raise ConfigError(f"{shards_name} names shard {outside[0]}, but with "
                                  f"{_setting(count_name, shard_count)} "
                                  f"the shards are 0 to {shard_count - 1}.")
        return replace(self, shard_count=shard_count, shard_ids=shard_ids)

    def runs_guild(self, guild_id: int) -> bool:
        """Whether this process runs the shard of ``guild_id`` (every guild when it runs every shard)."""
        if self.shard_ids is None or self.shard_count is None:
            return True
        return shard_of(guild_id, self.shard_count) in self.shard_ids

    @property
    def log_level_number(self) -> int:
        return logging.getLevelName(self.log_level)

    def __repr__(self) -> str:  # never the token, nor the database's password
        return (f"Settings(database={shown_database(self.database)!r}, dev_guild_id={self.dev_guild_id}, "
                f"log_level={self.log_level!r}, shard_count={self.shard_count}, shard_ids={self.shard_ids}, "
                f"message_content={self.message_content}, log_format={self.log_format!r}, "
                f"stop_grace={self.stop_grace:g}, "
                f"metrics={self.metrics})")


def parse_switch(text: str, name: str) -> bool:
    """An on/off setting: 1, true, yes or on; 0, false, no, off or blank (off). Anything else is a
    ConfigError naming ``name``."""
    value = text.strip().lower()
    if value in _YES or value in _NO:
        return value in _YES
    raise ConfigError(f"{name} must be 1 (on) or 0 (off), or yes/no, true/false; not "
                      f"{quoted(repr(text.strip()[:20]), 'that')}.")


def parse_address(text: str, name: str) -> tuple[str, int] | None:
    """``HOST:PORT`` (``127.0.0.1:9108``, ``[::1]:9108``, ``0.0.0.0:9108``) as (host, port); blank: None.
    A bare ``:9108`` or ``9108`` means loopback (127.0.0.1). A ConfigError naming ``name`` otherwise."""
    text = text.strip()
    if not text:
        return None
    host, colon, port = text.rpartition(":")
    host = host.strip("[]") if host.startswith("[") and host.endswith("]") else host
    if not port.isdigit() or not 0 <= int(port) <= 65535 or (colon and ":" in host and not text.startswith("[")) \
            or any(c.isspace() or c in "/@[]" for c in host):
        raise ConfigError(f"{name} must be HOST:PORT, like 127.0.0.1:9108 (an IPv6 host in brackets: [::1]:9108), "
                          f"not {quoted(repr(text[:40]), 'that')}.")
    return host or "127.0.0.1", int(port)


def parse_database(text: str, name: str = "WORDBOT_DATABASE") -> Path | str:
    """A database as given: a ``postgresql://`` URL (kept as text, once it reads as one), else a
    SQLite file path. A URL that cannot name a database, and any other ``scheme://``, is refused
    (ConfigError naming ``name``, never showing a password) rather than taken for a file name."""
    text = text.strip()
    if is_postgres_url(text) or _POSTGRES_WITHOUT_SLASHES.match(text):
        problem = url_problem(text)
        if problem:
            raise ConfigError(invalid(redacted(text), problem, name))
        return text
    scheme = _SCHEME.match(text)
    if scheme:
        raise ConfigError(f"{name} must be a SQLite file path or a postgresql://user:password@host:port/database URL, "
                          f"not a {scheme[1][:20]}:// URL.")
    return Path(text)


def shown_database(target: Path | str) -> str:
    """A database as messages and logs may show it: a URL without its password."""
    if isinstance(target, Path):
        return str(target)
    return redacted(target)


def shard_of(guild_id: int, shard_count: int) -> int:
    """The shard Discord sends a guild's events to."""
    return (guild_id >> 22) % shard_count


def _setting(name: str, value: object) -> str:
    """A setting as it was given: ``--shard-count 8`` on the command line, ``WORDBOT_SHARD_COUNT=8`` in the
    environment."""
    return f"{name} {value}" if name.startswith("--") else f"{name}={value}"


def _seconds(text: str, name: str) -> float:
    """A stop's grace period in seconds (blank: ``STOP_GRACE``)."""
    if not text:
        return STOP_GRACE
    try:
        seconds = float(text)
    except ValueError:
        seconds = -1.0
    if not 0 <= seconds <= MAX_STOP_GRACE:  # NaN too
        raise ConfigError(f"{name} must be a number of seconds from 0 to {MAX_STOP_GRACE:g}, not "
                          f"{quoted(repr(text[:20]), 'that')}.")
    return seconds


def _shard_count(text: str, name: str) -> int:
    if not (text.isdigit() and 1 <= int(text) <= MAX_SHARDS):
        raise ConfigError(f"{name} must be a number of shards from 1 to {MAX_SHARDS}, not "
                          f"{quoted(repr(text[:20]), 'that')}.")
    return int(text)


def _shard_ids(text: str, name: str) -> tuple[int, ...]:
    """Shard ids written as ranges and lists: ``0-3``, ``0,2,5``, ``0-3,8``; sorted, each once."""
    ids: set[int] = set()
    for part in text.replace(" ", "").split(","):
        match = _SHARD_PART.fullmatch(part)
        low, high = (int(match[1]), int(match[2] or match[1])) if match else (0, -1)
        if high < low:
            raise ConfigError(f"{name} must list shard ids and ranges, like 0-3 or 0,2,5; not "
                              f"{quoted(repr(text[:30]), 'that')}.")
        if high >= MAX_SHARDS:
            raise ConfigError(f"{name} names shard {high}, but shard ids go from 0 to {MAX_SHARDS - 1}.")
        ids.update(range(low, high + 1))
    return tuple(sorted(ids))
