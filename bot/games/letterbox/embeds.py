"""What the daily Letter Boxed looks like in Discord: embeds and replies built from game results."""

from __future__ import annotations

import discord

from bot.days.text import top_three_line
from bot.games.definitions import spoiled_gloss
from bot.games.letterbox import text
from bot.games.letterbox.game import LETTERBOX, ChainState, DailyPost, Played, PlayResult
from bot.games.letterbox.hints import Hint
from bot.glosses import Gloss
from bot.pictures.box_words import BOX_FILE, BOX_RGB, chain_alt
from bot.plugins import GameInfo
from bot.text import fit_alt, long_date, markdown_bold, plural
from solvers.letterbox import DailyBox

COLOUR = discord.Colour.from_rgb(*BOX_RGB)

TOGETHER_HOW = ("The server plays one chain together today: type the next word in this post's thread (or "
                "mention me with it), or press **Play**. `undo` takes back your last word; "
                "`restart` needs two players.")
SOLO_HOW = "Press **Play** or use `/box play`. Your chain is private to you; `/box rules` explains scoring."

COLOUR = discord.Colour.from_rgb(*BOX_RGB)


def daily_post_embeds(post: DailyPost, together: bool = False, together_yesterday: bool = False,
                      info: GameInfo = LETTERBOX) -> list[discord.Embed]:
    """The day's post (of ``info``'s box: a language's has its own title); ``together``: the
    server plays one chain (``bot.games.letterbox.rooms``); ``together_yesterday``: yesterday's
    result is the team's (``team_yesterday_embed``, added by the cog)."""
    puzzle = post.puzzle
    embed = discord.Embed(
        title=info.day_title(puzzle.date),
        colour=COLOUR,
        description=(
            f"**{text.sides_line(puzzle)}**\n"
            f"Use every letter in a chain of words, in as few words as you can: {LETTERBOX.top_badge} "
            f"**{plural(puzzle.par, 'word')}** or fewer is at par, {LETTERBOX.perfect_badge} two words is perfect.\n"
            "Consecutive letters come from different sides, and each word starts with the last letter of the one "
            f"before.\n\n{TOGETHER_HOW if together else SOLO_HOW}"
        ),
    )
    embed.set_image(url=f"attachment://{BOX_FILE}")
    embeds = [embed]
    if post.yesterday is not None and not together_yesterday:
        embeds.append(yesterday_embed(post))
    return embeds


def team_yesterday_embed(post: DailyPost, result: str, thread_id: int | None) -> discord.Embed:
    """The next day's post after a together day: the box, the team's result (``result``), the
    published solution behind spoiler bars; its definitions are in the day's thread (``thread_id``)."""
    puzzle = post.yesterday
    lines = [f"Box **{text.sides_line(puzzle)}** · par {puzzle.par}", result,
             f"Our solution: ||{text.chain_text(puzzle.solution)}||"]
    if thread_id is not None:
        lines.append(f"The words with their definitions: <#{thread_id}>")
    return discord.Embed(title=f"Yesterday, together · {long_date(puzzle.date)}", colour=discord.Colour.dark_red(),
                         description="\n".join(lines))


def recap_embed(puzzle: DailyBox, glosses: tuple[Gloss, ...], chain: list[str]) -> discord.Embed:
    """A together day's recap, in its thread once the next day's post is made: the published
    solution with each word's definition (``glosses``), and the team's chain as it ended (its lines)."""
    lines = [f"Box **{text.sides_line(puzzle)}** · par {puzzle.par}",
             f"Our solution: ||{text.chain_text(puzzle.solution)}||"]
    lines += [f"||{spoiled_gloss(gloss.word.upper(), gloss)}||" for gloss in glosses]
    return discord.Embed(title=f"The day's box · {long_date(puzzle.date)}", colour=discord.Colour.dark_red(),
                         description="\n".join(lines + ["", "The team's chain:", *chain]))


def yesterday_embed(post: DailyPost) -> discord.Embed:
    """Yesterday's published solution, each of its words with its definition, and the guild's
    shortest solves, behind spoiler bars; the top three."""
    puzzle = post.yesterday
    lines = [f"Box **{text.sides_line(puzzle)}** · par {puzzle.par}",
             f"Our solution: ||{text.chain_text(puzzle.solution)}||"]
    lines += [f"||{spoiled_gloss(gloss.word.upper(), gloss)}||" for gloss in post.solution_glosses]
    if post.best_found:
        found = "; ".join(f"||{text.chain_text(best.words)}|| ({plural(best.players, 'player')})"
                          for best in post.best_found)
        lines.append(f"This server's shortest: {found}")
    lines.append(f"{plural(post.solvers, 'player')} solved it." if post.solvers else "Nobody here solved it.")
    if post.top_players:
        lines.append(top_three_line(post.top_players))
    return discord.Embed(title=f"Yesterday's box · {long_date(puzzle.date)}", colour=discord.Colour.dark_red(),
                         description="\n".join(lines))


def play_reply(result: PlayResult, show_vulgar: bool) -> str:
    return text.play_reply(result, bold=markdown_bold, show_vulgar=show_vulgar)


def announcement(mention: str, result: PlayResult) -> str | None:
    """The channel hears of the day's first solve, and of a better one only when it reaches a new
    milestone (``PlayResult.announced``), in one line; never the words."""
    return text.solved_news(mention, result) if result.announced else None


def announcements(mention: str, played: Played) -> list[str]:
    """A move's announcements in the game's channel (``announcement``)."""
    line = announcement(mention, played.result)
    return [line] if line is not None else []


def state_text(state: ChainState) -> str:
    return text.state_text(state, bold=markdown_bold)


def chain_embed(state: ChainState) -> discord.Embed:
    embed = discord.Embed(title=f"Your chain · {long_date(state.puzzle.date)}", colour=COLOUR,
                          description=text.state_text(state, bold=markdown_bold))
    embed.set_image(url=f"attachment://{BOX_FILE}")
    return embed


def today_embed(state: ChainState, info: GameInfo = LETTERBOX) -> discord.Embed:
    puzzle = state.puzzle
    embed = discord.Embed(title=info.day_title(puzzle.date), colour=COLOUR,
                          description=f"**{text.sides_line(puzzle)}** · par {puzzle.par}\n\n"
                                      + text.state_text(state, bold=markdown_bold))
    embed.set_image(url=f"attachment://{BOX_FILE}")
    return embed


def hint_embed(hint: Hint, level: int = 1) -> discord.Embed:
    """The hints of levels 1 to ``level``, one paragraph a level (``bot.games.letterbox.hints``)."""
    level = min(level, hint.levels)
    paragraphs = ["\n".join(text.hint_level(hint, n, bold=markdown_bold)) for n in range(1, level + 1)]
    title = f"Hint {level} of {hint.levels}" if hint.levels > 1 else "Hint"
    chain = f"{'The team' if hint.team else 'Your'} chain: {text.chain_text(hint.chain)}\n\n" if hint.chain else ""
    return discord.Embed(title=title, colour=COLOUR, description=chain + "\n\n".join(paragraphs))


def rules_embed() -> discord.Embed:
    return discord.Embed(title=f"{LETTERBOX.title} rules", colour=COLOUR,
                         description="\n".join(f"• {line}" for line in text.rules_lines()))


def box_alt(puzzle: DailyBox, chain: tuple[str, ...] = ()) -> str:
    """The picture's alt text: the box, and the chain drawn on it in order."""
    return fit_alt(f"Letter Boxed box: {text.sides_line(puzzle)}.{chain_alt(chain)}")
