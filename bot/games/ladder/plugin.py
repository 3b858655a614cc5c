"""The word ladder's plug-in (``bot.plugins``): the third daily game, after the bee and the box."""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING

from bot import icons
from bot.daily.languages import language_games
from bot.plugins import GameInfo, Plugin
from solvers.ladder import DAILY_EPOCH

if TYPE_CHECKING:
    from bot.db import Database

MAX_POINTS = 10  # a solve at par (par is proven: no ladder is shorter); each rung over par costs 2
NEAR_POINTS = 8  # one rung over par: the game's top day


def level(points: int, max_points: int, words: int, top: bool) -> int:
    """A solved day's calendar level: solved, one rung over par, at par."""
    return 4 if points >= MAX_POINTS else 3 if top else 2


async def unfinished_days(db: Database, guild_id: int, user_id: int, first: str, last: str,
                          language: str = "en") -> list[str]:
    """The days a player has a climb of in a language's ladder, read by the ladder's store
    (imported when first asked)."""
    from bot.games.ladder.store import LadderStore

    return await LadderStore(db, language).unfinished_days(guild_id, user_id, first, last)


LADDER = GameInfo(key="ladder", title="Word Ladder", command="ladder", thing="ladder", highlight="solve",
                  top_name="Near par", perfect_name="At par", top_percent=100 * NEAR_POINTS // MAX_POINTS,
                  emoji="🪜", top_icon=icons.NEAR_PAR, perfect_icon=icons.LADDER_AT_PAR,
                  calendar=((209, 231, 221), (137, 196, 164), (46, 139, 87), (20, 82, 48)),
                  levels=("not played", "played", "solved"), days_counted=("day solved", "days solved"),
                  level=level, unfinished=unfinished_days, first_day=DAILY_EPOCH,
                  together="ladder-team", team_adds_up=False,  # each row carries the team's one solve
                  together_words=("rung played", "rungs played"))

# The ladder in each language: its own daily game ('ladder-fr': own schedules, boards and streaks),
# played alone (the together days' tables know no language). English's is the ladder.
LADDERS = language_games(LADDER, lambda code: {"unfinished": functools.partial(unfinished_days, language=code)})

PLUGIN = Plugin(daily=LADDER, variants=tuple(game for game in LADDERS.values() if game is not LADDER), order=30)
