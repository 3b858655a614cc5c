import asyncio
import sqlite3
import threading

import pytest

from bot.db import Migration, StoreError, open_database, schema, sqlite_schema as store
from bot.db.schema import available_migrations


async def test_open_applies_every_migration_and_records_it(tmp_path):
    db = tmp_path / "data" / "wordbot.sqlite3"
    s = await open_database(db)
    try:
        status = await store.schema_status(s.conn)
        assert status.current == status.latest == len(available_migrations())
        assert status.pending == ()
        async with s.conn.execute("PRAGMA journal_mode") as cursor:
            assert (await cursor.fetchone())[0] == "wal"
        async with s.conn.execute("PRAGMA foreign_keys") as cursor:
            assert (await cursor.fetchone())[0] == 1
    finally:
        await s.close()
    with sqlite3.connect(db) as raw:
        names = [row[0] for row in raw.execute("SELECT name FROM schema_migrations ORDER BY version")]
    assert names == [m.name for m in available_migrations()]
    assert names[0] == "0001_initial"


async def test_reopening_applies_nothing_twice(tmp_path):
    db = tmp_path / "w.sqlite3"
    await (await open_database(db)).close()
    conn = await store.connect(db)
    try:
        assert await store.upgrade(conn) == []
    finally:
        await conn.close()


async def test_a_database_newer_than_the_code_is_refused_untouched(tmp_path):
    db = tmp_path / "w.sqlite3"
    await (await open_database(db)).close()
    with sqlite3.connect(db) as raw:
        raw.execute("INSERT INTO schema_migrations (version, name) VALUES (999, '0999_future')")
    before = db.read_bytes()
    with pytest.raises(StoreError, match="schema version 999, newer than this wordbot knows"):
        await open_database(db)
    with sqlite3.connect(db) as raw:
        assert raw.execute("SELECT MAX(version) FROM schema_migrations").fetchone()[0] == 999
    assert db.read_bytes() == before


async def test_a_failing_migration_rolls_back_all_pending(tmp_path, monkeypatch):
    good = available_migrations()
    broken = Migration(len(good) + 1, f"{len(good) + 1:04d}_broken", "CREATE TABLE half (x INTEGER); SELEKT nonsense;")
    monkeypatch.setattr(schema, "available_migrations", lambda dialect="sqlite": [*good, broken])
    db = tmp_path / "w.sqlite3"
    with pytest.raises(StoreError, match="rolled back"):
        await open_database(db)
    with sqlite3.connect(db) as raw:
        tables = {row[0] for row in raw.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
    assert "half" not in tables and "guild_settings" not in tables  # nothing of the batch survived


def test_two_processes_starting_at_once_migrate_a_new_file_once(tmp_path):
    """Clusters started together each open the new file: one migrates, the other finds it done.
    (Switching a new file to WAL failed at once, one start in fifteen, before it was retried.)"""
    for attempt in range(30):
        path, ready, failures = tmp_path / f"new-{attempt}.sqlite3", threading.Barrier(2), []

        async def start(path, ready, failures) -> None:
            ready.wait()
            try:
                await (await open_database(path)).close()
            except StoreError as error:
                failures.append(error)

        starts = [threading.Thread(target=asyncio.run, args=(start(path, ready, failures),)) for _ in range(2)]
        for thread in starts:
            thread.start()
        for thread in starts:
            thread.join()
        assert failures == []
        with sqlite3.connect(path) as conn:
            versions = [v for (v,) in conn.execute("SELECT version FROM schema_migrations ORDER BY version")]
        assert versions == [m.version for m in available_migrations()]


async def test_state_and_guild_settings_round_trip(db_target):
    s = await open_database(db_target)
    try:
        assert await s.get_state("k") is None
        await s.set_state("k", "one")
        await s.set_state("k", "two")
        assert await s.get_state("k") == "two"
        assert (await s.guild_settings(42)).anagram_lexicon == "full"
        await s.set_anagram_lexicon(42, "common")
        assert (await s.guild_settings(42)).anagram_lexicon == "common"
        assert (await s.guild_settings(43)).anagram_lexicon == "full"
        await s.set_anagram_lexicon(42, "club-2")  # a server's own list (bot.lists checks it is there)
        assert (await s.guild_settings(42)).anagram_lexicon == "club-2"
        for bad in ("Klingon", "no spaces", "x" * 21, ""):
            with pytest.raises(ValueError):
                await s.set_anagram_lexicon(42, bad)
    finally:
        await s.close()


def test_migration_files_are_numbered_without_gaps():
    versions = [m.version for m in available_migrations()]
    assert versions == list(range(1, len(versions) + 1))


async def test_writes_sent_at_once_are_committed_together_and_a_failing_one_fails_alone(db_target):
    import asyncio

    db = await open_database(db_target)
    try:
        async def bad(tx):
            await tx.execute("INSERT INTO bot_state (key, value) VALUES ('half', 'done')")
            raise RuntimeError("midway")

        writes = [db.write("INSERT INTO bot_state (key, value) VALUES (?, 'v')", (f"k{n}",)) for n in range(300)]
        results = await asyncio.gather(*writes[:150], db.transaction(bad), *writes[150:], return_exceptions=True)
        assert [r for r in results if isinstance(r, Exception)] == [results[150]]
        assert str(results[150]) == "midway"
        rows = await db.fetch_all("SELECT key FROM bot_state")
        assert sorted(r["key"] for r in rows) == sorted(f"k{n}" for n in range(300))  # 'half' rolled back alone
    finally:
        await db.close()


async def test_a_locked_database_is_a_clear_error_not_a_hang(tmp_path):
    path = tmp_path / "w.sqlite3"
    db = await open_database(path)
    db.writer.conn.execute("PRAGMA busy_timeout = 100")
    holder = sqlite3.connect(path, isolation_level=None)
    holder.execute("BEGIN IMMEDIATE")  # another process holds the write lock
    try:
        with pytest.raises(StoreError, match="could not be written: database is locked"):
            await db.set_state("k", "v")
    finally:
        holder.execute("ROLLBACK")
        holder.close()
    await db.set_state("k", "v")  # and it recovers
    assert await db.get_state("k") == "v"
    await db.close()
