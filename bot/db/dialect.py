"""What differs between the two SQL dialects, in one place.

Stores write SQL once, in SQLite's spelling where the two differ only in spelling: ``?`` (or
``?1``, ``?2`` ...) placeholders and ``NOW`` (the current time as ISO 8601 text). Here that SQL
becomes PostgreSQL's: ``$1, $2 ...`` outside string literals, and ``wordbot_now()``, a function
of the Postgres schema that gives the same text as SQLite's ``strftime``. Everything else the
stores write is SQL both understand (upserts with a conflict target, RETURNING, CASE).
"""

from __future__ import annotations

import functools
import re

NOW = "strftime('%Y-%m-%dT%H:%M:%fZ', 'now')"
"""The current time, UTC, as text: '2026-11-21T09:00:00.123Z' (the same on both backends)."""

_PG_NOW = "wordbot_now()"
_ROWCOUNT = re.compile(r"(\d+)$")


@functools.lru_cache(maxsize=1024)
def to_postgres(sql: str) -> str:
    """SQLite-spelled SQL as PostgreSQL reads it: placeholders numbered, NOW as a function."""
    sql = sql.replace(NOW, _PG_NOW)
    out: list[str] = []
    quote: str | None = None
    numbered = plain = 0
    i = 0
    while i < len(sql):
        ch = sql[i]
        if quote:
            quote = None if ch == quote else quote
        elif ch in "'\"":
            quote = ch
        elif ch == "?":
            digits = re.match(r"\d+", sql[i + 1:])
            if digits:
                numbered += 1
                out.append("$" + digits[0])
                i += 1 + len(digits[0])
                continue
            plain += 1
            ch = f"${plain}"
        out.append(ch)
        i += 1
    if numbered and plain:
        raise ValueError(f"SQL mixes ? and ?N placeholders: {sql}")
    return "".join(out)


def rowcount(status: str) -> int:
    """The number of rows a statement changed, from PostgreSQL's status ('UPDATE 3', 'INSERT 0 1')."""
    match = _ROWCOUNT.search(status or "")
    return int(match[1]) if match else 0
