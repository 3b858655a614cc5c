"""A background task that sleeps until its next moment and can be woken: the streak reminders
(``bot.reminders``) and the study reminders (``bot.study.reminders``) are each one.

Each round says when to wake next and how long it may sleep at most (a task with nothing to do
sleeps long: a wake-up that only finds nobody again costs the simulated tests wall time). A
failed round is reported with an error id (a warning when the database is down: ``bot.db.outage``)
and tried again a minute later. ``restart`` wakes the
task at once while it sleeps, and never in the middle of a round (the next round looks anyway).
"""

from __future__ import annotations

import asyncio
import datetime as dt
import logging
from collections.abc import Callable

import discord

from bot.db.outage import report_failure

log = logging.getLogger(__name__)
RETRY = dt.timedelta(minutes=1)


class WakingTask:
    name = "background task"  # as the log says it

    def __init__(self, client: discord.Client, clock: Callable[[], dt.datetime]) -> None:
        self.client, self.clock = client, clock
        self._task: asyncio.Task | None = None
        self._sleeping = False  # between rounds: safe to cancel (nothing is being sent)

    async def round(self, now: dt.datetime) -> tuple[dt.datetime | None, float]:
        """Do what is due at ``now``; when to wake next (None: after the longest sleep), and the
        longest sleep in seconds."""
        raise NotImplementedError

    def restart(self) -> None:
        """Start the task, or wake it to look again."""
        if self._task is not None and not self._task.done() and not self._sleeping:
            return
        self.stop()
        self._task = asyncio.create_task(self._run(), name=self.name)

    def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()
            self._task = None

    async def _run(self) -> None:
        await self.client.wait_until_ready()
        while True:
            now = self.clock()
            try:
                wake, longest = await self.round(now)
            except Exception as error:
                report_failure(error, where="background", what=f"The {self.name} task failed; trying again shortly",
                               logger=log)
                wake, longest = now + RETRY, RETRY.total_seconds()
            delay = longest if wake is None else (wake - self.clock()).total_seconds()
            self._sleeping = True
            try:
                await asyncio.sleep(max(1.0, min(delay, longest)))
            finally:
                self._sleeping = False
