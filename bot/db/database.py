"""The bot's database, whichever the backend (``bot/db/sqlite.py``, ``bot/db/postgres.py``; which
one a target names is chosen in ``bot/db/open.py``): every store runs the same code on both.

A store reads with ``fetch_one``/``fetch_all``, writes one statement with ``write`` (or
``write_returning``), calls a ``Routine`` (one server-side function on PostgreSQL) with ``call``, and runs
several statements as one transaction with ``transaction(work)``, where ``work`` is
``async def work(tx)`` awaiting only ``tx.execute``, ``tx.fetch_one``, ``tx.fetch_all`` and
``tx.lock`` (``bot/db/transaction.py``). On SQLite the body runs in the group writer's thread;
on PostgreSQL in the group-commit writer's next batch, a savepoint's worth apart from the other
units of that transaction (``bot/db/pgwriter.py``).
Rows answer both ``row["name"]`` and ``row[0]``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, TypeVar

from bot.db.dialect import NOW
from bot.db.settings import ANAGRAM_LEXICON, SHOW_VULGAR, TIMEZONE, GuildSettings, Setting, load, save
from bot.db.transaction import Routine, Row as Row, Statement, Transaction as Transaction, Work as Work

T = TypeVar("T")
V = TypeVar("V")


class Database:
    """The shared part: bot state and guild settings, written once over the backend's methods."""

    dialect: str

    async def close(self) -> None:
        raise NotImplementedError

    async def transaction(self, work: Work[T]) -> T:
        """``await work(tx)`` inside one transaction: all of it is committed, or none of it."""
        raise NotImplementedError

    async def fetch_one(self, sql: str, params: Sequence[Any] = ()) -> Row | None:
        raise NotImplementedError

    async def fetch_all(self, sql: str, params: Sequence[Any] = ()) -> list[Row]:
        raise NotImplementedError

    async def write(self, sql: str, params: Sequence[Any] = ()) -> int:
        """One write statement; returns the number of rows it changed."""
        return await self.transaction(Statement(sql, params))

    async def write_returning(self, sql: str, params: Sequence[Any] = ()) -> Row | None:
        """One write statement with ``RETURNING``: its first row (None when it changed none)."""
        return await self.transaction(Statement(sql, params, fetch=True))

    async def call(self, routine: Routine, params: Sequence[Any]) -> Row:
        """A ``Routine``'s row: its steps as a unit of work here; one function call on PostgreSQL."""
        return await self.transaction(lambda tx: routine.steps(tx, *params))

    async def ping(self) -> None:
        """A trivial query, for the health check (``bot.health``): raises when the database does not answer."""
        await self.fetch_one("SELECT 1")

    async def health_problem(self) -> str | None:
        """What the health check reports beyond a database that does not answer (which ``ping``
        raises for): why writes would not last or not commit, or None. Each backend says more."""
        await self.ping()
        return None

    # ------------------------------------------------------------------ bot state and guild settings

    async def get_state(self, key: str) -> str | None:
        row = await self.fetch_one("SELECT value FROM bot_state WHERE key = ?", (key,))
        return row["value"] if row else None

    async def set_state(self, key: str, value: str) -> None:
        await self.write(
            "INSERT INTO bot_state (key, value) VALUES (?, ?) "
            f"ON CONFLICT (key) DO UPDATE SET value = excluded.value, updated_at = {NOW}",
            (key, value),
        )

    async def guild_settings(self, guild_id: int) -> GuildSettings:
        """Every registered setting of a server (``bot/db/settings.py``)."""
        return await load(self, guild_id)

    async def set_guild_setting(self, guild_id: int, setting: Setting[V], value: V) -> None:
        """Set one registered setting of a server (ValueError for a value the setting refuses)."""
        await save(self, guild_id, setting, value)

    # shorthands for the settings every server has (a feature's own setting needs none)

    async def set_anagram_lexicon(self, guild_id: int, lexicon: str) -> None:
        await self.set_guild_setting(guild_id, ANAGRAM_LEXICON, lexicon)

    async def set_show_vulgar(self, guild_id: int, show: bool) -> None:
        await self.set_guild_setting(guild_id, SHOW_VULGAR, show)

    async def set_timezone(self, guild_id: int, timezone: str) -> None:
        """The guild's time zone: its daily games post and its days (boards, streaks) turn by it."""
        await self.set_guild_setting(guild_id, TIMEZONE, timezone)
