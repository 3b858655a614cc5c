"""A database of the release before the bee had languages (SQLite at 0019, PostgreSQL at 0014)
upgrades without loss: every puzzle and guess is kept, as English's, every player's day adds up
as before, and the upgraded bot takes English and French guesses of the same date."""


from bot.db import open_database
from bot.db.schema import available_migrations
from tests.bot.daily.test_upgrade_0009 import postgres_rows, sqlite_rows
from tests.bot.db.older import older_postgres, older_sqlite

ROWS = """
    INSERT INTO bee_puzzles (puzzle_date, letters, center, answers, max_score)
    VALUES ('2026-11-20', 'achlnoy', 'n', 'anon canyon halcyon nacho', 24);
    INSERT INTO bee_guesses (guild_id, puzzle_date, user_id, word, points, pangram, guessed_at)
    VALUES (1, '2026-11-20', 11, 'halcyon', 14, 1, '2026-11-20T10:00:00Z'),
           (1, '2026-11-20', 12, 'canyon', 6, 0, '2026-11-20T10:01:00Z');
"""
PUZZLES = "SELECT puzzle_date, letters, center, answers, max_score, language FROM bee_puzzles"
GUESSES = "SELECT guild_id, puzzle_date, user_id, word, points, pangram, guessed_at, language FROM bee_guesses"
DAYS = "SELECT game, guild_id, user_id, day, points, words, pangrams, max_points FROM player_days"
EXPECTED_PUZZLES = [("2026-11-20", "achlnoy", "n", "anon canyon halcyon nacho", 24, "en")]
EXPECTED_GUESSES = [(1, "2026-11-20", 11, "halcyon", 14, 1, "2026-11-20T10:00:00Z", "en"),
                    (1, "2026-11-20", 12, "canyon", 6, 0, "2026-11-20T10:01:00Z", "en")]
EXPECTED_DAYS = [("bee", 1, 11, "2026-11-20", 14, 1, 1, 24), ("bee", 1, 12, "2026-11-20", 6, 1, 0, 24)]


async def both_languages_guess(target) -> None:
    db = await open_database(target)
    try:
        await db.write("INSERT INTO bee_puzzles (language, puzzle_date, letters, center, answers, max_score) "
                       "VALUES ('fr', '2026-11-20', 'abeilrt', 'e', 'taire liberte', 30)", ())
        await db.write("INSERT INTO bee_guesses (guild_id, language, puzzle_date, user_id, word, points, pangram, "
                       "guessed_at) VALUES (1, 'fr', '2026-11-20', 11, 'taire', 5, 0, '2026-11-20T11:00:00Z')", ())
    finally:
        await db.close()


async def test_a_version_19_sqlite_database_upgrades_without_loss(tmp_path):
    path = tmp_path / "old.sqlite3"
    await older_sqlite(path, 19, ROWS)
    days = sqlite_rows(path, DAYS)
    assert days == EXPECTED_DAYS  # the older release's trigger made them

    await both_languages_guess(path)

    assert sqlite_rows(path, PUZZLES) == sorted(EXPECTED_PUZZLES + [
        ("2026-11-20", "abeilrt", "e", "taire liberte", 30, "fr")])
    assert sqlite_rows(path, GUESSES) == sorted(EXPECTED_GUESSES + [
        (1, "2026-11-20", 11, "taire", 5, 0, "2026-11-20T11:00:00Z", "fr")])
    assert sqlite_rows(path, DAYS) == sorted(days + [("bee-fr", 1, 11, "2026-11-20", 5, 1, 0, 30)])
    assert sqlite_rows(path, "SELECT MAX(version) FROM schema_migrations") == [
        (available_migrations("sqlite")[-1].version,)]
    assert sqlite_rows(path, "PRAGMA integrity_check") == [("ok",)]
    assert sqlite_rows(path, "PRAGMA foreign_key_check") == []


async def test_a_version_14_postgres_database_upgrades_without_loss(postgres_url):
    await older_postgres(postgres_url, 14, ROWS)
    days = await postgres_rows(postgres_url, DAYS)
    assert days == EXPECTED_DAYS

    await both_languages_guess(postgres_url)

    assert await postgres_rows(postgres_url, PUZZLES) == sorted(EXPECTED_PUZZLES + [
        ("2026-11-20", "abeilrt", "e", "taire liberte", 30, "fr")])
    assert await postgres_rows(postgres_url, GUESSES) == sorted(EXPECTED_GUESSES + [
        (1, "2026-11-20", 11, "taire", 5, 0, "2026-11-20T11:00:00Z", "fr")])
    assert await postgres_rows(postgres_url, DAYS) == sorted(days + [("bee-fr", 1, 11, "2026-11-20", 5, 1, 0, 30)])
