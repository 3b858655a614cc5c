"""Each daily puzzle has a number, #1 on the day its game's daily puzzles count from (the epoch
its puzzles are drawn from), shown in the post, Share and the terminal: "Bee #698"."""

import datetime as dt

from bot.games.bee.plugin import BEE
from bot.games.letterbox.plugin import LETTERBOX
from solvers import bee, letterbox


def test_a_puzzles_number_counts_the_days_from_its_games_first_puzzle():
    assert BEE.first_day == bee.EPOCH and LETTERBOX.first_day == letterbox.DAILY_EPOCH
    for game in (BEE, LETTERBOX):
        first = game.first_day
        assert game.number(first) == 1 and game.number(first + dt.timedelta(days=411)) == 412
        assert game.number(first - dt.timedelta(days=1)) is None  # no puzzle #0 or below
    assert BEE.day_title(dt.date(2026, 11, 29)) == "Spelling Bee · #698 · Sunday 29 November 2026"
    assert LETTERBOX.day_title(dt.date(2026, 11, 29), "Team ") == "Team Letter Boxed · #1064 · Sunday 29 November 2026"
    assert BEE.day_title(dt.date(2024, 12, 31)) == "Spelling Bee · Tuesday 31 December 2024"  # before #1: no number
