"""The SQLite side of ``wordbot db backup`` and ``restore`` (``bot/db/backup.py``): a snapshot of
a live file through SQLite's online backup API, and the checks a backup file passes (SQLite's
integrity check, wordbot's tables, the rows of each table). Plain sqlite3, run in a thread.

The snapshot is one read transaction: the rows are counted and the pages copied inside it, so
the counts are the copy's own moment. In WAL mode (the bot's) a reader never waits for the
writer nor holds it up, so the bot keeps writing meanwhile; a file another program has locked
is waited for ``busy_seconds``, then refused.
"""

from __future__ import annotations

import os
import sqlite3
from pathlib import Path

from bot.db.errors import StoreError

HEADER = b"SQLite format 3\x00"
BUSY_SECONDS = 5.0
"""How long a snapshot waits for a file another program has locked before it gives up."""


def _tables(conn: sqlite3.Connection) -> list[str]:
    return sorted(r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table' "
                                             "AND name NOT LIKE 'sqlite_%'"))


def table_counts(conn: sqlite3.Connection) -> dict[str, int]:
    """The rows of every table (``schema_migrations`` too: a backup is the whole file)."""
    return {table: conn.execute(f'SELECT COUNT(*) FROM "{table}"').fetchone()[0] for table in _tables(conn)}


def _refusal(name: str, error: sqlite3.Error) -> StoreError:
    """One line for a SQLite error on the file ``name`` ("the database x.sqlite3", "the backup y")."""
    text, said = str(error), name[:1].upper() + name[1:]
    if "locked" in text or "busy" in text:
        return StoreError(f"{said} is locked by another program (waited {BUSY_SECONDS:g} s): "
                          "try again when it is done.")
    if "not a database" in text:
        return StoreError(f"{said} is not a SQLite database: check the path.")
    if "malformed" in text or "corrupt" in text:
        return StoreError(f"{said} is damaged ({text}): repair it, or use an older backup.")
    return StoreError(f"Cannot read {name}: {text}.")


def check_file(path: Path, role: str) -> None:
    """Refuse, with what to fix, a path that cannot be a wordbot SQLite file: missing, a folder, or
    not a SQLite file (read from its header, without opening it)."""
    if path.is_dir():
        raise StoreError(f"{path} is a folder, not {role}: give the path of a file.")
    if not path.is_file():
        raise StoreError(f"There is no {role.removeprefix('the ')} at {path}: check the path.")
    try:
        with path.open("rb") as file:
            header = file.read(len(HEADER))
    except OSError as error:
        raise StoreError(f"Cannot read {role} {path}: {error.strerror}.") from None
    if header != HEADER:
        raise StoreError(f"{path} is not a SQLite database{' (it is empty)' if not header else ''}: "
                         f"check the path of {role}.")


def _connect(path: Path) -> sqlite3.Connection:
    conn = sqlite3.connect(path, isolation_level=None, timeout=BUSY_SECONDS)
    conn.execute(f"PRAGMA busy_timeout = {int(BUSY_SECONDS * 1000)}")
    return conn


def snapshot(source: Path, copy: Path) -> dict[str, int]:
    """Copy the live database ``source`` into the new file ``copy``, as of one moment, and return
    the rows of each of its tables at that moment."""
    check_file(source, "the database")
    name = f"the database {source}"
    try:
        conn = _connect(source)
    except sqlite3.Error as error:
        raise _refusal(name, error) from None
    try:
        conn.execute("BEGIN")  # deferred: the snapshot starts at the first read, below
        counts = table_counts(conn)
        if "schema_migrations" not in counts:
            raise StoreError(f"{source} is a SQLite file but not a wordbot database (no schema_migrations table).")
        try:
            target = sqlite3.connect(copy)
            try:
                conn.backup(target)  # every page, in one step, inside this read transaction
            finally:
                target.close()
        except sqlite3.OperationalError as error:  # the backup's side: a full disk, a file that cannot be written
            if any(word in str(error) for word in ("full", "open", "readonly", "I/O")):
                raise StoreError(f"Cannot write the backup in {copy.parent}: {error}.") from None
            raise
        conn.execute("COMMIT")
        return counts
    except sqlite3.Error as error:
        raise _refusal(name, error) from None
    finally:
        conn.close()


def verify(path: Path, expected: dict[str, int] | None, name: str) -> dict[str, int]:
    """Check ``path`` (``name``: what messages call it) as a backup: SQLite's integrity check
    passes, wordbot's tables are there and (``expected``) hold exactly these rows. Returns the
    rows of each table. A backup just made (``expected`` given) is also turned to a rollback
    journal, one self-contained file, and synced to disk."""
    said = name[:1].upper() + name[1:]
    try:
        conn = _connect(path)
        try:
            problems = [r[0] for r in conn.execute("PRAGMA integrity_check(5)")]
            if problems != ["ok"]:
                raise StoreError(f"{said} fails SQLite's integrity check ({'; '.join(problems)}): "
                                 + ("the database may be damaged, so no backup was kept." if expected is not None
                                    else "use another backup."))
            counts = table_counts(conn)
            if "schema_migrations" not in counts:
                raise StoreError(f"{said} is a SQLite file but not a wordbot backup (no schema_migrations table).")
            if expected is not None:
                wrong = [f"{t} {counts.get(t, 0)} of {n}" for t, n in expected.items() if counts.get(t, 0) != n]
                wrong += [f"{t} is extra" for t in counts.keys() - expected.keys()]
                if wrong:
                    raise StoreError(f"{said} holds other rows than the database did ({', '.join(wrong)}), so "
                                     "no backup was kept.")
                conn.execute("PRAGMA journal_mode = DELETE").fetchall()
        finally:
            conn.close()
    except sqlite3.Error as error:
        raise _refusal(name, error) from None
    if expected is not None:
        sync(path)
    return counts


def sync(path: Path) -> None:
    """Flush ``path`` to disk: a file just written, or a folder after a rename (where the system
    lets a folder be opened)."""
    try:
        fd = os.open(path, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)
