"""A database of the release before the word ladder had languages (SQLite at 0020, PostgreSQL at
0015) upgrades without loss: every ladder, climb and solve is kept, as English's, every player's
day as before, and the upgraded database takes a French ladder, climb and solve of the same date
(the solve under its own game, 'ladder-fr'), a better English solve still updating English's day."""

from bot.db import open_database
from bot.db.schema import available_migrations
from tests.bot.daily.test_upgrade_0009 import postgres_rows, sqlite_rows
from tests.bot.db.older import older_postgres, older_sqlite

ROWS = """
    INSERT INTO ladder_puzzles (puzzle_date, start_word, end_word, par, ladder, ladders, everyday_ladders)
    VALUES ('2026-11-20', 'cold', 'warm', 4, 'cold cord card ward warm', 7, 2);
    INSERT INTO ladder_climbs (guild_id, puzzle_date, user_id, rungs, started_at, updated_at)
    VALUES (1, '2026-11-20', 11, 'cord card ward warm', '2026-11-20T10:00:00Z', '2026-11-20T10:02:00Z'),
           (1, '2026-11-20', 12, 'cord', '2026-11-20T10:01:00Z', '2026-11-20T10:01:00Z');
    INSERT INTO ladder_solves (guild_id, puzzle_date, user_id, rungs, rung_count, points, seconds, solved_at)
    VALUES (1, '2026-11-20', 11, 'cord card ward worm warm', 5, 8, 90, '2026-11-20T10:02:00Z');
"""
# the columns each table had before the upgrade, then the language it adds
PUZZLES = ("SELECT puzzle_date, start_word, end_word, par, ladder, ladders, everyday_ladders, language "
           "FROM ladder_puzzles")
CLIMBS = "SELECT guild_id, puzzle_date, user_id, rungs, started_at, updated_at, language FROM ladder_climbs"
SOLVES = ("SELECT guild_id, puzzle_date, user_id, rungs, rung_count, points, seconds, solved_at, language "
          "FROM ladder_solves")
DAYS = "SELECT game, guild_id, user_id, day, points, words, pangrams, max_points FROM player_days"
EXPECTED = {
    PUZZLES: [("2026-11-20", "cold", "warm", 4, "cold cord card ward warm", 7, 2, "en")],
    CLIMBS: [(1, "2026-11-20", 11, "cord card ward warm", "2026-11-20T10:00:00Z", "2026-11-20T10:02:00Z", "en"),
             (1, "2026-11-20", 12, "cord", "2026-11-20T10:01:00Z", "2026-11-20T10:01:00Z", "en")],
    SOLVES: [(1, "2026-11-20", 11, "cord card ward worm warm", 5, 8, 90, "2026-11-20T10:02:00Z", "en")],
}
FRENCH = {
    PUZZLES: [("2026-11-20", "pain", "buse", 4, "pain bain baie base buse", 2, 2, "fr")],
    CLIMBS: [(1, "2026-11-20", 11, "bain baie base buse", "2026-11-20T11:00:00Z", "2026-11-20T11:01:00Z", "fr")],
    SOLVES: [(1, "2026-11-20", 11, "bain baie base buse", 4, 10, 60, "2026-11-20T11:01:00Z", "fr")],
}
EXPECTED_DAYS = [("ladder", 1, 11, "2026-11-20", 8, 5, 1, 10)]


async def french_day_and_a_better_english_solve(target) -> None:
    db = await open_database(target)
    try:
        await db.write("INSERT INTO ladder_puzzles (language, puzzle_date, start_word, end_word, par, ladder, ladders, "
                       "everyday_ladders) VALUES ('fr', '2026-11-20', 'pain', 'buse', 4, 'pain bain baie base buse', "
                       "2, 2)", ())
        await db.write("INSERT INTO ladder_climbs (guild_id, language, puzzle_date, user_id, rungs, started_at, "
                       "updated_at) VALUES (1, 'fr', '2026-11-20', 11, 'bain baie base buse', '2026-11-20T11:00:00Z', "
                       "'2026-11-20T11:01:00Z')", ())
        await db.write("INSERT INTO ladder_solves (guild_id, language, puzzle_date, user_id, rungs, rung_count, "
                       "points, seconds, solved_at) VALUES (1, 'fr', '2026-11-20', 11, 'bain baie base buse', 4, "
                       "10, 60, '2026-11-20T11:01:00Z')", ())
        await db.write("UPDATE ladder_solves SET rungs = 'cord card ward warm', rung_count = 4, points = 10 "
                       "WHERE language = 'en' AND guild_id = 1 AND user_id = 11", ())
    finally:
        await db.close()


BETTER = "SELECT game, points, words FROM player_days ORDER BY game"


async def test_a_version_20_sqlite_database_upgrades_without_loss(tmp_path):
    path = tmp_path / "old.sqlite3"
    await older_sqlite(path, 20, ROWS)
    assert sqlite_rows(path, DAYS) == EXPECTED_DAYS  # the older release's trigger made it

    await french_day_and_a_better_english_solve(path)

    for query in (PUZZLES, CLIMBS):
        assert sqlite_rows(path, query) == sorted(EXPECTED[query] + FRENCH[query])
    assert sqlite_rows(path, SOLVES) == sorted([(1, "2026-11-20", 11, "cord card ward warm", 4, 10, 90,
                                                 "2026-11-20T10:02:00Z", "en")] + FRENCH[SOLVES])
    assert sqlite_rows(path, BETTER) == [("ladder", 10, 4), ("ladder-fr", 10, 4)]
    assert sqlite_rows(path, "SELECT MAX(version) FROM schema_migrations") == [
        (available_migrations("sqlite")[-1].version,)]
    assert sqlite_rows(path, "PRAGMA integrity_check") == [("ok",)]
    assert sqlite_rows(path, "PRAGMA foreign_key_check") == []


async def test_a_version_15_postgres_database_upgrades_without_loss(postgres_url):
    await older_postgres(postgres_url, 15, ROWS)
    assert await postgres_rows(postgres_url, DAYS) == EXPECTED_DAYS

    await french_day_and_a_better_english_solve(postgres_url)

    for query in (PUZZLES, CLIMBS):
        assert await postgres_rows(postgres_url, query) == sorted(EXPECTED[query] + FRENCH[query])
    assert await postgres_rows(postgres_url, SOLVES) == sorted([(1, "2026-11-20", 11, "cord card ward warm", 4, 10,
                                                                 90, "2026-11-20T10:02:00Z", "en")] + FRENCH[SOLVES])
    assert await postgres_rows(postgres_url, BETTER) == [("ladder", 10, 4), ("ladder-fr", 10, 4)]
