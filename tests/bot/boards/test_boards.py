"""Leaderboards and stats on hand-built play, over a real SQLite store."""

import datetime as dt

import pytest

from bot.boards.boards import Leaderboards, UnknownChoice, period_range
from bot.daily.calendar import DailyCalendar
from bot.days.store import Standing
from bot.db import open_database
from bot.games.bee.game import BEE, BeeGame
from solvers.lexicon import Lexicon
from tests.clock import Clock

GUILD, OTHER_GUILD = 1, 2
ALICE, BOB, CAROL, DAVE = 11, 12, 13, 14
MONDAY = dt.date(2026, 11, 23)


@pytest.fixture
async def world(db_target):
    db = await open_database(db_target)
    clock = Clock(dt.datetime(2026, 11, 23, 12, tzinfo=dt.UTC))
    game = BeeGame(db, Lexicon.load("common"), DailyCalendar(db, clock))
    yield game.store, game, Leaderboards(db, clock), clock
    await db.close()


async def score(store, game, guild, user, day, *points, pangrams=0):
    """Store accepted words worth the given points on a day (the first `pangrams` of them pangrams)."""
    await game.puzzle(day)  # the day's puzzle row, as a real guess would have
    for k, p in enumerate(points):
        await store.add_guess(guild, day, user, f"word{k}", p, k < pangrams, dt.datetime(2026, 1, 1, tzinfo=dt.UTC))


def line(standing: Standing):
    return (standing.rank, standing.user_id, standing.points, standing.words, standing.highlights)


async def test_ties_share_a_rank_and_are_ordered_consistently(world):
    store, game, boards, _ = world
    await score(store, game, GUILD, ALICE, MONDAY, 5, 5)          # 10 points, 2 words
    await score(store, game, GUILD, BOB, MONDAY, 4, 3, 2, 1)      # 10 points, 4 words
    await score(store, game, GUILD, CAROL, MONDAY, 6, 4, pangrams=1)  # 10 points, 2 words, 1 pangram
    await score(store, game, GUILD, DAVE, MONDAY, 7)              # 7 points
    board = await boards.board("bee", GUILD, "today", caller_id=DAVE)
    assert [line(s) for s in board.standings] == [
        (1, BOB, 10, 4, 0), (1, CAROL, 10, 2, 1), (1, ALICE, 10, 2, 0), (4, DAVE, 7, 1, 0)]
    assert line(board.caller) == (4, DAVE, 7, 1, 0)


async def test_periods_and_the_monday_week_boundary(world):
    store, game, boards, _ = world
    sunday, last_month = MONDAY - dt.timedelta(days=1), dt.date(2026, 10, 31)
    await score(store, game, GUILD, ALICE, MONDAY, 3)
    await score(store, game, GUILD, ALICE, sunday, 20)
    await score(store, game, GUILD, BOB, last_month, 50)
    totals = {}
    for period in ("today", "week", "month", "all"):
        board = await boards.board("bee", GUILD, period, caller_id=ALICE)
        totals[period] = [(s.user_id, s.points) for s in board.standings]
    assert totals == {"today": [(ALICE, 3)], "week": [(ALICE, 3)], "month": [(ALICE, 23)],
                      "all": [(BOB, 50), (ALICE, 23)]}
    assert period_range("week", MONDAY) == (MONDAY, MONDAY)
    assert period_range("week", sunday) == (dt.date(2026, 11, 16), sunday)
    assert period_range("month", MONDAY) == (dt.date(2026, 11, 1), MONDAY)


async def test_only_the_guilds_own_play_counts(world):
    store, game, boards, _ = world
    await score(store, game, GUILD, ALICE, MONDAY, 3)
    await score(store, game, OTHER_GUILD, ALICE, MONDAY, 40)
    await score(store, game, OTHER_GUILD, BOB, MONDAY, 30)
    board = await boards.board("bee", GUILD, "all", caller_id=BOB)
    assert [line(s) for s in board.standings] == [(1, ALICE, 3, 1, 0)]
    assert board.caller is None
    assert (await boards.stats("bee", GUILD, ALICE)).total_points == 3


async def test_a_guild_with_no_players_yet(world):
    _, _, boards, _ = world
    board = await boards.board("bee", 999, "week", caller_id=ALICE)
    assert board.standings == [] and board.caller is None
    stats = await boards.stats("bee", 999, ALICE)
    assert (stats.days_played, stats.total_points, stats.current_streak, stats.longest_streak) == (0, 0, 0, 0)
    assert stats.best_day is None and stats.average_points == 0
    assert [p for _, p in stats.last_days] == [0] * 7


async def test_streaks_follow_the_guilds_midnight_not_utc(world):
    store, game, boards, clock = world
    await game.calendar.setup(BEE, GUILD, 100, "00:00", "Asia/Tokyo", user_id=1)  # days turn at midnight
    puzzle_words = {}

    async def guess_at(utc):
        clock.now = utc
        _, day = await game.calendar.today(BEE, GUILD)
        puzzle = await game.puzzle(day)
        word = puzzle.answers[len(puzzle_words.setdefault(day, []))]
        puzzle_words[day].append(word)
        assert (await game.guess(GUILD, ALICE, day, word)).accepted
        return day

    # 23:30 and 00:30 in Tokyo: the same UTC date, two consecutive local days.
    assert await guess_at(dt.datetime(2026, 11, 20, 14, 30, tzinfo=dt.UTC)) == dt.date(2026, 11, 20)
    assert await guess_at(dt.datetime(2026, 11, 20, 15, 30, tzinfo=dt.UTC)) == dt.date(2026, 11, 21)
    stats = await boards.stats("bee", GUILD, ALICE)
    assert (stats.current_streak, stats.longest_streak, stats.days_played) == (2, 2, 2)
    # Nothing on 22 November (Tokyo); then 01:00 on the 23rd: the streak broke at Tokyo's midnight.
    assert await guess_at(dt.datetime(2026, 11, 22, 16, 0, tzinfo=dt.UTC)) == dt.date(2026, 11, 23)
    stats = await boards.stats("bee", GUILD, ALICE)
    assert (stats.current_streak, stats.longest_streak, stats.days_played) == (1, 2, 3)
    # Two days later without play the current streak is gone, the longest stays.
    clock.now = dt.datetime(2026, 11, 25, 0, 0, tzinfo=dt.UTC)  # 09:00 on the 25th in Tokyo
    stats = await boards.stats("bee", GUILD, ALICE)
    assert (stats.today, stats.current_streak, stats.longest_streak) == (dt.date(2026, 11, 25), 0, 2)


async def test_a_streak_is_alive_until_today_is_over(world):
    store, game, boards, _ = world
    for days_ago in (1, 2, 3, 5):
        await score(store, game, GUILD, ALICE, MONDAY - dt.timedelta(days=days_ago), 2)
    stats = await boards.stats("bee", GUILD, ALICE)
    assert (stats.current_streak, stats.longest_streak) == (3, 3)  # today not played yet: still alive
    await score(store, game, GUILD, ALICE, MONDAY, 2)
    assert (await boards.stats("bee", GUILD, ALICE)).current_streak == 4


async def test_stats_numbers(world):
    store, game, boards, _ = world
    max_points = (await game.puzzle(MONDAY)).max_score
    await score(store, game, GUILD, ALICE, MONDAY - dt.timedelta(days=10), 4, 2, pangrams=1)
    await score(store, game, GUILD, ALICE, MONDAY - dt.timedelta(days=2), 9)
    await score(store, game, GUILD, ALICE, MONDAY, max_points)  # a Queen Bee day (and so a Genius day)
    stats = await boards.stats("bee", GUILD, ALICE)
    assert (stats.days_played, stats.total_points, stats.words, stats.highlights) == (3, 15 + max_points, 4, 1)
    assert (stats.best_day_points, stats.best_day) == (max_points, MONDAY)
    assert stats.average_points == pytest.approx((15 + max_points) / 3)
    assert (stats.top_days, stats.perfect_days) == (1, 1)
    assert stats.last_days == \
        [(MONDAY - dt.timedelta(days=6 - k), p) for k, p in enumerate([0, 0, 0, 0, 9, 0, max_points])]


async def test_genius_badge_threshold_matches_the_rank_rule(world):
    from solvers import bee

    store, game, boards, _ = world
    max_points = (await game.puzzle(MONDAY)).max_score
    genius = bee.threshold(70, max_points)
    await score(store, game, GUILD, ALICE, MONDAY, genius)
    await score(store, game, GUILD, BOB, MONDAY, genius - 1)
    board = await boards.board("bee", GUILD, "today", caller_id=ALICE)
    assert {s.user_id: (s.top_days, s.perfect_days) for s in board.standings} == {ALICE: (1, 0), BOB: (0, 0)}


async def test_unknown_game_or_period(world):
    _, _, boards, _ = world
    with pytest.raises(UnknownChoice, match="game is one of bee"):
        await boards.board("chess", GUILD, "week", caller_id=ALICE)
    with pytest.raises(UnknownChoice, match="period is one of today, week, month, all"):
        await boards.board("bee", GUILD, "fortnight", caller_id=ALICE)


async def test_migration_backfills_days_played_before_it(tmp_path):
    import sqlite3

    from bot.db import sqlite_schema as store_module
    from bot.db.schema import available_migrations

    db = tmp_path / "old.sqlite3"
    two = [m for m in available_migrations() if m.version <= 2]
    conn = await store_module.connect(db)
    await conn.executescript("BEGIN;" + store_module._SCHEMA_MIGRATIONS_TABLE + "".join(m.sql for m in two) +
                             "INSERT INTO schema_migrations (version, name) VALUES (1, '0001_initial'), "
                             "(2, '0002_spelling_bee');"
                             "INSERT INTO bee_puzzles VALUES ('2026-11-20', 'abcdefg', 'a', 'x y', 50, 'now');"
                             "INSERT INTO bee_guesses VALUES (1, '2026-11-20', 11, 'x', 5, 0, 't'), (1, "
                             "'2026-11-20', 11, 'y', 14, 1, 't');"
                             "COMMIT;")
    await conn.close()
    await (await open_database(db)).close()  # applies 0003, which backfills (and every later one)
    with sqlite3.connect(db) as raw:
        assert raw.execute("SELECT game, guild_id, user_id, day, points, words, pangrams, max_points "
                           "FROM player_days").fetchall() == [("bee", 1, 11, "2026-11-20", 19, 2, 1, 50)]
