"""Words of the boards that both front doors show (no discord import)."""

from __future__ import annotations

from collections.abc import Callable, Mapping

from bot.boards.boards import Board, PlayerStats
from bot.boards.year import Year, scale
from bot.days.store import Standing
from bot.icons import Icon
from bot.plugins import BOARD_GAMES, DAILY_GAMES, GameInfo
from bot.text import counted, fit_alt, plain, plural, short_date

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


def boards_said(keys: list[str], team_keys: tuple[str, ...]) -> str:
    """Which boards /leaderboard shows without a game, and why: ``This server plays the Spelling Bee
    together and Letter Boxed alone: their boards this week.``"""
    titles = {game.together: game.title for game in DAILY_GAMES.values() if game.together}
    shown = [f"{titles[key]} together" if key in team_keys else f"{BOARD_GAMES[key].title} alone" for key in keys]
    said = " and ".join(shown)
    return (f"This server plays {said}: {'its board' if len(keys) == 1 else 'their boards'}. "
            "Pick `game:` for another.")


def sparkline(values: list[int]) -> str:
    top = max(values, default=0)
    if top == 0:
        return "·" * len(values)
    return "".join("·" if v == 0 else BARS[min(len(BARS) - 1, v * len(BARS) // (top + 1))] for v in values)


def badges(board: Board, standing: Standing) -> list[tuple[Icon, int]]:
    """The marks of a row, in text and on the card: (icon, days). Today a perfect day outranks a
    top day and goes without a count; over longer periods each mark carries its count."""
    game = board.game
    if board.period == "today":
        return [(game.perfect_icon, 0)] if standing.perfect_days else [(game.top_icon, 0)] if standing.top_days else []
    return [(icon, count) for icon, count in ((game.top_icon, standing.top_days),
                                              (game.perfect_icon, standing.perfect_days))
            if count]


def badges_said(board: Board, standing: Standing) -> str:
    """The row's marks in words (alt text): ``, a Genius day`` today, ``, 4 Genius days, 1 Queen Bee day``."""
    return "".join(f", {icon.counted(count) if count else 'a ' + icon.day}" for icon, count in badges(board, standing))


def legend(game: GameInfo) -> str:
    """``⭐ Genius · 👑 Queen Bee``: what the marks of the game's boards mean."""
    return " · ".join(icon.label() for icon in (game.top_icon, game.perfect_icon))


def stats_lines(stats: PlayerStats, bold: Callable[[str], str] = plain) -> list[str]:
    """A player's totals in words, every count agreeing with its noun, the top and perfect days
    with their icons (``bold``: how the numbers stand out)."""
    game, days_counted = stats.game, scale(stats.game).counted
    top, perfect = game.top_icon, game.perfect_icon

    def count(number: int, noun: str, plural_noun: str | None = None) -> str:
        return f"{bold(f'{number:,}')} {counted(number, noun, plural_noun)}"

    best = f"{bold(str(stats.best_day_points))} ({short_date(stats.best_day)})" if stats.best_day else "–"
    return [f"{count(stats.days_played, *days_counted)} · {count(stats.total_points, 'point')} · best day {best}",
            f"Average {bold(f'{stats.average_points:.1f}')} points a day · {count(stats.words, 'word')} · "
            f"{count(stats.highlights, game.highlight)}",
            f"{top.emoji} {bold(f'{stats.top_days:,}')} {top.days(stats.top_days)} · "
            f"{perfect.emoji} {bold(f'{stats.perfect_days:,}')} {perfect.days(stats.perfect_days)}",
            f"Streak {bold(plural(stats.current_streak, 'day'))} (longest {plural(stats.longest_streak, 'day')})"]


def together_lines(stats: PlayerStats, bold: Callable[[str], str] = plain) -> list[str]:
    """The player's days of the game played together, beside their solo days: ``Together: 3 days
    played · 28 words found first · best Genius (27 Nov) · streak 3 days (longest 3)``."""
    together = stats.together
    if together is None or not together.days:
        return []
    game, current, longest = stats.game, *together.streaks
    best = together.best
    rank = together.rank(best) if best is not None else None
    reached = f" · best {bold(rank)} ({short_date(best.day)})" if rank else ""
    return [f"Together: {bold(f'{len(together.days):,}')} {counted(len(together.days), 'day played', 'days played')}"
            f" · {bold(f'{together.words:,}')} {counted(together.words, *game.together_words)}{reached} · "
            f"streak {bold(plural(current, 'day'))} (longest {plural(longest, 'day')})"]


def stats_alt(stats: PlayerStats, year: Year, name: str) -> str:
    """The stats picture in words, for screen readers (the embed's text says the rest)."""
    first, scale = year.first, year.scale
    text = (f"{stats.game.title} calendar of {name[:80]}, the last 52 weeks ({short_date(first)} {first.year} to "
            f"{short_date(year.today)} {year.today.year}): {year.summary()}. Streak "
            f"{plural(stats.current_streak, 'day')}, "
            f"best {plural(stats.longest_streak, 'day')}. {plural(stats.days_played, *scale.counted)}, "
            f"{plural(stats.total_points, 'point')}, {scale.top.counted(stats.top_days)}, "
            f"{scale.perfect.counted(stats.perfect_days)}.")
    return fit_alt(text)


def board_alt(board: Board, names: Mapping[int, str]) -> str:
    """The leaderboard card in words: its rows, best first, with their marks, and the asker's own
    when not among them."""
    shown = board.standings[:CARD_ROWS]
    rows = [f"{s.rank}. {names.get(s.user_id, 'a player')[:40]}, {plural(s.points, 'point')}{badges_said(board, s)}"
            for s in shown]
    if board.caller is not None and board.caller not in shown:
        caller = board.caller
        rows.append(f"you: {caller.rank}. {plural(caller.points, 'point')}{badges_said(board, caller)}")
    text = f"{board_title(board)}: " + ("; ".join(rows) if rows else "no scores yet") + "."
    return fit_alt(text)
