"""Units of work that are one statement, as PostgreSQL's writer sends them (``bot/db/pgwriter.py``).

A ``Statement`` (``db.write``, ``db.write_returning``) or a ``Call`` (``db.call``: a ``Routine``'s
server-side function) needs no ``BEGIN``/``COMMIT`` of its own: one statement is a transaction by
itself. And calls of one function that arrive together go as one statement too: their arguments
as arrays, the function called for each element in order, its rows back in that order:

    SELECT r.* FROM unnest($1::BIGINT[], $2::TEXT[], ...) WITH ORDINALITY AS a(a1, a2, ..., n)
    CROSS JOIN LATERAL wordbot_bee_guess(a1, a2, ...) AS r ORDER BY a.n

so a crowd's guesses cost one round trip, one prepared statement and one commit per batch. Each
call sees what the calls before it did (a volatile function reads with a new snapshot each time),
as units one after the other in one transaction do.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from typing import Any

import asyncpg

from bot.db.dialect import to_postgres
from bot.db.transaction import Routine, Row, Statement, Work


class Call(Statement):
    """A ``Routine``'s call: ``SELECT * FROM function(...)``, giving its row."""

    __slots__ = ("routine",)

    def __init__(self, routine: Routine, params: Sequence[Any]) -> None:
        super().__init__(routine.call_sql, params, fetch=True)
        self.routine = routine


def one_statement(works: Sequence[Work[Any]]) -> bool:
    """Whether these units (a batch, in order) can be sent as one statement: one ``Statement``,
    or ``Call``s of one function."""
    if len(works) == 1:
        return isinstance(works[0], Statement)
    return all(_together(works[0], work) for work in works)


def runs(works: Sequence[Work[Any]]) -> list[list[int]]:
    """The batch's units (their indexes) in runs to send as one statement each: every ``Call`` of
    one function together, at the place of the first, and every other unit alone, in order. Calls
    are taken out of order only among units of other callers that arrived together, none of
    which waits for another (a caller's next write comes after its last one's answer)."""
    cuts: list[list[int]] = []
    calls: dict[Routine, list[int]] = {}
    for index, work in enumerate(works):
        if not isinstance(work, Call):
            cuts.append([index])
        elif work.routine in calls:
            calls[work.routine].append(index)
        else:
            calls[work.routine] = [index]
            cuts.append(calls[work.routine])
    return cuts


def _together(first: Work[Any], other: Work[Any]) -> bool:
    return isinstance(first, Call) and isinstance(other, Call) and other.routine is first.routine


async def send(conn: asyncpg.Connection, works: Sequence[Work[Any]], tx: Any) -> list[Any]:
    """The results of units that make one statement (``one_statement``), sent as one."""
    if len(works) == 1:
        return [await works[0](tx)]
    calls: list[Call] = works  # type: ignore[assignment]
    columns = zip(*(c.params for c in calls), strict=True)  # every call of a routine has its parameters
    rows: list[Row] = await conn.fetch(_many(calls[0].routine), *(list(column) for column in columns))
    if len(rows) != len(calls):
        raise RuntimeError(f"{calls[0].routine.function} gave {len(rows)} rows for {len(calls)} calls")
    return rows


@functools.lru_cache(maxsize=64)
def _many(routine: Routine) -> str:
    """The statement calling ``routine`` once for each element of its argument arrays."""
    arrays = ", ".join(f"?::{kind}[]" for kind in routine.types)
    names = ", ".join(f"a{n}" for n in range(1, len(routine.types) + 1))
    return to_postgres(f"SELECT r.* FROM unnest({arrays}) WITH ORDINALITY AS a({names}, n) "
                       f"CROSS JOIN LATERAL {routine.function}({names}) AS r ORDER BY a.n")
