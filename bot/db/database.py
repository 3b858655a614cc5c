"""The bot's database: reads on one aiosqlite connection, writes through the group writer."""

from __future__ import annotations

import asyncio
import sqlite3
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, TypeVar

import aiosqlite

from bot.db import ANAGRAM_LEXICONS, NOW, GuildSettings, _fetch_one, connect, upgrade
from bot.db.writer import GroupWriter

T = TypeVar("T")


class Database:
    """The bot's database: reads on one aiosqlite connection; every write through one writer
    thread with group commit (see ``GroupWriter``), so a crowd of players costs few transactions
    and few hand-offs between the event loop and SQLite."""

    def __init__(self, conn: aiosqlite.Connection, writer: GroupWriter) -> None:
        self.conn = conn
        self.writer = writer

    @classmethod
    async def open(cls, path: str | Path) -> Database:
        """Connect, bring the schema up to date (the start-up path) and start the writer."""
        conn = await connect(path)
        try:
            await upgrade(conn)
            writer = await asyncio.to_thread(GroupWriter, path, asyncio.get_running_loop())
        except BaseException:
            await conn.close()
            raise
        return cls(conn, writer)

    async def close(self) -> None:
        await asyncio.to_thread(self.writer.close)
        await self.conn.close()

    async def write(self, sql: str, params: Sequence[Any] = ()) -> int:
        """One write statement; returns the number of rows it changed."""
        return await self.run_write(lambda conn: conn.execute(sql, params).rowcount)

    async def run_write(self, work: Callable[[sqlite3.Connection], T]) -> T:
        """``work(conn)`` in the writer thread, inside a transaction no other write comes between."""
        return await self.writer.submit(work)

    async def fetch_one(self, sql: str, params: Sequence[Any] = ()) -> aiosqlite.Row | None:
        return await _fetch_one(self.conn, sql, params)

    async def fetch_all(self, sql: str, params: Sequence[Any] = ()) -> list[aiosqlite.Row]:
        async with self.conn.execute(sql, params) as cursor:
            return list(await cursor.fetchall())

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
        if lexicon not in ANAGRAM_LEXICONS:
            raise ValueError(f"lexicon must be one of {ANAGRAM_LEXICONS}")
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


