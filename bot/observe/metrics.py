"""The bot's Prometheus metrics: the project's own registry and the small calls that move them.

Every metric lives in ``REGISTRY`` (never prometheus-client's global default), named
``wordbot_*`` with a help text; docs/metrics.md lists them. The code that does the work calls
one function here per event (a command done, an error, a job refused or finished, a daily post,
a batch of writes), so each hook is one line. What is read rather than counted (the gateway,
the jobs running, the worker processes) is collected from the bot at scrape time
(``bot.observe.metrics_bot``). Worker processes never touch these objects: each reports its memory
through the job runner's pipe, and the bot's process reads it from the runner.

The calls are cheap (a lock and an addition) and safe from any thread (the SQLite writer's).
"""

from __future__ import annotations

import datetime as dt
import sys
import time
from collections.abc import Awaitable, Callable
from typing import Any, TypeVar

from prometheus_client import CollectorRegistry, Counter, Histogram, disable_created_metrics

T = TypeVar("T")
disable_created_metrics()  # no *_created series: in the text format each is a family of its own, which says little
REGISTRY = CollectorRegistry(auto_describe=True)

KINDS = ("command", "button", "form")
OUTCOMES = ("ok", "refused", "error")
CAUGHT_UP_SECONDS = 60.0  # a daily post made this long after its time, at its first attempt, caught up after downtime

_LATENCY = (0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0, 30.0)
_JOB = (0.5, 1.0, 2.5, 5.0, 10.0, 30.0, 60.0, 120.0, 300.0, 600.0)
_WRITE = (0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 5.0)
_BATCH = (1, 2, 4, 8, 16, 32, 64, 128, 256, 512)

INTERACTIONS = Counter(
    "wordbot_interactions", "Slash commands, button presses and form submissions handled, by kind, name and "
    "outcome (ok; refused: a check failed, or the bot refused or corrected the user with a notice; "
    "error: a fault of ours)",
    ["kind", "name", "outcome"], registry=REGISTRY)
INTERACTION_SECONDS = Histogram(
    "wordbot_interaction_seconds", "Seconds from receiving a command, button press or form to the end of its "
    "handler, by kind and name", ["kind", "name"], buckets=_LATENCY, registry=REGISTRY)
ERRORS = Counter(
    "wordbot_errors", "Unexpected errors logged with an error id, by where they happened", ["where"], registry=REGISTRY)
JOBS_REFUSED = Counter(
    "wordbot_jobs_refused", "Long jobs refused as busy, by reason (per_user: the person has one running; "
    "max_jobs: every place is taken; restarting: the bot is stopping)", ["reason"], registry=REGISTRY)
JOB_SECONDS = Histogram(
    "wordbot_job_seconds", "Seconds long jobs ran in worker processes, by job and outcome "
    "(ok, failed, cancelled, stopped, timed_out, out_of_memory)", ["name", "outcome"], buckets=_JOB, registry=REGISTRY)
DAILY_POSTS = Counter(
    "wordbot_daily_posts", "Daily posts made (sent, or found already sent and recorded), by game", ["game"],
    registry=REGISTRY)
DAILY_CAUGHT_UP = Counter(
    "wordbot_daily_posts_caught_up", "Daily posts made late at their first attempt, because the bot was down at "
    "their time, by game", ["game"], registry=REGISTRY)
DAILY_FAILED = Counter(
    "wordbot_daily_post_failures", "Daily post attempts that failed, by game and what comes next (retry: "
    "tried again later; skip: no access or no channel, the day is skipped)", ["game", "then"], registry=REGISTRY)
DB_WRITE_SECONDS = Histogram(
    "wordbot_db_write_seconds", "Seconds to run and commit one group-commit batch of writes, by backend "
    "(sqlite, postgres)", ["backend"], buckets=_WRITE, registry=REGISTRY)
DB_BATCH_SIZE = Histogram(
    "wordbot_db_batch_size", "Writes per group-commit batch (one transaction), by backend", ["backend"],
    buckets=_BATCH, registry=REGISTRY)


def count_error(where: str) -> None:
    """An unexpected error was logged (with an error id); ``where`` is a short fixed name such as
    "command", "button", "job" or "daily" (never user input: each value is a time series)."""
    ERRORS.labels(where).inc()


def command_done(name: str, kind: str, outcome: str, seconds: float) -> None:
    """A slash command (kind "command"), button press ("button") or form ("form") named ``name``
    finished with ``outcome`` ("ok", "refused" or "error") after ``seconds``."""
    INTERACTIONS.labels(kind, name, outcome).inc()
    INTERACTION_SECONDS.labels(kind, name).observe(max(0.0, seconds))


def job_refused(reason: str) -> None:
    """A long job was refused as busy: "per_user", "max_jobs" or "restarting"."""
    JOBS_REFUSED.labels(reason).inc()


def job_finished(job: Any) -> None:
    """Called in ``JobRunner.run``'s ``finally``: the job's duration, by how it ended (the exception
    leaving ``run``, when one is)."""
    JOB_SECONDS.labels(job.name, _job_outcome(_leaving(sys._getframe(1)))).observe(job.elapsed)


def _leaving(frame: Any) -> BaseException | None:
    """The exception propagating out of ``frame`` (in its ``finally``), not one an outer caller handles."""
    error = sys.exception()
    if error is None or error.__traceback__ is None or error.__traceback__.tb_frame is not frame:
        return None
    return error


def _job_outcome(error: BaseException | None) -> str:
    if error is None:
        return "ok"
    return {"Cancelled": "cancelled", "CancelledError": "cancelled", "Stopped": "stopped", "TimedOut": "timed_out",
            "OutOfMemory": "out_of_memory"}.get(type(error).__name__, "failed")


def daily_posted(schedule: Any, date: dt.date, claim: Any, now: dt.datetime) -> None:
    """A daily post was made (or found made and recorded); it caught up after downtime when it was
    late by more than ``CAUGHT_UP_SECONDS`` at the claim's first attempt."""
    DAILY_POSTS.labels(schedule.game).inc()
    late = (now - schedule.post_instant(date)).total_seconds()
    if late > CAUGHT_UP_SECONDS and claim.attempts <= 1:
        DAILY_CAUGHT_UP.labels(schedule.game).inc()


def daily_failed(game: str, then: str) -> None:
    """A daily post attempt failed; ``then`` is "retry" or "skip"."""
    DAILY_FAILED.labels(game, then).inc()


def timed_batch(backend: str, size: int, run: Callable[..., T], *args: Any) -> T:
    """``run(*args)``, one group-commit batch of ``size`` writes on ``backend`` ("sqlite"), timed."""
    started = time.perf_counter()
    try:
        return run(*args)
    finally:
        _batch_done(backend, size, time.perf_counter() - started)


async def timed_batch_async(backend: str, size: int, batch: Awaitable[T]) -> T:
    """Await ``batch``, one group-commit batch of ``size`` writes on ``backend`` ("postgres"), timed."""
    started = time.perf_counter()
    try:
        return await batch
    finally:
        _batch_done(backend, size, time.perf_counter() - started)


def _batch_done(backend: str, size: int, seconds: float) -> None:
    DB_WRITE_SECONDS.labels(backend).observe(seconds)
    DB_BATCH_SIZE.labels(backend).observe(size)
