"""The Spelling Bee game over a real SQLite store."""

import asyncio
import datetime as dt

import pytest

from bot.daily.calendar import DailyCalendar, NoSchedule as NoBee
from bot.daily.schedule import Schedule, SetupError as BeeSetupError, matching_timezones
from bot.db import open_database
from bot.games.bee.game import BEE, BeeGame, Verdict
from solvers import bee
from solvers.lexicon import Lexicon
from tests.bot.daily.due import due_posts
from tests.clock import Clock

DAY = dt.date(2026, 11, 21)


@pytest.fixture
async def game(db_target):
    db = await open_database(db_target)
    calendar = DailyCalendar(db, clock=Clock(dt.datetime(2026, 11, 21, 12, tzinfo=dt.UTC)))
    yield BeeGame(db, Lexicon.load("common"), calendar)
    await db.close()


async def test_guesses_are_judged_in_order_and_scored(game):
    puzzle = await game.puzzle(DAY)
    outside = next(ch for ch in "abcdefghijklmnopqrstuvwxyz" if ch not in puzzle.letters)
    no_center = next(w for w in Lexicon.load("common").words
                     if len(w) >= 4 and set(w) <= set(puzzle.letters) and puzzle.center not in w)
    cases = {
        "ab1c": Verdict.NOT_LETTERS, puzzle.letters[:3]: Verdict.TOO_SHORT,
        puzzle.center * 3 + outside: Verdict.BAD_LETTER, no_center: Verdict.MISSING_CENTER,
        puzzle.center * 4: Verdict.NOT_IN_LIST,
    }
    for text, verdict in cases.items():
        result = await game.guess(1, 10, DAY, text)
        assert result.verdict is verdict, text
        assert result.points == 0
    word = puzzle.answers[0]
    first = await game.guess(1, 10, DAY, word.upper())
    assert first.accepted and first.points == bee.score(word, puzzle) == first.total
    again = await game.guess(1, 10, DAY, word)
    assert again.verdict is Verdict.ALREADY_FOUND and again.total == first.total


async def test_the_same_word_sent_many_times_at_once_counts_once(game):
    puzzle = await game.puzzle(DAY)
    word = puzzle.pangrams[0]
    results = await asyncio.gather(*(game.guess(1, 10, DAY, word) for _ in range(20)))
    assert sum(r.accepted for r in results) == 1
    progress = await game.progress(1, 10, DAY)
    assert progress.found == (word,) and progress.points == bee.score(word, puzzle)


async def test_players_and_guilds_are_separate(game):
    puzzle = await game.puzzle(DAY)
    await game.guess(1, 10, DAY, puzzle.answers[0])
    assert (await game.guess(1, 11, DAY, puzzle.answers[0])).accepted  # another player
    assert (await game.guess(2, 10, DAY, puzzle.answers[0])).accepted  # another guild
    assert (await game.progress(2, 11, DAY)).found == ()


async def test_genius_and_queen_bee_are_reached_once(game):
    puzzle = await game.puzzle(DAY)
    reached = []
    for word in sorted(puzzle.answers, key=len):
        result = await game.guess(1, 10, DAY, word)
        if result.reached:
            reached.append(result.reached)
    assert reached == ["Genius", "Queen Bee"]
    progress = await game.progress(1, 10, DAY)
    assert progress.points == puzzle.max_score and progress.rank.name == "Queen Bee"


async def test_a_stored_puzzle_never_changes(game, tmp_path):
    first = await game.puzzle(DAY)
    other = BeeGame(game.store.db, Lexicon("tiny", ["word"]), game.calendar)  # could not even generate
    assert await other.puzzle(DAY) == first


async def test_schedules_due_posts_and_the_next_post(game):
    calendar = game.calendar
    with pytest.raises(NoBee, match="/bee setup"):
        await calendar.schedule(BEE, 1)
    await calendar.setup(BEE, 1, 100, "9:30", "America/New_York", user_id=5)  # 14:30 UTC in November
    assert await due_posts(calendar) == []
    set_up = await calendar.schedule(BEE, 1)
    assert await calendar.next_look(set_up, calendar.clock()) == dt.datetime(2026, 11, 21, 14, 30, tzinfo=dt.UTC)
    calendar.clock.now = dt.datetime(2026, 11, 21, 14, 30, tzinfo=dt.UTC)
    (schedule, date), = await due_posts(calendar)
    assert (schedule.guild_id, schedule.channel_id, date) == (1, 100, DAY)
    await game.puzzle(date)
    now, soon = calendar.clock(), calendar.clock() + dt.timedelta(minutes=2)
    claim = await calendar.store.claim_post(BEE.key, 1, date, 100, now, soon)
    assert claim
    assert not await calendar.store.claim_post(BEE.key, 1, date, 100, now, soon)  # exactly once
    await calendar.store.confirm(claim, message_id=1)
    assert await due_posts(calendar) == []
    assert await calendar.next_look(schedule, calendar.clock()) == dt.datetime(2026, 11, 22, 14, 30, tzinfo=dt.UTC)
    assert await calendar.stop(BEE, 1, user_id=5)
    assert not await calendar.stop(BEE, 1, user_id=5)
    with pytest.raises(NoBee, match="stopped"):
        await calendar.schedule(BEE, 1)
    assert await calendar.posting_schedules() == []


def test_local_days_and_daylight_saving():
    schedule = Schedule("bee", 1, 2, dt.time(9, 0), "Europe/London")
    assert schedule.post_instant(dt.date(2026, 1, 10)) == dt.datetime(2026, 1, 10, 9, tzinfo=dt.UTC)
    assert schedule.post_instant(dt.date(2026, 7, 10)) == dt.datetime(2026, 7, 10, 8, tzinfo=dt.UTC)
    gap = Schedule("bee", 1, 2, dt.time(2, 30), "America/New_York")  # 2026-03-08 02:30 does not exist
    assert gap.post_instant(dt.date(2026, 3, 8)) == dt.datetime(2026, 3, 8, 7, 30, tzinfo=dt.UTC)
    tokyo = Schedule("bee", 1, 2, dt.time(0, 5), "Asia/Tokyo")
    assert tokyo.local_date(dt.datetime(2026, 11, 21, 15, 30, tzinfo=dt.UTC)) == dt.date(2026, 11, 22)


@pytest.mark.parametrize(("time", "zone"), [("25:00", "UTC"), ("13pm", "UTC"), ("9:60", "UTC"),
                                            ("09:00", "Mars/Olympus"), ("09:00", "")])
async def test_bad_setups_say_what_to_fix(game, time, zone):
    with pytest.raises(BeeSetupError):
        await game.calendar.setup(BEE, 1, 100, time, zone, user_id=5)


def test_time_zone_autocomplete():
    assert matching_timezones("london")[0] == "Europe/London"
    assert matching_timezones("new_y")[0] == "America/New_York"
    assert matching_timezones("new y")[0] == "America/New_York"
    assert len(matching_timezones("")) == 25
    assert matching_timezones("zzzz") == []


async def test_the_first_post_of_a_new_schedule(game):
    calendar = game.calendar
    schedule = await calendar.setup(BEE, 1, 100, "15:00", "UTC", user_id=5)  # now: 12:00 UTC
    assert await calendar.first_post(schedule) == (dt.datetime(2026, 11, 21, 15, tzinfo=dt.UTC), False)
    schedule = await calendar.setup(BEE, 1, 100, "08:00", "UTC", user_id=5)  # today's 08:00 has passed
    assert await calendar.first_post(schedule) == (calendar.clock(), True)
    await game.puzzle(DAY)
    # ...but today's post was already made
    await calendar.store.claim_post(BEE.key, 1, DAY, 100, calendar.clock(), calendar.clock())
    assert await calendar.first_post(schedule) == (dt.datetime(2026, 11, 22, 8, tzinfo=dt.UTC), False)
