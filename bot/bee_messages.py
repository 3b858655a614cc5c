"""What the Spelling Bee says in Discord: embeds and replies built from game results."""

from __future__ import annotations

import datetime as dt

import discord

from bot import formatting
from bot.board_messages import top_three_line
from bot.games.bee import DailyPost, GuessResult, Progress, Schedule, Verdict
from bot.store import Standing
from solvers import bee
from solvers.bee import Puzzle

BEE_YELLOW = discord.Colour.from_rgb(247, 218, 33)
HIVE_FILE = "hive.png"


def hive_letters(puzzle: Puzzle, outer: str | None = None) -> str:
    outer = outer or puzzle.outer
    return f"**{puzzle.center.upper()}** · " + " ".join(outer.upper())


def counts_line(puzzle: Puzzle) -> str:
    pangrams = len(puzzle.pangrams)
    return (f"{len(puzzle.answers)} words · {puzzle.max_score} points · "
            f"{pangrams} pangram{'s' if pangrams != 1 else ''}")


def long_date(date: dt.date) -> str:
    return f"{date:%A} {date.day} {date:%B %Y}"


def daily_post_embeds(post: DailyPost) -> list[discord.Embed]:
    puzzle = post.puzzle
    embed = discord.Embed(
        title=f"Spelling Bee · {long_date(puzzle.date)}",
        colour=BEE_YELLOW,
        description=(
            f"{hive_letters(puzzle)}\n"
            f"Make words of 4+ letters that use the centre letter **{puzzle.center.upper()}**; "
            f"letters may repeat.\n{counts_line(puzzle)}\n\n"
            "Press **Guess** or use `/bee guess`. Hints, your words and `/bee rules` are private to you."
        ),
    )
    embed.set_image(url=f"attachment://{HIVE_FILE}")
    embeds = [embed]
    if post.yesterday is not None:
        embeds.append(yesterday_embed(post.yesterday, post.pangram_finders, post.top_players))
    return embeds


def yesterday_embed(puzzle: Puzzle, finders: dict[str, int], top_players: list[Standing]) -> discord.Embed:
    """Yesterday's answers behind spoiler tags; pangrams in bold with how many players found
    them; and yesterday's top three."""
    words = []
    for word in puzzle.answers:
        if word in puzzle.pangrams:
            players = finders.get(word, 0)
            words.append(f"||**{word.upper()}**|| ({players} player{'s' if players != 1 else ''})")
        else:
            words.append(f"||{word}||")
    return discord.Embed(
        title=f"Yesterday's answers · {long_date(puzzle.date)}",
        colour=discord.Colour.dark_gold(),
        description=(f"Hive {hive_letters(puzzle)} · {counts_line(puzzle)}\n"
                     + (top_three_line(top_players) + "\n" if top_players else "") + "\n" + ", ".join(words)),
    )


def guess_reply(result: GuessResult) -> str:
    word = result.word.upper()
    puzzle = result.puzzle
    match result.verdict:
        case Verdict.ACCEPTED:
            bonus = " Pangram! 🎉" if result.pangram else ""
            return f"✅ **{word}** +{result.points} point{'s' if result.points != 1 else ''}.{bonus} {standing(result.total, result.rank)}"
        case Verdict.NOT_LETTERS:
            return "Guesses are letters A–Z only: type one word, with no digits or punctuation."
        case Verdict.TOO_SHORT:
            return f"**{word}** is too short: words have at least {bee.MIN_WORD} letters."
        case Verdict.BAD_LETTER:
            return f"**{result.detail.upper()}** is not in the hive ({hive_letters(puzzle)})."
        case Verdict.MISSING_CENTER:
            return f"**{word}** is missing the centre letter **{puzzle.center.upper()}**."
        case Verdict.NOT_IN_LIST:
            return f"**{word}** is not in today's word list."
        case Verdict.ALREADY_FOUND:
            return f"You already found **{word}**. {standing(result.total, result.rank)}"
    raise AssertionError(result.verdict)


def standing(points: int, rank: bee.Rank | None) -> str:
    if rank is None:
        return ""
    if rank.next_name is None:
        return f"You have {points} points: **{rank.name}**, every word found! 👑"
    return f"You have {points} point{'s' if points != 1 else ''}: **{rank.name}** ({rank.points_to_next} to {rank.next_name})."


def announcement(mention: str, result: GuessResult) -> list[str]:
    """Channel announcements for a guess: they never reveal the word."""
    lines = []
    if result.pangram:
        lines.append(f"🐝 {mention} found a pangram!")
    if result.reached == "Genius":
        lines.append(f"🧠 {mention} reached **Genius**!")
    elif result.reached == "Queen Bee":
        lines.append(f"👑 {mention} is **Queen Bee**: every word found!")
    return lines


def today_embed(progress: Progress) -> discord.Embed:
    puzzle = progress.puzzle
    embed = discord.Embed(
        title=f"Spelling Bee · {long_date(puzzle.date)}",
        colour=BEE_YELLOW,
        description=(f"{hive_letters(puzzle)}\n{counts_line(puzzle)}\n\n"
                     f"You found {len(progress.found)} of {len(puzzle.answers)} words. "
                     f"{standing(progress.points, progress.rank)}\n{rank_ladder(progress.points, puzzle.max_score)}"),
    )
    embed.set_image(url=f"attachment://{HIVE_FILE}")
    return embed


def rank_ladder(points: int, max_points: int) -> str:
    """Every rank with its threshold, the reached ones ticked."""
    steps = []
    for name, percent in bee.RANKS:
        need = bee.threshold(percent, max_points)
        steps.append(f"{'✓' if points >= need else '·'} {name} {need}")
    return "`" + " │ ".join(steps) + "`"


def hints_embed(puzzle: Puzzle, hints: bee.Hints) -> discord.Embed:
    if hints.words_left == 0:
        return discord.Embed(title="Hints", colour=BEE_YELLOW, description="You found every word. Nothing left to hint! 👑")
    rows = formatting.hints_grid(hints)
    pairs = formatting.two_letter_starts(hints)
    description = (
        f"{hive_letters(puzzle)}\nLeft for you: {hints.words_left} words, {hints.points_left} points, "
        f"{hints.pangrams_left} pangram{'s' if hints.pangrams_left != 1 else ''}.\n"
        f"Words left by first letter (rows) and length (columns):\n```\n" + "\n".join(rows) + "\n```\n"
        f"Two-letter starts:\n```\n{pairs}\n```"
    )
    return discord.Embed(title="Hints", colour=BEE_YELLOW, description=description)


def found_embed(progress: Progress) -> discord.Embed:
    if not progress.found:
        return discord.Embed(title="Your words", colour=BEE_YELLOW, description="No words yet today. Press **Guess** to start!")
    words = ", ".join(f"**{w.upper()}**" if w in progress.puzzle.pangrams else w for w in sorted(progress.found))
    return discord.Embed(
        title=f"Your words · {len(progress.found)} of {len(progress.puzzle.answers)}",
        colour=BEE_YELLOW,
        description=f"{words}\n\n{standing(progress.points, progress.rank)}",
    )


def rules_embed() -> discord.Embed:
    ranks = ", ".join(f"{name} {percent}%" for name, percent in bee.RANKS)
    return discord.Embed(
        title="Spelling Bee rules",
        colour=BEE_YELLOW,
        description=(
            "• Make words of at least 4 letters from the 7 letters of the hive.\n"
            "• Every word must use the centre letter. Letters may be used more than once.\n"
            "• A 4-letter word scores 1 point; longer words score 1 point per letter.\n"
            "• A pangram uses all 7 letters and scores 7 extra points.\n"
            f"• Ranks, as a share of the day's maximum score: {ranks}. "
            "Each threshold is rounded to the nearest point (halves up); Queen Bee means every word.\n"
            "• A new hive arrives every day at the server's chosen time; yesterday's answers come with it."
        ),
    )


def setup_reply(schedule: Schedule, next_post: dt.datetime, posting_now: bool) -> str:
    when = f"<t:{int(next_post.timestamp())}:F>"
    first = "Today's hive is being posted now." if posting_now else f"The first hive arrives {when}."
    return (f"🐝 The Spelling Bee will be posted in <#{schedule.channel_id}> every day at "
            f"{schedule.post_time:%H:%M} ({schedule.timezone}). {first}")
