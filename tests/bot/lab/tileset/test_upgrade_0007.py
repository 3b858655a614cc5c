"""A version 6 database upgrades through 0007 without loss: its answers (all counted every word)
become the answers with vulgar words, and answers without them are stored apart."""

import sqlite3

import pytest

from bot.db import open_database, sqlite_schema as database
from bot.db.schema import available_migrations
from bot.lab.tileset.store import Question, TilesetStore
from tests.bot.lab.tileset.test_upgrade_0006 import rows


async def test_a_version_6_database_upgrades_without_loss(tmp_path):
    path = tmp_path / "old.sqlite3"
    conn = await database.connect(path)
    await database.upgrade(conn, up_to=6)
    await conn.executescript("""
        INSERT INTO tileset_best (lexicon, tile_count, tile_size, odd_policy, tiles, words, greedy_words, bound,
                                  seconds, improved_by, created_at, updated_at)
        VALUES ('full', 3, 2, 'skip', 'ed pi ti', 6, 5, 9, 1.5, 11, '2026-01-01T00:00:00.000Z',
                '2026-01-02T00:00:00.000Z'),
               ('common', 30, 1, 'skip', 'a b c d e f g h i j k l m n o p q r s t u v w x y z', 900, 900, NULL, 3, 0,
                '2026-01-01T00:00:00.000Z', '2026-01-01T00:00:00.000Z');
        INSERT INTO guild_settings (guild_id, anagram_lexicon, timezone) VALUES (1, 'common', 'Europe/London');
    """)
    await conn.close()
    before = rows(path, "SELECT * FROM tileset_best")
    kept_columns = ", ".join(r[1] for r in rows(path, "PRAGMA table_info(guild_settings)"))
    settings = rows(path, f"SELECT {kept_columns} FROM guild_settings")

    db = await open_database(path)
    try:
        # upgraded to the latest
        assert rows(path, "SELECT max(version) FROM schema_migrations") == [(available_migrations()[-1].version,)]
        after = rows(path, "SELECT lexicon, tile_count, tile_size, odd_policy, tiles, words, "
                           "greedy_words, bound, seconds, "
                           "improved_by, created_at, updated_at FROM tileset_best")
        assert after == before and rows(path, "SELECT DISTINCT vulgar FROM tileset_best") == [(1,)]
        assert rows(path, f"SELECT {kept_columns} FROM guild_settings") == settings  # later columns beside them
        store = TilesetStore(db)
        kept = await store.best(Question("full", 3, 2, "skip"))
        assert kept.tiles == ("ed", "pi", "ti") and kept.words == 6 and kept.improved_by == 11
        assert await store.best(Question("full", 3, 2, "skip", vulgar=False)) is None
        clean = await store.record(Question("full", 3, 2, "skip", vulgar=False), ("ab", "cd", "ef"), 2, 2, None, 1.0,
                                   12)
        assert clean.improved and clean.best.words == 2  # apart: not compared with the answer counting every word
        assert (await store.best(Question("full", 3, 2, "skip"))).words == 6
        with pytest.raises(sqlite3.IntegrityError, match="only ever gets better"):  # the trigger came through
            await db.write("UPDATE tileset_best SET words = 1")
    finally:
        await db.close()
