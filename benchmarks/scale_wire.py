"""Round trips to PostgreSQL, counted on the wire: what a benchmark process sends its server.

asyncpg sends each request to the server in one write and waits for the answer before the
next request on that connection: a simple query (``Q``: ``BEGIN``, ``COMMIT``, ``SAVEPOINT``, any
statement without parameters), a prepare (``P``: Parse, Describe, Flush: a statement not in the
connection's cache), a bind-and-execute of a prepared statement (``B``, Bind, Execute, Sync), a
statement close (``C``), a lone Sync after an error (``S``). So one write of those kinds is one
round trip. The start of a connection (its startup and password messages) and its Terminate
(``X``, no answer) are not round trips of any unit of work, and are not counted.

``RoundTrips.install(loop)`` wraps the loop's ``create_connection`` and ``create_unix_connection``,
which asyncpg calls for every connection of a pool, so each connection's transport counts its
writes; nothing in wordbot's code is changed or needs to know. It counts only while ``on``.
The kinds are read from the bytes written, so the server must be reached without TLS (the
benchmark's server is on a Unix socket). Checked against asyncpg's query logger: the simple
queries and executes it counts are the statements the logger sees (prepares the logger omits).
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass, field

KINDS = {ord("Q"): "simple", ord("P"): "prepare", ord("B"): "execute", ord("C"): "close", ord("S"): "sync"}
CONTROL = (b"BEGIN", b"COMMIT", b"ROLLBACK", b"SAVEPOINT", b"RELEASE", b"START")
"""Simple queries that only open, close or mark a transaction."""


@dataclass(slots=True)
class RoundTrips:
    """Round trips sent while ``on``, by kind: ``simple`` (of which ``control``: BEGIN, COMMIT,
    savepoints), ``prepare`` (a statement cache miss), ``execute`` (a prepared statement run),
    ``close`` and ``sync``."""

    on: bool = False
    counts: dict[str, int] = field(default_factory=lambda: dict.fromkeys(("control", *KINDS.values()), 0))

    def install(self, loop: asyncio.AbstractEventLoop) -> None:
        """Count every connection ``loop`` opens from now on."""
        for name in ("create_connection", "create_unix_connection"):
            setattr(loop, name, self._connecting(getattr(loop, name)))

    def _connecting(self, create):
        async def create_counted(*args, **kwargs):
            transport, protocol = await create(*args, **kwargs)
            self._wrap(transport)
            return transport, protocol

        return create_counted

    def _wrap(self, transport: asyncio.Transport) -> None:
        write, writelines = transport.write, transport.writelines
        inside = [False]  # a writelines that writes through write counts once

        def counted_write(data) -> None:
            if self.on and not inside[0]:
                self.count(memoryview(data))
            write(data)

        def counted_writelines(buffers) -> None:
            buffers = list(buffers)
            if self.on and buffers:
                self.count(memoryview(buffers[0]))
            inside[0] = True
            try:
                writelines(buffers)
            finally:
                inside[0] = False

        transport.write, transport.writelines = counted_write, counted_writelines

    def count(self, data: memoryview) -> None:
        """One write: a round trip when it is a request (by its first message's type)."""
        data = data.cast("B") if data.format != "B" else data
        kind = KINDS.get(data[0]) if data.nbytes else None
        if kind is None:
            return
        self.counts[kind] += 1
        if kind == "simple" and bytes(data[5:15]).lstrip().upper().startswith(CONTROL):
            self.counts["control"] += 1

    def snapshot(self) -> dict[str, int]:
        return dict(self.counts)


def per(counts: dict[str, int], units: int) -> str:
    """Round trips per unit, with the transaction control (BEGIN/COMMIT/savepoints) and the
    prepares among them: ``3.02 (BEGIN/COMMIT 1.00, prepare 0.00)``."""
    if not units:
        return "-"
    total = sum(count for kind, count in counts.items() if kind != "control")
    return (f"{total / units:4.2f} (BEGIN/COMMIT {counts['control'] / units:4.2f}, "
            f"prepare {counts['prepare'] / units:4.2f})")
