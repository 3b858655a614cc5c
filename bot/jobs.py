"""Heavy work in worker processes, so the event loop never stalls: limits, progress, cancel.

Pure-Python work holds the GIL even in a thread, so a long solve runs in its own process,
forked from a server process that has the solvers and the bundled word lists loaded already
(``multiprocessing``'s forkserver, preloading ``bot.job_preload``): a job starts in milliseconds
and shares the word lists' memory. A job is a plain picklable function; when it returns a
generator, each value it yields is progress and its return value is the result.

Limits: ``per_user`` jobs at once for one person, ``max_jobs`` in all, ``max_seconds`` each.
A job over its time is stopped; ``cancel`` stops one at once (the process is killed).

When the bot closes, ``stop_all`` stops every running job with :class:`Stopped` ("stopped by a
restart") and waits a moment for the handler that asked for each one (the task that reserved
it) to finish its reply with what it has. Job ids rise across restarts, so ``from_before_restart``
tells a job of an earlier run (its reply left behind by a restart) from one that just finished.
"""

from __future__ import annotations

import asyncio
import inspect
import itertools
import logging
import multiprocessing
import resource
import time
import traceback
from collections.abc import Callable
from dataclasses import dataclass, field
from multiprocessing.connection import Connection
from typing import Any

from bot.observe import metrics
from bot.text import plural

log = logging.getLogger(__name__)

CONTEXT = multiprocessing.get_context("forkserver")
CONTEXT.set_forkserver_preload(["bot.job_preload"])
PROGRESS_EVERY = 0.5  # seconds between progress messages from a worker
POLL_SECONDS = 0.25
# A worker's address space, word lists included: a fresh worker maps about 300 MB (measured:
# VmSize 296 MB with the three bundled lists, one thread), so a job has some 700 MB to work in.
MEMORY_BYTES = 1 << 30


class JobError(Exception):
    """A job that did not produce its result; the message is for the person who asked."""


class Busy(JobError):
    """Too many jobs: the person's own, or the bot's in all."""


class Cancelled(JobError):
    pass


class Stopped(JobError):
    """The bot stopped the job as it closed (a restart); what it had found so far is all there is."""


RESTART = "Stopped by a restart."
STOP_WAIT = 10.0  # seconds the closing bot waits for stopped jobs' handlers to finish their replies


class TimedOut(JobError):
    pass


def over_time(max_seconds: float) -> str:
    """What a job stopped at its time limit says: ``That took longer than the limit of 60 seconds and was stopped.``"""
    return f"That took longer than the limit of {plural(round(max_seconds), 'second')} and was stopped."


class OutOfMemory(JobError):
    """The job needed more memory than a worker may have (``JobRunner.memory_bytes``)."""


class Failed(JobError):
    """The job raised; ``details`` holds its traceback (for the log, not the user)."""

    def __init__(self, message: str, details: str) -> None:
        super().__init__(message)
        self.details = details


@dataclass
class Job:
    id: int
    owner: int
    name: str
    started: float = field(default_factory=time.monotonic)
    process: Any = None
    cancelled: bool = False
    stopped: str | None = None  # why the bot stopped it (a restart), when it did
    handler: asyncio.Task | None = None  # the task that reserved it, which finishes its reply
    peak_memory_kib: int = 0  # the worker's peak resident memory, reported when it finishes

    @property
    def elapsed(self) -> float:
        return time.monotonic() - self.started


class JobRunner:
    stopping: str | None = None  # set by stop_all: the bot is closing and takes no new jobs

    def __init__(self, *, max_jobs: int = 2, per_user: int = 1, max_seconds: float = 300.0,
                 memory_bytes: int | None = MEMORY_BYTES) -> None:
        self.max_jobs, self.per_user, self.max_seconds = max_jobs, per_user, max_seconds
        self.memory_bytes = memory_bytes  # a worker's address space (RLIMIT_AS); None: no cap
        self.running: dict[int, Job] = {}
        # Ids go on rising across restarts (a Cancel button left from before one never matches a new job).
        self._ids = itertools.count(int(time.time() * 1000))
        self.first_id = next(self._ids)  # every id this runner gives is above it, and an earlier run's below

    def reserve(self, owner: int, name: str) -> Job:
        """A place for a new job, or Busy saying why not."""
        if self.stopping is not None:
            metrics.job_refused("restarting")
            raise Busy("The bot is restarting. Please try again in a minute.")
        if sum(job.owner == owner for job in self.running.values()) >= self.per_user:
            metrics.job_refused("per_user")
            raise Busy("You already have a job running. Wait for it, or cancel it, and try again.")
        if len(self.running) >= self.max_jobs:
            metrics.job_refused("max_jobs")
            raise Busy("The bot is busy with other long jobs right now. Please try again in a minute.")
        job = Job(next(self._ids), owner, name, handler=_current_task())
        self.running[job.id] = job
        return job

    def release(self, job: Job) -> None:
        """Give back the place of a reserved job that will not run."""
        self.running.pop(job.id, None)

    async def run(self, job: Job, function: Callable[..., Any], *args: Any,
                  on_progress: Callable[[Any], Any] | None = None) -> Any:
        """Run ``function(*args)`` in a worker for the reserved ``job``; return its result.

        ``on_progress`` (a plain or async callable) receives each progress value.
        Raises Cancelled, TimedOut, OutOfMemory or Failed.
        """
        receiver, sender = CONTEXT.Pipe(duplex=False)
        try:
            job.process = CONTEXT.Process(target=_work, args=(sender, function, args, self.memory_bytes),
                                          name=f"wordbot-job-{job.id}", daemon=True)
            await asyncio.to_thread(job.process.start)
            sender.close()
            return await self._collect(job, receiver, on_progress)
        finally:
            metrics.job_finished(job)
            self.running.pop(job.id, None)
            receiver.close()
            if job.process is not None:
                await asyncio.to_thread(_stop, job.process)

    def cancel(self, job_id: int, requester: int) -> bool:
        """Stop a job of ``requester``'s; False when there is no such job of theirs."""
        job = self.running.get(job_id)
        if job is None or job.owner != requester:
            return False
        job.cancelled = True
        if job.process is not None and job.process.is_alive():
            job.process.kill()
        return True

    def cancel_all(self) -> None:
        for job in list(self.running.values()):
            self.cancel(job.id, job.owner)

    def from_before_restart(self, job_id: int) -> bool:
        """Whether ``job_id`` was given by an earlier run of the bot (ids rise across restarts)."""
        return job_id < self.first_id

    async def stop_all(self, reason: str = RESTART, wait: float = STOP_WAIT) -> None:
        """Stop every job (each run raises Stopped with ``reason``), take no new ones, and wait up to
        ``wait`` seconds for the handlers of the stopped jobs to finish their replies."""
        self.stopping = reason
        jobs = list(self.running.values())
        for job in jobs:
            job.stopped = reason
            if job.process is not None and job.process.is_alive():
                job.process.kill()
        current = _current_task()
        handlers = {job.handler for job in jobs if job.handler is not None and job.handler is not current}
        handlers = {task for task in handlers if not task.done()}
        if handlers:
            await asyncio.wait(handlers, timeout=wait)

    async def _collect(self, job: Job, receiver: Connection, on_progress: Callable[[Any], Any] | None) -> Any:
        while True:
            if job.stopped is not None:
                raise Stopped(job.stopped)
            if job.cancelled:
                raise Cancelled("Cancelled.")
            if job.elapsed > self.max_seconds:
                job.process.kill()
                raise TimedOut(over_time(self.max_seconds))
            if not await asyncio.to_thread(receiver.poll, POLL_SECONDS):
                if not job.process.is_alive() and not receiver.poll():
                    if job.stopped is not None:
                        raise Stopped(job.stopped)
                    if job.cancelled:
                        raise Cancelled("Cancelled.")
                    raise Failed("The worker stopped unexpectedly.", f"exit code {job.process.exitcode}")
                continue
            try:
                kind, value, peak = receiver.recv()
            except EOFError:
                continue  # the worker ended: the next round says how
            job.peak_memory_kib = peak
            if kind == "progress":
                if on_progress is not None:
                    outcome = on_progress(value)
                    if inspect.isawaitable(outcome):
                        await outcome
            elif kind == "done":
                return value
            elif kind == "memory":
                raise OutOfMemory(f"That needed more memory than the bot allows ({_size(self.memory_bytes)}); "
                                  "try a smaller box or list.")
            else:
                raise Failed("Something went wrong on our side while working on that.", value)


def _current_task() -> asyncio.Task | None:
    try:
        return asyncio.current_task()
    except RuntimeError:  # no event loop (a job reserved outside one, as some tests do)
        return None


def _stop(process: Any) -> None:
    if process.is_alive():
        process.kill()
    process.join(5)


def _size(count: int | None) -> str:
    return "no limit" if count is None else f"{count / (1 << 30):g} GiB" if count >= 1 << 30 else f"{count >> 20} MiB"


def _work(sender: Connection, function: Callable[..., Any], args: tuple, memory_bytes: int | None = None) -> None:
    """In the worker: cap its memory, run the job, send progress (at most every PROGRESS_EVERY s) and the result."""
    if memory_bytes is not None:
        resource.setrlimit(resource.RLIMIT_AS, (memory_bytes, memory_bytes))
    try:
        outcome = function(*args)
        if inspect.isgenerator(outcome):
            last = 0.0
            while True:
                try:
                    value = next(outcome)
                except StopIteration as stop:
                    outcome = stop.value
                    break
                if time.monotonic() - last >= PROGRESS_EVERY:
                    sender.send(("progress", value, _peak_kib()))
                    last = time.monotonic()
        sender.send(("done", outcome, _peak_kib()))
    except MemoryError:
        outcome = None  # let go of what the job held before saying so
        sender.send(("memory", "", _peak_kib()))
    except BaseException:
        sender.send(("error", traceback.format_exc(), _peak_kib()))
    finally:
        sender.close()


def _peak_kib() -> int:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
