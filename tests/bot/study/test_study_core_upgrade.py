"""A database of the release before study (SQLite at 0013, PostgreSQL at 0007) upgrades without
loss: the quiz misses kept before come into each player's deck when they first study, once each."""

import datetime as dt

from bot.db import open_database
from bot.study.deck import Study
from solvers.lexicon import Lexicon
from tests.bot.db.older import older_postgres, older_sqlite

NOW = dt.datetime(2026, 11, 26, 12, tzinfo=dt.UTC)
OLD_ROWS = """
INSERT INTO quiz_misses (guild_id, user_id, alphagram, lexicon, source, missed_at) VALUES
    (1, 11, 'act', 'full', 'round:1', '2026-11-20T10:00:00.000000+00:00'),
    (2, 11, 'act', 'full', 'round:2', '2026-11-21T10:00:00.000000+00:00'),
    (1, 11, 'dgo', 'club', 'challenge:2026-11-21:today-3', '2026-11-21T11:00:00.000000+00:00'),
    (1, 12, 'abd', 'full', 'round:1', '2026-11-20T10:00:00.000000+00:00');
"""
LEXICON = Lexicon("full", ["act", "cat", "dog", "god", "bad", "dab"])


async def the_upgraded_deck_holds_the_old_misses(target):
    db = await open_database(target)
    try:
        study = Study(db, {"full": LEXICON})
        assert (await study.due(11, NOW)).new == 2  # act (missed twice, in two servers) and dgo (a server's list)
        assert sorted(row.card for row in await study.export_rows(11)) == ["act", "dgo"]
        assert [row.card for row in await study.export_rows(12)] == []  # until Bob studies
        assert (await study.next_card(12, NOW)).prompt == "abd"
    finally:
        await db.close()


async def test_a_version_13_sqlite_database_upgrades_without_loss(tmp_path):
    path = tmp_path / "old.sqlite3"
    await older_sqlite(path, 13, OLD_ROWS)
    await the_upgraded_deck_holds_the_old_misses(path)


async def test_a_version_7_postgres_database_upgrades_without_loss(postgres_url):
    await older_postgres(postgres_url, 7, OLD_ROWS)
    await the_upgraded_deck_holds_the_old_misses(postgres_url)
