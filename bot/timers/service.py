"""The one timer service: a feature asks "call me at T with this payload" and is called then,
across restarts and clusters. The timers are rows of the database (``bot.timers.store``).

A feature gives each kind of timer it sets a handler (``handle``) as its cog loads. The service's
task claims the timers that are due, of the kinds it has handlers for and of the servers on this
process's shards (``Scope``), fires each, and sleeps until the next one is due or a new one is set.
A handler returns None (the timer is done and goes) or the time to fire it again (a recurring
timer: the next daily post). A handler that fails is fired again later, backing off from one
minute to an hour; a database that is down is a warning, without a traceback (``bot.db.outage``).

Firing is at least once: a claim lasts ``LEASE`` and is renewed while its handler runs, so a
process that dies firing leaves the timer to be fired again once the claim runs out (by itself
after a restart, or by another process of the same shards). Handlers are written to find their
work done already. Each kind fires at most ``at_once`` timers at a time (a reminder kind one, so
that its messages are paced as one queue), and a kind claims only what it has room to fire:
nothing waits in memory.
"""

from __future__ import annotations

import asyncio
import contextlib
import datetime as dt
import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field, replace
from typing import Any

from bot.db import Database
from bot.db.outage import report_failure
from bot.timers.store import Scope, Timer, TimerStore

log = logging.getLogger(__name__)

Clock = Callable[[], dt.datetime]
Handler = Callable[[Timer], Awaitable[dt.datetime | None]]

LEASE = dt.timedelta(minutes=2)
"""How long a claim lasts; renewed every third of it while its handler runs."""
MAX_SLEEP = 3600.0
"""The task looks at least hourly: a timer set by another process (another cluster, a terminal) is
seen by then."""
RETRIES = (dt.timedelta(minutes=1), dt.timedelta(minutes=5), dt.timedelta(minutes=15), dt.timedelta(hours=1))
"""When a failed timer is fired again: after its 1st, 2nd, 3rd and later failures."""


@dataclass(slots=True)
class _Firing:
    task: asyncio.Task
    timer: Timer  # as last claimed: its claim's mark changes as the claim is renewed


@dataclass(slots=True)
class _Kind:
    handler: Handler
    at_once: int
    firing: dict[str, _Firing] = field(default_factory=dict)  # by timer key

    @property
    def room(self) -> int:
        return self.at_once - len(self.firing)


class Timers:
    """The service. ``shards``: (ids, count) of the shards this process runs; None: every server."""

    def __init__(self, db: Database, clock: Clock, shards: tuple[tuple[int, ...], int] | None = None, *,
                 lease: dt.timedelta = LEASE) -> None:
        self.store = TimerStore(db)
        self.clock = clock
        self.shards = shards
        self.lease = lease
        self.kinds: dict[str, _Kind] = {}
        self._task: asyncio.Task | None = None
        self._sleeping = False  # between rounds: safe to cancel (nothing is being claimed or renewed)
        self._waking = False  # the sleep is being cut short by ``wake``, not by ``stop``
        self._look_again = False

    # ------------------------------------------------------------------ what features call

    def handle(self, kind: str, handler: Handler, *, at_once: int = 8) -> None:
        """Fire the timers of ``kind`` with ``handler`` from now on, at most ``at_once`` at a time."""
        self.kinds[kind] = _Kind(handler, at_once)
        self.wake()

    def drop(self, kind: str) -> None:
        """No more firing of ``kind`` here (its cog unloads); its timers wait in the database."""
        self.kinds.pop(kind, None)

    async def at(self, kind: str, key: str, when: dt.datetime, payload: dict[str, Any] | None = None,
                 guild_id: int | None = None) -> None:
        """Call ``kind``'s handler at ``when`` (now or past: at once) with ``payload``. A timer of
        this kind and key that is set already is moved."""
        await self.store.set(kind, key, when, payload, guild_id, now=self.clock())
        self.wake()

    async def cancel(self, kind: str, key: str) -> bool:
        return await self.store.cancel(kind, key)

    # ------------------------------------------------------------------ the task

    def start(self) -> None:
        if self._task is None or self._task.done():
            self._task = asyncio.create_task(self._run(), name="timers")

    def wake(self) -> None:
        """Look again at once: a sleeping task's sleep is cut short (the same task goes on: whoever
        calls, the task stays the bot's); a working task looks again before it sleeps."""
        if self._task is None or self._task.done():
            return
        self._look_again = True
        if self._sleeping and not self._waking:
            self._waking = True
            self._task.cancel()

    async def stop(self) -> None:
        """Stop firing. A firing cut short gives its timer back, due as it was, for the next start."""
        task, self._task = self._task, None
        self._waking = False
        if task is not None:
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await task
        firings = [firing.task for kind in self.kinds.values() for firing in kind.firing.values()]
        for firing in firings:
            firing.cancel()
        await asyncio.gather(*firings, return_exceptions=True)

    async def fire_due(self) -> int:
        """Claim and fire what is due now, and wait for it; how many were fired (for a terminal, a test)."""
        fired = [task for kind, room in self._rooms() for task in await self._claim(kind, room)]
        await asyncio.gather(*fired, return_exceptions=True)
        return len(fired)

    async def _run(self) -> None:
        while True:
            self._look_again = False
            now = self.clock()
            try:
                await self._renew_claims(now)
                claimed = 0
                for kind, room in self._rooms():
                    claimed += len(await self._claim(kind, room))
                kinds = tuple(kind for kind, _ in self._rooms())
                wake = await self.store.next_due(self._scope(kinds)) if kinds else None
            except Exception as error:
                report_failure(error, where="background", what="The timers could not be read; trying again shortly",
                               logger=log)
                claimed, wake = 0, now + RETRIES[0]
            delay = MAX_SLEEP if wake is None else (wake - self.clock()).total_seconds()
            if self._look_again or (claimed and delay <= 0):
                continue  # set meanwhile, or more were due than there was room for and room was made
            if any(kind.firing for kind in self.kinds.values()):
                delay = min(delay, self.lease.total_seconds() / 3)  # renew the running claims by then
            self._sleeping = True
            try:
                await asyncio.sleep(max(0.01, min(delay, MAX_SLEEP)))
            except asyncio.CancelledError:
                if not self._waking:
                    raise  # stopped
                asyncio.current_task().uncancel()  # woken: only the sleep was cut short
            finally:
                self._sleeping = self._waking = False

    def _rooms(self) -> list[tuple[str, int]]:
        return [(name, kind.room) for name, kind in self.kinds.items() if kind.room > 0]

    def _scope(self, kinds: tuple[str, ...]) -> Scope:
        return Scope(kinds) if self.shards is None else Scope(kinds, *self.shards)

    async def _renew_claims(self, now: dt.datetime) -> None:
        """Hold the claims of the timers firing here that would run out before the next look."""
        for kind in self.kinds.values():
            for firing in list(kind.firing.values()):
                if firing.timer.claimed_until is not None and \
                        dt.datetime.fromisoformat(firing.timer.claimed_until) - now < self.lease / 2:
                    token = await self.store.renew(firing.timer, now + self.lease)
                    if token is not None:
                        firing.timer = replace(firing.timer, claimed_until=token)

    async def _claim(self, name: str, room: int) -> list[asyncio.Task]:
        now = self.clock()
        kind = self.kinds[name]
        tasks = []
        for timer in await self.store.claim_due(self._scope((name,)), now, now + self.lease, room):
            if timer.key in kind.firing:  # its claim ran out while it was still firing here: leave it be
                continue
            task = asyncio.create_task(self._fire(kind, timer.key), name=f"timer {name} {timer.key}")
            kind.firing[timer.key] = _Firing(task, timer)
            task.add_done_callback(lambda _, kind=kind, key=timer.key: self._fired(kind, key))
            tasks.append(task)
        return tasks

    def _fired(self, kind: _Kind, key: str) -> None:
        kind.firing.pop(key, None)
        self.wake()

    async def _fire(self, kind: _Kind, key: str) -> None:
        firing = kind.firing[key]
        try:
            again = await kind.handler(firing.timer)
        except asyncio.CancelledError:
            with contextlib.suppress(Exception):  # a database down now: the claim runs out by itself
                timer = firing.timer
                await asyncio.shield(self.store.again(timer, timer.due_at, timer.attempts))  # given back as it was
            raise
        except Exception as error:
            timer = firing.timer
            attempts = timer.attempts + 1
            wait = RETRIES[min(attempts, len(RETRIES)) - 1]
            report_failure(error, where="background", what=f"The {timer.kind} timer {timer.key} failed; "
                           f"trying again in {wait.total_seconds() / 60:.0f} min", logger=log)
            await self._record(self.store.again(timer, self.clock() + wait, attempts), timer)
            return
        if again is None:
            await self._record(self.store.fired(firing.timer), firing.timer)
        else:
            await self._record(self.store.again(firing.timer, again), firing.timer)

    async def _record(self, write: Awaitable[None], timer: Timer) -> None:
        """A firing's end stored; when it cannot be (the database down), the timer fires again once
        its claim runs out."""
        try:
            await write
        except Exception as error:
            report_failure(error, where="background", what=f"The end of the {timer.kind} timer {timer.key} "
                           "could not be stored; it fires again when its claim runs out", logger=log)
