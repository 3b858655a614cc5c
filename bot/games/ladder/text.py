"""The word ladder's words, for both front doors (no discord import). Functions that emphasise take
``bold``: ``bot.text.markdown_bold`` in Discord, ``bot.text.plain`` in the terminal. Every word
written back goes through ``solvers.screen.quoted`` first (``shown``)."""

from __future__ import annotations

from collections.abc import Callable

from bot.games.ladder.game import MAX_RUNGS, ClimbState, PlayResult, Ruling
from bot.games.ladder.hints import Hint
from bot.games.ladder.plugin import LADDER, MAX_POINTS
from bot.games.ladder.store import Solve
from bot.icons import ACCEPTED, REFUSED, SOLVED
from bot.plugins import GameInfo
from bot.text import plain, plural
from solvers.ladder import DailyLadder, Rung, Verdict
from solvers.screen import quoted

Bold = Callable[[str], str]
ORDINALS = ("first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth")


def shown(word: str, show_vulgar: bool = False, stand_in: str = "That word") -> str:
    """A word in capitals, when the bot may write it back; else ``stand_in``."""
    return quoted(word.upper()[:40], stand_in, show_flagged=show_vulgar)


def ends_line(puzzle: DailyLadder) -> str:
    """``COLD → … → WARM``: the day's start and end, never a rung between."""
    return f"{puzzle.start.upper()} → … → {puzzle.end.upper()}"


def climb_text(puzzle: DailyLadder, rungs: tuple[str, ...], show_vulgar: bool = False) -> str:
    """``COLD → CORD → CARD``: the start, then the rungs so far."""
    return " → ".join([puzzle.start.upper(), *(shown(word, show_vulgar, "(a word)") for word in rungs)])


def par_line(puzzle: DailyLadder) -> str:
    return (f"{plural(puzzle.length, 'letter')} · par {plural(puzzle.par, 'rung')} · "
            f"{plural(puzzle.ladders, 'shortest ladder')}")


def duration(seconds: int) -> str:
    """``45 s``, ``3 min 05 s``, ``1 h 02 min``."""
    if seconds < 60:
        return f"{seconds} s"
    if seconds < 3600:
        return f"{seconds // 60} min {seconds % 60:02d} s"
    return f"{seconds // 3600} h {seconds % 3600 // 60:02d} min"


def score_name(rungs: int, par: int) -> str:
    """``at par`` or ``2 over par``."""
    return "at par" if rungs <= par else f"{rungs - par} over par"


def refusal_line(rung: Rung, before: str, show_vulgar: bool = False) -> str:
    """Why a rung is refused, in one line that says which rule it breaks."""
    word = shown(rung.word, show_vulgar)
    if rung.verdict is Verdict.NOT_A_WORD:
        return f"{word} is not in the word list."
    if rung.verdict is Verdict.WRONG_LENGTH:
        return f"{word} has {plural(len(rung.word), 'letter')}: every rung has {len(before)}."
    if rung.verdict is Verdict.REPEATED:
        return f"{word} is already on your ladder."
    return (f"{word} changes {rung.changed} letters of {shown(before, show_vulgar, 'the word before')}: "
            "change exactly one.")


def solve_line(solve: Solve, par: int, bold: Bold = plain) -> str:
    rungs = len(solve.rungs)
    return (f"{bold(plural(rungs, 'rung'))}, {score_name(rungs, par)} · {plural(solve.points, 'point')} "
            f"of {MAX_POINTS} · {duration(solve.seconds)}")


def play_reply(result: PlayResult, bold: Bold = plain, show_vulgar: bool = False, restart: str = "Restart") -> str:
    """The private reply to a move: the rungs accepted, a refusal's reason, the climb, the solve."""
    puzzle, lines = result.puzzle, []
    if result.outcome is Ruling.EMPTY:
        return "Type the next rung: a word that changes one letter of the last."
    if result.outcome is Ruling.ALREADY_SOLVED:
        return f"Your ladder is solved. Press {bold(restart)} to climb again in fewer rungs."
    if result.outcome is Ruling.FULL:
        return f"Your ladder has {MAX_RUNGS} rungs, the most it may: undo some, or restart."
    if result.played:
        lines.append(f"{ACCEPTED.emoji} " + ", ".join(shown(word, show_vulgar, "(a word)") for word in result.played))
    if result.refused is not None:
        before = (puzzle.start, *result.rungs)[-1]
        lines.append(f"{REFUSED.emoji} {refusal_line(result.refused, before, show_vulgar)}")
    lines.append(climb_text(puzzle, result.rungs, show_vulgar))
    if result.outcome is Ruling.SOLVED:
        solve = result.best if result.new_best else None
        rungs = len(result.rungs)
        lines.append(f"{SOLVED.emoji} Solved in {bold(plural(rungs, 'rung'))}, {score_name(rungs, puzzle.par)}!"
                     + ("" if solve else f" Your best today stays {plural(len(result.previous_best.rungs), 'rung')}."))
    elif result.rungs or result.played:
        lines.append(f"Next: one letter from {shown(result.rungs[-1] if result.rungs else puzzle.start, show_vulgar)}"
                     f", toward {puzzle.end.upper()}.")
    if result.unplayed:
        lines.append(f"Not judged: {plural(len(result.unplayed), 'word')} after it.")
    return "\n".join(lines)


def state_text(state: ClimbState, bold: Bold = plain, show_vulgar: bool = False) -> str:
    puzzle, lines = state.puzzle, []
    lines.append(f"Your ladder: {climb_text(puzzle, state.rungs, show_vulgar)}" if state.rungs
                 else f"Start from {bold(puzzle.start.upper())}: change one letter at a time to reach "
                      f"{bold(puzzle.end.upper())}.")
    if state.best is not None:
        lines.append(f"Best today: {solve_line(state.best, puzzle.par, bold)}")
    return "\n".join(lines)


def solved_news(mention: str, result: PlayResult) -> str:
    """The channel's line for a solve: never a rung."""
    rungs = len(result.best.rungs)
    return (f"{mention} climbed today's ladder in {plural(rungs, 'rung')}, {score_name(rungs, result.puzzle.par)}"
            + (f" {LADDER.perfect_badge}" if rungs <= result.puzzle.par else "") + "!")


def hint_level(hint: Hint, level: int, bold: Bold = plain) -> str:
    """Hint level 1 (the position of the letter to change), 2 (the letter it becomes), 3 (the rung)."""
    if hint.rung is None:
        if hint.word == hint.puzzle.end:
            return "The ladder is solved."
        return (f"No ladder reaches {hint.puzzle.end.upper()} from {hint.word.upper()} without repeating a word: "
                "undo a rung or restart.")
    position = ORDINALS[hint.position] if hint.position < len(ORDINALS) else f"#{hint.position + 1}"
    if level == 1:
        return (f"From {bold(hint.word.upper())}, {plural(hint.rungs_left, 'rung')} at best to the end. "
                f"Change the {bold(position)} letter.")
    if level == 2:
        return f"It becomes {bold(hint.rung[hint.position].upper())}."
    return f"The next rung: {bold(hint.rung.upper())}."


def rules_lines() -> list[str]:
    return [
        "Turn the start word into the end word by changing one letter at a time.",
        "Every rung is a word of the list, of the same length, changing exactly one letter of the word before; "
        "no word twice.",
        "Par is the fewest rungs possible (proven): none can beat it.",
        f"Points: {MAX_POINTS} at par, 2 fewer for each rung over (at least 1). "
        f"{LADDER.top_badge} {LADDER.top_name}: one rung over; {LADDER.perfect_badge} {LADDER.perfect_name}.",
        "Undo takes back your last rung; Restart clears your ladder (your best solve stays).",
    ]


def share_text(state: ClimbState, who: str, bold: Bold = plain, info: GameInfo = LADDER) -> str | None:
    """A player's day in the Wordle manner, for anyone to read: no word of the ladder (``info``:
    whose ladder, a language's titled its own)."""
    puzzle = state.puzzle
    head = f"{info.emoji} {info.day_title(puzzle.date)}\n{who}: "
    if state.best is not None:
        rungs = len(state.best.rungs)
        return (f"{head}solved in {bold(plural(rungs, 'rung'))} · par {puzzle.par} · {score_name(rungs, puzzle.par)}"
                f" · {duration(state.best.seconds)}\n{par_bar(rungs, puzzle.par)}")
    if state.rungs:
        return f"{head}climbing · {plural(len(state.rungs), 'rung')} so far · par {puzzle.par}"
    return None


def par_bar(rungs: int, par: int) -> str:
    """A square a rung: green up to par, orange past it."""
    return "🟩" * min(rungs, par) + "🟧" * max(0, rungs - par)
