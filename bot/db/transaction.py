"""What a store's unit of work sees, whichever the backend: a ``Transaction`` and its rows.

A store runs several statements as one transaction with ``db.transaction(work)``, where ``work``
is ``async def work(tx)`` awaiting only ``tx.execute``, ``tx.fetch_one``, ``tx.fetch_all`` and
``tx.lock``. Rows answer both ``row["name"]`` and ``row[0]``.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Sequence
from typing import Any, Protocol, TypeVar

T = TypeVar("T")
Row = Any  # sqlite3.Row, aiosqlite.Row or asyncpg.Record: all index by name and by position


class Transaction(Protocol):
    """What a transaction body may await. Nothing else: on SQLite the body runs in one step."""

    async def execute(self, sql: str, params: Sequence[Any] = ()) -> int:
        """Run one statement; the number of rows it changed."""

    async def fetch_one(self, sql: str, params: Sequence[Any] = ()) -> Row | None: ...

    async def fetch_all(self, sql: str, params: Sequence[Any] = ()) -> list[Row]: ...

    async def lock(self, key: str) -> None:
        """Hold ``key`` until the transaction ends: two transactions with one key run one after
        the other, across processes too (a read, then a write that depends on it)."""


Work = Callable[[Transaction], Awaitable[T]]
