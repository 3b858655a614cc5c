"""One message kept up to date within Discord's edit budget: many changes, few edits.

Whoever owns the state calls ``changed()`` each time it moves (cheap: thousands of calls a second
are fine). The message is rendered from the state when its turn comes, so every change since the
last edit becomes one edit showing the latest state. A turn comes ``every`` seconds after the last
edit at the soonest, never before ``quiet_for`` has passed, and never as a sixth edit within five
seconds (Discord allows five edits per five seconds per message, whatever ``every`` is). Nothing
waits while nothing has changed: one timer while something has, no task parked on a queue.

``flush()`` shows the state now (the last edit: the answer); ``close()`` ends it, and once it has
returned no edit of this message is on its way. A message deleted meanwhile ends it too and calls
``on_gone`` (a game may post a new one); any other refused edit is tried again at the next turn.
"""

from __future__ import annotations

import asyncio
import logging
import math
import time
from collections import deque
from collections.abc import Awaitable, Callable
from typing import Any

import discord

from bot.db.outage import report_failure

log = logging.getLogger(__name__)

WINDOW_EDITS, WINDOW_SECONDS = 5, 5.0  # Discord's budget: five edits per five seconds per message
EVERY = 1.2  # seconds between edits by default: five in six seconds, inside the budget with a margin

Render = Callable[[], Awaitable[dict[str, Any] | None]]  # an edit's keyword arguments; None: nothing to show yet
Edit = Callable[..., Awaitable[object]]  # performs it: Message.edit, Interaction.edit_original_response, ...


def monotonic() -> float:
    """The clock, looked up at each call (a test's simulated Discord answers ``time.monotonic``)."""
    return time.monotonic()


class LiveMessage:
    """When to edit one message. ``render`` says what it shows now; ``edit`` shows it."""

    def __init__(self, render: Render, edit: Edit, *, every: float = EVERY, quiet_for: float = 0.0,
                 on_gone: Callable[[], Awaitable[object]] | None = None, what: str = "a live message",
                 clock: Callable[[], float] = monotonic) -> None:
        self._render, self._edit, self._every, self._on_gone, self._clock = render, edit, every, on_gone, clock
        self.what = what  # for the log
        self._not_before = clock() + quiet_for  # a job that ends sooner never shows its progress
        self._sent: deque[float] = deque(maxlen=WINDOW_EDITS)  # when the latest edits went
        self._dirty = self._closed = False
        self._timer: asyncio.Handle | None = None  # the next turn, while one is due
        self._editing: asyncio.Task[None] | None = None  # the edit under way (at most one)

    @property
    def closed(self) -> bool:
        return self._closed

    def changed(self) -> None:
        """The state has moved: the message shows it at its next turn (one timer however many calls)."""
        if self._closed:
            return
        self._dirty = True
        if self._timer is None and self._editing is None:
            self._arm(self._wait())

    async def flush(self) -> None:
        """Show the state now if it has changed (call ``changed()`` first for a final state), after
        any edit under way and within the five-second budget, but without waiting ``every``."""
        while not self._closed and (self._dirty or self._editing is not None):
            if self._editing is not None:
                await asyncio.shield(self._editing)
                continue
            self._cancel_timer()
            if (delay := self._wait(paced=False)) > 0:
                await asyncio.sleep(delay)
                continue
            await asyncio.shield(self._start())
            return

    async def close(self) -> None:
        """No more edits: the timer is cancelled, and an edit under way is over when this returns."""
        self._closed = True
        self._cancel_timer()
        if self._editing is not None:
            await asyncio.shield(self._editing)

    def _wait(self, paced: bool = True) -> float:
        """Seconds until the next edit may go: not before ``quiet_for`` nor ``every`` after the last
        (when ``paced``), and never a sixth edit within WINDOW_SECONDS."""
        at = -math.inf
        if paced:
            at = max(self._not_before, self._sent[-1] + self._every if self._sent else -math.inf)
        if len(self._sent) == WINDOW_EDITS:
            at = max(at, self._sent[0] + WINDOW_SECONDS)
        return max(0.0, at - self._clock())

    def _turn(self) -> None:
        self._timer = None
        if self._closed or not self._dirty or self._editing is not None:
            return
        if (delay := self._wait()) > 0:  # a timer a hair early: the budget still holds
            self._arm(delay)
            return
        self._start()

    def _arm(self, delay: float) -> None:
        """The next turn in ``delay`` seconds (a millisecond at least: a clock may fire a timer a hair
        early); one due now is no timer (a simulated clock stands still while the bot is busy)."""
        loop = asyncio.get_running_loop()
        self._timer = loop.call_later(max(delay, 0.001), self._turn) if delay > 0 else loop.call_soon(self._turn)

    def _start(self) -> asyncio.Task[None]:
        self._editing = task = asyncio.get_running_loop().create_task(self._show(), name=f"edit {self.what}")
        task.add_done_callback(self._shown)
        return task

    def _shown(self, task: asyncio.Task[None]) -> None:
        self._editing = None
        if self._dirty:  # changed during the edit, or the edit was refused: one more turn
            self.changed()

    async def _show(self) -> None:
        """Render the state as it is now and edit; no exception leaves (a timer started it)."""
        self._dirty = False
        try:
            shown = await self._render()
            if shown is None:
                return
            self._sent.append(self._clock())
            await self._edit(**shown)
        except discord.NotFound:
            self._closed = True
            log.info("Stopped editing %s: it was deleted", self.what)
            await self._gone()
        except discord.HTTPException as error:
            self._dirty = True
            log.warning("Could not edit %s (%s %s): trying again at its next turn", self.what, error.status, error.text)
        except Exception as error:
            report_failure(error, where="chat", what=f"Could not show {self.what}", logger=log)

    async def _gone(self) -> None:
        if self._on_gone is not None:
            try:
                await self._on_gone()
            except Exception as error:
                report_failure(error, where="chat", what=f"After {self.what} was deleted, its owner could not follow",
                               logger=log)

    def _cancel_timer(self) -> None:
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None
