"""The words of Letter Boxed played together, for both front doors (no discord import).

Words are shown through ``hide`` (Discord: behind spoiler bars), players through ``who``
(Discord: a mention that never pings)."""

from __future__ import annotations

from collections.abc import Callable

from bot.games.letterbox.text import chain_text, score_name, solved_news
from bot.games.letterbox.together import BoxProgress, TeamPlay
from bot.games.together.chain import Command, TeamCommand
from bot.text import plain, plural

Hide = Callable[[str], str]
Who = Callable[[int], str]


def chain_lines(progress: BoxProgress, who: Who, hide: Hide = plain) -> list[str]:
    """The team's chain so far, each word with who played it; the letters left; the best solve."""
    chain, puzzle = progress.chain, progress.puzzle
    if chain.words:
        lines = [f"{n}. {hide(word.upper())}, by {who(player)}"
                 for n, (word, player) in enumerate(zip(chain.words, chain.players, strict=True), start=1)]
    else:
        lines = ["The chain is empty: type a word that uses the box's letters, or mention me with it."]
    left = progress.letters_left
    lines.append("Every letter is used: solved!" if chain.words and not left
                 else f"{plural(len(left), 'letter')} left · par {puzzle.par}")
    if chain.best is not None:
        players = ", ".join(dict.fromkeys(who(p) for p in chain.best.players))
        lines.append(f"The team's best: {plural(len(chain.best.words), 'word')} "
                     f"({plural(chain.best.points, 'point')}), by {players}.")
    if progress.restart_asked:
        askers = ", ".join(who(p) for p in progress.restart_asked)
        lines.append(f"⏳ {askers} asked to start again: one more player's restart within the minute does it.")
    return lines


def solved_line(play: TeamPlay, who: Who) -> str | None:
    """The room hears of the team's first solve, and of a better one only when it reaches a new
    milestone (``PlayResult.announced``), with the players in the chain, never the words."""
    result = play.result
    if not result.announced:
        return None
    players = ", ".join(dict.fromkeys(who(p) for p in play.players[-result.best.word_count:]))
    return solved_news("The team", result, players)


def command_line(done: TeamCommand, who: Who) -> str:
    """What an undo or a restart did, for the player."""
    match done.command:
        case Command.UNDONE:
            return f"Took back {done.word.upper()}."
        case Command.NOTHING_TO_UNDO:
            return "The team's chain is empty: nothing to undo."
        case Command.NOT_YOURS:
            return (f"The last word is {who(done.owner)}'s: only they, or a member with Manage Messages, "
                    "may take it back.")
        case Command.RESTART_ASKED:
            return ("Noted. The chain starts again when one more player asks for a restart within a minute "
                    "(or a member with Manage Messages asks).")
        case _:
            return f"The team's chain starts again: {plural(done.cleared, 'word')} cleared."



def result_line(progress: BoxProgress, who: Who, hide: Hide = plain) -> str:
    """The next day's post: ``The team solved it in 3 words, at par (12 points), by @ann, @bo:
    ||POWERFUL → LIBERTINE → ...||``, or how far its chain came."""
    chain, puzzle = progress.chain, progress.puzzle
    if chain.best is not None:
        count = len(chain.best.words)
        players = ", ".join(dict.fromkeys(who(p) for p in chain.best.players))
        return (f"The team solved it in {plural(count, 'word')}, {score_name(count, puzzle.par)} "
                f"({plural(chain.best.points, 'point')}), by {players}: {hide(chain_text(chain.best.words))}")
    if chain.words:
        return (f"The team did not solve it: {plural(len(chain.words), 'word')} by "
                f"{plural(len(set(chain.players)), 'player')}, {plural(len(progress.letters_left), 'letter')} left.")
    return "Nobody played a word of it."
