"""The Spelling Bee's plug-in (``bot.plugins``): a daily game, first in every list, whose days
other features may read (study's cards of a day's missed words)."""

from __future__ import annotations

import datetime as dt
from typing import TYPE_CHECKING

from bot.daily.languages import language_games
from bot.plugins import DayWords, GameInfo, Plugin
from solvers import bee_rank as bee

if TYPE_CHECKING:
    from bot.db import Database

# The bee's ranks, grouped into its calendar's levels 1 to 5 (a day reaching "Nice" is level 2).
LEVELS = {"Beginner": 1, "Good Start": 1, "Moving Up": 1, "Good": 1, "Solid": 2, "Nice": 2,
          "Great": 3, "Amazing": 3, "Genius": 4, "Queen Bee": 5}


def level(points: int, max_points: int, words: int, top: bool) -> int:
    """A day's calendar level: its rank's group."""
    return LEVELS[bee.rank(points, max_points).name]


BEE = GameInfo(key="bee", title="Spelling Bee", command="bee", thing="hive", highlight="pangram",
               top_name="Genius", perfect_name="Queen Bee", top_percent=dict(bee.RANKS)["Genius"], emoji="🐝",
               calendar=((255, 232, 140), (247, 197, 40), (232, 140, 14), (178, 72, 8), (96, 38, 10)),
               levels=("not played", "Beginner to Good", "Solid or Nice", "Great or Amazing"), level=level,
               first_day=dt.date(2025, 1, 1),  # solvers.bee.EPOCH: the daily hives count from it
               together="bee-team", rank=lambda points, max_points: bee.rank(points, max_points).name)


# The bee in each language: its own daily game (own schedules, boards and streaks: 'bee-fr'), played
# alone (together days are English's: their tables know no language yet). English's is the bee.
BEES = language_games(BEE)


async def day_words(db: Database, guild_id: int, user_id: int, day: dt.date) -> DayWords | None:
    """A day's hive and the words the player found in that server (study's cards of a day's bee)."""
    from bot.games.bee.store import BeeStore  # read only when asked: the registry stays light

    store = BeeStore(db)
    puzzle = await store.get_puzzle(day)
    if puzzle is None:
        return None
    found = frozenset(word for word, _ in await store.found_words(guild_id, day, user_id))
    return DayWords(puzzle.letters, puzzle.center, puzzle.answers, found)


PLUGIN = Plugin(daily=BEE, variants=tuple(game for game in BEES.values() if game is not BEE), day_words=day_words,
                order=10)
