"""What the Spelling Bee looks like in Discord: embeds and replies built from game results."""

from __future__ import annotations

import discord

from bot.daily.posts import POST_LINES, message_size
from bot.days.text import top_three_line
from bot.games.bee import text
from bot.games.bee.game import DailyPost, Guesses, GuessResult, Progress
from bot.games.bee.plugin import BEE
from bot.games.definitions import spoiled_gloss
from bot.glosses import Gloss
from bot.icons import GENIUS, PANGRAM, QUEEN_BEE
from bot.plugins import GameInfo
from bot.text import long_date, markdown_bold, plural
from solvers import bee
from solvers.bee import Puzzle

BEE_YELLOW = discord.Colour.from_rgb(247, 218, 33)
HIVE_FILE = "hive.png"
DESCRIPTION_LIMIT = 4096  # Discord's most for an embed's description
MAX_DEFINED = 30  # lines of defined words (besides the pangrams) in the daily post, so it stays readable


def hive_letters(puzzle: Puzzle, outer: str | None = None) -> str:
    return text.hive_letters(puzzle, outer, bold=markdown_bold)


def guess_reply(result: GuessResult, show_vulgar: bool) -> str:
    return text.guess_reply(result, markdown_bold, show_vulgar)


def guesses_reply(guesses: Guesses, show_vulgar: bool) -> str:
    return text.guesses_reply(guesses, markdown_bold, show_vulgar)


def standing(points: int, rank: bee.Rank | None) -> str:
    return text.standing(points, rank, bold=markdown_bold)


TOGETHER_HOW = ("The server plays together today: type words in this post's thread (or mention me with them), "
                "or press **Guess**. Each word counts once for the team.")
SOLO_HOW = "Press **Guess** or use `/bee guess`. Hints, your words and `/bee rules` are private to you."


def daily_post_embeds(post: DailyPost, together: bool = False, game: GameInfo = BEE) -> list[discord.Embed]:
    """The day's post; ``together``: the server plays the day as one team (``bot.games.bee.rooms``)."""
    puzzle = post.puzzle
    embed = discord.Embed(
        title=game.day_title(puzzle.date),
        colour=BEE_YELLOW,
        description=(
            f"{hive_letters(puzzle)}\n"
            f"Make words of 4+ letters that use the centre letter **{puzzle.center.upper()}**; "
            f"letters may repeat.\n{text.counts_line(puzzle)}\n\n{TOGETHER_HOW if together else SOLO_HOW}"
        ),
    )
    embed.set_image(url=f"attachment://{HIVE_FILE}")
    embeds = [embed]
    if post.yesterday is not None:  # within a phone screen: the rest of the post's lines, less its title
        embeds.append(yesterday_embed(post, POST_LINES - message_size(None, embeds)[0] - 1))
    return embeds


def yesterday_embed(post: DailyPost, lines: int | None = None) -> discord.Embed:
    """Yesterday's answers behind spoiler bars (see ``yesterday_answers``; in ``lines`` lines) and
    yesterday's top three."""
    puzzle = post.yesterday
    head = (f"Hive {hive_letters(puzzle)} · {text.counts_line(puzzle)}\n"
            + (top_three_line(post.top_players) + "\n" if post.top_players else ""))
    return discord.Embed(title=f"Yesterday's answers · {long_date(puzzle.date)}", colour=discord.Colour.dark_gold(),
                         description=yesterday_answers(head, puzzle, post.pangram_finders, post.definitions,
                                                       lines=lines))


def yesterday_answers(head: str, puzzle: Puzzle, finders: dict[str, int], definitions: tuple[Gloss, ...],
                      limit: int = DESCRIPTION_LIMIT, lines: int | None = None) -> str:
    """``head``, then yesterday's answers behind spoiler bars, each word and its definition
    under the same bar: a line for each pangram (in bold, with how many players found it), a
    line for each word worth defining (``definitions``, taken in their order while the text
    stays within ``limit`` characters and ``lines`` lines, at most ``MAX_DEFINED``), and the
    other words on one line."""
    glosses = {gloss.word: gloss for gloss in definitions}
    defined: set[str] = set()
    for gloss in (g for g in definitions if g.word not in puzzle.pangrams):
        text_now = _answers_text(head, puzzle, finders, glosses, defined | {gloss.word})
        if len(defined) == MAX_DEFINED or len(text_now) > limit or (
                lines is not None and len(text_now.splitlines()) > lines):
            break
        defined.add(gloss.word)
    return _answers_text(head, puzzle, finders, glosses, defined)


def _answers_text(head: str, puzzle: Puzzle, finders: dict[str, int], glosses: dict[str, Gloss],
                  defined: set[str]) -> str:
    lines = [f"||{spoiled_gloss(f'**{w.upper()}**', glosses.get(w))}|| ({plural(finders.get(w, 0), 'player')})"
             for w in puzzle.pangrams]
    lines += [f"||{spoiled_gloss(w, glosses[w])}||" for w in sorted(defined)]
    others = [f"||{w}||" for w in puzzle.answers if w not in puzzle.pangrams and w not in defined]
    return head + "\n" + "\n".join(lines + ([", ".join(others)] if others else []))


def announcement(mention: str, result: GuessResult) -> list[str]:
    """Channel announcements for a guess: they never reveal the word."""
    return announcements(mention, (result,))


def announcements(mention: str, results: Guesses | tuple[GuessResult, ...]) -> list[str]:
    """Channel announcements for a move, each said once: the pangrams it found (counted, never
    named), then each rank it reached."""
    if isinstance(results, Guesses):
        results = results.results
    lines = []
    pangrams = sum(result.accepted and result.pangram for result in results)
    if pangrams:
        lines.append(f"{PANGRAM.emoji} {mention} found "
                     f"{'a pangram' if pangrams == 1 else plural(pangrams, 'pangram')}!")
    for reached in (result.reached for result in results if result.reached):
        if reached == "Genius":
            lines.append(f"{GENIUS.emoji} {mention} reached **Genius**!")
        elif reached == "Queen Bee":
            lines.append(f"{QUEEN_BEE.emoji} {mention} is **Queen Bee**: every word found!")
    return lines


def today_embed(progress: Progress) -> discord.Embed:
    puzzle = progress.puzzle
    embed = discord.Embed(
        title=BEE.day_title(puzzle.date),
        colour=BEE_YELLOW,
        description=(f"{hive_letters(puzzle)}\n{text.counts_line(puzzle)}\n\n"
                     f"You found {len(progress.found)} of {plural(len(puzzle.answers), 'word')}. "
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


def hints_embed(puzzle: Puzzle, hints: bee.Hints, team: bool = False) -> discord.Embed:
    """What is left of the day: the player's, or the team's on a together day (``team``)."""
    if hints.words_left == 0:
        found = "The team found" if team else "You found"
        return discord.Embed(title="Hints", colour=BEE_YELLOW, description=f"{found} every word. Nothing left to "
                                                                           f"hint! {QUEEN_BEE.emoji}")
    rows = text.hints_grid(hints)
    description = (
        f"{hive_letters(puzzle)}\nLeft for {'the team' if team else 'you'}: {text.hints_summary(hints)}.\n"
        f"Words left by first letter (rows) and length (columns):\n```\n" + "\n".join(rows) + "\n```\n"
        f"Two-letter starts:\n```\n{text.two_letter_starts(hints)}\n```"
    )
    return discord.Embed(title="Hints", colour=BEE_YELLOW, description=description)


def found_embed(progress: Progress) -> discord.Embed:
    if not progress.found:
        return discord.Embed(title="Your words", colour=BEE_YELLOW,
                             description="No words yet today. Press **Guess** to start!")
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
