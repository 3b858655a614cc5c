"""Letter Boxed's plug-in (``bot.plugins``): a daily game, after the bee."""

from __future__ import annotations

import datetime as dt
import functools
from typing import TYPE_CHECKING

from bot import icons
from bot.daily.languages import language_games
from bot.plugins import GameInfo, Plugin

if TYPE_CHECKING:
    from bot.db import Database


def level(points: int, max_points: int, words: int, top: bool) -> int:
    """A solved day's calendar level: solved, at or under par, in two words."""
    return 4 if words <= 2 else 3 if top else 2


async def unfinished_days(db: Database, guild_id: int, user_id: int, first: str, last: str,
                          language: str = "en") -> list[str]:
    """The days a player has a chain of in a language's box, read by the box's store (imported
    when first asked)."""
    from bot.games.letterbox.store import LetterBoxedStore

    return await LetterBoxedStore(db, language).unfinished_days(guild_id, user_id, first, last)


MAX_POINTS = 24  # a day's points: two words (the best solve) score all, par half (bot.games.letterbox.game)
PAR_POINTS = 12
LETTERBOX = GameInfo(key="letterbox", title="Letter Boxed", command="box", thing="box", highlight="solve",
                     top_name="At par", perfect_name="Two words", top_percent=100 * PAR_POINTS // MAX_POINTS,
                     emoji="🟥", top_icon=icons.AT_PAR, perfect_icon=icons.TWO_WORDS,
                     calendar=((253, 208, 204), (246, 146, 138), (222, 66, 56), (140, 22, 18)),
                     levels=("not played", "played", "solved"), days_counted=("day solved", "days solved"),
                     level=level, unfinished=unfinished_days,
                     first_day=dt.date(2024, 1, 1),  # solvers.letterbox.DAILY_EPOCH: the daily boxes count from it
                     together="letterbox-team", team_adds_up=False,
                     together_words=("word played", "words played"))  # each row carries the team's solve

# The box in each language: its own daily game ('letterbox-fr': own schedules, boards and streaks),
# played alone (the together days' tables know no language). English's is the box.
LETTERBOXES = language_games(LETTERBOX, lambda code: {"unfinished": functools.partial(unfinished_days,
                                                                                         language=code)})

PLUGIN = Plugin(daily=LETTERBOX, variants=tuple(game for game in LETTERBOXES.values() if game is not LETTERBOX),
                order=20)
