"""/healthz over HTTP on loopback: 200 when the gateway is connected and the database answers, 503
with one JSON line naming what failed otherwise; and back to 200 when the database is back."""

import asyncio
from urllib.parse import urlsplit

import pytest

from bot.app import create_bot, open_database
from bot.meta.health import HealthServer
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
        simcord_env.bot.db = await open_database(settings)
    else:
        server.psql(f"ALTER DATABASE {name} ALLOW_CONNECTIONS true;")
    assert await health(url) == (200, OK)


async def test_a_bot_not_connected_yet_is_unhealthy_until_connected_and_its_database_open(settings):
    bot = create_bot(settings)
    server = HealthServer(bot, *METRICS_ON)
    await server.start()
    try:
        status, body = await health(server.url)
        assert status == 503 and body == {"status": "fail", "failed": ["gateway", "database"],
                                          "gateway": "not connected yet", "database": "not open"}
        bot.db = await open_database(settings)
        status, body = await health(server.url)
        assert status == 503 and body["failed"] == ["gateway"] and body["database"] == "ok"
        samples = await scrape(server.url)
        assert samples.value("wordbot_shards") == 0 and samples.value("wordbot_jobs_running") == 0
    finally:
        await server.stop()
        if bot.db is not None:
            await bot.db.close()


async def test_a_database_slower_than_a_second_fails_the_check(simcord_env, monkeypatch):
    url = simcord_env.bot.health.url
    db = simcord_env.bot.db

    async def stuck():
        await asyncio.sleep(3)

    monkeypatch.setattr(db, "ping", stuck)
    status, body = await health(url)
    assert status == 503 and body["failed"] == ["database"] and body["database"] == "no answer within 1 s"
