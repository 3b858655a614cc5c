"""The Spelling Bee's plug-in (``bot.plugins``): a daily game, first in every list."""

from __future__ import annotations

from bot.plugins import GameInfo, Plugin
from solvers import bee

BEE = GameInfo(key="bee", title="Spelling Bee", command="bee", thing="hive", highlight="pangram",
               top_name="Genius", perfect_name="Queen Bee", top_percent=dict(bee.RANKS)["Genius"], emoji="🐝")

PLUGIN = Plugin(daily=BEE, order=10)
