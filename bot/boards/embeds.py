"""What leaderboards and stats look like in Discord."""

from __future__ import annotations

import io

import discord

from bot.boards.boards import Board, PlayerStats
from bot.boards.text import badges, board_title, legend, sparkline, stats_lines, together_lines
from bot.days.store import Standing
from bot.text import markdown_bold, plural

PER_PAGE = 10
STATS_FILE = "stats.png"
CARD_FILE = "leaderboard.png"
COLOUR = discord.Colour.from_rgb(88, 101, 242)


def standing_line(board: Board, standing: Standing) -> str:
    """``**1.** @alice · 353 points · 39 words · 2 pangrams ⭐ 4 👑 1``: the marks are the card's."""
    marks = "".join(f" {icon.emoji}" + (f" {count:,}" if count else "") for icon, count in badges(board, standing))
    return (f"**{standing.rank}.** <@{standing.user_id}> · {plural(standing.points, 'point')} · "
            f"{plural(standing.words, 'word')} · {plural(standing.highlights, board.game.highlight)}{marks}")


def board_pages(board: Board, card: bool = False) -> list[discord.Embed]:
    """Ten players a page; the caller's own line closes every page it is not on. With ``card``,
    every page shows the card attached with it (``CARD_FILE``; the cog attaches it again with
    each page), so it never hangs loose below the embed."""
    title = board_title(board)
    if not board.standings:
        return [discord.Embed(title=title, colour=COLOUR, description="No scores yet for this period. Be the first!")]
    pages, marked = [], any(badges(board, s) for s in board.standings)  # the legend, when a mark is shown
    for start in range(0, len(board.standings), PER_PAGE):
        chunk = board.standings[start : start + PER_PAGE]
        lines = [standing_line(board, s) for s in chunk]
        if board.caller is None:
            lines.append("\nYou have no points in this period yet.")
        elif board.caller not in chunk:
            lines.append(f"\nYou: {standing_line(board, board.caller)}")
        embed = discord.Embed(title=title, colour=COLOUR, description="\n".join(lines))
        embed.set_footer(text=plural(len(board.standings), "player") + (f" · {legend(board.game)}" if marked else ""))
        if card:
            embed.set_image(url=f"attachment://{CARD_FILE}")
        pages.append(embed)
    if len(pages) > 1:
        for number, embed in enumerate(pages, start=1):
            embed.set_footer(text=f"{embed.footer.text} · page {number}/{len(pages)}")
    return pages


def picture(data: bytes, filename: str, description: str) -> discord.File:
    """A picture to attach, with its alt text for screen readers."""
    return discord.File(io.BytesIO(data), filename=filename, description=description)


def stats_embed(stats: PlayerStats, with_picture: bool = False) -> discord.Embed:
    """The stats in text (what a screen reader reads), with the calendar picture (``STATS_FILE``)
    below when the message carries it."""
    embed = stats_text(stats)
    if with_picture:
        if stats.days_played == 0:  # days on the calendar, none in the totals: a box never solved
            embed.description = "\n".join([f"<@{stats.user_id}> has played but not finished a {stats.game.thing} yet.",
                                           *together_lines(stats, markdown_bold)])
        embed.set_image(url=f"attachment://{STATS_FILE}")
    return embed


def stats_text(stats: PlayerStats) -> discord.Embed:
    game = stats.game
    title = f"{game.title} stats"
    if stats.days_played == 0:
        alone = (f"<@{stats.user_id}> has played only together in this server so far." if stats.played_together
                 else f"<@{stats.user_id}> has not played in this server yet.")
        return discord.Embed(title=title, colour=COLOUR,
                             description="\n".join([alone, *together_lines(stats, markdown_bold)]))
    days = [day for day, _ in stats.last_days]
    points = [p for _, p in stats.last_days]
    chart = ("  ".join(f"{d:%a}"[:2] for d in days) + "\n" + "   ".join(sparkline(points)) + "\n"
             + " ".join(f"{p:>3}" for p in points))
    description = "\n".join([f"<@{stats.user_id}>", *stats_lines(stats, markdown_bold),
                              *together_lines(stats, markdown_bold),
                              f"\nLast 7 days:\n```\n{chart}\n```"])
    return discord.Embed(title=title, colour=COLOUR, description=description)
