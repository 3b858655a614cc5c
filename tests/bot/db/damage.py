"""A SQLite file damaged as a failing disk damages one: a page in the middle overwritten with garbage."""

import random
import sqlite3
from pathlib import Path

FILLER_TABLES = 3
FILLER_ROWS = 2000


def fill(path: Path) -> None:
    """Tables of rows (and an index each) beside the bot's, so that the file has many pages, all
    in the main file (the WAL checkpointed into it)."""
    conn = sqlite3.connect(path, isolation_level=None)
    try:
        conn.execute("BEGIN")  # one commit: a commit each was 6,000 waits for the disk (2 s)
        for table in range(FILLER_TABLES):
            conn.execute(f"CREATE TABLE filler_{table} (id INTEGER PRIMARY KEY, word TEXT NOT NULL, n INTEGER)")
            conn.execute(f"CREATE INDEX filler_{table}_word ON filler_{table} (word)")
            conn.executemany(f"INSERT INTO filler_{table} (word, n) VALUES (?, ?)",
                             [(f"word {n} of table {table} " * 3, n) for n in range(FILLER_ROWS)])
        conn.execute("COMMIT")
        assert conn.execute("PRAGMA wal_checkpoint(TRUNCATE)").fetchone()[0] == 0  # not blocked
    finally:
        conn.close()


def damage(path: Path) -> int:
    """Overwrite the page in the middle of the file with garbage; its number. SQLite's own full
    check must then find the file damaged (asserted here, so that a test relies on a real fault)."""
    with sqlite3.connect(path) as conn:
        pages, size = (conn.execute(f"PRAGMA {name}").fetchone()[0] for name in ("page_count", "page_size"))
    conn.close()
    middle = pages // 2
    with open(path, "r+b") as file:
        file.seek((middle - 1) * size)  # pages are numbered from 1
        file.write(random.Random(middle).randbytes(size))
    assert not integrity_ok(path)
    return middle


def integrity_ok(path: Path) -> bool:
    conn = sqlite3.connect(path)
    try:
        return conn.execute("PRAGMA integrity_check").fetchall() == [("ok",)]
    except sqlite3.DatabaseError as error:
        assert "malformed" in str(error)
        return False
    finally:
        conn.close()
