"""The words of the word ladder played together, for both front doors (no discord import).

Rungs are shown through ``hide`` (Discord: behind spoiler bars, each screened first), players
through ``who`` (Discord: a mention that never pings)."""

from __future__ import annotations

from collections.abc import Callable

from bot.games.ladder.plugin import LADDER, MAX_POINTS
from bot.games.ladder.text import ends_line, par_bar, score_name, shown, solved_news
from bot.games.ladder.together import LadderProgress, TeamPlay
from bot.games.together.chain import Command, TeamCommand
from bot.text import plain, plural

Hide = Callable[[str], str]
Who = Callable[[int], str]


def players_of(players: tuple[int, ...], who: Who) -> str:
    return ", ".join(dict.fromkeys(who(p) for p in players))


def climb_line(progress: LadderProgress, hide: Hide = plain) -> str:
    """``COLD → ||CORD|| → ||CARD||``: the start, then the team's rungs."""
    return " → ".join([progress.puzzle.start.upper(), *(hide(shown(w, stand_in="(a word)")) for w in
                                                       progress.chain.words)])


def chain_lines(progress: LadderProgress, who: Who, hide: Hide = plain) -> list[str]:
    """The team's climb so far with who played its rungs; the best solve; a restart asked for."""
    chain, puzzle = progress.chain, progress.puzzle
    lines = [f"{ends_line(puzzle)} · par {plural(puzzle.par, 'rung')}"]
    if chain.words:
        lines.append(climb_line(progress, hide))
        lines.append(f"{plural(len(chain.words), 'rung')} by {players_of(chain.players, who)}"
                     + (": solved!" if chain.words[-1] == puzzle.end else ""))
    else:
        lines.append(f"The ladder is empty: type a word that changes one letter of {puzzle.start.upper()}.")
    if chain.best is not None:
        lines.append(f"The team's best: {plural(len(chain.best.words), 'rung')}, "
                     f"{score_name(len(chain.best.words), puzzle.par)} ({plural(chain.best.points, 'point')}), "
                     f"by {players_of(chain.best.players, who)}.")
    if progress.restart_asked:
        lines.append(f"⏳ {', '.join(who(p) for p in progress.restart_asked)} asked to start again: one more "
                     "player's restart within the minute does it.")
    return lines


def solved_line(play: TeamPlay, who: Who) -> str | None:
    """The room hears of the team's first solve, and of a better one reaching par, with its
    players, never a rung."""
    result = play.result
    if not result.announced:
        return None
    return f"{solved_news('The team', result)} By {players_of(play.players[-len(result.best.rungs):], who)}."


def command_line(done: TeamCommand, who: Who) -> str:
    """What an undo or a restart did, for the player."""
    match done.command:
        case Command.UNDONE:
            return f"Took back {shown(done.word, stand_in='the last rung')}."
        case Command.NOTHING_TO_UNDO:
            return "The team's ladder has no rung yet: nothing to undo."
        case Command.NOT_YOURS:
            return (f"The last rung is {who(done.owner)}'s: only they, or a member with Manage Messages, "
                    "may take it back.")
        case Command.RESTART_ASKED:
            return ("Noted. The ladder starts again when one more player asks for a restart within a minute "
                    "(or a member with Manage Messages asks).")
        case _:
            return f"The team's ladder starts again: {plural(done.cleared, 'rung')} cleared."


def result_line(progress: LadderProgress, who: Who, hide: Hide = plain) -> str:
    """The next day's post: ``The team climbed it in 4 rungs, at par (10 points), by @ann, @bo:
    ||CORD → CARD → WARD → WARM||``, or how far its climb came."""
    chain, puzzle = progress.chain, progress.puzzle
    if chain.best is not None:
        count = len(chain.best.words)
        rungs = " → ".join(shown(w, stand_in="(a word)") for w in chain.best.words)
        return (f"The team climbed it in {plural(count, 'rung')}, {score_name(count, puzzle.par)} "
                f"({plural(chain.best.points, 'point')}), by {players_of(chain.best.players, who)}: {hide(rungs)}")
    if chain.words:
        return (f"The team did not reach {puzzle.end.upper()}: {plural(len(chain.words), 'rung')} by "
                f"{plural(len(set(chain.players)), 'player')}.")
    return "Nobody played a rung of it."


def team_share_text(progress: LadderProgress, user_id: int, who: Who, bold: Hide = plain) -> str | None:
    """The team's day for anyone to read (Share on a together day): never a rung. None before the first rung."""
    puzzle, chain = progress.puzzle, progress.chain
    head = f"{LADDER.emoji} {LADDER.day_title(puzzle.date, 'Team ')}\nThe team: "
    if chain.best is not None:
        count, mine = len(chain.best.words), sum(p == user_id for p in chain.best.players)
        part = f"{who(user_id)} played {plural(mine, 'rung')} of it" if mine else f"shared by {who(user_id)}"
        return (f"{head}solved in {bold(plural(count, 'rung'))} · par {puzzle.par} · {score_name(count, puzzle.par)} "
                f"· {chain.best.points} of {MAX_POINTS} points · {plural(len(set(chain.best.players)), 'player')} "
                f"· {part}\n{par_bar(count, puzzle.par)}")
    if chain.words:
        return f"{head}climbing · {plural(len(chain.words), 'rung')} so far by " \
               f"{plural(len(set(chain.players)), 'player')} · par {puzzle.par}"
    return None
