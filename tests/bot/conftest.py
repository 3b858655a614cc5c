"""For the bot's SimCord tests of long jobs: ``jobs_outside`` runs the bot's jobs (real worker
processes) from a task of the test's own, so the bot settles while a worker works, and ``until``
waits (in real time) for what a worker does, then lets the bot catch up.

    async def test_...(world, simcord_env, jobs_outside):
        reports = jobs_outside()  # every progress report a worker sends, in order
        result = await alice.slash(channel, "tiles", seconds=60)
        await until(lambda: len(reports) >= 1, simcord_env)

Tests import ``until``: ``from tests.bot.conftest import until``.

A test module marked ``both_backends`` (``pytestmark = pytest.mark.both_backends``) runs each of
its tests twice: its bot on a SQLite file and on a PostgreSQL database of its own.
"""

import asyncio
import functools
import multiprocessing.connection
import time
import types
import weakref

import pytest
import simcord.env

from bot.config import Settings

BACKENDS = ("sqlite", "postgres")


def pytest_configure(config):
    config.addinivalue_line("markers", "both_backends: run the test's bot on SQLite and on PostgreSQL")


def pytest_generate_tests(metafunc):
    if metafunc.definition.get_closest_marker("both_backends") and "backend" in metafunc.fixturenames:
        metafunc.parametrize("backend", BACKENDS, indirect=True)


@pytest.fixture
def backend(request) -> str:
    """The bot's database: SQLite, unless the test is marked ``both_backends`` (then each in turn)."""
    return getattr(request, "param", "sqlite")


@pytest.fixture
def content_intent(request) -> bool:
    """Whether the bot has the Message Content intent (WORDBOT_MESSAGE_CONTENT): off, unless a test
    asks for it with ``INTENT_ON``."""
    return getattr(request, "param", False)


INTENT_ON = pytest.mark.parametrize("content_intent", [True], indirect=True)


@pytest.fixture
def settings(backend, request, content_intent) -> Settings:
    # Two shards: every SimCord test runs the bot sharded, as a big deployment does.
    # A database at the latest schema, as a bot finds it after its first start (tests/conftest.py:
    # migrated_sqlite, migrated_postgres_url).
    database = request.getfixturevalue("migrated_sqlite" if backend == "sqlite" else "migrated_postgres_url")
    return Settings(token=None, database=database, shard_count=2, message_content=content_intent)


# How often SimCord looks again whether the bot has settled (``Env.settle``'s ``idle``, 0.05 s by
# default; every advance, command and message settles the same way, with that default). Its
# waits between looks are real time: half the wall time of the Discord tests went in them, the
# event loop idle (measured: 33 bee and board tests, 44 s with 0.05, 24 s with 0.005, the same
# CPU). Settling needs the same evidence either way: only the time between looks changes. If a
# SimCord upgrade moves this default, this line fails at once, by name.
SETTLE_IDLE = 0.005
simcord.env.Env._settle_internal.__kwdefaults__["idle"] = SETTLE_IDLE

# SimCord answers ``time.monotonic()`` in the bot's own code with its virtual clock, which
# stands still unless a test advances it. multiprocessing times its waits with it: a zero
# timeout ends only when ``deadline - time.monotonic() < 0``, never on a still clock, so in the
# bot ``Process.is_alive()`` of a live worker (JobRunner.cancel, the Cancel button) would block
# the event loop until the worker ends, and then answer "not alive" (no kill sent). The waits
# on a real process keep the real clock: multiprocessing.connection reads nothing else of ``time``.
_REAL_CLOCK = types.SimpleNamespace(monotonic=functools.partial(time.clock_gettime, time.CLOCK_MONOTONIC))

# Per environment: is an outcome on its way to the bot (its job gone from ``jobs.running``, its
# worker still being stopped)?
_IN_TRANSIT = weakref.WeakKeyDictionary()


@pytest.fixture
async def jobs_outside(simcord_env, monkeypatch):
    """The bot's jobs run from a task of the test's own, and the bot awaits each one's progress
    and result as declared external input (SimCord's ``external_wait``): so the bot settles while
    a worker runs, and the test can press buttons meanwhile (Cancel too: multiprocessing keeps the
    real clock). The jobs themselves are real. Call the fixture's value from the test to start
    serving the jobs; it returns the list of progress reports, which grows as they come."""
    jobs, requests, reports = simcord_env.bot.jobs, asyncio.Queue(), []
    real_run = jobs.run
    serving = set()  # the ids of the jobs whose real run is under way

    async def serve():
        while True:
            job, function, args, events = await requests.get()

            def relay(progress, events=events):
                reports.append(progress)
                events.put_nowait(("progress", progress))

            serving.add(job.id)
            try:
                outcome = ("done", await real_run(job, function, *args, on_progress=relay))
            except Exception as error:
                outcome = ("error", error)
            finally:
                serving.discard(job.id)
            events.put_nowait(outcome)

    async def run(job, function, *args, on_progress=None):
        events = asyncio.Queue()
        requests.put_nowait((job, function, args, events))
        while True:
            kind, value = await simcord_env.external_wait(events.get(), reason="a worker process")
            if kind == "done":
                return value
            if kind == "error":
                raise value
            if on_progress is not None:
                await on_progress(value)

    servers = []

    def start():  # from the test's own task: its work is not the bot's
        servers.append(asyncio.get_running_loop().create_task(serve()))
        return reports

    monkeypatch.setattr(jobs, "run", run)
    monkeypatch.setattr(multiprocessing.connection, "time", _REAL_CLOCK)
    # JobRunner.run forgets a job before it has stopped its worker and returned.
    _IN_TRANSIT[simcord_env] = lambda: any(job_id not in jobs.running for job_id in serving)
    yield start
    _IN_TRANSIT.pop(simcord_env, None)
    for server in servers:
        server.cancel()  # a worker still running is stopped by JobRunner.run on its way out
    for outcome in await asyncio.gather(*servers, return_exceptions=True):
        if not isinstance(outcome, asyncio.CancelledError):
            raise outcome  # a server that died left the bot waiting: say why


async def until(condition, simcord_env, seconds=60.0):
    """Wait (real time: a worker process is working) until ``condition()``, then let the bot catch
    up, with the outcome of any job that has just ended (``jobs_outside``)."""
    in_transit = _IN_TRANSIT.get(simcord_env, lambda: False)
    for _ in range(int(seconds / 0.05)):
        if condition() and not in_transit():
            break
        await asyncio.sleep(0.05)
    assert condition() and not in_transit()
    await simcord_env.settle()


def admin_of(env, guild):
    """A member of ``guild`` who may change its settings (Manage Server: ``/settings language:``)."""
    import discord

    admins = guild.create_role("Admins", permissions=discord.Permissions(manage_guild=True))
    return guild.add_member(env.create_user("admin"), roles=[admins])
