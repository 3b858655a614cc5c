"""The words both front doors share: when a card comes back in the player's zone, what an
addition left out, the typed words that are not answers."""

import datetime as dt

from fsrs import Rating

from bot.study.model import ALPHAGRAM, AddResult, DueCard, ReviewResult
from bot.study.text import due_when, extra_line, left_out, review_lines

CARD = DueCard(1, ALPHAGRAM, "act", 2, "full", 1, "learning")


def result(reviewed: dt.datetime, due: dt.datetime) -> ReviewResult:
    return ReviewResult(1, CARD, ("act",), ("cat",), (), Rating.Hard, "answer", due, 4.0, reviewed)


def test_a_card_back_the_same_day_says_the_time_in_the_players_zone_else_the_day():
    at = dt.datetime(2026, 11, 26, 22, 50, tzinfo=dt.UTC)
    soon = result(at, at + dt.timedelta(minutes=5))
    assert due_when(soon) == "22:55 UTC"
    assert due_when(soon, "Europe/Paris") == "23:55 CET"
    assert due_when(soon, "Asia/Tokyo") == "07:55 JST"  # already the next day there, and back that same day
    late = result(at, at + dt.timedelta(hours=2))  # tomorrow in UTC; still today in New York
    assert due_when(late) == "Fri 27 Nov" and due_when(late, "America/New_York") == "19:50 EST"
    assert review_lines(late, "America/New_York")[-1].endswith("back in 2 hours (19:50 EST)")


def test_what_an_addition_left_out_is_said_with_at_least_when_reading_stopped():
    assert left_out(AddResult(1)) == []
    parts = left_out(AddResult(1, capped=3, full=1, unread=1, at_least=True))
    assert parts == ["3 cards left out by today's cap of 200 new cards from sets: add them tomorrow",
                     "1 card left out: a deck holds at most 100,000 cards",
                     "at least 1 line left out past the first 100,000: import them from another file"]


def test_extra_words_shown_only_when_plain_and_never_spelling_a_slur_together():
    assert extra_line(("zzqx", "qqq")) == "Not answers: 2 words (ZZQX, QQQ)"
    assert extra_line(("ni", "gg", "er")) == "Not answers: 3 words"
    assert extra_line(("ni", "qqq", "gger")) == "Not answers: 3 words"  # two of them spell it, apart
    assert extra_line(("x" * 25, "qqq")) == "Not answers: 2 words (QQQ)"
    assert extra_line(tuple(f"q{'x' * k}" for k in range(12))).count(",") == 9  # ten at most
