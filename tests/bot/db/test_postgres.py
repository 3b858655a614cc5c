"""The PostgreSQL backend: migrations and their bookkeeping, bad URLs and servers, the dialect."""

import socket

import asyncpg
import pytest

from bot.db import Migration, StoreError, open_database, schema
from bot.db.dialect import NOW, rowcount, to_postgres
from bot.db.postgres import schema_status
from bot.db.schema import available_migrations
from bot.db.url import redacted


def test_placeholders_are_numbered_outside_string_literals():
    assert to_postgres("SELECT ? FROM t WHERE a = '?' AND b = ?") == "SELECT $1 FROM t WHERE a = '?' AND b = $2"
    assert to_postgres("SELECT ?1, ?2, ?1") == "SELECT $1, $2, $1"
    assert to_postgres(f"UPDATE t SET at = {NOW} WHERE k = ?") == "UPDATE t SET at = wordbot_now() WHERE k = $1"
    with pytest.raises(ValueError, match="mixes"):
        to_postgres("SELECT ?, ?2")
    assert rowcount("INSERT 0 1") == 1 and rowcount("UPDATE 12") == 12 and rowcount("SELECT 0") == 0


async def test_open_applies_every_migration_once_and_records_it(postgres_url):
    db = await open_database(postgres_url)
    try:
        assert db.dialect == "postgres"
        rows = await db.fetch_all("SELECT name FROM schema_migrations ORDER BY version")
        assert [r["name"] for r in rows] == [m.name for m in available_migrations("postgres")]
        async with db.pool.acquire() as conn:
            status = await schema_status(conn)
            assert status.current == status.latest and status.pending == ()
    finally:
        await db.close()
    await (await open_database(postgres_url)).close()  # a second start applies nothing


async def test_a_database_newer_than_the_code_is_refused_untouched(postgres_url):
    await (await open_database(postgres_url)).close()
    conn = await asyncpg.connect(postgres_url)
    try:
        await conn.execute("INSERT INTO schema_migrations (version, name) VALUES (999, '0999_future')")
        with pytest.raises(StoreError, match="schema version 999, newer than this wordbot knows"):
            await open_database(postgres_url)
        assert await conn.fetchval("SELECT MAX(version) FROM schema_migrations") == 999
    finally:
        await conn.close()


async def test_a_failing_migration_rolls_back_all_pending(postgres_url, monkeypatch):
    good = available_migrations("postgres")
    broken = Migration(len(good) + 1, f"{len(good) + 1:04d}_broken", "CREATE TABLE half (x INTEGER); SELEKT nonsense;")
    monkeypatch.setattr(schema, "available_migrations", lambda dialect="sqlite": [*good, broken])
    with pytest.raises(StoreError, match="rolled back"):
        await open_database(postgres_url)
    conn = await asyncpg.connect(postgres_url)
    try:
        assert await conn.fetchval("SELECT to_regclass('guild_settings')") is None
    finally:
        await conn.close()


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.mark.parametrize(("url", "says"), [
    ("postgresql://wordbot:secret@127.0.0.1:{port}/wordbot", "Cannot connect to PostgreSQL at "
     "postgresql://wordbot:***@127.0.0.1:{port}/wordbot"),
    ("postgresql://wordbot@127.0.0.1:notaport/wordbot", "is not valid"),
])
async def test_a_bad_url_or_a_server_that_is_down_is_one_clear_line(url, says):
    port = _free_port()
    with pytest.raises(StoreError) as caught:
        await open_database(url.format(port=port))
    message = str(caught.value)
    assert says.format(port=port) in message and "\n" not in message and "secret" not in message


async def test_a_database_that_does_not_exist_says_so(postgres_url):
    missing = postgres_url.replace("/wordbot_test_", "/nothing_here_", 1)
    with pytest.raises(StoreError, match="There is no database named in"):
        await open_database(missing)


def test_passwords_are_not_shown():
    assert redacted("postgresql://u:pw@h/d") == "postgresql://u:***@h/d"
    assert redacted("postgresql://u@h/d") == "postgresql://u@h/d"


async def test_a_transaction_body_that_waits_for_something_else_is_refused_on_sqlite(tmp_path):
    import asyncio

    db = await open_database(tmp_path / "w.sqlite3")
    try:
        async def waits(tx):
            await asyncio.sleep(0)

        with pytest.raises(RuntimeError, match="must not wait for anything else"):
            await db.transaction(waits)
    finally:
        await db.close()
