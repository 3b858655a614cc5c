"""The daily games. ``GAMES`` is the registry the boards, the daily posts and the CLI read."""

from __future__ import annotations

from bot.daily.info import GameInfo
from bot.games.bee.game import BEE
from bot.games.letterbox.game import LETTERBOX

GAMES: dict[str, GameInfo] = {game.key: game for game in (BEE, LETTERBOX)}
