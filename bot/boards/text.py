"""Words of the boards that both front doors show (no discord import)."""

from __future__ import annotations

from bot.boards.boards import Board
from bot.text import short_date

PERIOD_NAMES = {"today": "today", "week": "this week", "month": "this month", "all": "all time"}
BARS = "▁▂▃▄▅▆▇█"


def period_label(board: Board) -> str:
    name = PERIOD_NAMES[board.period]
    if board.period == "all":
        return name
    if board.first == board.last:
        return f"{name} ({short_date(board.last)})"
    return f"{name} ({short_date(board.first)} – {short_date(board.last)})"


def board_title(board: Board) -> str:
    return f"{board.game.title} leaderboard · {period_label(board)}"


def sparkline(values: list[int]) -> str:
    top = max(values, default=0)
    if top == 0:
        return "·" * len(values)
    return "".join("·" if v == 0 else BARS[min(len(BARS) - 1, v * len(BARS) // (top + 1))] for v in values)
