"""A database of the release before Letter Boxed and the word ladder had languages (SQLite at
0020, PostgreSQL at 0015) upgrades without loss: every box and ladder, chain and climb, solve is
kept, as English's, every player's day as before; the upgraded database takes a French box and
ladder of the same date, with their chains, climbs and solves (under their own games,
'letterbox-fr' and 'ladder-fr'), and a better English solve still updates English's day."""

from bot.db import open_database
from bot.db.schema import available_migrations
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
    INSERT INTO ladder_puzzles (puzzle_date, start_word, end_word, par, ladder, ladders, everyday_ladders)
    VALUES ('2026-11-20', 'cold', 'warm', 4, 'cold cord card ward warm', 7, 2);
    INSERT INTO ladder_climbs (guild_id, puzzle_date, user_id, rungs, started_at, updated_at)
    VALUES (1, '2026-11-20', 11, 'cord card ward warm', '2026-11-20T10:00:00Z', '2026-11-20T10:02:00Z'),
           (1, '2026-11-20', 12, 'cord', '2026-11-20T10:01:00Z', '2026-11-20T10:01:00Z');
    INSERT INTO ladder_solves (guild_id, puzzle_date, user_id, rungs, rung_count, points, seconds, solved_at)
    VALUES (1, '2026-11-20', 11, 'cord card ward worm warm', 5, 8, 90, '2026-11-20T10:02:00Z');
"""
FRENCH_ROWS = [
    "INSERT INTO letterbox_puzzles (language, puzzle_date, sides, par, solution, playable) "
    "VALUES ('fr', '2026-11-20', 'dmx efl ain cot', 4, 'fade exclamation', 1500)",
    "INSERT INTO letterbox_chains (guild_id, language, puzzle_date, user_id, words, updated_at) "
    "VALUES (1, 'fr', '2026-11-20', 11, 'fade exclamation', '2026-11-20T11:01:00Z')",
    "INSERT INTO letterbox_solves (guild_id, language, puzzle_date, user_id, words, word_count, points, solved_at) "
    "VALUES (1, 'fr', '2026-11-20', 11, 'fade exclamation', 2, 24, '2026-11-20T11:01:00Z')",
    "UPDATE letterbox_solves SET words = 'powerful libertine', word_count = 2, points = 24 "
    "WHERE language = 'en' AND guild_id = 1 AND user_id = 11",
    "INSERT INTO ladder_puzzles (language, puzzle_date, start_word, end_word, par, ladder, ladders, everyday_ladders) "
    "VALUES ('fr', '2026-11-20', 'pain', 'buse', 4, 'pain bain baie base buse', 2, 2)",
    "INSERT INTO ladder_climbs (guild_id, language, puzzle_date, user_id, rungs, started_at, updated_at) "
    "VALUES (1, 'fr', '2026-11-20', 11, 'bain baie base buse', '2026-11-20T11:00:00Z', '2026-11-20T11:01:00Z')",
    "INSERT INTO ladder_solves (guild_id, language, puzzle_date, user_id, rungs, rung_count, points, seconds, "
    "solved_at) VALUES (1, 'fr', '2026-11-20', 11, 'bain baie base buse', 4, 10, 60, '2026-11-20T11:01:00Z')",
    "UPDATE ladder_solves SET rungs = 'cord card ward warm', rung_count = 4, points = 10 "
    "WHERE language = 'en' AND guild_id = 1 AND user_id = 11",
]
# each table's columns before the upgrade, then the language it adds: its rows after the French day
EXPECTED = {
    "SELECT puzzle_date, sides, par, solution, playable, language FROM letterbox_puzzles": [
        ("2026-11-20", "dmx efl ain cot", 4, "fade exclamation", 1500, "fr"),
        ("2026-11-20", "nrw bou efi lpt", 4, "powerful libertine", 900, "en")],
    "SELECT guild_id, puzzle_date, user_id, words, updated_at, language FROM letterbox_chains": [
        (1, "2026-11-20", 11, "fade exclamation", "2026-11-20T11:01:00Z", "fr"),
        (1, "2026-11-20", 11, "powerful libertine", "2026-11-20T10:02:00Z", "en"),
        (1, "2026-11-20", 12, "powerful", "2026-11-20T10:01:00Z", "en")],
    "SELECT guild_id, puzzle_date, user_id, words, word_count, points, solved_at, language FROM letterbox_solves": [
        (1, "2026-11-20", 11, "fade exclamation", 2, 24, "2026-11-20T11:01:00Z", "fr"),
        (1, "2026-11-20", 11, "powerful libertine", 2, 24, "2026-11-20T10:02:00Z", "en")],
    "SELECT puzzle_date, start_word, end_word, par, ladder, ladders, everyday_ladders, language FROM ladder_puzzles": [
        ("2026-11-20", "cold", "warm", 4, "cold cord card ward warm", 7, 2, "en"),
        ("2026-11-20", "pain", "buse", 4, "pain bain baie base buse", 2, 2, "fr")],
    "SELECT guild_id, puzzle_date, user_id, rungs, started_at, updated_at, language FROM ladder_climbs": [
        (1, "2026-11-20", 11, "bain baie base buse", "2026-11-20T11:00:00Z", "2026-11-20T11:01:00Z", "fr"),
        (1, "2026-11-20", 11, "cord card ward warm", "2026-11-20T10:00:00Z", "2026-11-20T10:02:00Z", "en"),
        (1, "2026-11-20", 12, "cord", "2026-11-20T10:01:00Z", "2026-11-20T10:01:00Z", "en")],
    "SELECT guild_id, puzzle_date, user_id, rungs, rung_count, points, seconds, solved_at, language "
    "FROM ladder_solves": [
        (1, "2026-11-20", 11, "bain baie base buse", 4, 10, 60, "2026-11-20T11:01:00Z", "fr"),
        (1, "2026-11-20", 11, "cord card ward warm", 4, 10, 90, "2026-11-20T10:02:00Z", "en")],
    "SELECT game, points, words FROM player_days": [
        ("ladder", 10, 4), ("ladder-fr", 10, 4), ("letterbox", 24, 2), ("letterbox-fr", 24, 2)],
}
DAYS = "SELECT game, guild_id, user_id, day, points, words, pangrams, max_points FROM player_days"
DAYS_BEFORE = [("ladder", 1, 11, "2026-11-20", 8, 5, 1, 10), ("letterbox", 1, 11, "2026-11-20", 18, 3, 1, 24)]


async def french_day_and_better_english_solves(target) -> None:
    db = await open_database(target)
    try:
        for statement in FRENCH_ROWS:
            await db.write(statement, ())
    finally:
        await db.close()


async def test_a_version_20_sqlite_database_upgrades_without_loss(tmp_path):
    path = tmp_path / "old.sqlite3"
    await older_sqlite(path, 20, ROWS)
    assert sqlite_rows(path, DAYS) == DAYS_BEFORE  # the older release's triggers made them

    await french_day_and_better_english_solves(path)

    for query, rows in EXPECTED.items():
        assert sqlite_rows(path, query) == rows, query
    assert sqlite_rows(path, "SELECT MAX(version) FROM schema_migrations") == [
        (available_migrations("sqlite")[-1].version,)]
    assert sqlite_rows(path, "PRAGMA integrity_check") == [("ok",)]
    assert sqlite_rows(path, "PRAGMA foreign_key_check") == []


async def test_a_version_15_postgres_database_upgrades_without_loss(postgres_url):
    await older_postgres(postgres_url, 15, ROWS)
    assert await postgres_rows(postgres_url, DAYS) == DAYS_BEFORE

    await french_day_and_better_english_solves(postgres_url)

    for query, rows in EXPECTED.items():
        assert await postgres_rows(postgres_url, query) == rows, query
