"""What leaderboards and stats look like in Discord."""

from __future__ import annotations

import datetime as dt

import discord

from bot.games.leaderboard import GAMES, Board, PlayerStats
from bot.store import Standing

PER_PAGE = 10
COLOUR = discord.Colour.from_rgb(88, 101, 242)
PERIOD_NAMES = {"today": "today", "week": "this week", "month": "this month", "all": "all time"}
MEDALS = {1: "🥇", 2: "🥈", 3: "🥉"}
BARS = "▁▂▃▄▅▆▇█"


def short_date(date: dt.date) -> str:
    return f"{date:%a} {date.day} {date:%b}"


def period_label(board: Board) -> str:
    name = PERIOD_NAMES[board.period]
    if board.period == "all":
        return name
    if board.first == board.last:
        return f"{name} ({short_date(board.last)})"
    return f"{name} ({short_date(board.first)} – {short_date(board.last)})"


def standing_line(standing: Standing, today: bool) -> str:
    badge = (" 👑" if standing.perfect_days else " 🧠" if standing.top_days else "") if today else ""
    words = f"{standing.words} word{'s' if standing.words != 1 else ''}"
    pangrams = f"{standing.pangrams} pangram{'s' if standing.pangrams != 1 else ''}"
    return f"**{standing.rank}.** <@{standing.user_id}> · {standing.points} pts · {words} · {pangrams}{badge}"


def board_pages(board: Board) -> list[discord.Embed]:
    """Ten players a page; the caller's own line closes every page it is not on."""
    title = f"{GAMES[board.game]} leaderboard · {period_label(board)}"
    if not board.standings:
        return [discord.Embed(title=title, colour=COLOUR, description="No scores yet for this period. Be the first!")]
    today = board.period == "today"
    pages = []
    for start in range(0, len(board.standings), PER_PAGE):
        chunk = board.standings[start : start + PER_PAGE]
        lines = [standing_line(s, today) for s in chunk]
        if board.caller is None:
            lines.append("\nYou have no points in this period yet.")
        elif board.caller not in chunk:
            lines.append(f"\nYou: {standing_line(board.caller, today)}")
        embed = discord.Embed(title=title, colour=COLOUR, description="\n".join(lines))
        players = len(board.standings)
        embed.set_footer(text=f"{players} player{'s' if players != 1 else ''}" +
                         (" · 🧠 Genius · 👑 Queen Bee" if today else ""))
        pages.append(embed)
    if len(pages) > 1:
        for number, embed in enumerate(pages, start=1):
            embed.set_footer(text=f"{embed.footer.text} · page {number}/{len(pages)}")
    return pages


def sparkline(values: list[int]) -> str:
    top = max(values, default=0)
    if top == 0:
        return "·" * len(values)
    return "".join("·" if v == 0 else BARS[min(len(BARS) - 1, v * len(BARS) // (top + 1))] for v in values)


def stats_embed(stats: PlayerStats) -> discord.Embed:
    title = f"{GAMES[stats.game]} stats"
    if stats.days_played == 0:
        return discord.Embed(title=title, colour=COLOUR,
                             description=f"<@{stats.user_id}> has not played in this server yet.")
    best = f"{stats.best_day_points} ({short_date(stats.best_day)})" if stats.best_day else "–"
    days = [day for day, _ in stats.last_days]
    points = [p for _, p in stats.last_days]
    chart = ("  ".join(f"{d:%a}"[:2] for d in days) + "\n" + "   ".join(sparkline(points)) + "\n"
             + " ".join(f"{p:>3}" for p in points))
    description = (
        f"<@{stats.user_id}>\n"
        f"Days played: **{stats.days_played}** · Total: **{stats.total_points}** points · Best day: **{best}**\n"
        f"Average: **{stats.average_points:.1f}** points a day · Words: **{stats.words}** · Pangrams: **{stats.pangrams}**\n"
        f"Genius days: **{stats.genius_days}** · Queen Bee days: **{stats.queen_bee_days}**\n"
        f"Streak: **{stats.current_streak}** day{'s' if stats.current_streak != 1 else ''} "
        f"(longest {stats.longest_streak})\n\nLast 7 days:\n```\n{chart}\n```"
    )
    return discord.Embed(title=title, colour=COLOUR, description=description)


def top_three_line(standings: list[Standing]) -> str:
    if not standings:
        return ""
    return "Top players: " + " · ".join(f"{MEDALS.get(s.rank, f'{s.rank}.')} <@{s.user_id}> {s.points}" for s in standings)
