"""The Spelling Bee's words, for both front doors (no discord import).

Functions that emphasise a word take ``bold``: ``bot.text.markdown_bold`` in Discord,
``bot.text.plain`` in the terminal.
"""

from __future__ import annotations

from collections.abc import Callable

from bot.chat.words import MAX_WORDS
from bot.games.bee.game import BEE, Guesses, GuessResult, Progress, Verdict
from bot.icons import ACCEPTED, PANGRAM, QUEEN_BEE
from bot.plugins import GameInfo
from bot.text import plain, plural
from solvers import bee
from solvers.bee import Hints, Puzzle
from solvers.screen import quoted

Bold = Callable[[str], str]


def hive_letters(puzzle: Puzzle, outer: str | None = None, bold: Bold = plain) -> str:
    """``N · A C H L O Y``: the centre, then the outer letters."""
    return f"{bold(puzzle.center.upper())} · " + " ".join((outer or puzzle.outer).upper())


def counts_line(puzzle: Puzzle) -> str:
    """``29 words · 129 points · 1 pangram``."""
    return (f"{plural(len(puzzle.answers), 'word')} · {plural(puzzle.max_score, 'point')} · "
            f"{plural(len(puzzle.pangrams), 'pangram')}")


def standing(points: int, rank: bee.Rank | None, bold: Bold = plain) -> str:
    if rank is None:
        return ""
    if rank.next_name is None:
        return f"You have {plural(points, 'point')}: {bold(rank.name)}, every word found! {QUEEN_BEE.emoji}"
    return f"You have {plural(points, 'point')}: {bold(rank.name)} ({rank.points_to_next} to {rank.next_name})."


def guesses_reply(guesses: Guesses, bold: Bold = plain, show_vulgar: bool = True) -> str:
    """The answer to a move: one guess is answered as ever (``guess_reply``); several get a line
    each, in the order typed, then the player's standing once, and a note when words past
    ``MAX_WORDS`` were not read."""
    results = guesses.results
    if not results:
        return "Type a word of 4 or more letters (or several, separated by spaces)."
    if len(results) == 1 and not guesses.unread:
        return guess_reply(results[0], bold, show_vulgar)
    lines = [guess_reply(result, bold, show_vulgar, with_standing=False) for result in results]
    if (last := guesses.standing) is not None:
        lines.append(standing(last.total, last.rank, bold))
    if guesses.unread:
        lines.append(unread_line(guesses.unread))
    return "\n".join(lines)


def unread_line(unread: int) -> str:
    """What a move of more than ``MAX_WORDS`` words says of the rest."""
    return f"Only the first {MAX_WORDS} words were read ({plural(unread, 'more word')} left out)."


def guess_reply(result: GuessResult, bold: Bold = plain, show_vulgar: bool = True, with_standing: bool = True) -> str:
    """The answer to a guess; a guess that may not be written back (a slur, a flagged word where
    the server hides them) is named "That word". ``with_standing``: end with the player's points
    and rank, when the guess found a word; without (one line among several), every line names
    its word."""
    word = bold(quoted(result.word.upper(), "That word", show_vulgar))
    puzzle = result.puzzle
    now = f" {standing(result.total, result.rank, bold)}" if with_standing else ""
    match result.verdict:
        case Verdict.ACCEPTED:
            bonus = f" Pangram! {PANGRAM.emoji}" if result.pangram else ""
            return f"{ACCEPTED.emoji} {word} +{plural(result.points, 'point')}.{bonus}{now}"
        case Verdict.NOT_LETTERS:
            return f"{word}: guesses are letters A–Z only: remove {result.detail}." if not with_standing \
                else f"Guesses are letters A–Z only: remove {result.detail}."
        case Verdict.TOO_SHORT:
            return f"{word} is too short: words have at least {bee.MIN_WORD} letters."
        case Verdict.BAD_LETTER:  # among several words, the line names the word it answers
            named = f"{word}: " if not with_standing else ""
            return f"{named}{bold(result.detail.upper())} is not in the hive ({hive_letters(puzzle, bold=bold)})."
        case Verdict.MISSING_CENTER:
            return f"{word} is missing the centre letter {bold(puzzle.center.upper())}."
        case Verdict.NOT_IN_LIST:
            return f"{word} is not in today's word list."
        case Verdict.ALREADY_FOUND:
            return f"You already found {word}.{now}"
    raise AssertionError(result.verdict)


def hints_summary(hints: Hints) -> str:
    """``28 words, 124 points, 1 pangram``."""
    return f"{plural(hints.words_left, 'word')}, {plural(hints.points_left, 'point')}, " \
           f"{plural(hints.pangrams_left, 'pangram')}"


def hints_grid(hints: Hints) -> list[str]:
    """The words left as a grid: a row per first letter, a column per length, with totals."""
    rows = ["   " + "".join(f"{n:>4}" for n in hints.lengths) + "   Σ"]
    for letter, row in hints.grid.items():
        cells = "".join(f"{row.get(n, '-'):>4}" for n in hints.lengths)
        rows.append(f"{letter.upper()}: {cells}{sum(row.values()):>4}")
    totals = "".join(f"{sum(r.get(n, 0) for r in hints.grid.values()):>4}" for n in hints.lengths)
    rows.append(f"Σ: {totals}{hints.words_left:>4}")
    return rows


def two_letter_starts(hints: Hints) -> str:
    return " ".join(f"{pair.upper()}-{count}" for pair, count in hints.two_letter.items())


def share_text(progress: Progress, who: str, bold: Bold = plain, game: GameInfo = BEE) -> str:
    """A player's day in the Wordle manner, for anyone to read (the Share button): the day, the
    rank with a bar of the ranks reached, the words found of the total, the points and the
    pangrams found; never a letter or a word of the hive. ``who``: the player (in Discord, a
    mention that pings nobody)."""
    puzzle, rank = progress.puzzle, progress.rank
    pangrams = sum(word in puzzle.pangrams for word in progress.found)
    return (f"{game.emoji} {game.day_title(puzzle.date)}\n"
            f"{who}: {bold(rank.name)} · {len(progress.found)} of {plural(len(puzzle.answers), 'word')} · "
            f"{plural(progress.points, 'point')} · {plural(pangrams, 'pangram') if pangrams else 'no pangram'}\n"
            + rank_bar(rank.name))


def rank_bar(rank_name: str) -> str:
    """A square a rank: yellow for those reached (the Share line's bar)."""
    reached = 1 + next(index for index, (name, _) in enumerate(bee.RANKS) if name == rank_name)
    return "🟨" * reached + "⬜" * (len(bee.RANKS) - reached)
