"""A database from before the together days everywhere (SQLite at 0015, PostgreSQL at 0010)
upgrades without loss: the box's together chains become each player's together days in
player_days ('letterbox-team'), with the team's solve, and every other row stays; after it, a
word played on the team's chain and the team's solve keep those days as the bee's trigger does."""

import datetime as dt

from bot.days.chain_store import BoxTeamStore, TeamChain, TeamSolve
from bot.days.together import together_days
from bot.db import open_database
from bot.games.letterbox.plugin import LETTERBOX
from tests.bot.daily.test_upgrade_0009 import postgres_rows, sqlite_rows
from tests.bot.db.older import older_postgres, older_sqlite

GUILD, ANN, BO = 7, 11, 12
OLD_ROWS = """
INSERT INTO team_days (game, guild_id, day, channel_id, message_id) VALUES
  ('letterbox', 7, '2026-11-01', 70, 71), ('letterbox', 7, '2026-11-02', 72, NULL);
INSERT INTO letterbox_team_words (guild_id, puzzle_date, position, word, user_id, played_at) VALUES
  (7, '2026-11-01', 0, 'powerful', 11, '2026-11-01T10:00:00Z'),
  (7, '2026-11-01', 1, 'libertine', 12, '2026-11-01T10:01:00Z'),
  (7, '2026-11-02', 0, 'candle', 11, '2026-11-02T10:00:00Z');
INSERT INTO letterbox_team_solves (guild_id, puzzle_date, words, players, word_count, points, solved_at) VALUES
  (7, '2026-11-01', 'powerful libertine', '11 12', 2, 24, '2026-11-01T10:01:00Z');
INSERT INTO player_days (game, guild_id, user_id, day, points, words, pangrams, max_points) VALUES
  ('bee', 7, 11, '2026-11-01', 30, 5, 1, 200);
"""
KEPT = ("letterbox_team_words", "letterbox_team_solves")
DAYS = "SELECT game, user_id, day, points, words, pangrams, max_points FROM player_days"
EXPECTED = [("bee", ANN, "2026-11-01", 30, 5, 1, 200),
            ("letterbox-team", ANN, "2026-11-01", 24, 1, 1, 24), ("letterbox-team", ANN, "2026-11-02", 0, 1, 0, 24),
            ("letterbox-team", BO, "2026-11-01", 24, 1, 1, 24)]
TEAM_DAYS = "SELECT game, guild_id, day, channel_id, message_id, recapped_at FROM team_days"


async def the_upgraded_bot_keeps_the_days(target) -> None:
    db = await open_database(target)
    try:
        days = await together_days(db, LETTERBOX, GUILD, ANN, dt.date(2026, 11, 2))
        assert [(d.day.isoformat(), d.words, d.team_points) for d in days.days] == [("2026-11-01", 1, 24),
                                                                                    ("2026-11-02", 1, 0)]
        assert days.streaks == (2, 2) and days.perfect_days == 1
        at = dt.datetime(2026, 11, 2, 11, tzinfo=dt.UTC)
        solve = TeamSolve(("candle", "elephant"), (ANN, BO), 24)
        await BoxTeamStore(db).change(GUILD, dt.date(2026, 11, 2),
                                      lambda chain: (TeamChain(solve.words, solve.players, solve), None), at)
        bo = await together_days(db, LETTERBOX, GUILD, BO, dt.date(2026, 11, 2))
        assert [(d.day.isoformat(), d.words, d.team_points) for d in bo.days] == [("2026-11-01", 1, 24),
                                                                                  ("2026-11-02", 1, 24)]
        ann = await together_days(db, LETTERBOX, GUILD, ANN, dt.date(2026, 11, 2))
        assert ann.days[-1].team_points == 24  # the team's solve reaches every player of the day
    finally:
        await db.close()


async def test_a_version_15_sqlite_database_upgrades_without_loss(tmp_path):
    path = tmp_path / "old.sqlite3"
    await older_sqlite(path, 15, OLD_ROWS)
    before = {table: sqlite_rows(path, f"SELECT * FROM {table}") for table in KEPT}
    await (await open_database(path)).close()  # the upgrade
    assert {table: sqlite_rows(path, f"SELECT * FROM {table}") for table in KEPT} == before
    assert sqlite_rows(path, DAYS) == EXPECTED
    assert sqlite_rows(path, TEAM_DAYS) == [("letterbox", 7, "2026-11-01", 70, 71, None),
                                            ("letterbox", 7, "2026-11-02", 72, None, None)]
    await the_upgraded_bot_keeps_the_days(path)


async def test_a_version_10_postgres_database_upgrades_without_loss(postgres_url):
    await older_postgres(postgres_url, 10, OLD_ROWS)
    before = {table: await postgres_rows(postgres_url, f"SELECT * FROM {table}") for table in KEPT}
    await (await open_database(postgres_url)).close()  # the upgrade
    assert {table: await postgres_rows(postgres_url, f"SELECT * FROM {table}") for table in KEPT} == before
    assert await postgres_rows(postgres_url, DAYS) == EXPECTED
    assert await postgres_rows(postgres_url, TEAM_DAYS) == [("letterbox", 7, "2026-11-01", 70, 71, None),
                                                            ("letterbox", 7, "2026-11-02", 72, None, None)]
    await the_upgraded_bot_keeps_the_days(postgres_url)
