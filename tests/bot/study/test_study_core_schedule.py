"""Scheduling: grades follow the documented thresholds, FSRS (the ``fsrs`` package) makes
intervals grow after Good and shrink after Again, due counts follow the player's days in their
time zone, and the daily limits of new cards and reviews hold."""

import datetime as dt
from zoneinfo import ZoneInfo

import pytest
from fsrs import Rating, Scheduler

from bot.db import open_database
from bot.study.deck import Study
from bot.study.schedule import CardState, easy_seconds, good_seconds, grade, reviewed
from solvers.lexicon import Lexicon

T0 = dt.datetime(2026, 11, 26, 12, tzinfo=dt.UTC)
WORDS = ["act", "cat", "dog", "god", "bad", "dab", "tea", "eat", "ate", "pin", "nip", "top", "pot", "opt", "sun", "nus",
         "red", "bed", "fed", "wed"]
LEXICON = Lexicon("full", WORDS)
ALICE = 11


@pytest.fixture
async def study(tmp_path):
    db = await open_database(tmp_path / "w.sqlite3")
    yield Study(db, {"full": LEXICON})
    await db.close()


def test_grades_follow_the_thresholds():
    assert grade(3, 3, 0, easy_seconds(3)) == Rating.Easy
    assert grade(3, 3, 0, easy_seconds(3) + 0.1) == Rating.Good
    assert grade(3, 3, 0, good_seconds(3)) == Rating.Good
    assert grade(3, 3, 0, good_seconds(3) + 0.1) == Rating.Hard  # all right, but slow
    assert grade(3, 3, 1, 1.0) == Rating.Hard  # all right, and a word that is not one
    assert grade(2, 3, 0, 1.0) == Rating.Hard  # most right
    assert grade(2, 4, 0, 1.0) == Rating.Hard  # half right
    assert grade(1, 3, 0, 1.0) == Rating.Again  # fewer than half
    assert grade(0, 1, 0, 1.0) == Rating.Again
    assert (easy_seconds(1), good_seconds(1), good_seconds(4)) == (5.0, 15.0, 30.0)


def test_the_schedule_is_fsrs_as_its_package_documents():
    ours = reviewed(CardState(), Rating.Good, T0, 0.9)
    from fsrs import Card
    theirs, _ = Scheduler(desired_retention=0.9, enable_fuzzing=False).review_card(Card(due=T0), Rating.Good, T0)
    assert (ours.due, ours.stability, ours.difficulty, ours.state) == (theirs.due, theirs.stability, theirs.difficulty,
                                                                       theirs.state.value)


def test_intervals_grow_after_good_and_shrink_after_again():
    card, now, intervals = CardState(), T0, []
    for _ in range(6):
        card = reviewed(card, Rating.Good, now, 0.9)
        intervals.append(card.due - now)
        now = card.due
    assert intervals[2:] == sorted(intervals[2:]) and intervals[-1] > intervals[-2] > dt.timedelta(days=1)
    lapsed = reviewed(card, Rating.Again, now, 0.9)
    assert lapsed.due - now < intervals[-1] and lapsed.lapses == 1 and lapsed.reps == card.reps + 1
    relearned = reviewed(lapsed, Rating.Good, lapsed.due, 0.9)
    assert relearned.due - lapsed.due < intervals[-1]  # back, but sooner than before the lapse
    stricter = reviewed(reviewed(CardState(), Rating.Good, T0, 0.95), Rating.Good, T0 + dt.timedelta(minutes=10), 0.95)
    usual = reviewed(reviewed(CardState(), Rating.Good, T0, 0.9), Rating.Good, T0 + dt.timedelta(minutes=10), 0.9)
    assert stricter.due <= usual.due  # a higher retention asks sooner


async def study_one(study, now, typed=None):
    card = await study.next_card(ALICE, now)
    if card is None:
        return None
    answer = typed if typed is not None else " ".join(w for w in WORDS if sorted(w) == sorted(card.prompt))
    return await study.review(ALICE, card.card_id, answer, 2.0, now, expected_reps=card.reps)


async def test_daily_limits_hold_and_a_new_day_brings_more(study):
    await study.change_settings(ALICE, new_per_day=3, reviews_per_day=2, zone="Asia/Tokyo")
    await study.import_lines(ALICE, WORDS, "full", T0)  # 10 alphagrams
    counts = await study.due(ALICE, T0)
    assert (counts.due_now, counts.new, counts.new_left, counts.reviews_left) == (3, 3, 3, 2)
    done = [await study_one(study, T0, typed="") for _ in range(3)]  # Again: due again in a minute
    assert all(r.rating == Rating.Again for r in done) and await study.next_card(ALICE, T0) is None
    soon = T0 + dt.timedelta(minutes=2)
    assert (await study.due(ALICE, soon)).due_now == 2  # 3 in learning, 2 reviews left today
    assert await study_one(study, soon) and await study_one(study, soon)
    assert await study.next_card(ALICE, soon) is None and (await study.due(ALICE, soon)).due_now == 0
    # T0 is 21:00 in Tokyo: at 00:05 there, a new day, whatever the day in UTC
    tokyo_midnight = dt.datetime(2026, 11, 26, 15, 5, tzinfo=dt.UTC)
    counts = await study.due(ALICE, tokyo_midnight)
    assert (counts.new_left, counts.reviews_left) == (3, 2) and counts.due_now == 1 + 3  # the card left, 3 new


async def test_due_counts_follow_the_players_zone(study):
    await study.import_lines(ALICE, ["act"], "full", T0)
    result = await study_one(study, T0)  # Easy
    due = result.next_due
    assert (await study.due(ALICE, due - dt.timedelta(seconds=1))).due_now == 0
    assert (await study.due(ALICE, due)).due_now == 1
    for zone in ("UTC", "America/Los_Angeles", "Pacific/Kiritimati"):
        await study.change_settings(ALICE, zone=zone)
        stats = await study.stats(ALICE, T0)
        local_today = T0.astimezone(ZoneInfo(zone)).date()
        offset = (due.astimezone(ZoneInfo(zone)).date() - local_today).days
        assert stats.due_next_30[offset] == 1 and sum(stats.due_next_30) == 1, zone
        day_before = due - dt.timedelta(hours=1)
        later = (await study.due(ALICE, day_before)).later_today
        same_day = due.astimezone(ZoneInfo(zone)).date() == \
            day_before.astimezone(ZoneInfo(zone)).date()
        assert later == int(same_day), zone


async def test_stats_count_states_retention_and_the_streak(study):
    await study.import_lines(ALICE, ["act", "dog", "bad"], "full", T0)
    for day in range(3):
        now = T0 + dt.timedelta(days=day)
        await study_one(study, now, typed="" if day == 1 else None)
    stats = await study.stats(ALICE, T0 + dt.timedelta(days=2))
    assert stats.streak == 3 and stats.reviews_30d == 3 and stats.retention_30d == pytest.approx(2 / 3)
    assert sum(stats.by_state.values()) == stats.total == 3 and len(stats.due_next_30) == 30
    assert (await study.stats(ALICE, T0 + dt.timedelta(days=3))).streak == 3  # today still to play
    assert (await study.stats(ALICE, T0 + dt.timedelta(days=4))).streak == 0


async def test_the_days_ahead_follow_the_zone_across_a_daylight_saving_change(study):
    """New York's 1 November 2026 has 25 hours: a card due at 23:30 that evening is due that day."""
    from bot.study.transfer import HEADER
    york = ZoneInfo("America/New_York")
    dues = [dt.datetime(2026, 11, 1, 23, 30, tzinfo=york), dt.datetime(2026, 11, 2, 0, 30, tzinfo=york),
            dt.datetime(2026, 10, 31, 23, 59, tzinfo=york), dt.datetime(2026, 10, 20, 9, 0, tzinfo=york)]
    lines = [",".join(HEADER)] + [f"{card},{due.isoformat()},5,5,3,0,alphagram,full,review,,2026-10-01T00:00:00+00:00,"
                                  for card, due in zip(("act", "dgo", "abd", "aet"), dues, strict=True)]
    assert (await study.import_lines(ALICE, lines, "full", T0)).added == 4
    await study.change_settings(ALICE, zone="America/New_York")
    now = dt.datetime(2026, 10, 31, 12, tzinfo=york)
    stats = await study.stats(ALICE, now)
    assert stats.due_next_30[:3] == (2, 1, 1) and sum(stats.due_next_30) == 4  # today: the overdue card and 23:59
    counts = await study.due(ALICE, now)
    assert (counts.due_now, counts.later_today) == (1, 1)
    late = dt.datetime(2026, 11, 1, 23, 45, tzinfo=york)
    assert (await study.due(ALICE, late)).due_now == 3 and (await study.due(ALICE, late)).later_today == 0


def test_due_today_is_one_count_within_the_days_limits():
    from bot.study import numbers
    from bot.study.text import due_line, due_today

    counts = numbers.due_today(due_now=3, due_later=2, new=9, new_left=4, reviews_left=4)
    assert (counts.reviews, counts.new, counts.due_now, counts.today, counts.later_today) == (4, 4, 7, 8, 1)
    assert due_today(counts) == "8 cards due today (4 reviews, 4 new)"
    assert due_line(counts) == "8 cards due today (4 reviews, 4 new) · 1 of them later today"
    assert due_today(numbers.due_today(0, 0, 5, 0, 10)) == "Nothing due today"
    # the chart's day 0 is today's reviews as counted; those past the day's review limit come tomorrow
    stats = numbers.stats(T0.date(), {}, [], [6, 1] + [0] * 28, [], counts)
    assert stats.due_next_30[:3] == (4, 3, 0) and stats.due_today == counts
