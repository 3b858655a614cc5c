"""What the daily word ladder looks like in Discord: embeds and replies built from game results."""

from __future__ import annotations

import discord

from bot.days.text import top_three_line
from bot.games.ladder import text
from bot.games.ladder.game import ClimbState, DailyPost, Played
from bot.games.ladder.hints import Hint
from bot.games.ladder.picture import LADDER_FILE
from bot.games.ladder.plugin import LADDER
from bot.plugins import GameInfo
from bot.text import long_date, markdown_bold, plural

COLOUR = discord.Colour.from_rgb(46, 139, 87)
SOLO_HOW = "Press **Play** or use `/ladder play`. Your ladder is private to you; `/ladder rules` explains scoring."
TOGETHER_HOW = ("Today the server climbs one ladder together: type the next rung in this post's thread (or press "
                "**Play**). `undo` takes back your last rung; `/ladder rules` explains scoring.")


def daily_post_embeds(post: DailyPost, together: bool = False, team_result: str | None = None,
                      info: GameInfo = LADDER) -> list[discord.Embed]:
    """The day's post (of ``info``'s ladder: a language's has its own title): the two ends and
    par, never a rung between; yesterday's result (after a together day, the team's
    ``team_result``, crediting its players)."""
    puzzle = post.puzzle
    embed = discord.Embed(
        title=info.day_title(puzzle.date), colour=COLOUR,
        description=(f"**{text.ends_line(puzzle)}**\n{text.par_line(puzzle)}\n"
                     f"Change one letter at a time, every rung a word: {LADDER.perfect_badge} at par is perfect.\n\n"
                     f"{TOGETHER_HOW if together else SOLO_HOW}"))
    embed.set_image(url=f"attachment://{LADDER_FILE}")
    embeds = [embed]
    if post.yesterday is not None:
        embeds.append(yesterday_embed(post) if team_result is None else team_yesterday_embed(post, team_result))
    return embeds


def team_yesterday_embed(post: DailyPost, result: str) -> discord.Embed:
    """The next day's post after a together day: the ends, the team's result (``result``, crediting
    its players), the published ladder behind spoiler bars."""
    puzzle = post.yesterday
    lines = [f"**{text.ends_line(puzzle)}** · par {puzzle.par}", result,
             f"Our ladder: ||{' → '.join(word.upper() for word in puzzle.ladder)}||"]
    return discord.Embed(title=f"Yesterday, together · {long_date(puzzle.date)}", colour=discord.Colour.dark_green(),
                         description="\n".join(lines))


def yesterday_embed(post: DailyPost) -> discord.Embed:
    """Yesterday's published ladder behind spoiler bars, the server's solves by rungs, the top three."""
    puzzle = post.yesterday
    lines = [f"**{text.ends_line(puzzle)}** · par {puzzle.par}",
             f"Our ladder: ||{' → '.join(word.upper() for word in puzzle.ladder)}||"]
    if post.best_found:
        lines.append("Solved here: " + ", ".join(f"{plural(found.players, 'player')} in {found.rungs}"
                                                 for found in post.best_found))
    else:
        lines.append("Nobody here solved it.")
    if post.top_players:
        lines.append(top_three_line(post.top_players))
    return discord.Embed(title=f"Yesterday's ladder · {long_date(puzzle.date)}", colour=discord.Colour.dark_green(),
                         description="\n".join(lines))


def announcements(mention: str, played: Played) -> list[str]:
    """The channel hears of the day's first solve and of a better one reaching par; never a rung."""
    return [text.solved_news(mention, played.result)] if played.result.announced else []


def today_embed(state: ClimbState, show_vulgar: bool = False, info: GameInfo = LADDER) -> discord.Embed:
    puzzle = state.puzzle
    embed = discord.Embed(title=info.day_title(puzzle.date), colour=COLOUR,
                          description=f"**{text.ends_line(puzzle)}** · par {puzzle.par}\n\n"
                                      + text.state_text(state, markdown_bold, show_vulgar))
    embed.set_image(url=f"attachment://{LADDER_FILE}")
    return embed


def hint_embed(hint: Hint, level: int = 1) -> discord.Embed:
    """The hints of levels 1 to ``level``, a line a level (``bot.games.ladder.hints``)."""
    level = max(1, min(level, hint.levels or 1))
    lines = [text.hint_level(hint, n, markdown_bold) for n in range(1, level + 1)] if hint.levels else \
        [text.hint_level(hint, 1, markdown_bold)]
    title = f"Hint {level} of {hint.levels}" if hint.levels else "Hint"
    return discord.Embed(title=title, colour=COLOUR, description="\n".join(lines))


def rules_embed() -> discord.Embed:
    return discord.Embed(title=f"{LADDER.title} rules", colour=COLOUR,
                         description="\n".join(f"• {line}" for line in text.rules_lines()))
