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


class Statement:
    """A unit of work that is one statement: ``execute`` (its row count) or ``fetch_one`` (its
    row, e.g. of a ``RETURNING``). Any backend runs it as a unit of work; PostgreSQL's writer,
    when it is alone in its batch, sends it without ``BEGIN``/``COMMIT`` (one statement is a
    transaction by itself): one round trip."""

    __slots__ = ("sql", "params", "fetch")

    def __init__(self, sql: str, params: Sequence[Any] = (), *, fetch: bool = False) -> None:
        self.sql = sql
        self.params = params
        self.fetch = fetch

    async def __call__(self, tx: Transaction) -> Any:
        if self.fetch:  # every row read: a RETURNING statement is done only when read to its end
            rows = await tx.fetch_all(self.sql, self.params)
            return rows[0] if rows else None
        return await tx.execute(self.sql, self.params)


class Routine:
    """A write that is one call of a server-side function on PostgreSQL (``function``, of
    ``migrations/postgres/``, whose arguments are of the SQL ``types``), and the same ``steps`` as
    a unit of work elsewhere (SQLite, whose writer thread makes a round trip cost nothing):
    ``await steps(tx, *params)`` gives a row of the function's OUT columns, in order. Stores call
    it with ``db.call(routine, params)``."""

    __slots__ = ("function", "types", "steps", "call_sql")

    def __init__(self, function: str, types: Sequence[str], steps: Callable[..., Awaitable[Row]]) -> None:
        self.function = function
        self.types = tuple(types)
        self.steps = steps
        self.call_sql = f"SELECT * FROM {function}({', '.join('?' for _ in self.types)})"
