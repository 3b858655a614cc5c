"""The two ends of ``wordbot db copy`` (``bot/db/copy.py``): a SQLite file and a PostgreSQL
database, each read through its own catalog (tables, columns, foreign keys, trigger bodies) and
written with the same methods."""

from __future__ import annotations

import asyncio
import re
import sqlite3
from collections.abc import AsyncIterator, Callable
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import asyncpg

from bot.db.errors import StoreError

_SKIPPED = {"schema_migrations"}  # the target's own migrations fill it
_WRITES = re.compile(r"\b(?:INSERT\s+(?:OR\s+\w+\s+)?INTO|UPDATE|DELETE\s+FROM)\s+\"?(\w+)", re.IGNORECASE)


def _quoted(name: str) -> str:
    return '"' + name.replace('"', '""') + '"'


_CATALOG = {  # the schema as each dialect describes it: tables, columns (in order), foreign keys, trigger bodies
    "sqlite": ("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'",
               "SELECT name FROM pragma_table_info(?) ORDER BY cid",
               "SELECT m.name, f.\"table\" FROM sqlite_master AS m, pragma_foreign_key_list(m.name) AS f "
               "WHERE m.type = 'table'",
               "SELECT sql FROM sqlite_master WHERE type = 'trigger'"),
    "postgres": ("SELECT c.relname FROM pg_class AS c JOIN pg_namespace AS n ON n.oid = c.relnamespace "
                 "WHERE c.relkind = 'r' AND n.nspname = current_schema()",
                 "SELECT attname FROM pg_attribute WHERE attrelid = quote_ident($1)::regclass AND attnum > 0 "
                 "AND NOT attisdropped ORDER BY attnum",
                 "SELECT trim('\"' FROM conrelid::regclass::text), trim('\"' FROM confrelid::regclass::text) "
                 "FROM pg_constraint WHERE contype = 'f'",
                 "SELECT p.prosrc FROM pg_trigger AS t JOIN pg_proc AS p ON p.oid = t.tgfoid WHERE NOT t.tgisinternal"),
}


class _Catalog:
    """What the copy asks of either side's schema, over the side's ``fetch``."""

    dialect: str  # a key of _CATALOG

    async def fetch(self, sql: str, *params: Any) -> list[tuple]:
        raise NotImplementedError

    async def tables(self) -> list[str]:
        return sorted(r[0] for r in await self.fetch(_CATALOG[self.dialect][0]) if r[0] not in _SKIPPED)

    async def columns(self, table: str) -> list[str]:
        return [r[0] for r in await self.fetch(_CATALOG[self.dialect][1], table)]

    async def references(self) -> dict[str, set[str]]:
        found: dict[str, set[str]] = {}
        for child, parent in await self.fetch(_CATALOG[self.dialect][2]):
            found.setdefault(child, set()).add(parent)
        return found

    async def trigger_targets(self) -> set[str]:
        sources = [r[0] for r in await self.fetch(_CATALOG[self.dialect][3])]
        return _written_by(sources, await self.tables())

    async def version(self) -> int:
        if "schema_migrations" in [r[0] for r in await self.fetch(_CATALOG[self.dialect][0])]:
            return (await self.fetch("SELECT COALESCE(MAX(version), 0) FROM schema_migrations"))[0][0]
        return 0

    async def count(self, table: str) -> int:
        return (await self.fetch(f"SELECT COUNT(*) FROM {_quoted(table)}"))[0][0]


def _written_by(trigger_sources: list[str], tables: list[str]) -> set[str]:
    """The tables that the bodies of these triggers (or trigger functions) insert into, update or delete from."""
    bodies = (re.split(r"\bBEGIN\b", sql, maxsplit=1, flags=re.IGNORECASE)[-1] for sql in trigger_sources)
    return {table for body in bodies for table in _WRITES.findall(body)} & set(tables)


class _SqliteSide(_Catalog):
    """Plain sqlite3 on one thread of its own: a whole copy in one transaction, rows in batches."""

    dialect = "sqlite"

    def __init__(self, conn: sqlite3.Connection, thread: ThreadPoolExecutor) -> None:
        self.conn, self.thread = conn, thread

    @classmethod
    async def connect(cls, path: Path) -> _SqliteSide:
        thread = ThreadPoolExecutor(max_workers=1, thread_name_prefix="wordbot-copy")

        def connect() -> sqlite3.Connection:
            conn = sqlite3.connect(path, isolation_level=None, check_same_thread=False)
            conn.executescript("PRAGMA foreign_keys = ON; PRAGMA busy_timeout = 5000; "
                               "SELECT COUNT(*) FROM sqlite_master;")
            return conn

        try:
            return cls(await asyncio.get_running_loop().run_in_executor(thread, connect), thread)
        except sqlite3.Error as error:
            thread.shutdown()
            raise StoreError(f"Cannot use the database at {path}: {error}. Is it a wordbot database?") from None

    async def _run(self, work: Callable[..., Any], *args: Any) -> Any:
        return await asyncio.get_running_loop().run_in_executor(self.thread, work, *args)

    async def fetch(self, sql: str, *params: Any) -> list[tuple]:
        return await self._run(lambda: self.conn.execute(sql, params).fetchall())

    async def execute(self, sql: str) -> None:
        await self._run(self.conn.execute, sql)

    async def rows(self, table: str, columns: list[str], batch_size: int) -> AsyncIterator[list[tuple]]:
        cursor = await self._run(self.conn.execute, f"SELECT {', '.join(map(_quoted, columns))} FROM {_quoted(table)}")
        while batch := await self._run(cursor.fetchmany, batch_size):
            yield batch

    async def insert(self, table: str, columns: list[str], rows: list[tuple]) -> None:
        names, marks = ", ".join(map(_quoted, columns)), ", ".join("?" * len(columns))
        await self._run(self.conn.executemany, f"INSERT INTO {_quoted(table)} ({names}) VALUES ({marks})", rows)

    async def begin(self, lock: list[str] | None = None) -> None:
        """A target (``lock``: its tables) takes SQLite's one write lock; a source's snapshot starts at
        its first read."""
        await self.execute("BEGIN" if lock is None else "BEGIN IMMEDIATE")

    async def commit(self) -> None:
        await self.execute("COMMIT")

    async def rollback(self) -> None:
        await self._run(lambda: self.conn.in_transaction and self.conn.execute("ROLLBACK"))

    async def close(self) -> None:
        await self._run(self.conn.close)
        self.thread.shutdown()


class _PostgresSide(_Catalog):
    """One connection of an asyncpg pool; a target is written with COPY (binary), the fastest way in."""

    dialect = "postgres"

    def __init__(self, pool: asyncpg.Pool, conn: Any) -> None:
        self.pool, self.conn = pool, conn
        self.tx: Any = None

    async def fetch(self, sql: str, *params: Any) -> list[tuple]:
        return [tuple(r) for r in await self.conn.fetch(sql, *params)]

    async def execute(self, sql: str) -> None:
        await self.conn.execute(sql)

    async def rows(self, table: str, columns: list[str], batch_size: int) -> AsyncIterator[list[tuple]]:
        cursor = await self.conn.cursor(f"SELECT {', '.join(map(_quoted, columns))} FROM {_quoted(table)}")
        while batch := await cursor.fetch(batch_size):
            yield [tuple(record) for record in batch]

    async def insert(self, table: str, columns: list[str], rows: list[tuple]) -> None:
        await self.conn.copy_records_to_table(table, records=rows, columns=columns)

    async def begin(self, lock: list[str] | None = None) -> None:
        """A source reads one snapshot; a target writes in one transaction, ``lock`` (its tables)
        against other writers."""
        self.tx = self.conn.transaction(isolation="repeatable_read" if lock is None else "read_committed",
                                        readonly=lock is None)
        await self.tx.start()
        if lock:
            await self.execute(f"LOCK TABLE {', '.join(map(_quoted, lock))} IN EXCLUSIVE MODE")

    async def commit(self) -> None:
        await self.tx.commit()
        self.tx = None

    async def rollback(self) -> None:
        if self.tx is not None:
            tx, self.tx = self.tx, None
            if not self.conn.is_closed():  # a connection the server dropped has no transaction left
                await tx.rollback()

    async def close(self) -> None:
        """In order: the transaction (if a failure left one open), the connection, the pool. A
        connection given back in a transaction is one asyncpg warns about, on stderr."""
        try:
            await self.rollback()
            await self.pool.release(self.conn)
        finally:
            await self.pool.close()
