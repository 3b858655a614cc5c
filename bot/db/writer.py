"""One thread that makes every write of the bot, in batches: group commit.

Its connection runs with ``synchronous = FULL``: in WAL mode, each COMMIT waits until the WAL is
on the disk (one fsync per batch, however many writes it holds), so an acknowledged write
survives a power cut, not only a crash of the process (NORMAL's promise). Its cost, measured
against NORMAL, is in docs/scaling.md (``benchmarks/scale.py --parts sync``).
"""

from __future__ import annotations

import asyncio
import queue
import sqlite3
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

from bot.db.errors import StoreError
from bot.db.sqlite_watch import CANNOT_WRITE, FileWatch
from bot.observe import metrics

T = TypeVar("T")
Request = tuple[Callable[[sqlite3.Connection], Any], asyncio.Future]
Settled = tuple[asyncio.Future, Any, BaseException | None]

SYNCHRONOUS = "FULL"
"""How SQLite waits for the disk at a COMMIT (see above); the benchmark compares "NORMAL"."""


class GroupWriter:
    """One thread with its own connection that makes every write, in batches (group commit).

    Requests queued while a batch commits form the next batch: one ``BEGIN IMMEDIATE`` ...
    ``COMMIT`` for all of them. A failing request fails alone (the batch is run again with a
    savepoint for each request) and the others still count, exactly once. Each request's outcome reaches its future only
    after the commit, so an answer never reports a write that might still be lost; and only while
    the file committed to is still the file at the database's path (``FileWatch``): a batch
    committed into a file that was deleted or replaced fails, and so does every write after it.
    """

    MAX_BATCH = 500

    def __init__(self, path: str | Path, loop: asyncio.AbstractEventLoop, *, synchronous: str = SYNCHRONOUS) -> None:
        self.loop = loop
        self.conn = sqlite3.connect(path, isolation_level=None, check_same_thread=False)
        self.conn.row_factory = sqlite3.Row
        pragmas = ("busy_timeout = 5000", "journal_mode = WAL", "foreign_keys = ON", f"synchronous = {synchronous}")
        for pragma in pragmas:
            self.conn.execute(f"PRAGMA {pragma}").fetchall()
        self.watch = FileWatch(path)
        self._requests: queue.SimpleQueue[Request | None] = queue.SimpleQueue()
        self._thread = threading.Thread(target=self._serve, name="wordbot-db-writer", daemon=True)
        self._thread.start()

    def submit(self, work: Callable[[sqlite3.Connection], T]) -> asyncio.Future[T]:
        future = self.loop.create_future()
        self._requests.put((work, future))
        return future

    def close(self) -> None:
        self._requests.put(None)
        self._thread.join()
        self.conn.close()

    def _serve(self) -> None:
        while (first := self._requests.get()) is not None:
            batch = [first]
            while len(batch) < self.MAX_BATCH:
                try:
                    request = self._requests.get_nowait()
                except queue.Empty:
                    break
                if request is None:
                    self._requests.put(None)  # finish this batch, then stop
                    break
                batch.append(request)
            metrics.timed_batch("sqlite", len(batch), self._run_batch, batch)

    def _run_batch(self, batch: list[Request]) -> None:
        """The whole batch in one transaction; should a request fail, the batch is rolled back and
        run again with a savepoint for each request, so that only the failing one fails. The
        file at the path is compared with the one opened before the batch (a file already gone is
        never written) and after its COMMIT, before any answer (one that went meanwhile fails the
        batch: its writes may be in the file moved away, and each may be made again)."""
        lost = self.watch.check_lost()
        if lost is None:
            outcomes = self._committed(batch)
            lost = self.watch.check_lost()
        if lost is not None:
            failure = StoreError(f"The database could not be written: {lost}")
            outcomes = [(future, None, failure) for _, future in batch]
        self.loop.call_soon_threadsafe(_settle_all, outcomes)  # one wake-up of the loop for the batch

    def _committed(self, batch: list[Request]) -> list[Settled]:
        try:
            try:
                outcomes = self._transaction(batch, isolate=False)
            except _RequestFailed:
                outcomes = self._transaction(batch, isolate=True)
        except sqlite3.Error as error:  # locked past the busy timeout, disk full, read-only, ...
            self.watch.wrote(error)
            failure = _not_written(error)
            return [(future, None, failure) for _, future in batch]
        if not any(isinstance(error, StoreError) for _, _, error in outcomes):
            self.watch.wrote(None)
        return outcomes

    def _failure(self, error: Exception) -> Exception:
        """A request's own error; a file that cannot be written (disk full, ...) is the database's
        (a ``StoreError``: the player is told the database is down), not the request's."""
        if isinstance(error, sqlite3.Error) and getattr(error, "sqlite_errorname", "").startswith(CANNOT_WRITE):
            self.watch.wrote(error)
            return _not_written(error)
        return error

    def _transaction(self, batch, *, isolate: bool) -> list[Settled]:
        outcomes: list[Settled] = []
        self.conn.execute("BEGIN IMMEDIATE")
        try:
            for work, future in batch:
                if isolate:
                    self.conn.execute("SAVEPOINT request")
                try:
                    outcomes.append((future, work(self.conn), None))
                except Exception as error:
                    if isinstance(error, sqlite3.Error) and not self.conn.in_transaction:
                        raise  # SQLite undid the whole transaction (disk full, an I/O error): the batch fails
                    if not isolate:
                        raise _RequestFailed from error
                    self.conn.execute("ROLLBACK TO request")
                    outcomes.append((future, None, self._failure(error)))
                if isolate:
                    self.conn.execute("RELEASE request")
            self.conn.execute("COMMIT")
        except BaseException:
            if self.conn.in_transaction:
                self.conn.execute("ROLLBACK")
            raise
        return outcomes


def _not_written(error: sqlite3.Error) -> StoreError:
    failure = StoreError(f"The database could not be written: {error}")
    failure.__cause__ = error
    return failure


class _RequestFailed(Exception):
    """A request of a batch run without savepoints failed: run the batch again, isolated."""


def _settle_all(outcomes: list[Settled]) -> None:
    for future, result, error in outcomes:
        if future.cancelled():
            continue
        if error is not None:
            future.set_exception(error)
        else:
            future.set_result(result)
