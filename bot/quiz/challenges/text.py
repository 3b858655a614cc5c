"""The words of /challenge (no discord import): a day's list, a player's state, what an answer
did, the result with the missed words, and a challenge's board.

A play's words are the player's own: they appear only in what the player alone sees. What an
answer did is counted, never written back but for the new words (answers, clean by the
challenges' rules); the missed words come only once the play is finished, behind ``hidden``
(Discord's spoilers). A board shows places, words and times: never a word.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable, Sequence

from bot.icons import ACCEPTED, ALREADY_FOUND, EVERY_WORD, REFUSED, TIME_UP
from bot.quiz.challenge import Answered, Standing
from bot.quiz.store import ChallengePlay
from bot.text import long_date, plain, plural
from solvers.quiz.challenges import Challenge

Style = Callable[[str], str]

NOT_STARTED = "not started"
NOT_STARTED_YET = "You have not started this challenge: press Start first."
FINISHED_ALREADY = "You have finished this challenge: each one is played once a day."
TIME_IS_UP = f"{TIME_UP.emoji} Time is up: your play is finished."
LATE = f"{TIME_UP.emoji} Time is up: words sent after the time limit don't count."
GONE = "That challenge can't be played any more: run /challenge play for today's."
BAD_DATE = "Give the date as today, yesterday or a date like 2026-01-31."
EMPTY_TOUGHIES = ("The Week's Toughies is empty today: nobody in this server missed a seven or eight in the seven "
                  "days before. Play a challenge, and what you miss comes back here next time.")


def clock(seconds: float) -> str:
    """``4:30``: minutes and seconds (rounded down: a play of 269.9 s took 4:29)."""
    whole = max(0, int(seconds))
    return f"{whole // 60}:{whole % 60:02d}"


def words_total(made: Challenge) -> int:
    return sum(len(q.answers) for q in made.questions)


def size(made: Challenge) -> str:
    """``50 alphagrams · 4:30``."""
    return f"{plural(len(made.questions), 'alphagram')} · {clock(made.seconds)}"


def result(play: ChallengePlay) -> str:
    """``42 of 87 words in 3:12`` (with 💯 when every word was found)."""
    perfect = f" {EVERY_WORD.emoji}" if play.words_found >= play.words_total else ""
    return f"{play.words_found:,} of {plural(play.words_total, 'word')} in {clock(play.seconds_used or 0)}{perfect}"


def state(play: ChallengePlay | None) -> str:
    """The player's state: not started, running (with the words so far), or the result."""
    if play is None:
        return NOT_STARTED
    if play.finished_at is None:
        return f"running: {play.words_found:,} of {plural(play.words_total, 'word')} so far"
    return f"finished: {result(play)}"


def entry_line(made: Challenge, play: ChallengePlay | None, bold: Style = plain) -> str:
    """A line of the day's list: ``Today's 7s · 50 alphagrams · 4:30 · not started``."""
    if not made.questions:
        return f"{bold(made.title)} · none today: nobody here missed a seven or eight last week"
    return f"{bold(made.title)} · {size(made)} · {state(play)}"


def not_today(date: dt.date) -> str:
    return f"That was the challenge of {long_date(date)}: run /challenge play for today's."


def list_title(date: dt.date) -> str:
    return f"Daily challenges · {long_date(date)}"


def answered(outcome: Answered) -> str:
    """What the words of one answer did: counts, and the new words (answers) in capitals."""
    if outcome.late:
        return LATE
    parts = []
    if outcome.new:
        parts.append(f"{ACCEPTED.emoji} {len(outcome.new)} new: {' '.join(w.upper() for w in outcome.new)}")
    if outcome.already:
        parts.append(f"{ALREADY_FOUND.emoji} {outcome.already} already found")
    if outcome.wrong:
        parts.append(f"{REFUSED.emoji} {plural(outcome.wrong, 'word')} not an answer")
    return " · ".join(parts) or "No words in that answer: type words separated by spaces."


def progress(play: ChallengePlay) -> str:
    return f"{play.words_found:,} of {plural(play.words_total, 'word')} found"


def missed_lines(made: Challenge, found: set[str], hidden: Style = plain) -> list[str]:
    """``AEINRST (2): ||RETAINS STAINER||`` for each alphagram with words not found, in the
    order asked; the words behind ``hidden``."""
    lines = []
    for question in made.questions:
        missed = [w.upper() for w in question.answers if w not in found]
        if missed:
            lines.append(f"{question.alphagram.upper()} ({len(missed)}): {hidden(' '.join(missed))}")
    return lines


def fitted(lines: Sequence[str], limit: int) -> str:
    """The lines, as many as fit in ``limit`` characters, and how many more there are."""
    text, shown = "", 0
    for line in lines:
        more = f"\n… and {plural(len(lines) - shown, 'more alphagram')}"
        if len(text) + len(line) + 1 + len(more) > limit:
            return text + more
        text, shown = text + ("\n" if text else "") + line, shown + 1
    return text


def board_title(made: Challenge, date: dt.date) -> str:
    return f"{made.title} board · {long_date(date)}"


def standing_line(standing: Standing, name: str, bold: Style = plain) -> str:
    """``🥇 1. @alice · 42 of 87 words · 3:12 💯``: words, then time."""
    perfect = f" {EVERY_WORD.emoji}" if standing.perfect else ""
    place = f"{standing.medal} " if standing.medal else ""
    return (f"{place}{bold(f'{standing.rank}.')} {name} · {standing.words:,} of {plural(standing.total, 'word')} · "
            f"{clock(standing.seconds)}{perfect}")


def empty_board(made: Challenge, date: dt.date) -> str:
    return f"Nobody here has finished {made.title} of {long_date(date)} yet."
