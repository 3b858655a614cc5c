"""Online backups: ``wordbot db backup FILE`` and ``wordbot db restore FILE --to TARGET`` (issue 35).

A backup is always one SQLite file, a consistent snapshot taken while the bot runs and writes:
- from SQLite, SQLite's online backup API inside one read transaction (``bot/db/backup_sqlite.py``);
- from PostgreSQL, ``db copy``'s machinery into a new SQLite file: its source is read in one
  repeatable-read transaction, so the file is the database as of one moment too.
It is written under a temporary name beside FILE, checked (SQLite's integrity check, and every
table holding the rows the source held at the snapshot), then renamed to FILE: a FILE that is
there is a whole, checked backup. An existing FILE is kept unless ``force``.

A restore is ``db copy`` from a checked backup: all or nothing, into an empty target (a SQLite
file or a PostgreSQL database), which it refuses when any table has a row.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypeVar

from bot.db.backup_sqlite import check_file, snapshot, sync, verify
from bot.db.copy import CopyReport, Progress, TableCount, _shown, copy_database
from bot.db.copy_sides import _SKIPPED
from bot.db.errors import StoreError
from bot.db.schema import available_migrations
from bot.db.url import is_postgres_url
from bot.paths import complaint

T = TypeVar("T")


@dataclass(frozen=True, slots=True)
class BackupReport:
    source: str  # as shown: a URL without its password
    file: Path
    tables: tuple[TableCount, ...]  # source_rows: at the snapshot; target_rows: in the file, checked
    # (schema_migrations is checked too, and left out here, as db copy leaves it out)
    size: int  # bytes
    seconds: float

    @property
    def rows(self) -> int:
        return sum(t.target_rows for t in self.tables)


async def backup_database(source: str | Path, file: Path, *, force: bool = False) -> BackupReport:
    """Write a checked snapshot of ``source`` (a SQLite file or a PostgreSQL URL) to the SQLite
    file ``file``; ``StoreError`` (one line saying what to fix) for every refusal and failure,
    and then no file is left behind (an existing ``file`` is as it was)."""
    started = time.perf_counter()
    file = Path(file)
    _check_destination(source, file, force)
    partial = file.with_name(f".{file.name}.{os.getpid()}.partial")
    try:
        partial.open("wb").close()  # a folder that may not be written is said now, naming FILE
    except OSError as error:
        raise StoreError(complaint("write the backup", file, error)) from None
    try:
        if is_postgres_url(source):
            copied = await copy_database(source, partial)
            expected = {t.table: t.source_rows for t in copied.tables}
            expected["schema_migrations"] = len(available_migrations("sqlite"))  # the file's own, made by the copy
        else:
            expected = await _in_thread(snapshot, Path(source), partial)
        found = await _in_thread(verify, partial, expected, f"the snapshot of {_shown(source)}")
        _publish(partial, file, force)
    finally:
        _remove(partial)
    tables = tuple(TableCount(table, rows, found[table]) for table, rows in sorted(expected.items())
                   if table not in _SKIPPED)  # wordbot's own rows, as db copy counts them
    return BackupReport(_shown(source), file, tables, file.stat().st_size, time.perf_counter() - started)


async def restore_database(file: Path, target: str | Path, progress: Progress | None = None) -> CopyReport:
    """Put the backup ``file`` back into the empty database ``target`` (all or nothing), after
    checking it as a backup is checked when it is made."""
    file = Path(file)
    check_file(file, "the backup")
    await asyncio.to_thread(verify, file, None, f"the backup {file}")
    return await copy_database(file, target, progress)


async def _in_thread(work: Callable[..., T], *args: Any) -> T:
    """``work(*args)`` in a thread. A thread cannot be stopped: on a cancel (Ctrl-C) it is let
    finish before the cancel goes on, so that the partial file it writes is removed after it."""
    done = asyncio.ensure_future(asyncio.to_thread(work, *args))
    try:
        return await asyncio.shield(done)
    except asyncio.CancelledError:
        with contextlib.suppress(Exception):
            await done
        raise


def _check_destination(source: str | Path, file: Path, force: bool) -> None:
    if file.is_dir():
        raise StoreError(f"{file} is a folder: give the backup a file name, e.g. {file / 'wordbot-backup.sqlite3'}.")
    if not file.parent.is_dir():
        raise StoreError(f"There is no folder {file.parent} for the backup: create it first, or check the path.")
    if not is_postgres_url(source) and file.exists() and file.resolve() == Path(source).resolve():
        raise StoreError(f"{file} is the database itself: give the backup another name.")
    if file.exists() and not force:
        raise StoreError(f"{file} exists already: give another name, or add --force to replace it.")


def _publish(partial: Path, file: Path, force: bool) -> None:
    """Give the checked backup its name, at once: a reader of ``file`` sees the old file or the new."""
    if force:
        os.replace(partial, file)
    else:
        try:
            os.link(partial, file)  # never replaces a file made meanwhile
        except FileExistsError:
            raise _appeared(file) from None
        except OSError:  # a file system without hard links
            if file.exists():
                raise _appeared(file) from None
            os.replace(partial, file)
    sync(file.parent)


def _appeared(file: Path) -> StoreError:
    return StoreError(f"{file} appeared while the backup was made: give another name, or add --force to replace it.")


def _remove(partial: Path) -> None:
    for leftover in (partial, *(partial.with_name(partial.name + end) for end in ("-journal", "-wal", "-shm"))):
        leftover.unlink(missing_ok=True)
