"""The words of the bee played together, for both front doors (no discord import).

Found words are shown through ``hide`` (Discord: behind spoiler bars; the terminal: as they are),
players through ``who`` (Discord: a mention that never pings; the terminal: a remembered name).
"""

from __future__ import annotations

from collections.abc import Callable

from bot.games.bee.plugin import BEE
from bot.games.bee.text import Bold, rank_bar, unread_line
from bot.games.bee.together import Missed, TeamProgress, TeamTake
from bot.icons import PANGRAM, QUEEN_BEE
from bot.text import plain, plural

Hide = Callable[[str], str]
Who = Callable[[int], str]


def team_line(progress: TeamProgress, bold: Bold = plain) -> str:
    """``Words 12/41 · points 58/210 · Nice (12 to Great) · pangrams 1/2``."""
    puzzle, rank = progress.puzzle, progress.rank
    to_next = f" ({rank.points_to_next} to {rank.next_name})" if rank.next_name \
        else f", every word found! {QUEEN_BEE.emoji}"
    return (f"Words {len(progress.credits)}/{len(puzzle.answers)} · points {progress.points}/{puzzle.max_score} · "
            f"{bold(rank.name)}{to_next} · pangrams {progress.pangrams_found}/{len(puzzle.pangrams)}")


def found_lines(progress: TeamProgress, hide: Hide = plain) -> list[str]:
    """The found words grouped by first letter: ``A (3): ||able|| ||axle|| ||ably||``."""
    return [f"{letter.upper()} ({len(words)}): " + " ".join(hide(w) for w in words)
            for letter, words in progress.by_first_letter().items()]


def team_today(progress: TeamProgress, bold: Bold = plain) -> str:
    """``The team found 12 of 56 words: 58 points, Nice (12 to Great).`` (/bee today on a together day)."""
    rank = progress.rank
    to_next = f" ({rank.points_to_next} to {rank.next_name})" if rank.next_name else ""
    return (f"The team found {len(progress.credits)} of {plural(len(progress.puzzle.answers), 'word')}: "
            f"{plural(progress.points, 'point')}, {bold(rank.name)}{to_next}.")


def share_text(progress: TeamProgress, user_id: int, who: Who, bold: Bold = plain) -> str | None:
    """The team's day for anyone to read (Share on a together day): the rank with its bar, the words
    found of the total, the points and how many played, and the sharer's part; never a letter or a
    word of the hive. None before the team's first word."""
    if not progress.credits:
        return None
    puzzle, rank = progress.puzzle, progress.rank
    mine = progress.found_by(user_id)
    part = f"{who(user_id)} found {plural(mine, 'word')} first" if mine else f"shared by {who(user_id)}"
    return (f"{BEE.emoji} {BEE.day_title(puzzle.date, 'Team ')}\n"
            f"The team: {bold(rank.name)} · {len(progress.credits)} of {plural(len(puzzle.answers), 'word')} · "
            f"{plural(progress.points, 'point')} · {plural(progress.players, 'player')} · {part}\n"
            + rank_bar(rank.name))


def finders_line(progress: TeamProgress, who: Who) -> str:
    """``Top finders: @ann 12 words (58 points), @bo 3 words (9 points)``."""
    if not progress.finders:
        return "Nobody has found a word yet: type one in the thread, or mention me with your words."
    return "Top finders: " + ", ".join(f"{who(user)} {plural(words, 'word')} ({plural(points, 'point')})"
                                       for user, words, points in progress.top_finders)


def take_notice(take: TeamTake) -> str:
    """The private answer to words sent with the command or the form: what counted, never the wrong words."""
    lines = []
    if take.new:
        lines.append(f"You found {plural(len(take.new), 'new word')} for the team: "
                     + ", ".join(c.word + (f" (pangram! {PANGRAM.emoji})" if c.pangram else "") for c in take.new)
                     + f", {plural(sum(c.points for c in take.new), 'point')}.")
    if take.already:
        lines.append(f"Already found by the team: {', '.join(take.already)}.")
    if take.wrong:
        lines.append(f"{plural(take.wrong, 'word')} of yours {'is' if take.wrong == 1 else 'are'} "
                     "not in today's answers.")
    if take.cut:
        lines.append(unread_line(take.cut))
    if not lines:
        lines.append("No words of today's hive in that.")
    lines.append(f"The team has {plural(take.points, 'point')}: {take.rank.name}.")
    return "\n".join(lines)


def missed_lines(missed: Missed, hide: Hide = plain) -> list[str]:
    """The next day's post: the words nobody found yesterday, the most and the least common named."""
    if not missed.words:
        return [f"The team found every word yesterday. {QUEEN_BEE.emoji}"]
    lines = [f"Nobody found {plural(len(missed.words), 'word')}: " + " ".join(hide(w) for w in missed.words)]
    if missed.most_common:
        lines.append(f"The most common word nobody found: {hide(missed.most_common)}.")
    if missed.least_common:
        lines.append(f"The least common: {hide(missed.least_common)}.")
    return lines


def result_line(progress: TeamProgress, bold: Bold = plain) -> str:
    """The next day's post: ``The team reached **Genius**: 41 of 56 words, 180 of 210 points, 5 players.``"""
    if not progress.credits:
        return "Nobody found a word of that hive."
    puzzle = progress.puzzle
    return (f"The team reached {bold(progress.rank.name)}: {len(progress.credits)} of "
            f"{plural(len(puzzle.answers), 'word')}, {progress.points} of {plural(puzzle.max_score, 'point')}, "
            f"{plural(progress.players, 'player')}.")


def pangrams_line(progress: TeamProgress, who: Who, hide: Hide = plain) -> str:
    """``Pangrams: ||ABLAZE|| by @ann · ||ZEALAB|| by nobody``: who found each of the day's pangrams."""
    finder = {c.word: c.user_id for c in progress.credits}
    return "Pangrams: " + " · ".join(f"{hide(word.upper())} by {who(finder[word]) if word in finder else 'nobody'}"
                                     for word in progress.puzzle.pangrams)


def missed_line(missed: Missed, room: int, hide: Hide = plain, named: frozenset[str] = frozenset()) -> str:
    """``Nobody found 15 words: ||able|| ||axle|| … and 9 more``, at most ``room`` characters; the
    ``named`` words (the pangrams, on their own line) are counted, not listed again."""
    if not missed.words:
        return f"The team found every word. {QUEEN_BEE.emoji}"
    listed = [word for word in missed.words if word not in named]
    head = f"Nobody found {plural(len(missed.words), 'word')}" + (
        ", the pangrams above and:" if len(listed) < len(missed.words) else ":")
    shown: list[str] = []
    for word in listed:
        rest = len(listed) - len(shown) - 1
        tail = f" … and {rest} more" if rest else ""
        if len(" ".join([head, *shown, hide(word)]) + tail) > room:
            break
        shown.append(hide(word))
    left = len(listed) - len(shown)
    return " ".join([head, *shown]) + (f" … and {left} more" if left else "")
