"""The PostgreSQL backend: an asyncpg pool, shared by reads and the group-commit writer.

Reads take a connection of the pool each. Transactions go through ``PostgresWriter``
(``bot/db/pgwriter.py``): the units of work that arrive together run in one database
transaction, a savepoint's worth apart. Several processes (clusters) may write at once:
exactly-once rules live in the schema's keys,
``ON CONFLICT`` and row locks, never in one process's memory. Migrations are the files
``migrations/postgres/NNNN_name.sql``; they run in one transaction under an advisory lock, so
two processes starting together migrate once.
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Sequence
from typing import Any, TypeVar

import asyncpg

from bot.db.database import Database
from bot.db.dialect import to_postgres
from bot.db.errors import StoreError
from bot.db.pg_calls import Call
from bot.db.pgwriter import LOST as _LOST, PostgresTransaction as PostgresTransaction, PostgresWriter
from bot.db.schema import Migration, SchemaStatus, newer_than_ours, status_of
from bot.db.transaction import Routine, Row, Work
from bot.db.url import invalid, redacted, url_problem, without_secrets

log = logging.getLogger(__name__)
T = TypeVar("T")

_MIGRATION_LOCK = 0x776F7264  # pg_advisory_xact_lock key of migrations ('word')


async def schema_status(conn: asyncpg.Connection) -> SchemaStatus:
    current = 0
    if await conn.fetchval("SELECT to_regclass('schema_migrations') IS NOT NULL"):
        current = await conn.fetchval("SELECT COALESCE(MAX(version), 0) FROM schema_migrations")
    return status_of(current, "postgres")


async def upgrade(conn: asyncpg.Connection, *, up_to: int | None = None) -> list[Migration]:
    """Apply every pending migration (or those up to ``up_to``) in one transaction, or none."""
    try:
        async with conn.transaction():
            await conn.execute("SELECT pg_advisory_xact_lock($1)", _MIGRATION_LOCK)
            status = await schema_status(conn)
            if status.current > status.latest:
                raise newer_than_ours(status, "database")
            pending = [m for m in status.pending if up_to is None or m.version <= up_to]
            if pending:
                await conn.execute(_SCHEMA_MIGRATIONS_TABLE)
            for migration in pending:
                await conn.execute(migration.sql)
                await conn.execute("INSERT INTO schema_migrations (version, name) VALUES ($1, $2)",
                                   migration.version, migration.name)
    except asyncpg.PostgresError as error:
        raise StoreError(f"Migration failed and was rolled back, nothing changed: {error}") from error
    for migration in pending:
        log.info("Applied migration %s", migration.name)
    return pending


STATEMENT_SECONDS = 30.0
"""No statement waits longer: a server that hangs (rather than closing its connections) turns a
guess into a clear error, never a reply that never comes."""


STATEMENTS_CACHED = 1024
"""Prepared statements each connection keeps (asyncpg's cache, by SQL text): more than the stores
have, so a statement is parsed and planned once per connection, and never again (no lifetime:
asyncpg's default would prepare each again every five minutes)."""


class _OutageWithoutTraceback(logging.Filter):
    """asyncpg's pool reconnects in the background while the server is away (to keep its
    ``min_size``, its "connection floor"), and logs each failed try as a warning with a
    traceback: an outage is not a bug to trace (``bot.db.outage``), so its line keeps the
    error's message and loses the traceback. Any other error keeps its traceback."""

    def filter(self, record: logging.LogRecord) -> bool:
        error = record.exc_info[1] if record.exc_info else None
        if isinstance(error, _LOST):
            record.msg, record.args = f"{record.getMessage()}: {error or type(error).__name__}", ()
            record.exc_info = record.exc_text = None
        return True


_POOL_LOG = logging.getLogger("asyncpg.pool")


async def create_pool(url: str, *, max_size: int = 10) -> asyncpg.Pool:
    """A pool of connections to ``url``; a clear ``StoreError`` when that cannot be."""
    if not any(isinstance(f, _OutageWithoutTraceback) for f in _POOL_LOG.filters):
        _POOL_LOG.addFilter(_OutageWithoutTraceback())
    shown = redacted(url)
    problem = url_problem(url)
    if problem:
        raise StoreError(invalid(shown, problem))
    try:
        return await asyncpg.create_pool(url, min_size=1, max_size=max_size, timeout=10,
                                         command_timeout=STATEMENT_SECONDS, reset=_keep_session,
                                         statement_cache_size=STATEMENTS_CACHED, max_cached_statement_lifetime=0)
    except (ValueError, asyncpg.exceptions.ClientConfigurationError) as error:
        raise StoreError(invalid(shown, without_secrets(str(error), url))) from None
    except asyncpg.exceptions.InvalidPasswordError:
        raise StoreError(f"PostgreSQL refused the user or password of {shown}: check them in the URL.") from None
    except asyncpg.exceptions.InvalidCatalogNameError:
        raise StoreError(f"There is no database named in {shown}: create it first (createdb), "
                         "or check the URL.") from None
    except (*_LOST, TimeoutError, asyncpg.PostgresError) as error:
        raise StoreError(f"Cannot connect to PostgreSQL at {shown}: {error or type(error).__name__}. "
                         "Is the server running, and is the URL right?") from None


async def _keep_session(conn: asyncpg.Connection) -> None:
    """A connection back in the pool keeps its session: wordbot sets nothing on a session (no
    SET, LISTEN, cursor or session lock; its locks end with their transaction), so asyncpg's
    reset (a round trip to the server each time) would undo nothing. An open transaction is still
    rolled back by the pool."""


class PostgresDatabase(Database):
    dialect = "postgres"

    def __init__(self, pool: asyncpg.Pool, url: str) -> None:
        self.pool = pool
        self.url = url
        self.writer = PostgresWriter(pool)

    @classmethod
    async def connect(cls, url: str) -> PostgresDatabase:
        pool = await create_pool(url)
        try:
            async with pool.acquire() as conn:
                await upgrade(conn)
        except BaseException:
            await pool.close()
            raise
        return cls(pool, url)

    async def close(self) -> None:
        await self.writer.close()
        await self.pool.close()

    async def transaction(self, work: Work[T]) -> T:
        """``work`` in the writer's next batch (see ``PostgresWriter``): one transaction for the
        units that arrive together, a savepoint's worth of isolation for each."""
        return await _writable(self.writer.submit(work))

    async def call(self, routine: Routine, params: Sequence[Any]) -> Row:
        """One statement, ``SELECT * FROM function(...)``; with the other calls of the function in
        its batch, one statement for them all (``bot/db/pg_calls.py``)."""
        return await _writable(self.writer.submit(Call(routine, params)))

    async def health_problem(self) -> str | None:
        """A connection of the pool must answer (a pool whose connections fail raises), and the
        server must take writes: a standby, or a database set read-only, answers reads only."""
        row = await self.fetch_one("SELECT current_setting('transaction_read_only') = 'on' AS read_only, "
                                   "pg_is_in_recovery() AS standby")
        if row is not None and (row["read_only"] or row["standby"]):
            return "the server takes no writes (" + ("a standby in recovery" if row["standby"] else "read-only") + ")"
        return None

    async def fetch_one(self, sql: str, params: Sequence[Any] = ()) -> Row | None:
        try:
            return await self.pool.fetchrow(to_postgres(sql), *params)
        except _LOST as error:
            raise StoreError(f"The database could not be read: {error or type(error).__name__}") from error

    async def fetch_all(self, sql: str, params: Sequence[Any] = ()) -> list[Row]:
        try:
            return await self.pool.fetch(to_postgres(sql), *params)
        except _LOST as error:
            raise StoreError(f"The database could not be read: {error or type(error).__name__}") from error


async def _writable(write: Awaitable[T]) -> T:
    """A write's result; a server that takes no writes (a standby, a database set read-only) is the
    database's failure, as a server gone is (``health_problem`` says it too), not the write's."""
    try:
        return await write
    except asyncpg.exceptions.ReadOnlySQLTransactionError as error:
        raise StoreError("The database could not be written: the server takes no writes (read-only)") from error


_SCHEMA_MIGRATIONS_TABLE = """
CREATE TABLE IF NOT EXISTS schema_migrations (
    version    INTEGER PRIMARY KEY,
    name       TEXT NOT NULL,
    applied_at TEXT NOT NULL DEFAULT (to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))
);
"""
