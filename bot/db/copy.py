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

import sqlite3
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import asyncpg

from bot.db.copy_sides import _SKIPPED, _PostgresSide, _quoted, _SqliteSide
from bot.db.errors import StoreError
from bot.db.open import open_database
from bot.db.postgres import create_pool
from bot.db.schema import available_migrations
from bot.db.sqlite_file import check_database_path
from bot.db.url import is_postgres_url, redacted

_Side = Any  # _SqliteSide or _PostgresSide: the same methods (bot/db/copy_sides.py)
Progress = Callable[[str, int, int], None]
"""Called as rows go in: (table, rows of it copied so far, rows of it in all)."""

BATCH = 1000


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
        await (await open_database(target)).close()  # the target's schema, up to date
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
    try:
        return await _copy_in_order(reader, writer, order, progress, batch_size)
    finally:
        await reader.rollback()  # the source's snapshot ends (it wrote nothing) before its connection goes


async def _copy_in_order(reader: _Side, writer: _Side, order: list[str], progress: Progress | None,
                         batch_size: int) -> tuple[TableCount, ...]:
    """The rows of every table of ``order``, in one transaction of the target, committed only
    when every count is right; rolled back on any failure or a cancel."""
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
            # rows that triggers made from the tables copied before
            await writer.execute(f"DELETE FROM {_quoted(table)}")
            done = 0
            try:
                async for rows in reader.rows(table, columns, batch_size):
                    await writer.insert(table, columns, rows)
                    done += len(rows)
                    if progress:
                        progress(table, done, expected)
            except (sqlite3.Error, asyncpg.PostgresError, asyncpg.InterfaceError, OSError, ValueError,
                    TypeError) as error:
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
            raise StoreError(f"The schema's foreign keys make a cycle ({', '.join(pending)}): "
                             "they cannot be copied in order.")
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


async def _open(where: str | Path, *, role: str) -> _Side:
    """One end of the copy: the source only reads, in one snapshot; the target writes, in one transaction."""
    if is_postgres_url(where):
        pool = await create_pool(str(where), max_size=1)
        try:
            return _PostgresSide(pool, await pool.acquire())
        except BaseException:
            await pool.close()
            raise
    path = Path(where)
    if role == "source" and not path.is_file():
        raise StoreError(f"There is no database at {path}: check the source's path.")
    return await _SqliteSide.connect(path)
