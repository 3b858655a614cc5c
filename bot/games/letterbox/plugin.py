"""Letter Boxed's plug-in (``bot.plugins``): a daily game, after the bee."""

from __future__ import annotations

from bot import icons
from bot.plugins import GameInfo, Plugin

MAX_POINTS = 24  # a day's points: two words (the best solve) score all, par half (bot.games.letterbox.game)
PAR_POINTS = 12
LETTERBOX = GameInfo(key="letterbox", title="Letter Boxed", command="box", thing="box", highlight="solve",
                     top_name="At par", perfect_name="Two words", top_percent=100 * PAR_POINTS // MAX_POINTS,
                     emoji="🟥", top_icon=icons.AT_PAR, perfect_icon=icons.TWO_WORDS,
                     calendar=((253, 208, 204), (246, 146, 138), (222, 66, 56), (140, 22, 18)))

PLUGIN = Plugin(daily=LETTERBOX, order=20)
