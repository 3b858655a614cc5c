"""The SQLite backend: reads on one aiosqlite connection, every write through the group writer.

A transaction body (``async def work(tx)``) runs in the writer's thread: ``SqliteTransaction``'s
methods call sqlite3 directly and never suspend, so the body's coroutine finishes in one step
(``run_to_end``), inside the batch the writer commits.
"""

from __future__ import annotations

import asyncio
import sqlite3
from collections.abc import Coroutine, Sequence
from pathlib import Path
from typing import Any, TypeVar

import aiosqlite

from bot.db.database import Database
from bot.db.sqlite_check import IntegrityWatch
from bot.db.sqlite_schema import connect, fetch_all, fetch_one, upgrade
from bot.db.transaction import Row, Work
from bot.db.writer import SYNCHRONOUS, GroupWriter

T = TypeVar("T")


class SqliteTransaction:
    def __init__(self, conn: sqlite3.Connection) -> None:
        self.conn = conn

    async def execute(self, sql: str, params: Sequence[Any] = ()) -> int:
        cursor = self.conn.execute(sql, params)
        cursor.fetchall()  # a RETURNING statement is done only when read
        return cursor.rowcount

    async def fetch_one(self, sql: str, params: Sequence[Any] = ()) -> Row | None:
        return self.conn.execute(sql, params).fetchone()

    async def fetch_all(self, sql: str, params: Sequence[Any] = ()) -> list[Row]:
        return self.conn.execute(sql, params).fetchall()

    async def lock(self, key: str) -> None:
        """Nothing to do: the one writer runs transactions one after the other."""


def run_to_end(coroutine: Coroutine[Any, Any, T]) -> T:
    """Run a transaction body that never suspends (it awaits only its SQLite transaction)."""
    try:
        coroutine.send(None)
    except StopIteration as done:
        return done.value
    coroutine.close()
    raise RuntimeError("A transaction body awaited something other than its transaction (tx.execute, "
                       "tx.fetch_one, tx.fetch_all, tx.lock): it must not wait for anything else.")


class SqliteDatabase(Database):
    """Reads on one aiosqlite connection; every write through one writer thread with group
    commit (see ``GroupWriter``), so a crowd of players costs few transactions and few
    hand-offs between the event loop and SQLite."""

    dialect = "sqlite"

    def __init__(self, conn: aiosqlite.Connection, writer: GroupWriter) -> None:
        self.conn = conn
        self.writer = writer
        self.integrity = IntegrityWatch(writer.watch.path)

    @classmethod
    async def connect(cls, path: str | Path, *, synchronous: str = SYNCHRONOUS) -> SqliteDatabase:
        """``synchronous``: SQLite's setting for the writer's commits (only the benchmark changes it)."""
        conn = await connect(path)
        try:
            await upgrade(conn)
            writer = await asyncio.to_thread(GroupWriter, path, asyncio.get_running_loop(), synchronous=synchronous)
        except BaseException:
            await conn.close()
            raise
        return cls(conn, writer)

    async def close(self) -> None:
        await self.integrity.close()
        await asyncio.to_thread(self.writer.close)
        await self.conn.close()

    async def health_problem(self) -> str | None:
        """The file deleted, moved, replaced or read-only, its last write failed (``FileWatch``), or
        its last ``quick_check`` found damage (``IntegrityWatch``); else None."""
        await self.ping()
        if str(self.writer.watch.path) == ":memory:":
            return None
        return self.writer.watch.problem() or self.integrity.problem()

    async def transaction(self, work: Work[T]) -> T:
        return await self.writer.submit(lambda conn: run_to_end(work(SqliteTransaction(conn))))

    async def fetch_one(self, sql: str, params: Sequence[Any] = ()) -> Row | None:
        return await fetch_one(self.conn, sql, params)

    async def fetch_all(self, sql: str, params: Sequence[Any] = ()) -> list[Row]:
        return await fetch_all(self.conn, sql, params)
