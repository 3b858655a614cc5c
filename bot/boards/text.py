"""Words of the boards that both front doors show (no discord import)."""

from __future__ import annotations

from collections.abc import Mapping

from bot.boards.boards import Board, PlayerStats
from bot.boards.year import Year
from bot.text import fit_alt, plural, short_date

PERIOD_NAMES = {"today": "today", "week": "this week", "month": "this month", "all": "all time"}
BARS = "▁▂▃▄▅▆▇█"
CARD_ROWS = 10  # players on the leaderboard card


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


def stats_alt(stats: PlayerStats, year: Year, name: str) -> str:
    """The stats picture in words, for screen readers (the embed's text says the rest)."""
    first, scale = year.first, year.scale
    days = "day" if stats.current_streak == 1 else "days"
    text = (f"{stats.game.title} calendar of {name[:80]}, the last 52 weeks ({short_date(first)} {first.year} to "
            f"{short_date(year.today)} {year.today.year}): {year.summary()}. Streak {stats.current_streak} {days}, "
            f"best {stats.longest_streak}. {stats.days_played} {scale.counted}, {stats.total_points} points, "
            f"{stats.top_days} {scale.top_days}, {stats.perfect_days} {scale.perfect_days}.")
    return fit_alt(text)


def board_alt(board: Board, names: Mapping[int, str]) -> str:
    """The leaderboard card in words: its rows, best first, and the asker's own when not among them."""
    shown = board.standings[:CARD_ROWS]
    rows = [f"{s.rank}. {names.get(s.user_id, 'a player')[:40]}, {plural(s.points, 'point')}" for s in shown]
    if board.caller is not None and board.caller not in shown:
        rows.append(f"you: {board.caller.rank}. {plural(board.caller.points, 'point')}")
    text = f"{board_title(board)}: " + ("; ".join(rows) if rows else "no scores yet") + "."
    return fit_alt(text)
