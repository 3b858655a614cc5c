"""A database of the release before Letter Boxed had languages (SQLite at 0020, PostgreSQL at 0015)
upgrades without loss: every box, chain and solve is kept, as English's, every player's day as
before, and the upgraded database takes a French box, chain and solve of the same date (the solve
under its own game, 'letterbox-fr'), a better English solve still updating English's day."""

from bot.db import open_database
from tests.bot.daily.test_upgrade_0009 import postgres_rows, sqlite_rows
from tests.bot.db.older import older_postgres, older_sqlite

ROWS = """
    INSERT INTO letterbox_puzzles (puzzle_date, sides, par, solution, playable)
    VALUES ('2026-11-20', 'nrw bou efi lpt', 4, 'powerful libertine', 900);
    INSERT INTO letterbox_chains (guild_id, puzzle_date, user_id, words, updated_at)
    VALUES (1, '2026-11-20', 11, 'powerful libertine', '2026-11-20T10:02:00Z'),
           (1, '2026-11-20', 12, 'powerful', '2026-11-20T10:01:00Z');
    INSERT INTO letterbox_solves (guild_id, puzzle_date, user_id, words, word_count, points, solved_at)
    VALUES (1, '2026-11-20', 11, 'powerful lint tribe', 3, 18, '2026-11-20T10:02:00Z');
"""
# the columns each table had before the upgrade, then the language it adds
PUZZLES = "SELECT puzzle_date, sides, par, solution, playable, language FROM letterbox_puzzles"
CHAINS = "SELECT guild_id, puzzle_date, user_id, words, updated_at, language FROM letterbox_chains"
SOLVES = "SELECT guild_id, puzzle_date, user_id, words, word_count, points, solved_at, language FROM letterbox_solves"
DAYS = "SELECT game, guild_id, user_id, day, points, words, pangrams, max_points FROM player_days"
BEFORE = {
    PUZZLES: [("2026-11-20", "nrw bou efi lpt", 4, "powerful libertine", 900, "en")],
    CHAINS: [(1, "2026-11-20", 11, "powerful libertine", "2026-11-20T10:02:00Z", "en"),
             (1, "2026-11-20", 12, "powerful", "2026-11-20T10:01:00Z", "en")],
}
FRENCH = {
    PUZZLES: [("2026-11-20", "dmx efl ain cot", 4, "fade exclamation", 1500, "fr")],
    CHAINS: [(1, "2026-11-20", 11, "fade exclamation", "2026-11-20T11:01:00Z", "fr")],
}
SOLVED = sorted([(1, "2026-11-20", 11, "powerful libertine", 2, 24, "2026-11-20T10:02:00Z", "en"),
                 (1, "2026-11-20", 11, "fade exclamation", 2, 24, "2026-11-20T11:01:00Z", "fr")])
EXPECTED_DAYS = [("letterbox", 1, 11, "2026-11-20", 18, 3, 1, 24)]
BETTER = "SELECT game, points, words FROM player_days ORDER BY game"


async def french_day_and_a_better_english_solve(target) -> None:
    db = await open_database(target)
    try:
        await db.write("INSERT INTO letterbox_puzzles (language, puzzle_date, sides, par, solution, playable) "
                       "VALUES ('fr', '2026-11-20', 'dmx efl ain cot', 4, 'fade exclamation', 1500)", ())
        await db.write("INSERT INTO letterbox_chains (guild_id, language, puzzle_date, user_id, words, updated_at) "
                       "VALUES (1, 'fr', '2026-11-20', 11, 'fade exclamation', '2026-11-20T11:01:00Z')", ())
        await db.write("INSERT INTO letterbox_solves (guild_id, language, puzzle_date, user_id, words, word_count, "
                       "points, solved_at) VALUES (1, 'fr', '2026-11-20', 11, 'fade exclamation', 2, 24, "
                       "'2026-11-20T11:01:00Z')", ())
        await db.write("UPDATE letterbox_solves SET words = 'powerful libertine', word_count = 2, points = 24 "
                       "WHERE language = 'en' AND guild_id = 1 AND user_id = 11", ())
    finally:
        await db.close()


async def test_a_version_20_sqlite_database_upgrades_without_loss(tmp_path):
    path = tmp_path / "old.sqlite3"
    await older_sqlite(path, 20, ROWS)
    assert sqlite_rows(path, DAYS) == EXPECTED_DAYS  # the older release's trigger made it

    await french_day_and_a_better_english_solve(path)

    for query in (PUZZLES, CHAINS):
        assert sqlite_rows(path, query) == sorted(BEFORE[query] + FRENCH[query])
    assert sqlite_rows(path, SOLVES) == SOLVED
    assert sqlite_rows(path, BETTER) == [("letterbox", 24, 2), ("letterbox-fr", 24, 2)]
    assert sqlite_rows(path, "PRAGMA integrity_check") == [("ok",)]
    assert sqlite_rows(path, "PRAGMA foreign_key_check") == []


async def test_a_version_15_postgres_database_upgrades_without_loss(postgres_url):
    await older_postgres(postgres_url, 15, ROWS)
    assert await postgres_rows(postgres_url, DAYS) == EXPECTED_DAYS

    await french_day_and_a_better_english_solve(postgres_url)

    for query in (PUZZLES, CHAINS):
        assert await postgres_rows(postgres_url, query) == sorted(BEFORE[query] + FRENCH[query])
    assert await postgres_rows(postgres_url, SOLVES) == SOLVED
    assert await postgres_rows(postgres_url, BETTER) == [("letterbox", 24, 2), ("letterbox-fr", 24, 2)]
