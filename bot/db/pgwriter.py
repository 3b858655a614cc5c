"""PostgreSQL's group commit: the units of work that arrive together run in one transaction.

A unit of work is a store's ``async def work(tx)``. Each runner takes every unit waiting (up to
``MAX_BATCH``), runs them one after the other on one connection inside one ``BEGIN`` ... ``COMMIT``,
then gives each caller its own result: one commit (one WAL flush) per batch, instead of a pool
hand-off, ``BEGIN``, ``COMMIT`` and a flush per unit; with nothing else waiting, a unit runs at
once, alone. A batch that is one statement needs no ``BEGIN``/``COMMIT`` at all: a ``Statement``
alone (``db.write``, ``db.write_returning``), or ``db.call``s of one server-side function, which
go together as one statement (``bot/db/pg_calls.py``). So a player alone guessing costs one round
trip per guess, and a crowd's guesses one round trip per batch.

The guarantees are those of one transaction per unit:
- a caller's await returns only after the COMMIT of its unit (an acknowledged write is durable);
- one unit failing fails alone: the batch is rolled back and run again with a savepoint around
  each unit, so the others still count, exactly once (a unit may therefore run twice: its
  body must depend on nothing but what its statements return, as every store's does);
- a conflict between transactions (a deadlock with another process's batch, which the server
  detects and breaks) rolls the batch back and runs its units again, each in a transaction of
  its own, so no lock is held for another unit;
- the server gone (connection lost, refused, timed out; starting, stopping or full: ``LOST``)
  fails every unit of the batch with a ``StoreError``: none was acknowledged, and a write that
  did commit is one the caller may repeat (every store write is idempotent by its keys).
"""

from __future__ import annotations

import asyncio
import logging
from collections import deque
from collections.abc import Sequence
from typing import Any, TypeVar

import asyncpg

from bot.db.dialect import rowcount, to_postgres
from bot.db.errors import StoreError
from bot.db.pg_calls import one_statement, runs, send
from bot.db.transaction import Row, Work
from bot.observe import metrics

log = logging.getLogger(__name__)
T = TypeVar("T")

LOST = (OSError, TimeoutError, asyncpg.exceptions.PostgresConnectionError, asyncpg.exceptions.InterfaceError,
        asyncpg.exceptions.InternalClientError, asyncpg.exceptions.AdminShutdownError,
        asyncpg.exceptions.CrashShutdownError, asyncpg.exceptions.CannotConnectNowError,
        asyncpg.exceptions.IdleSessionTimeoutError, asyncpg.exceptions.TooManyConnectionsError)
"""The server went away, cannot be reached, does not answer or will not take a connection now
(as opposed to a statement that failed): the database is down for the moment, not our bug, and
a unit that met it was not acknowledged. InternalClientError is a connection a vanished server
left mid-operation; the 08 class (PostgresConnectionError) is a connection that failed or was
refused. Of class 57, "operator intervention", the kin that end or refuse a connection: 57P01 a
session ended by an administrator or a fast shutdown, 57P02 a server that crashed, 57P03 a server
starting up, shutting down or in recovery, 57P05 a session ended as idle; not 57014 (a statement
cancelled: the statement's failure) nor 57P04 (the database dropped: no minute's wait brings it
back). 53300, every connection slot taken, refuses a connection as a busy server would, for a
moment."""

CONFLICT = asyncpg.exceptions.TransactionRollbackError
"""A deadlock or serialization failure: the transaction lost a race, and may simply run again."""


class PostgresTransaction:
    def __init__(self, conn: asyncpg.Connection) -> None:
        self.conn = conn

    async def execute(self, sql: str, params: Sequence[Any] = ()) -> int:
        return rowcount(await self.conn.execute(to_postgres(sql), *params))

    async def fetch_one(self, sql: str, params: Sequence[Any] = ()) -> Row | None:
        return await self.conn.fetchrow(to_postgres(sql), *params)

    async def fetch_all(self, sql: str, params: Sequence[Any] = ()) -> list[Row]:
        return await self.conn.fetch(to_postgres(sql), *params)

    async def lock(self, key: str) -> None:
        await self.conn.execute("SELECT pg_advisory_xact_lock(hashtext($1))", key)


Unit = tuple[Work[Any], asyncio.Future]
Settled = tuple[asyncio.Future, Any, BaseException | None]


class PostgresWriter:
    """At most ``runners`` tasks, each running waiting units as one transaction on a connection
    of ``pool``: several batches at once keep the server busy while another batch's results
    travel back. A runner starts when a unit arrives and none is free, and ends when nothing
    is waiting, so an idle writer holds no task and no connection."""

    MAX_BATCH = 32

    def __init__(self, pool: asyncpg.Pool, *, runners: int = 4) -> None:
        self.pool = pool
        self.runners = runners
        self._waiting: deque[Unit] = deque()
        self._active: set[asyncio.Task] = set()
        self._closed = False

    async def submit(self, work: Work[T]) -> T:
        if self._closed:
            raise StoreError("The database is closed.")
        future = asyncio.get_running_loop().create_future()
        self._waiting.append((work, future))
        if len(self._active) < self.runners:
            runner = asyncio.create_task(self._serve(), name="wordbot-pg-writer")
            self._active.add(runner)
        return await future

    async def close(self) -> None:
        """Finish what is waiting, then refuse more."""
        self._closed = True
        while self._active:
            await asyncio.gather(*self._active)

    async def _serve(self) -> None:
        batch: list[Unit] = []
        try:
            while self._waiting:
                batch = [self._waiting.popleft() for _ in range(self._share())]
                batch = [unit for unit in batch if not unit[1].cancelled()]  # its caller gave up before it began
                if batch:
                    _settle_all(await metrics.timed_batch_async("postgres", len(batch), self._run(batch)))
        except asyncio.CancelledError:  # the loop is shutting down: nobody is left to answer
            for _, future in batch:
                future.cancel()
            raise
        finally:
            self._active.discard(asyncio.current_task())  # in the step that found nothing waiting

    def _share(self) -> int:
        """How many waiting units this runner takes: an even share between the runners (so a crowd
        arriving at once keeps every runner busy), at most ``MAX_BATCH``."""
        return min(self.MAX_BATCH, -(-len(self._waiting) // self.runners))

    async def _run(self, batch: list[Unit]) -> list[Settled]:
        try:
            async with self.pool.acquire() as conn:
                try:
                    if one_statement([work for work, _ in batch]):
                        return await _without_transaction(conn, batch)
                    return await _transaction(conn, batch, isolate=False)
                except _UnitFailed:
                    return await _transaction(conn, batch, isolate=True)
                except CONFLICT:
                    return await _one_by_one(conn, batch)
        except LOST as error:
            return _lost(batch, error)
        except Exception as error:  # never leave a caller waiting for an answer that will not come
            log.exception("The database writer failed a batch")
            return [(future, None, error) for _, future in batch]


async def _transaction(conn: asyncpg.Connection, batch: list[Unit], *, isolate: bool) -> list[Settled]:
    """The batch in one transaction. Without ``isolate``, a unit that fails rolls everything back
    (``_UnitFailed``), and the calls of one function go as one statement (``pg_calls.runs``);
    with it, each unit has a savepoint, and a unit that fails is undone alone."""
    outcomes: list[Settled] = []
    tx = PostgresTransaction(conn)
    async with conn.transaction():
        if not isolate:
            for run in runs([work for work, _ in batch]):
                outcomes += await _statement(conn, [batch[index] for index in run], tx)
            return outcomes
        for work, future in batch:
            try:
                async with conn.transaction():  # a savepoint
                    outcomes.append((future, await work(tx), None))
            except LOST:
                raise
            except Exception as error:  # a conflict here fails this unit alone
                outcomes.append((future, None, error))
    return outcomes


async def _without_transaction(conn: asyncpg.Connection, batch: list[Unit]) -> list[Settled]:
    """A batch that is one statement (one ``Statement``, or calls of one function): sent as it is,
    a transaction by itself, with no ``BEGIN``/``COMMIT``: one round trip. A single unit that fails
    fails alone at once; a unit of several failing undid them all (``_UnitFailed``)."""
    try:
        return await _statement(conn, batch, PostgresTransaction(conn))
    except _UnitFailed as failed:
        if len(batch) > 1:
            raise
        return [(batch[0][1], None, failed.__cause__)]


async def _statement(conn: asyncpg.Connection, units: list[Unit], tx: PostgresTransaction) -> list[Settled]:
    """Units that make one statement (``pg_calls.one_statement``), sent as one."""
    try:
        results = await send(conn, [work for work, _ in units], tx)
    except (*LOST, CONFLICT):
        raise
    except Exception as error:
        raise _UnitFailed from error
    return [(future, result, None) for (_, future), result in zip(units, results, strict=True)]


async def _one_by_one(conn: asyncpg.Connection, batch: list[Unit]) -> list[Settled]:
    """Each unit in a transaction of its own: a unit committed before the connection is lost keeps
    its answer."""
    outcomes: list[Settled] = []
    for done, unit in enumerate(batch):
        try:
            outcomes += await _transaction(conn, [unit], isolate=True)
        except LOST as error:
            return outcomes + _lost(batch[done:], error)
    return outcomes


def _lost(batch: list[Unit], error: BaseException) -> list[Settled]:
    failure = StoreError(f"The database could not be written: {error or type(error).__name__}")
    failure.__cause__ = error
    return [(future, None, failure) for _, future in batch]


class _UnitFailed(Exception):
    """A unit of a batch run without savepoints failed: run the batch again, isolated."""


def _settle_all(outcomes: list[Settled]) -> None:
    for future, result, error in outcomes:
        if future.done():
            continue
        if error is not None:
            future.set_exception(error)
        else:
            future.set_result(result)
