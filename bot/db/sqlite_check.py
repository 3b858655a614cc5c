"""Whether a SQLite file is sound: SQLite's own checks of every page, for ``wordbot db status`` and
for /healthz.

``PRAGMA quick_check`` reads every page and checks the structure of each b-tree (it finds a page
overwritten with garbage); ``PRAGMA integrity_check`` (``--full``) also checks that every index
matches its table, and takes longer. Either reads the whole file: seconds for a file of a few
gigabytes, too slow for every scrape of /healthz. So the bot runs ``quick_check`` in a thread of
its own, on a read-only connection, once at its first health check and again when the last result
is ``RECHECK_SECONDS`` old, and /healthz reports the last result (``IntegrityWatch``).
"""

from __future__ import annotations

import asyncio
import logging
import sqlite3
import time
from dataclasses import dataclass
from pathlib import Path

import aiosqlite

from bot.observe.errors import report

log = logging.getLogger(__name__)

RESTORE = ("Restore the last backup (wordbot db restore BACKUP --to NEW_FILE, then put NEW_FILE in this "
           "file's place with the bot stopped: docs/deploy.md, Backups).")
SHOWN_PROBLEMS = 5  # the lines of SQLite's report shown; the count says how many there were


@dataclass(frozen=True, slots=True)
class IntegrityReport:
    """What one check found: ``problems`` empty means the file passed."""

    check: str  # "quick_check" or "integrity_check"
    problems: tuple[str, ...]

    @property
    def sound(self) -> bool:
        return not self.problems

    def summary(self) -> str:
        """One line: ``ok (quick_check)``, or ``damaged: ...`` with SQLite's first problem."""
        if self.sound:
            return f"ok ({self.check})"
        count = len(self.problems)
        return (f"damaged: SQLite's {self.check} found {count} problem{'s' if count != 1 else ''} "
                f"(first: {self.problems[0]})")


def report_of(check: str, rows: list[tuple]) -> IntegrityReport:
    """The rows SQLite's check gave: a single ``ok``, or a line for each problem."""
    lines = tuple(str(row[0]) for row in rows)
    return IntegrityReport(check, () if lines == ("ok",) else lines)


def pragma(full: bool) -> tuple[str, str]:
    """The check's name and its statement (at most 100 problems: enough to say it is damaged)."""
    check = "integrity_check" if full else "quick_check"
    return check, f"PRAGMA {check}(100)"


def damaged(error: sqlite3.Error) -> bool:
    """Whether an error means the file's pages are damaged (as opposed to locked, missing, ...).
    A file that is not a database at all (SQLITE_NOTADB) is not "damaged": it is someone else's."""
    return getattr(error, "sqlite_errorname", "").startswith("SQLITE_CORRUPT")


def check_file(path: Path, *, full: bool = False, opened: list[sqlite3.Connection] | None = None) -> IntegrityReport:
    """Check the file at ``path`` on a read-only connection of its own (it never creates the file).
    ``opened`` receives the connection while it runs, so that another thread may interrupt it."""
    check, statement = pragma(full)
    conn = sqlite3.connect(Path(path).resolve().as_uri() + "?mode=ro", uri=True, timeout=5.0)
    try:
        if opened is not None:
            opened.append(conn)
        return report_of(check, conn.execute(statement).fetchall())
    except sqlite3.DatabaseError as error:
        if damaged(error):
            return IntegrityReport(check, (str(error),))
        raise
    finally:
        if opened is not None:
            opened.clear()
        conn.close()


async def check_connection(conn: aiosqlite.Connection, *, full: bool = False) -> IntegrityReport:
    """Check the file of an open connection (``wordbot db status``)."""
    check, statement = pragma(full)
    try:
        return report_of(check, list(await conn.execute_fetchall(statement)))  # one step: sqlite_schema.fetch_all
    except sqlite3.DatabaseError as error:
        if damaged(error):
            return IntegrityReport(check, (str(error),))
        raise


class IntegrityWatch:
    """The last ``quick_check`` of the bot's SQLite file, run in the background when it is due.

    ``problem()`` is what /healthz asks: it starts a check when none ran yet or the last is
    ``RECHECK_SECONDS`` old, and answers from the last result (nothing known yet counts as sound:
    a first check of a big file takes a while). Damage found is logged once, with an error id.
    """

    RECHECK_SECONDS = 6 * 3600.0

    def __init__(self, path: Path) -> None:
        self.path = path
        self.last: IntegrityReport | None = None
        self._checked_at: float | None = None  # time.monotonic() of the last check's start
        self._running: asyncio.Task[None] | None = None
        self._opened: list[sqlite3.Connection] = []

    def problem(self) -> str | None:
        due = self._checked_at is None or time.monotonic() - self._checked_at >= self.RECHECK_SECONDS
        if due and self._running is None:
            self._checked_at = time.monotonic()
            self._running = asyncio.create_task(self._check(), name="wordbot-sqlite-quick-check")
        if self.last is None or self.last.sound:
            return None
        return f"the file {self.path} is {self.last.summary()}. {RESTORE}"

    async def checked(self) -> IntegrityReport | None:
        """The result of the check running now (or the last one's, when none is running)."""
        if self._running is not None:
            await asyncio.shield(self._running)
        return self.last

    async def close(self) -> None:
        """Stop a check that is running (SQLite stops it at its next step)."""
        if self._running is not None:
            for conn in list(self._opened):
                conn.interrupt()
            await asyncio.gather(self._running, return_exceptions=True)

    async def _check(self) -> None:
        try:
            found = await asyncio.to_thread(check_file, self.path, opened=self._opened)
        except sqlite3.Error as error:  # locked, gone, interrupted: the file watch says what is wrong
            log.info("Could not check the database file %s: %s", self.path, error)
        else:
            if not found.sound and (self.last is None or self.last.sound):
                report(None, where="database", what=f"The database file {self.path} is {found.summary()}. "
                       f"{RESTORE}", traceback=False, logger=log)
            self.last = found
        finally:
            self._running = None
