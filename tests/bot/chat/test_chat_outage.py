"""Typed play while SQLite cannot write: another program holds the database's write lock past the
busy timeout (the bot's writer says "database is locked", a ``StoreError``), through SimCord, in
the thread of a bee played together. The players are told the database is down, privately, at
most once a minute each, never that it was our bug; nothing is acknowledged while it lasts; the
log has warnings with error ids and no traceback; and once the lock is gone, guesses count."""

import logging
import sqlite3

import pytest

from bot.chat.outcome import CHECK
from bot.days.team_store import TeamStore
from bot.db.outage import DATABASE_DOWN, NOTICE_SECONDS
from tests.bot.games.bee.test_bee_discord import START, puzzle_of
from tests.bot.games.bee.test_bee_together_discord import Team

BUSY_MS = 50  # the writer's busy timeout in this test (5 s in the bot): each locked batch waits this long, in real time


@pytest.fixture
async def team(simcord_env):
    server = Team(simcord_env)
    await server.start_day()
    return server


async def busy_timeout(db, milliseconds):
    """Set the busy timeout of the bot's SQLite writer, on its own connection (a pragma of the
    connection, set in a transaction of the writer)."""
    async def work(tx):
        await tx.execute(f"PRAGMA busy_timeout = {milliseconds}")
    await db.transaction(work)


def held_write_lock(path):
    """Another program's connection holding the database's write lock (until it is closed)."""
    locker = sqlite3.connect(path, isolation_level=None)
    locker.execute("BEGIN IMMEDIATE")
    return locker


async def test_a_locked_database_is_the_database_down_line_once_a_minute_and_nothing_acknowledged(
        team, simcord_env, settings, caplog):
    caplog.set_level(logging.INFO)
    answers = sorted(puzzle_of(START).answers)
    mention, thread = simcord_env.bot.user.mention, team.thread
    players = (team.alice, team.bob)
    await busy_timeout(simcord_env.bot.db, BUSY_MS)
    locker = held_write_lock(settings.database)
    try:
        locked = []
        for second, word in zip((0, 20, 40, 65, 80), answers, strict=False):  # each player types at these moments
            for player in players:
                locked.append(await player.send(thread, f"{mention} {word}"))
            await simcord_env.advance_time(20 if second < 80 else 5)
    finally:
        locker.close()
    assert all(team.reactions(message) == [] for message in locked)  # nothing acknowledged
    assert await TeamStore(simcord_env.bot.db).bee_credits(team.guild.id, START) == []
    for player in players:
        told = player.user.dm_channel.history()
        assert [m.content.split(" (error id: ")[0] for m in told] == [DATABASE_DOWN, DATABASE_DOWN]  # at 0 s and 65 s
        assert (told[1].created_at - told[0].created_at).total_seconds() >= NOTICE_SECONDS

    word = answers[-1]  # the lock is gone: guesses count again
    guess = await team.alice.send(thread, f"{mention} {word}")
    await simcord_env.advance_time(3)
    assert team.reactions(guess) == [CHECK]
    assert [c.word for c in await TeamStore(simcord_env.bot.db).bee_credits(team.guild.id, START)] == [word]

    assert [r for r in caplog.records if r.levelno >= logging.ERROR or r.exc_info] == []
    warned = [r for r in caplog.records if r.name == "bot.chat.router"]
    assert len(warned) == len(locked) and all(r.levelno == logging.WARNING for r in warned)
    assert all(f"[error id {r.error_id}]" in r.getMessage() and "database is locked" in r.getMessage() for r in warned)
