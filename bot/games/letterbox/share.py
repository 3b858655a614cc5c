"""Letter Boxed's Share line, for both front doors (no discord import): a player's day in the
Wordle manner, for anyone to read. It lives beside ``text.py`` and reads its wording."""

from __future__ import annotations

from collections.abc import Callable

from bot.games.letterbox.game import LETTERBOX, ChainState
from bot.games.letterbox.text import Bold, score_name
from bot.games.letterbox.together import BoxProgress
from bot.plugins import GameInfo
from bot.text import plain, plural

AT_PAR, OVER_PAR, UNUSED = "🟩", "🟧", "⬜"


def par_bar(words: int, par: int) -> str:
    """A square a word: green up to par, orange past it, white for the par words not needed."""
    return AT_PAR * min(words, par) + OVER_PAR * max(0, words - par) + UNUSED * max(0, par - words)


def share_text(state: ChainState, who: str, bold: Bold = plain, info: GameInfo = LETTERBOX) -> str | None:
    """The day (of ``info``'s box: a language's titled its own), then the player's best solve
    (its words counted against par, its points and a bar, ``par_bar``) or, before any solve, how
    far the chain has come; None before any word. Never a letter or a word of the box. ``who``:
    the player (in Discord, a mention that pings nobody)."""
    puzzle = state.puzzle
    head = f"{info.emoji} {info.day_title(puzzle.date)}\n{who}: "
    if state.best is not None:
        count = state.best.word_count
        return (f"{head}solved in {bold(plural(count, 'word'))} · par {puzzle.par} · {score_name(count, puzzle.par)} · "
                f"{plural(state.best.points, 'point')}\n{par_bar(count, puzzle.par)}")
    if state.chain:
        return (f"{head}not solved yet · {plural(len(state.chain), 'word')} so far, "
                f"{plural(len(state.letters_left), 'letter')} left · par {puzzle.par}")
    return None


def team_share_text(progress: BoxProgress, user_id: int, who: Callable[[int], str], bold: Bold = plain) -> str | None:
    """The team's day for anyone to read (Share on a together day): its best solve against par and
    the players in the chain, or how far the chain has come, and the sharer's part; never a letter
    or a word of the box. None before the team's first word."""
    puzzle, chain = progress.puzzle, progress.chain
    head = f"{LETTERBOX.emoji} {LETTERBOX.day_title(puzzle.date, 'Team ')}\nThe team: "
    if chain.best is not None:
        count, players = len(chain.best.words), set(chain.best.players)
        mine = sum(player == user_id for player in chain.best.players)
        part = f"{who(user_id)} played {plural(mine, 'word')} of it" if mine else f"shared by {who(user_id)}"
        return (f"{head}solved in {bold(plural(count, 'word'))} · par {puzzle.par} · {score_name(count, puzzle.par)} "
                f"· {plural(len(players), 'player')} · {part}\n{par_bar(count, puzzle.par)}")
    if chain.words:
        return (f"{head}not solved yet · {plural(len(chain.words), 'word')} so far by "
                f"{plural(len(set(chain.players)), 'player')}, {plural(len(progress.letters_left), 'letter')} left "
                f"· par {puzzle.par}")
    return None
