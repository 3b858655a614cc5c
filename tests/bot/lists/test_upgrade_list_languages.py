"""A database of the release before lists had a language (the migration before ``list_languages``:
SQLite 0020 and PostgreSQL 0015 on main) upgrades without loss: every list keeps its words and
figures, and is English, as it was read; the upgraded bot plays it in English and refuses it in
French."""

import zlib

import pytest

from bot.db import open_database
from bot.db.schema import available_migrations
from bot.lexicons.guild_lists import GuildLists
from solvers.wordlist import digest
from tests.bot.daily.test_upgrade_0009 import postgres_rows, sqlite_rows
from tests.bot.db.older import older_postgres, older_sqlite

BLOB = zlib.compress(b"act\ncat\nqi\nzax", 6)
ROWS = f"""
    INSERT INTO guild_word_lists (guild_id, name, words, word_count, digest, uploaded_by, created_at)
    VALUES (1, 'club', {{blob}}, 4, '{digest(BLOB)}', 11, '2026-11-20T10:00:00.000Z'),
           (2, 'other', {{blob}}, 4, '{digest(BLOB)}', 0, '2026-11-21T10:00:00.000Z');
"""
BEFORE = "SELECT guild_id, name, words, word_count, digest, uploaded_by, created_at FROM guild_word_lists"
EXPECTED = [(1, "club", BLOB, 4, digest(BLOB), 11, "2026-11-20T10:00:00.000Z"),
            (2, "other", BLOB, 4, digest(BLOB), 0, "2026-11-21T10:00:00.000Z")]


def before(dialect: str) -> int:
    """The version just before this change's migration, however the migrations are numbered."""
    (ours,) = [m.version for m in available_migrations(dialect) if m.name.endswith("_list_languages")]
    return ours - 1


async def the_upgraded_bot_plays_them_in_english(target) -> None:
    db = await open_database(target)
    try:
        lists = GuildLists(db)
        assert [(i.name, i.language) for i in await lists.store.lists(1)] == [("club", "en")]
        assert sorted(await lists.lexicon(1, "club")) == ["act", "cat", "qi", "zax"]
        with pytest.raises(LookupError):
            await lists.lexicon(1, "fr/club")
    finally:
        await db.close()


async def test_an_older_sqlite_database_upgrades_without_loss(tmp_path):
    path = tmp_path / "old.sqlite3"
    await older_sqlite(path, before("sqlite"), ROWS.format(blob=f"X'{BLOB.hex()}'"))
    await the_upgraded_bot_plays_them_in_english(path)
    assert sqlite_rows(path, BEFORE) == EXPECTED
    assert sqlite_rows(path, "SELECT language FROM guild_word_lists") == [("en",), ("en",)]
    assert sqlite_rows(path, "PRAGMA integrity_check") == [("ok",)]


async def test_an_older_postgres_database_upgrades_without_loss(postgres_url):
    await older_postgres(postgres_url, before("postgres"), ROWS.format(blob=f"'\\x{BLOB.hex()}'::bytea"))
    await the_upgraded_bot_plays_them_in_english(postgres_url)
    assert await postgres_rows(postgres_url, BEFORE) == EXPECTED
    assert await postgres_rows(postgres_url, "SELECT language FROM guild_word_lists") == [("en",), ("en",)]
