"""PostgreSQL going away mid-game, through SimCord: the pool's connections killed
(``pg_terminate_backend``), the server stopped, or refusing connections as it shuts down (57P03,
as when it starts up). A guess is answered (a clear message, never a traceback or a hang), no
guess the bot acknowledged is lost, and the daily post is retried until the server is back, then
made once."""

import logging
import time
from pathlib import Path

import asyncpg
import pytest

from bot.app import DATABASE_DOWN
from bot.daily.posts import CLAIM_SECONDS, RETRY_SECONDS
from bot.db import StoreError
from bot.db.postgres import PostgresTransaction
from tests.bot.games.bee.test_bee_discord import HOUR, START, Server, puzzle_of
from tests.bot.stoppable_postgres import postgres, settings  # noqa: F401 - fixtures

KILL_ALL = ("SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
            "WHERE datname = current_database() AND pid <> pg_backend_pid()")


@pytest.fixture
def server(simcord_env):
    return Server(simcord_env)


async def stored_words(url):
    conn = await asyncpg.connect(url)
    try:
        return {row["word"] for row in await conn.fetch("SELECT word FROM bee_guesses")}
    finally:
        await conn.close()


def database_errors(env):
    """The errors the bot logged (SimCord saw them: reading them here acknowledges them), each the
    database's, for a command or a button."""
    errors = [getattr(error, "original", error) for error in env.errors]
    assert all(isinstance(error, StoreError) for error in errors), errors
    return errors


def outage_warnings(caplog, where):
    """The warnings ``where`` (a logger) logged for the database being down, each with its error id;
    and nothing at all was logged as an error, or with a traceback: an outage is not our bug."""
    assert [r for r in caplog.records if r.levelno >= logging.ERROR or r.exc_info] == []
    warned = [r for r in caplog.records if r.name == where and r.levelno == logging.WARNING]
    assert all(f"[error id {r.error_id}]" in r.getMessage() for r in warned)
    return warned


async def guess(server, word):
    """Alice's guess by /bee guess: its reply, and whether the bot said it counted."""
    result = await server.alice.slash(server.channel, "bee guess", word=word)
    assert result.ephemeral
    content = result.response.content
    assert content.startswith(f"✅ **{word.upper()}**") or content.startswith(DATABASE_DOWN + " (error id: "), content
    return content.startswith("✅")


async def until_counted(server, word, settings, stored):
    """Guess ``word`` as a player would, again while the bot says its database is away (a pool
    notices a dead connection only when it uses it); nothing is stored until a guess counts."""
    for _ in range(5):
        if await guess(server, word):
            return
        assert await stored_words(settings.database) == stored
    raise AssertionError(f"{word} never counted")


async def test_a_connection_killed_mid_guess_loses_nothing_acknowledged(server, settings, monkeypatch):
    await server.start_day()
    first, second, third = sorted(puzzle_of(START).answers)[:3]
    assert await guess(server, first)

    real_fetch_all, kills = PostgresTransaction.fetch_all, []

    async def killed_in_the_middle(self, sql, params=()):  # the insert of the guess, inside its transaction
        if not kills:
            killer = await asyncpg.connect(settings.database)
            kills.append(await killer.fetchval("SELECT pg_terminate_backend($1)", self.conn.get_server_pid()))
            await killer.close()
        return await real_fetch_all(self, sql, params)

    monkeypatch.setattr(PostgresTransaction, "fetch_all", killed_in_the_middle)
    assert not await guess(server, second)  # the bot says it could not reach its database
    assert kills == [True] and await stored_words(settings.database) == {first}  # and nothing half-written
    assert await guess(server, second)  # the same word again counts: it was never stored
    monkeypatch.undo()

    killer = await asyncpg.connect(settings.database)  # every connection of the pool killed between guesses
    await killer.execute(KILL_ALL)
    await killer.close()
    await until_counted(server, third, settings, {first, second})
    assert await stored_words(settings.database) == {first, second, third}
    assert database_errors(server.env)


async def test_a_stopped_server_gets_a_clear_message_and_play_resumes_when_it_is_back(server, settings, postgres,
                                                                                      caplog):
    post = await server.start_day()
    first, second = sorted(puzzle_of(START).answers)[:2]
    assert await guess(server, first)
    postgres.stop()
    try:
        assert not await guess(server, second)
        clicked = await server.alice.click(post, label="Guess")  # a button says what a command says
        assert clicked.ephemeral and clicked.response.content.startswith(DATABASE_DOWN + " (error id: ")
    finally:
        postgres.start()
    await until_counted(server, second, settings, {first})
    assert await stored_words(settings.database) == {first, second}
    assert database_errors(server.env)  # logged, and only the database's
    assert outage_warnings(caplog, "bot.app") and outage_warnings(caplog, "bot.views")  # a command's, a button's


async def test_the_daily_post_is_retried_while_the_server_is_down_and_made_once(server, simcord_env, postgres, caplog):
    await server.setup(time="09:00", timezone="UTC")
    await simcord_env.advance_time(9 * HOUR - 1)
    postgres.stop()
    try:
        for _ in range(3):
            await simcord_env.advance_time(RETRY_SECONDS[0])
        assert server.posts() == [] and not simcord_env.bot.timers._task.done()  # still trying, not crashed
    finally:
        postgres.start()
    await simcord_env.advance_time(RETRY_SECONDS[0])
    assert len(server.posts()) == 1
    await simcord_env.advance_time(HOUR)
    assert len(server.posts()) == 1 and await post_attempts(simcord_env) == [1]  # no claim could be made while down
    assert len(outage_warnings(caplog, "bot.timers.service")) >= 3  # each try, a warning without a traceback


async def test_a_server_that_stops_mid_post_gets_the_post_made_once_when_back(server, simcord_env, postgres,
                                                                              monkeypatch):
    await server.setup(time="09:00", timezone="UTC")
    await simcord_env.advance_time(9 * HOUR - 1)
    daily = simcord_env.bot.daily
    maker = daily.makers["bee"]

    async def server_gone_after_the_claim(guild_id, day):
        postgres.stop()
        return await maker(guild_id, day)

    monkeypatch.setitem(daily.makers, "bee", server_gone_after_the_claim)
    try:
        await simcord_env.advance_time(1)  # 09:00: claimed, then the server goes
        assert server.posts() == []
    finally:
        postgres.start()
    monkeypatch.setitem(daily.makers, "bee", maker)
    await simcord_env.advance_time(CLAIM_SECONDS + RETRY_SECONDS[0])  # the stale claim is taken over
    assert len(server.posts()) == 1 and not simcord_env.bot.timers._task.done()
    await simcord_env.advance_time(HOUR)
    assert len(server.posts()) == 1
    assert await post_attempts(simcord_env) == [2]  # claimed before the server went, taken over after


async def post_attempts(env):
    return [row["attempts"] for row in await env.bot.db.fetch_all("SELECT attempts FROM daily_posts")]


def stopped(postgres, seconds=30.0):
    """Wait (in real time) until the server has stopped: its pid file is gone."""
    deadline = time.monotonic() + seconds
    while (Path(postgres.server.pgdata) / "postmaster.pid").exists():
        assert time.monotonic() < deadline, "the server did not stop"
        time.sleep(0.05)


async def test_a_guess_while_the_server_refuses_connections_57P03_is_told_the_database_is_down(
        server, settings, postgres, caplog):
    """A server shutting down refuses new connections with 57P03 ("the database system is shutting
    down"), as one starting up does: the pool's connections are ended, the guess needs a new one,
    and the server refuses it, for real."""
    await server.start_day()
    first, second = sorted(puzzle_of(START).answers)[:2]
    assert await guess(server, first)
    holder = await asyncpg.connect(settings.database)  # the session a smart shutdown waits for
    try:
        postgres.begin_smart_stop()
        await holder.execute(KILL_ALL)  # the pool's connections end; the holder's stays
        causes = []
        for _ in range(3):
            assert not await guess(server, second)  # the database-down line, not "something went wrong"
            causes += [type(error.__cause__) for error in database_errors(server.env)[len(causes):]]
        assert asyncpg.exceptions.CannotConnectNowError in causes, causes
    finally:
        await holder.close()
        stopped(postgres)
        postgres.start()
    await until_counted(server, second, settings, {first})
    assert any("shutting down" in r.getMessage() for r in outage_warnings(caplog, "bot.app"))

