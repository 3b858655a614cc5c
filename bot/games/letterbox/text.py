"""Letter Boxed's words, for both front doors (no discord import). Functions that emphasise
take ``bold``: ``bot.text.markdown_bold`` in Discord, ``bot.text.plain`` in the terminal."""

from __future__ import annotations

from collections.abc import Callable

from bot.games.letterbox.game import (
    LETTERBOX,
    MAX_CHAIN,
    MAX_POINTS,
    PAR_POINTS,
    ChainState,
    PlayResult,
    Ruling,
    milestone,
    points,
)
from bot.games.letterbox.hints import LOOKAHEAD, Hint
from bot.games.letterbox.store import Solve
from bot.icons import ACCEPTED, REFUSED, SOLVED
from bot.text import plain, plural
from solvers.letterbox import DailyBox
from solvers.screen import may_repeat, quoted

Bold = Callable[[str], str]
Action = Callable[[str], str]
"""How a front door names a player's action: Discord shows a button's label (``Restart``), the
terminal its command (``terminal_command``: ``/restart``). None: the button's label."""


def terminal_command(button: str) -> str:
    """The terminal's command for a button: ``Restart`` -> ``/restart``."""
    return f"/{button.lower()}"


def _action(name: str, action: Action | None, bold: Bold = plain) -> str:
    return action(name) if action else bold(name)


def sides_line(puzzle: DailyBox) -> str:
    """``NRW · BOU · EFI · LPT``."""
    return " · ".join(side.upper() for side in puzzle.box.sides)


def chain_text(words: tuple[str, ...]) -> str:
    """``POWERFUL → LIBERTINE``."""
    return " → ".join(word.upper() for word in words)


def par_line(puzzle: DailyBox) -> str:
    return f"Par {plural(puzzle.par, 'word')} · {plural(puzzle.playable, 'playable word')}"


def letters_left_line(left: str, bold: Bold = plain) -> str:
    if not left:
        return "Every letter used!"
    return f"{plural(len(left), 'letter')} left: {bold(' '.join(left.upper()))}"


def score_name(word_count: int, par: int) -> str:
    if word_count <= 2:
        return "a perfect two-word solve"
    if word_count < par:
        return f"{par - word_count} under par"
    if word_count == par:
        return "at par"
    return f"{word_count - par} over par"


def milestone_badge(word_count: int, par: int) -> str:
    """🟥 solved, 🎯 at par (par words or fewer), 💎 two words: the game's icons (``LETTERBOX``)."""
    return (LETTERBOX.emoji, LETTERBOX.top_badge, LETTERBOX.perfect_badge)[milestone(word_count, par)]


def solved_news(who: str, result: PlayResult, players: str = "") -> str:
    """What the channel hears of a solve (``PlayResult.announced``), never the words:
    ``🎯 @alice solved today's box in 4 words, 1 under par!``; a better solve later that day
    says ``again, now in …``; ``players``: who played the team's chain."""
    count, par = result.best.word_count, result.puzzle.par
    how = ("", f", {score_name(count, par)}", ", a perfect solve")[milestone(count, par)]
    again = " again, now" if result.previous_best is not None else ""
    return f"{milestone_badge(count, par)} {who} solved today's box{again} in {plural(count, 'word')}{how}" + \
        (f": {players}!" if players else "!")


def solve_line(solve: Solve, par: int, bold: Bold = plain) -> str:
    return (f"{bold(chain_text(solve.words))}: {plural(solve.word_count, 'word')}, "
            f"{score_name(solve.word_count, par)}, "
            f"{plural(solve.points, 'point')}")


def play_reply(result: PlayResult, bold: Bold = plain, action: Action | None = None, show_vulgar: bool = True) -> str:
    """What the player sees after playing a word or a chain. Words played are the list's (clean);
    words refused or not played are named only when they may be written back."""
    restart = _action("Restart", action, bold)
    lines = []
    if result.played:
        lines.append(f"{ACCEPTED.emoji} {chain_text(result.played)}")
    match result.outcome:
        case Ruling.EMPTY:
            return "Type a word, or a chain of words separated by spaces."
        case Ruling.ALREADY_SOLVED:
            best = result.best
            if best is not None and best.word_count <= 2:
                return f"You solved today's box in {plural(best.word_count, 'word')}: the best there is!"
            return (f"You solved today's box{' in ' + plural(best.word_count, 'word') if best else ''}. "
                    f"{restart} to try again in fewer words.")
        case Ruling.REFUSED:
            word = result.refused.word
            lines.append(f"{REFUSED.emoji} "
                         f"{result.refused.reason if may_repeat(word, show_vulgar) else result.refused.neutral}")
            if result.refused.rule == "start":
                lines.append(f"To begin a new chain instead, use {restart} first.")
        case Ruling.CHAIN_FULL:
            lines.append(f"Your chain has {plural(MAX_CHAIN, 'word')}, the most a chain may have: "
                         f"{_action('Undo', action, bold)} or {restart}.")
        case Ruling.SOLVED:
            best, solve_words = result.best, len(result.chain)
            earned = points(solve_words, result.puzzle.par)
            lines.append(f"{SOLVED.emoji} Solved in {plural(solve_words, 'word')} "
                         f"({score_name(solve_words, result.puzzle.par)}): "
                         f"{plural(earned, 'point')}.")
            if result.previous_best is not None and not result.new_best:
                lines.append(f"Your best today stays {plural(best.word_count, 'word')} "
                             f"({plural(best.points, 'point')}).")
            elif result.previous_best is not None:
                lines.append(f"A new best, down from {plural(result.previous_best.word_count, 'word')}.")
            if solve_words > 2:
                lines.append(f"{restart} to try for fewer words.")
    if result.unplayed and result.outcome is not Ruling.ALREADY_SOLVED:
        unplayed = quoted(" ".join(w.upper() for w in result.unplayed), plural(len(result.unplayed), "more word"),
                          show_vulgar)
        lines.append(f"Not played: {unplayed}.")
    if result.outcome is not Ruling.SOLVED:
        lines.append(chain_status(result.chain, result.letters_left, bold))
    return "\n".join(lines)


def chain_status(chain: tuple[str, ...], left: str, bold: Bold = plain) -> str:
    if not chain:
        return "Your chain is empty. " + letters_left_line(left, bold)
    return (f"Chain: {chain_text(chain)} ({plural(len(chain), 'word')}). {letters_left_line(left, bold)}. "
            f"Next word starts with {bold(chain[-1][-1].upper())}.")


def state_text(state: ChainState, bold: Bold = plain) -> str:
    lines = [chain_status(state.chain, state.letters_left, bold) if not state.solved
             else f"Solved: {chain_text(state.chain)}."]
    if state.best is not None:
        lines.append(f"Best today: {solve_line(state.best, state.puzzle.par, bold)}.")
    return "\n".join(lines)


def hint_level(hint: Hint, level: int, bold: Bold = plain, action: Action | None = None) -> list[str]:
    """The words of one level of a hint."""
    chain = "The team's chain" if hint.team else "Your chain"
    if hint.solved:
        more = f" {_action('Restart', action, bold)}, then ask again for a shorter chain." \
            if len(hint.chain) > 2 else ""
        return [f"{chain} already uses every letter: solved in {plural(len(hint.chain), 'word')}.{more}"]
    if level == 1:
        return [letters_left_line(hint.letters_left, bold) + ".", _following_line(hint, chain, bold, action)]
    if level == 2:
        return [_finish_line(hint, chain)]
    if level == 3:
        word = hint.next_word
        if word is None:
            return ["No word from here uses a letter left."]
        if not hint.chain:
            uses = f"{word.new_letters} of the {plural(len(hint.puzzle.box.letters), 'letter')}"
        else:
            uses = "every letter left" if word.finishes else f"{plural(word.new_letters, 'letter')} still left"
        return [f"A good {'next' if hint.chain else 'first'} word has {plural(word.length, 'letter')} and starts "
                f"with {bold(word.start.upper())}; it uses {uses}."]
    first, second = hint.solution_lengths
    return [f"Today's published solution is two words, of {first} and "
            f"{plural(second, 'letter')}; the first starts with "
            f"{bold(hint.solution_start.upper())}."]


def _following_line(hint: Hint, chain: str, bold: Bold, action: Action | None) -> str:
    """Level 1's nudge: what may come next, and how much of what is left it can use."""
    if not hint.chain:
        return (f"Any of the {plural(hint.next_words, 'playable word')} may start {chain.lower()}; the best one uses "
                f"{hint.most_new_letters} of the {plural(len(hint.puzzle.box.letters), 'letter')}.")
    start = bold(hint.next_letter.upper())
    if not hint.useful_words:
        return (f"No playable word starting with {start} uses a letter left: {_action('Undo', action, bold)} "
                f"the last word, or begin a new chain with {_action('Restart', action, bold)}.")
    return (f"{plural(hint.next_words, 'playable word')} can come next, starting with {start}; letters left are in "
            f"{hint.useful_words:,} of them, up to {plural(hint.most_new_letters, 'letter')} in one word.")


def _finish_line(hint: Hint, chain: str) -> str:
    """Level 2: how far the chain is from a solve, against par."""
    par, more = hint.puzzle.par, hint.to_finish
    if not hint.chain:
        return (f"The box can be solved in {plural(more, 'word')}; par is {par}." if more is not None
                else f"The box takes more than {plural(LOOKAHEAD, 'word')}; par is {par}.")
    if more is None:
        return f"{chain} needs more than {plural(LOOKAHEAD, 'more word')} to use every letter: a " \
               "new chain may do better."
    total = len(hint.chain) + more
    over = " That is over par: a new chain may do better." if total > par else ""
    return f"{chain} can be finished in {plural(more, 'more word')}: {plural(total, 'word')} in all (par {par}).{over}"


def rules_lines(action: Action | None = None) -> list[str]:
    return [
        "Make words with the letters around the box; letters may be used more than once.",
        "Consecutive letters of a word must come from different sides.",
        "Each word starts with the last letter of the word before.",
        f"Use every letter to solve the box, in as few words as you can: a solve in par words or fewer is at par "
        f"{LETTERBOX.top_badge}, in two words perfect {LETTERBOX.perfect_badge}.",
        f"Scoring: a solve at par earns {plural(PAR_POINTS, 'point')}, each word under par more, up to "
        f"{plural(MAX_POINTS, 'point')} for two words; "
        f"each word over par costs 3 (at least 1 point). {_action('Restart', action)} after solving to try for fewer "
        "words: your best counts.",
        "Words of 3+ letters from the word list; vulgar words are not accepted.",
    ]


def picture_line(path: str, chain: tuple[str, ...]) -> str:
    """What ``wordbot box today --png`` wrote: ``Picture of the box with your chain LIT → TIN: box.png``."""
    drawn = f" with your chain {chain_text(chain)}" if chain else ""
    return f"Picture of the box{drawn}: {path}"
