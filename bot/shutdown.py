"""The clean stop: on SIGTERM (a service manager's stop or restart) or Ctrl-C, and whenever the
bot is closed, ``Stopper.stop`` does, once:

1. new work is refused: an interaction that arrives is answered privately with ``RESTARTING``, a
   typed guess is not read (the player is told the same, privately), and no job starts;
2. the running jobs end as a restart ends them (each reply is finished with what the job found,
   and /tiles keeps its best tiles), while the interactions and typed guesses already in flight
   get up to ``grace`` seconds (``WORDBOT_STOP_GRACE``, 10 by default) to finish, their
   reactions included;
3. the daily posts and the chat stop, the gateway closes, and the database's writer is flushed
   and the database (PostgreSQL's pool too) closed. ``wordbot run`` then exits 0.

A second signal while this runs ends the process at once (exit code ``EXIT_AT_ONCE``).

What is in flight is known where Discord's events come in: the tasks discord.py starts while it
parses an INTERACTION_CREATE or MESSAGE_CREATE (``watch``), so no handler has to say so itself;
those tasks also log the event's guild and command (``bot.logs.event_context``).
"""

from __future__ import annotations

import asyncio
import contextvars
import logging
import os
import signal
import time
from collections.abc import Callable, Iterable, MutableMapping
from typing import TYPE_CHECKING, Any, Protocol, cast

import discord

from bot import logs
from bot.discord_internals import interaction_of

if TYPE_CHECKING:
    from bot.db import Database
    from bot.jobs import JobRunner

log = logging.getLogger(__name__)

RESTARTING = "The bot is restarting. Please try again in a minute."
EXIT_AT_ONCE = 1
SIGNALS = (signal.SIGTERM, signal.SIGINT)
_ANSWERED = (2, 3, 5)  # a slash command, a button or menu, a form (an autocomplete gets nothing)
_PAUSE = 0.05  # seconds between looks at the reactions still waiting
_ARRIVED_WHILE_STOPPING: contextvars.ContextVar[bool] = contextvars.ContextVar("wordbot_arrived_while_stopping",
                                                                             default=False)


def arrived_while_stopping() -> bool:
    """Whether the Discord event being handled came after the stop began: new work, to refuse
    (an event that came before is in flight, and is finished)."""
    return _ARRIVED_WHILE_STOPPING.get()


class WithDatabase(Protocol):
    @property
    def db(self) -> Database | None: ...


class Paced(Protocol):
    @property
    def idle(self) -> bool: ...


class Routed(Protocol):
    @property
    def pacer(self) -> Paced: ...


class Stoppable(Protocol):
    """What the stop needs of the bot (``bot.app.WordBot``, a discord.Client): its jobs, its
    services (the database), its typed play's reactions, and its own last steps."""

    @property
    def services(self) -> WithDatabase: ...

    @property
    def jobs(self) -> JobRunner: ...

    @property
    def chat(self) -> Routed: ...

    async def close(self) -> None: ...

    async def disconnect(self) -> None: ...


class Stopper:
    def __init__(self, bot: Stoppable, *, grace: float) -> None:
        self.bot, self.grace = bot, grace
        self.stopping = False  # new work is refused
        self.signals = 0
        self.in_flight: set[asyncio.Future[Any]] = set()
        self.exit_at_once: Callable[[int], object] = os._exit
        self._stop: asyncio.Task[None] | None = None
        self._signal_task: asyncio.Task[None] | None = None  # the stop a signal began (a reference keeps it alive)
        self._installed: list[signal.Signals] = []
        self._previous_factory: Any = None  # the loop's task factory before ours (watch)
        self._started: list[asyncio.Future[Any]] | None = None  # the tasks of the event being parsed

    def watch(self, parsers: MutableMapping[str, Callable[[Any], None]]) -> None:
        """Follow what Discord's interactions and messages start (``parsers``: discord.py's gateway
        event parsers), and refuse new interactions once stopping. The tasks an event starts are
        noted as they are made, by the loop's task factory (a look at every task of the loop
        before and after each event cost a flood of messages a quarter of its time)."""
        loop = asyncio.get_running_loop()
        self._previous_factory = loop.get_task_factory()
        loop.set_task_factory(self._make_task)
        for event in ("INTERACTION_CREATE", "MESSAGE_CREATE"):
            parsers[event] = self._follow(event, parsers[event])

    def unwatch(self) -> None:
        """Give the loop its task factory back (unless another bot's has wrapped ours since)."""
        loop = asyncio.get_running_loop()
        if loop.get_task_factory() == self._make_task:
            loop.set_task_factory(self._previous_factory)

    def _make_task(self, loop: asyncio.AbstractEventLoop, coro: Any, **options: Any) -> asyncio.Future[Any]:
        previous = self._previous_factory
        task = previous(loop, coro, **options) if previous is not None else asyncio.Task(coro, loop=loop, **options)
        if self._started is not None:
            self._started.append(task)
        return task

    def _follow(self, event: str, parse: Callable[[Any], None]) -> Callable[[Any], None]:
        def parse_and_follow(data: Any) -> None:
            if self.stopping and event == "INTERACTION_CREATE":
                self._track({asyncio.get_running_loop().create_task(self._refuse(data))})
                return
            started = self._started = []
            late = _ARRIVED_WHILE_STOPPING.set(self.stopping)  # the tasks it starts know when it came
            try:
                with logs.event_context(event, data):  # the tasks it starts log their guild and command
                    parse(data)
            finally:
                _ARRIVED_WHILE_STOPPING.reset(late)
                self._started = None
            self._track(started)
        return parse_and_follow

    def _track(self, tasks: Iterable[asyncio.Future[Any]]) -> None:
        for task in tasks:
            self.in_flight.add(task)
            task.add_done_callback(self.in_flight.discard)

    async def _refuse(self, data: Any) -> None:
        if data.get("type") not in _ANSWERED:
            return
        interaction = interaction_of(cast(discord.Client, self.bot), data)
        try:
            await interaction.response.send_message(RESTARTING, ephemeral=True)
        except discord.HTTPException as error:
            log.debug("Could not tell an interaction that the bot is restarting: %s", error)

    def install(self) -> None:
        """Stop cleanly on SIGTERM and Ctrl-C (in the main thread of a loop that takes signals)."""
        loop = asyncio.get_running_loop()
        for number in SIGNALS:
            try:
                loop.add_signal_handler(number, self.signalled, number)
            except (NotImplementedError, RuntimeError, ValueError):  # not the main thread, or no signals here
                log.debug("No %s handler: that signal will not stop the bot cleanly", number.name)
            else:
                self._installed.append(number)

    def uninstall(self) -> None:
        loop = asyncio.get_running_loop()
        while self._installed:
            loop.remove_signal_handler(self._installed.pop())

    def signalled(self, number: int) -> None:
        """A stop signal: the first stops cleanly, a second exits at once."""
        name = signal.Signals(number).name
        self.signals += 1
        if self.signals > 1:
            log.warning("%s again while stopping: exiting at once", name)
            self.exit_at_once(EXIT_AT_ONCE)
            return
        log.info("%s: stopping cleanly (up to %g s for what is in flight); send it again to exit at once", name,
                 self.grace)
        self.stopping = True  # new work is refused from this instant, not from the stop task's first turn
        self._signal_task = asyncio.get_running_loop().create_task(self.bot.close(), name="wordbot-stop")

    async def stop(self) -> None:
        """The clean stop (above), run once: every caller waits for the same one."""
        if self._stop is None:
            self._stop = asyncio.get_running_loop().create_task(self._stop_cleanly(), name="wordbot-clean-stop")
        await asyncio.shield(self._stop)

    async def _stop_cleanly(self) -> None:
        bot = self.bot
        self.stopping = True
        started = time.monotonic()
        try:
            await asyncio.gather(bot.jobs.stop_all(wait=self.grace), self._finish_in_flight())
            log.info("In-flight work done after %.1f s; disconnecting", time.monotonic() - started)
            await bot.disconnect()
        finally:
            if bot.services.db is not None:
                await bot.services.db.close()  # the writer finishes what waits first
            self.unwatch()
            log.info("Stopped")

    async def _finish_in_flight(self) -> None:
        """Wait up to the grace period for the interactions and guesses in flight, and the reactions
        that acknowledge guesses."""
        deadline = time.monotonic() + self.grace
        pending = {task for task in self.in_flight if task is not asyncio.current_task()}
        if pending:
            await asyncio.wait(pending, timeout=self.grace)
        while not self.bot.chat.pacer.idle and time.monotonic() < deadline:
            await asyncio.sleep(_PAUSE)
        left = len([task for task in pending if not task.done()])
        if left or not self.bot.chat.pacer.idle:
            log.warning("Stopping with %d interactions still in flight after the %g s grace period", left, self.grace)
