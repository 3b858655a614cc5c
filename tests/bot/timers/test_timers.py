"""The timer service on both backends: a timer fires once, when due and not before; it survives a
restart (a new service on the same database fires it); a cluster fires only its own servers'
timers; a handler that fails is fired again later; a process that died firing leaves the timer to
be fired once its claim runs out; a timer set again while it fires is kept; a kind fires no more
timers at once than it may."""

import asyncio
import datetime as dt

import pytest

from bot.db import open_database
from bot.timers.service import LEASE, RETRIES, Timers
from bot.timers.store import Scope, TimerStore, iso

T0 = dt.datetime(2026, 11, 21, 9, tzinfo=dt.UTC)
GUILD_ON_SHARD_1 = 1 << 22  # (guild_id >> 22) % 2 == 1


class Clock:
    def __init__(self, now):
        self.now = now

    def __call__(self):
        return self.now


@pytest.fixture(params=["sqlite", "postgres"])
def db_target(request, tmp_path):
    """A database at the latest schema (a PostgreSQL one copied from the migrated template)."""
    if request.param == "sqlite":
        return tmp_path / "timers.sqlite3"
    return request.getfixturevalue("migrated_postgres_url")


@pytest.fixture
async def db(db_target):
    database = await open_database(db_target)
    yield database
    await database.close()


def recording(calls, again=None):
    async def handler(timer):
        calls.append((timer.key, timer.payload))
        return again(timer) if again else None
    return handler


async def test_a_timer_fires_once_when_due_with_its_payload(db):
    clock, calls = Clock(T0), []
    timers = Timers(db, clock)
    timers.handle("ping", recording(calls))
    await timers.at("ping", "a", T0 + dt.timedelta(minutes=5), {"round": 7}, guild_id=5)
    assert await timers.fire_due() == 0 and calls == []
    clock.now = T0 + dt.timedelta(minutes=5)
    assert await timers.fire_due() == 1 and calls == [("a", {"round": 7})]
    assert await timers.fire_due() == 0 and await timers.store.get("ping", "a") is None


async def test_setting_a_timer_again_moves_it(db):
    clock, calls = Clock(T0), []
    timers = Timers(db, clock)
    timers.handle("ping", recording(calls))
    await timers.at("ping", "a", T0, {"n": 1})
    await timers.at("ping", "a", T0 + dt.timedelta(hours=1), {"n": 2})
    assert await timers.fire_due() == 0
    clock.now = T0 + dt.timedelta(hours=1)
    assert await timers.fire_due() == 1 and calls == [("a", {"n": 2})]
    await timers.at("ping", "b", T0)
    assert await timers.cancel("ping", "b") and await timers.fire_due() == 0


async def test_a_timer_survives_a_restart(db_target):
    clock, calls = Clock(T0), []
    first = await open_database(db_target)
    await Timers(first, clock).at("ping", "a", T0 + dt.timedelta(minutes=1), {"x": "y"})
    await first.close()
    again = await open_database(db_target)
    try:
        timers = Timers(again, clock)
        timers.handle("ping", recording(calls))
        clock.now += dt.timedelta(minutes=2)
        assert await timers.fire_due() == 1 and calls == [("a", {"x": "y"})]
    finally:
        await again.close()


async def test_a_recurring_timer_is_set_again_by_its_handler(db):
    clock, calls = Clock(T0), []
    timers = Timers(db, clock)
    timers.handle("daily", recording(calls, again=lambda timer: timer.due_at + dt.timedelta(days=1)))
    await timers.at("daily", "bee:1", T0)
    assert await timers.fire_due() == 1
    assert (await timers.store.get("daily", "bee:1")).due_at == T0 + dt.timedelta(days=1)
    clock.now = T0 + dt.timedelta(days=1)
    assert await timers.fire_due() == 1 and len(calls) == 2


async def test_each_cluster_fires_its_own_servers_timers(db):
    clock, calls = Clock(T0), {0: [], 1: []}
    clusters = {shard: Timers(db, clock, shards=((shard,), 2)) for shard in (0, 1)}
    for shard, timers in clusters.items():
        timers.handle("ping", recording(calls[shard]))
    await clusters[0].at("ping", "on 0", T0, guild_id=4)
    await clusters[0].at("ping", "on 1", T0, guild_id=GUILD_ON_SHARD_1)
    await clusters[0].at("ping", "nobody's", T0)  # a player's, not a server's: the cluster with shard 0
    assert await clusters[1].fire_due() == 1 and calls[1] == [("on 1", {})]
    assert await clusters[0].fire_due() == 2 and {key for key, _ in calls[0]} == {"on 0", "nobody's"}


async def test_a_failed_handler_is_fired_again_later(db, caplog):
    clock, calls = Clock(T0), []

    async def flaky(timer):
        calls.append(timer.attempts)
        if len(calls) < 3:
            raise RuntimeError("the channel is on fire")
        return None

    timers = Timers(db, clock)
    timers.handle("ping", flaky)
    await timers.at("ping", "a", T0)
    for wait in (dt.timedelta(0), RETRIES[0], RETRIES[1]):
        clock.now += wait
        assert await timers.fire_due() == 1
        assert await timers.fire_due() == 0  # not again before its retry
    assert calls == [0, 1, 2] and await timers.store.get("ping", "a") is None
    assert "trying again in 1 min" in caplog.text and "trying again in 5 min" in caplog.text


async def test_a_timer_whose_firing_died_fires_again_once_its_claim_runs_out(db):
    clock, calls = Clock(T0), []
    await TimerStore(db).set("ping", "a", T0, {}, None, now=T0)
    assert len(await TimerStore(db).claim_due(Scope(("ping",)), T0, T0 + LEASE, 10)) == 1  # and the process dies
    timers = Timers(db, clock)
    timers.handle("ping", recording(calls))
    assert await timers.fire_due() == 0
    clock.now = T0 + LEASE
    assert await timers.fire_due() == 1 and calls == [("a", {})]


async def test_two_processes_never_claim_one_timer(db):
    store = TimerStore(db)
    for n in range(20):
        await store.set("ping", f"t{n}", T0, {}, None, now=T0)
    keys = []
    for _ in range(20):  # four processes claim at once, again and again, until nothing is left
        claims = await asyncio.gather(*(store.claim_due(Scope(("ping",)), T0, T0 + LEASE, 7) for _ in range(4)))
        keys += [timer.key for claim in claims for timer in claim]
        if not any(claims):
            break
    assert len(keys) == len(set(keys)) == 20  # each claimed once


async def test_a_timer_set_again_while_it_fires_is_kept(db):
    clock = Clock(T0)
    timers = Timers(db, clock)

    async def rearm(timer):
        await timers.at("ping", timer.key, T0 + dt.timedelta(hours=1), {"moved": True})
        return None

    timers.handle("ping", rearm)
    await timers.at("ping", "a", T0)
    assert await timers.fire_due() == 1
    kept = await timers.store.get("ping", "a")
    assert kept.due_at == T0 + dt.timedelta(hours=1) and kept.payload == {"moved": True} and kept.claimed_until is None


async def test_a_kind_fires_no_more_than_it_may_at_once_and_a_long_firing_keeps_its_claim(db):
    def now():
        return dt.datetime.now(dt.UTC)

    lease, running, most = dt.timedelta(seconds=0.3), set(), [0]
    release = asyncio.Event()

    async def slow(timer):
        running.add(timer.key)
        most[0] = max(most[0], len(running))
        await release.wait()
        running.discard(timer.key)

    timers = Timers(db, now, lease=lease)
    timers.handle("remind", slow, at_once=2)
    for n in range(5):
        await timers.at("remind", f"r{n}", now())
    timers.start()
    try:
        await asyncio.sleep(4 * lease.total_seconds())  # four claims long: each renewed
        assert len(running) == 2
        for key in running:
            assert (await timers.store.get("remind", key)).claimed_until > iso(now())
        release.set()
        for _ in range(500):
            if not await timers.store.keys("remind"):
                break
            await asyncio.sleep(0.01)
        assert await timers.store.keys("remind") == set() and most[0] == 2
    finally:
        await timers.stop()


async def test_a_stop_gives_a_firing_back_as_it_was(db):
    clock, started = Clock(T0), asyncio.Event()

    async def endless(timer):
        started.set()
        await asyncio.Event().wait()

    timers = Timers(db, clock)
    timers.handle("ping", endless)
    await timers.at("ping", "a", T0)
    timers.start()
    await asyncio.wait_for(started.wait(), 10)
    await timers.stop()
    timer = await timers.store.get("ping", "a")
    assert timer.claimed_until is None and timer.due_at == T0 and timer.attempts == 0
