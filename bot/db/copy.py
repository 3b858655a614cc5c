"""Copy a whole wordbot history from one database to another: ``wordbot db copy`` (issue 21).

Either side is a SQLite file or a ``postgresql://`` URL. The target ends with exactly the source's
rows in every table, or as it was: the source is read in one snapshot, at this wordbot's latest
schema (never upgraded here); the target's schema is brought up to date, any row in it refused,
and it is written in one transaction (tables locked) that a failure, a count that differs or
Ctrl-C rolls back. What to copy comes from the schema: every table but ``schema_migrations``,
parents first. Tables that triggers write (``player_days``) go last: what the triggers made is
deleted, then the source's rows go in as they are. No superuser needed (as disabling triggers
would), the same on both backends; the tileset trigger fires on updates only, not these inserts.
"""

from __future__ import annotations

import asyncio
import re
import sqlite3
import time
from collections.abc import AsyncIterator, Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import asyncpg

from bot.db import Database, StoreError, available_migrations, check_database_path
from bot.db.dialect import is_postgres_url
from bot.db.postgres import create_pool, redacted

_Side = Any  # _SqliteSide or _PostgresSide: the same methods (at the end of this module)
Progress = Callable[[str, int, int], None]
"""Called as rows go in: (table, rows of it copied so far, rows of it in all)."""

BATCH = 1000
_SKIPPED = {"schema_migrations"}
_WRITES = re.compile(r"\b(?:INSERT\s+(?:OR\s+\w+\s+)?INTO|UPDATE|DELETE\s+FROM)\s+\"?(\w+)", re.IGNORECASE)


@dataclass(frozen=True, slots=True)
class TableCount:
    table: str
    source_rows: int
    target_rows: int


@dataclass(frozen=True, slots=True)
class CopyReport:
    source: str  # as shown: a URL without its password
    target: str
    tables: tuple[TableCount, ...]  # in the order copied; source_rows == target_rows for each
    seconds: float

    @property
    def rows(self) -> int:
        return sum(t.target_rows for t in self.tables)


async def copy_database(source: str | Path, target: str | Path, progress: Progress | None = None, *,
                        batch_size: int = BATCH) -> CopyReport:
    """Copy every row of ``source`` into the empty ``target``, all or nothing; ``StoreError``
    (one line saying what to fix) for every refusal and failure."""
    started = time.perf_counter()
    if (str(source) == str(target) if is_postgres_url(source) or is_postgres_url(target)
            else Path(source).resolve() == Path(target).resolve()):
        raise StoreError(f"The source and the target are the same database ({_shown(source)}): give another target.")
    reader = await _open(source, role="source")
    try:
        await _check_version(reader, source)
        if not is_postgres_url(target):
            check_database_path(Path(target))
        await (await Database.open(target)).close()  # the target's schema, up to date
        writer = await _open(target, role="target")
        try:
            counts = await _copy(reader, writer, progress, batch_size)
        finally:
            await writer.close()
    finally:
        await reader.close()
    return CopyReport(_shown(source), _shown(target), counts, time.perf_counter() - started)


async def _copy(reader: _Side, writer: _Side, progress: Progress | None, batch_size: int) -> tuple[TableCount, ...]:
    tables = await writer.tables()
    if set(tables) != set(await reader.tables()):
        raise StoreError("The source and the target have different tables: both must be at this wordbot's schema.")
    order = _copy_order(tables, await writer.references(), await writer.trigger_targets())
    await reader.begin()
    await writer.begin(lock=order)
    try:
        filled = [t for t in order if await writer.count(t)]
        if filled:
            raise StoreError(f"The target is not empty ({', '.join(filled)} have rows): copy only into a new "
                             "database, or empty this one first.")
        counts = []
        for table in order:
            columns = await writer.columns(table)  # a source without one of them fails below, in the SELECT
            expected = await reader.count(table)
            await writer.execute(f"DELETE FROM {_quoted(table)}")  # rows that triggers made from the tables copied before
            done = 0
            try:
                async for rows in reader.rows(table, columns, batch_size):
                    await writer.insert(table, columns, rows)
                    done += len(rows)
                    if progress:
                        progress(table, done, expected)
            except (sqlite3.Error, asyncpg.PostgresError, asyncpg.InterfaceError, OSError, ValueError, TypeError) as error:
                reason = " ".join(str(error).split()) or type(error).__name__
                raise StoreError(f"Copying {table} failed, so nothing was copied: {reason}") from error
            counts.append((table, expected))
        checked = tuple([TableCount(t, n, await writer.count(t)) for t, n in counts])
        wrong = [f"{c.table} {c.target_rows} of {c.source_rows}" for c in checked if c.target_rows != c.source_rows]
        if wrong:
            raise StoreError(f"The counts differ after copying ({', '.join(wrong)} rows), so nothing was copied.")
        await writer.commit()
        return checked
    except BaseException:
        await writer.rollback()
        raise


def _copy_order(tables: Sequence[str], references: dict[str, set[str]], derived: set[str]) -> list[str]:
    """Every table to copy, parents before children (foreign keys), the tables triggers write last."""
    order: list[str] = []
    pending = sorted(set(tables) - _SKIPPED, key=lambda table: (table in derived, table))
    while pending:
        ready = next((t for t in pending if not (references.get(t, set()) - {t}) & set(pending)), None)
        if ready is None:
            raise StoreError(f"The schema's foreign keys make a cycle ({', '.join(pending)}): they cannot be copied in order.")
        order.append(ready)
        pending.remove(ready)
    return order


async def _check_version(reader: _Side, source: str | Path) -> None:
    current, latest = await reader.version(), available_migrations(reader.dialect)[-1].version
    if current < latest:
        raise StoreError(f"The source {_shown(source)} is at schema version {current}, this wordbot's is {latest}: "
                         f"run `wordbot db upgrade --database {_shown(source)}` on it first.")
    if current > latest:
        raise StoreError(f"The source {_shown(source)} is at schema version {current}, newer than this wordbot "
                         f"knows ({latest}): upgrade wordbot first.")


def _shown(where: str | Path) -> str:
    return redacted(str(where)) if is_postgres_url(where) else str(where)


def _quoted(name: str) -> str:
    return '"' + name.replace('"', '""') + '"'


async def _open(where: str | Path, *, role: str) -> _Side:
    """One end of the copy: the source only reads, in one snapshot; the target writes, in one transaction."""
    if is_postgres_url(where):
        pool = await create_pool(str(where), max_size=1)
        return _PostgresSide(pool, await pool.acquire())
    path = Path(where)
    if role == "source" and not path.is_file():
        raise StoreError(f"There is no database at {path}: check the source's path.")
    return await _SqliteSide.connect(path)


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
            conn.executescript("PRAGMA foreign_keys = ON; PRAGMA busy_timeout = 5000; SELECT COUNT(*) FROM sqlite_master;")
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
        """A target (``lock``: its tables) takes SQLite's one write lock; a source's snapshot starts at its first read."""
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
        """A source reads one snapshot; a target writes in one transaction, ``lock`` (its tables) against other writers."""
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
            await tx.rollback()

    async def close(self) -> None:
        await self.pool.release(self.conn)
        await self.pool.close()
