"""/healthz over HTTP on loopback: 200 when the gateway is connected and the database answers, 503
with one JSON line naming what failed otherwise; and back to 200 when the database is back.

And when the SQLite file goes wrong under a running bot: deleted, moved away, replaced, read-only,
full or damaged. Each is a 503 naming the database and why, logged once with an error id; a file
the bot's writes would not reach at its next start refuses them, and the player is told the
database is down (never that it is our bug); the file put back, all is well."""

import asyncio
import logging
import os
import shutil
import sqlite3
from urllib.parse import urlsplit

import pytest

from bot.app import DATABASE_DOWN, create_bot, open_database
from bot.db import StoreError
from bot.health import HealthServer
from tests.bot.db.damage import damage, fill
from tests.bot.games.bee.test_bee_discord import START, Server, puzzle_of
from tests.bot.meta.scrape import METRICS_ON, health, scrape, with_metrics

OK = {"status": "ok", "failed": [], "gateway": "ok", "database": "ok"}


@pytest.fixture
def settings(settings):
    return with_metrics(settings)


@pytest.mark.both_backends
async def test_503_while_the_database_is_gone_and_200_when_it_is_back(simcord_env, settings, backend, request):
    url = simcord_env.bot.health.url
    assert await health(url) == (200, OK)
    if backend == "sqlite":  # the bot's database is closed under it
        await simcord_env.bot.db.close()
    else:  # the server refuses the database's connections, and ends those it has
        server, name = request.getfixturevalue("postgres_server"), urlsplit(settings.database).path.strip("/")
        server.psql(f"ALTER DATABASE {name} ALLOW_CONNECTIONS false;")
        server.psql(f"SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = '{name}';")
    status, body = await health(url)
    assert status == 503 and body["status"] == "fail" and body["failed"] == ["database"]
    assert body["gateway"] == "ok" and body["database"].startswith("failed (")
    assert "postgres" not in body["database"] and "@" not in body["database"]  # no connection string, no password
    assert (await scrape(url)).value("wordbot_guilds") == 0  # /metrics answers all the same
    if backend == "sqlite":
        simcord_env.bot.services.db = await open_database(settings)
    else:
        server.psql(f"ALTER DATABASE {name} ALLOW_CONNECTIONS true;")
    assert await health(url) == (200, OK)


@pytest.mark.parametrize("backend", ["postgres"], indirect=True)
async def test_a_postgres_server_that_takes_no_writes_fails_the_check(simcord_env, settings, request):
    """A database set read-only (as a standby is): every connection answers, no write can commit."""
    url, db = simcord_env.bot.health.url, simcord_env.bot.db
    server, name = request.getfixturevalue("postgres_server"), urlsplit(settings.database).path.strip("/")
    assert await health(url) == (200, OK)
    for setting in ("SET default_transaction_read_only = on", "RESET default_transaction_read_only"):
        server.psql(f"ALTER DATABASE {name} {setting};")
        await db.pool.expire_connections()  # the pool's next connections are new sessions, with the setting
        if setting.startswith("SET"):
            status, body = await health(url)
            assert status == 503 and body["failed"] == ["database"]
            assert body["database"] == "the server takes no writes (read-only)"
            with pytest.raises(StoreError):  # as every write would be refused
                await db.set_state("health", "read-only")
    assert await health(url) == (200, OK)


async def test_a_bot_not_connected_yet_is_unhealthy_until_connected_and_its_database_open(settings):
    bot = create_bot(settings)
    server = HealthServer(bot, *METRICS_ON)
    await server.start()
    try:
        status, body = await health(server.url)
        assert status == 503 and body == {"status": "fail", "failed": ["gateway", "database"],
                                          "gateway": "not connected yet", "database": "not open"}
        bot.services.db = await open_database(settings)
        status, body = await health(server.url)
        assert status == 503 and body["failed"] == ["gateway"] and body["database"] == "ok"
        samples = await scrape(server.url)
        assert samples.value("wordbot_shards") == 0 and samples.value("wordbot_jobs_running") == 0
    finally:
        await server.stop()
        if bot.services.db is not None:
            await bot.services.db.close()


async def test_a_database_slower_than_a_second_fails_the_check(simcord_env, monkeypatch):
    url = simcord_env.bot.health.url
    db = simcord_env.bot.db

    async def stuck():
        await asyncio.sleep(3)

    monkeypatch.setattr(db, "ping", stuck)
    status, body = await health(url)
    assert status == 503 and body["failed"] == ["database"] and body["database"] == "no answer within 1 s"


# ------------------------------------------------------------------ a SQLite file gone wrong


@pytest.fixture
def server(simcord_env):
    return Server(simcord_env)


async def guess(server, word):
    """Alice's /bee guess: True when it counted, False when the bot said its database is down."""
    result = await server.alice.slash(server.channel, "bee guess", word=word)
    content = result.response.content
    assert result.ephemeral and (content.startswith(f"✅ **{word.upper()}**") or
                                 content.startswith(DATABASE_DOWN + " (error id: ")), content
    return content.startswith("✅")


def stored_words(path):
    with sqlite3.connect(path) as conn:
        words = {row[0] for row in conn.execute("SELECT word FROM bee_guesses")}
    conn.close()
    return words


async def unhealthy(url, *why):
    """The 503 of a failing database: its one JSON line says each of ``why``."""
    status, body = await health(url)
    assert status == 503 and body["status"] == "fail" and body["failed"] == ["database"] and body["gateway"] == "ok"
    for part in why:
        assert part in body["database"], body
    return body["database"]


def database_errors(env):
    """The errors SimCord saw the bot log (reading them acknowledges them): each the database's."""
    errors = [getattr(error, "original", error) for error in env.errors]
    assert errors and all(isinstance(error, StoreError) for error in errors), errors
    return errors


def logged(caplog, part):
    """The error lines (each with an error id) the database's watch logged that say ``part``."""
    return [r for r in caplog.records if r.name.startswith("bot.db.") and r.levelno == logging.ERROR
            and part in r.getMessage() and "[error id " in r.getMessage()]


@pytest.mark.parametrize("how", ["deleted", "moved away", "replaced"])
async def test_a_file_gone_from_its_path_fails_the_check_and_refuses_writes(server, settings, how, caplog):
    url, path = server.env.bot.health.url, settings.database
    await server.start_day()
    first, second, third = sorted(puzzle_of(START).answers)[:3]
    assert await guess(server, first) and await health(url) == (200, OK)
    elsewhere = path.with_name("elsewhere.sqlite3")
    if how == "deleted":
        shutil.copyfile(path, elsewhere)  # kept only to look inside afterwards; the bot's file is unlinked
        path.unlink()
    elif how == "moved away":
        path.rename(elsewhere)
    else:  # a copy of the file (another inode) put in its place, as a careless restore would
        shutil.copyfile(path, elsewhere)
        os.replace(elsewhere, path)
    why = "another file than the one the bot opened (replaced)" if how == "replaced" else "deleted or moved away"
    assert str(path) in await unhealthy(url, why, "Writes are refused")
    assert not await guess(server, second)  # refused: it would be lost at the next start
    assert await unhealthy(url, why) and len(logged(caplog, why)) == 1  # logged once, however often checked
    assert str(path) in logged(caplog, why)[0].getMessage()
    assert database_errors(server.env)
    if how == "replaced":
        assert stored_words(path) == {first}
    if how == "moved away":  # the same file put back: writes resume
        elsewhere.rename(path)
        assert await guess(server, third) and await health(url) == (200, OK)
        assert stored_words(path) == {first, third}


async def test_a_read_only_file_fails_the_check_until_it_is_writable_again(server, settings, caplog):
    """chmod a-w: the bot could not write the file after a restart (root ignores the mode, but it is
    meant all the same; so the check reads the mode, not only whether this user may write)."""
    url, path = server.env.bot.health.url, settings.database
    await server.start_day()
    first, second = sorted(puzzle_of(START).answers)[:2]
    path.chmod(0o444)
    try:
        await unhealthy(url, str(path), "is read-only", "chmod u+w")
        assert await guess(server, first)  # the file the bot has open still takes them, and keeps them
        await unhealthy(url, "is read-only")
        assert len(logged(caplog, "is read-only")) == 1
    finally:
        path.chmod(0o644)
    assert await health(url) == (200, OK)
    assert await guess(server, second) and stored_words(path) == {first, second}


async def test_a_full_database_fails_the_check_until_a_write_commits(server, settings, caplog):
    """SQLite's own limit on the file's pages (max_page_count) gives the error a full disk gives, SQLITE_FULL."""
    url, db = server.env.bot.health.url, server.env.bot.db
    await server.start_day()
    first = sorted(puzzle_of(START).answers)[0]
    pages = (await db.fetch_one("PRAGMA page_count"))[0]
    await db.writer.submit(lambda conn: conn.execute(f"PRAGMA max_page_count = {pages}").fetchall())
    refused = 0
    for n in range(64):  # until the pages there are hold no more
        try:
            await db.set_state(f"note {n}", "x" * 3000)
        except StoreError as error:
            assert "database or disk is full" in str(error)
            refused += 1
            break
    assert refused == 1
    await unhealthy(url, "a write could not commit (database or disk is full)", "Free disk space")
    assert len(logged(caplog, "database or disk is full")) == 1
    await db.writer.submit(lambda conn: conn.execute("PRAGMA max_page_count = 1073741823").fetchall())  # space freed
    assert await guess(server, first)  # a write commits
    assert await health(url) == (200, OK)


async def test_a_damaged_file_is_reported_by_its_quick_check(server, settings, caplog):
    url, db, path = server.env.bot.health.url, server.env.bot.db, settings.database
    await server.start_day()
    fill(path)
    damage(path)
    await health(url)  # the first check starts the quick_check, in the background (its answer: either)
    report = await db.integrity.checked()
    assert report is not None and not report.sound and report.check == "quick_check"
    why = await unhealthy(url, str(path), "damaged: SQLite's quick_check found", "wordbot db restore")
    assert len(logged(caplog, "damaged: SQLite's quick_check")) == 1
    assert await unhealthy(url) == why  # the last result, not a check on every scrape
    assert len(logged(caplog, "damaged: SQLite's quick_check")) == 1
