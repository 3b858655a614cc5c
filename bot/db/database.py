"""The bot's database, whichever the backend: ``Database.open`` takes a SQLite file path (the
default) or a ``postgresql://`` URL, and every store runs the same code on both.

A store reads with ``fetch_one``/``fetch_all``, writes one statement with ``write``, and runs
several statements as one transaction with ``transaction(work)``, where ``work`` is
``async def work(tx)`` awaiting only ``tx.execute``, ``tx.fetch_one``, ``tx.fetch_all`` and
``tx.lock``. On SQLite the body runs in the group writer's thread (``bot/db/sqlite.py``); on
PostgreSQL in the group-commit writer's next batch, a savepoint's worth apart from the other
units of that transaction (``bot/db/pgwriter.py``).
Rows answer both ``row["name"]`` and ``row[0]``.
"""

from __future__ import annotations

import re

from collections.abc import Awaitable, Callable, Sequence
from pathlib import Path
from typing import Any, Protocol, TypeVar

from bot.db import ANAGRAM_LEXICONS, NOW, GuildSettings
from bot.db.dialect import is_postgres_url

T = TypeVar("T")
Row = Any  # sqlite3.Row, aiosqlite.Row or asyncpg.Record: all index by name and by position


class Transaction(Protocol):
    """What a transaction body may await. Nothing else: on SQLite the body runs in one step."""

    async def execute(self, sql: str, params: Sequence[Any] = ()) -> int:
        """Run one statement; the number of rows it changed."""

    async def fetch_one(self, sql: str, params: Sequence[Any] = ()) -> Row | None: ...

    async def fetch_all(self, sql: str, params: Sequence[Any] = ()) -> list[Row]: ...

    async def lock(self, key: str) -> None:
        """Hold ``key`` until the transaction ends: two transactions with one key run one after
        the other, across processes too (a read, then a write that depends on it)."""


Work = Callable[[Transaction], Awaitable[T]]


class Database:
    """The shared part: bot state and guild settings, written once over the backend's methods."""

    dialect: str

    @classmethod
    async def open(cls, target: str | Path) -> Database:
        """Connect, bring the schema up to date (the start-up path), and be ready to write."""
        if is_postgres_url(target):
            from bot.db.postgres import PostgresDatabase

            return await PostgresDatabase.connect(str(target))
        from bot.db.sqlite import SqliteDatabase

        return await SqliteDatabase.connect(target)

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

        async def one(tx: Transaction) -> int:
            return await tx.execute(sql, params)

        return await self.transaction(one)

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
        row = await self.fetch_one(
            "SELECT anagram_lexicon, timezone, show_vulgar FROM guild_settings WHERE guild_id = ?", (guild_id,)
        )
        if row is None:
            return GuildSettings(guild_id)
        return GuildSettings(guild_id, row["anagram_lexicon"], row["timezone"], bool(row["show_vulgar"]))

    async def set_anagram_lexicon(self, guild_id: int, lexicon: str) -> None:
        if lexicon not in ANAGRAM_LEXICONS and not re.fullmatch(r"[a-z0-9-]{1,20}", lexicon):
            raise ValueError(f"lexicon must be one of {ANAGRAM_LEXICONS} or a server list's name")
        await self._set_guild_setting(guild_id, "anagram_lexicon", lexicon)

    async def set_show_vulgar(self, guild_id: int, show: bool) -> None:
        await self._set_guild_setting(guild_id, "show_vulgar", int(show))

    async def set_timezone(self, guild_id: int, timezone: str) -> None:
        """The guild's time zone: its daily games post and its days (boards, streaks) turn by it."""
        await self._set_guild_setting(guild_id, "timezone", timezone)

    async def _set_guild_setting(self, guild_id: int, column: str, value: Any) -> None:
        assert column in ("anagram_lexicon", "timezone", "show_vulgar")  # a name of ours, never user input
        await self.write(
            f"INSERT INTO guild_settings (guild_id, {column}) VALUES (?, ?) "
            f"ON CONFLICT (guild_id) DO UPDATE SET {column} = excluded.{column}, updated_at = {NOW}",
            (guild_id, value),
        )
