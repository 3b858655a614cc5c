"""A database at version 5 upgrades through 0006 without loss; a best known tileset only improves."""

import sqlite3

import pytest

from bot.db import open_database, sqlite_schema as database
from bot.lab.tileset.store import Question, TilesetStore


def rows(path, sql):
    with sqlite3.connect(path) as raw:
        return sorted(raw.execute(sql).fetchall())


async def test_a_version_5_database_upgrades_without_loss(tmp_path):
    path = tmp_path / "old.sqlite3"
    conn = await database.connect(path)
    await database.upgrade(conn, up_to=5)
    await conn.executescript("""
        INSERT INTO guild_settings (guild_id, anagram_lexicon, timezone) VALUES (1, 'common', 'Europe/London');
        INSERT INTO bot_state (key, value) VALUES ('command_tree_hash:1', 'abc');
        INSERT INTO letterbox_puzzles (puzzle_date, sides, par, solution, playable)
        VALUES ('2026-01-01', 'nrw bou efi lpt', 4, 'powerful libertine', 321);
    """)
    await conn.close()
    tables = [r[0] for r in rows(path, "SELECT name FROM sqlite_master WHERE type = 'table' AND name "
                                       "!= 'schema_migrations'")]
    columns = {table: ", ".join(r[1] for r in rows(path, f"PRAGMA table_info({table})")) for table in tables}
    before = {table: rows(path, f"SELECT {columns[table]} FROM {table}") for table in tables}

    db = await open_database(path)
    await db.close()

    # every row keeps every value it had (later migrations may add columns beside them)
    assert {table: rows(path, f"SELECT {columns[table]} FROM {table}") for table in tables} == before
    assert (6,) in rows(path, "SELECT version FROM schema_migrations")
    assert rows(path, "SELECT * FROM tileset_best") == []


async def test_a_best_known_answer_only_gets_better(tmp_path):
    db = await open_database(tmp_path / "w.sqlite3")
    try:
        store, question = TilesetStore(db), Question("full", 3, 2, "skip")
        first = await store.record(question, ("ti", "pi", "ed"), 6, 5, 9, 1.5, 11)
        assert first.improved and first.best.tiles == ("ed", "pi", "ti") and first.best.words == 6
        worse = await store.record(question, ("ab", "cd", "ef"), 4, 5, 8, 2.0, 12)
        assert not worse.improved and worse.best.tiles == ("ed", "pi", "ti") and worse.best.improved_by == 11
        assert worse.best.seconds == 3.5 and worse.best.bound == 8  # time adds up; the smaller bound is kept
        better = await store.record(question, ("ed", "pi", "ti", "zz")[1:], 7, 5, None, 1.0, 12)
        assert better.improved and better.best.words == 7 and better.best.improved_by == 12 and better.best.bound == 8
        with pytest.raises(sqlite3.IntegrityError, match="only ever gets better"):
            await db.write("UPDATE tileset_best SET words = 1")
        assert (await store.best(question)).words == 7
        assert await store.best(Question("full", 3, 2, "either")) is None
    finally:
        await db.close()
