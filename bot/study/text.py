"""The words of study both front doors show (no discord import): a card's prompt, a review's
result, the due line, the stats lines and the daily reminder. Typed words are repeated only
when ``solvers.screen.may_repeat`` allows (never a slur, never a flagged word)."""

from __future__ import annotations

import datetime as dt
from zoneinfo import ZoneInfo

from fsrs import Rating

from bot.icons import ACCEPTED, REFUSED
from bot.study.model import WORD, DueCard, DueCounts, ReviewResult, StudyStats
from bot.study.schedule import easy_seconds, good_seconds
from bot.text import plural, short_date
from solvers.screen import may_repeat

GRADES = {Rating.Again: "Again", Rating.Hard: "Hard", Rating.Good: "Good", Rating.Easy: "Easy"}
BARS = "·▁▂▃▄▅▆▇█"  # nothing due, then eighths of the busiest day
MAX_SHOWN_EXTRA = 10


def prompt_line(card: DueCard) -> str:
    """``AEINRST · 9 words · new`` or ``R ACEILT · a 7-letter word of this hive (R in the centre) · review``."""
    if card.kind == WORD:
        centre, rest = card.prompt[:1].upper(), card.prompt[1:].upper()
        return f"{centre} {rest} · a {card.length}-letter word of this hive ({centre} in the centre) · {card.state}"
    return f"{card.prompt.upper()} · {plural(card.answer_count, 'word')} · {card.state}"


def interval(delta: dt.timedelta) -> str:
    """How long until a due date, roughly: ``10 minutes``, ``5 hours``, ``3 days``, ``2 months``."""
    minutes = max(1, round(delta.total_seconds() / 60))
    if minutes < 60:
        return plural(minutes, "minute")
    if minutes < 36 * 60:
        return plural(round(minutes / 60), "hour")
    days = round(minutes / 1440)
    if days < 60:
        return plural(days, "day")
    return plural(round(days / 30.4), "month") if days < 730 else plural(round(days / 365.25), "year")


def review_lines(result: ReviewResult, zone: str = "UTC") -> list[str]:
    """What a review did: the words right and missed, words typed that are not answers (repeated
    only when they may be), the grade and when the card comes back."""
    lines = []
    if result.right:
        lines.append(f"{ACCEPTED.emoji} Right: {', '.join(w.upper() for w in result.right)}")
    if result.missed:
        lines.append(f"{REFUSED.emoji} Missed: {', '.join(w.upper() for w in result.missed)}")
    if result.extra:
        shown = [w.upper() for w in result.extra if may_repeat(w, show_flagged=False)][:MAX_SHOWN_EXTRA]
        if not may_repeat(" ".join(shown), show_flagged=False) or not may_repeat("".join(shown), show_flagged=False):
            shown = []  # words that together spell what none spells alone
        lines.append(f"Not answers: {plural(len(result.extra), 'word')}" + (f" ({', '.join(shown)})" if shown else ""))
    lines.append(f"{grade_line(result)} · back in {interval(result.next_due - (result.reviewed_at or result.next_due))} "
                 f"({short_date(result.next_due.astimezone(ZoneInfo(zone)).date())})")
    return lines


def grade_line(result: ReviewResult) -> str:
    """``Grade: Good (all right in 12 s)``, or ``Grade: Hard (your choice)`` after a regrade."""
    if result.graded_by == "player":
        return f"Grade: {GRADES[result.rating]} (your choice)"
    answers = len(result.right) + len(result.missed)
    seconds = f"{result.seconds:.0f} s"
    if result.rating == Rating.Again:
        why = f"{len(result.right)} of {answers} right"
    elif result.missed:
        why = f"{len(result.right)} of {answers} right"
    elif result.extra:
        why = "all right, with words that are not answers"
    elif result.rating == Rating.Hard:
        why = f"all right in {seconds}; Good is within {good_seconds(answers):.0f} s"
    elif result.rating == Rating.Good:
        why = f"all right in {seconds}; Easy is within {easy_seconds(answers):.0f} s"
    else:
        why = f"all right in {seconds}"
    return f"Grade: {GRADES[result.rating]} ({why})"


def due_line(counts: DueCounts) -> str:
    """``14 cards due now (3 new) · 2 more later today``, or why nothing is."""
    if counts.due_now:
        line = f"{plural(counts.due_now, 'card')} due now" + (f" ({counts.new} new)" if counts.new else "")
    elif not counts.reviews_left or not counts.new_left:
        line = "Nothing due now within today's limits"
    else:
        line = "Nothing due now"
    return line + (f" · {counts.later_today} more later today" if counts.later_today else "")


def reminder_line(due: int) -> str:
    """The daily reminder: ``14 cards due``."""
    return f"{plural(due, 'card')} due in your study deck."


def chart(values: tuple[int, ...]) -> str:
    """A one-line bar chart: each value a block, scaled to the largest."""
    top = max(values, default=0)
    if not top:
        return BARS[0] * len(values)
    return "".join(BARS[min(len(BARS) - 1, -(-value * (len(BARS) - 1) // top))] for value in values)


def stats_lines(stats: StudyStats) -> list[str]:
    """The deck in a few lines: cards by state, retention, streak, and the next 30 days' dues."""
    states = " · ".join(f"{name} {count:,}" for name, count in stats.by_state.items())
    retention = (f"{stats.retention_30d:.0%} remembered of {plural(stats.reviews_30d, 'review')}"
                 if stats.retention_30d is not None else "no reviews yet")
    return [f"Cards: {stats.total:,} ({states})",
            f"Last 30 days: {retention}",
            f"Streak: {plural(stats.streak, 'day')}",
            f"Due, next 30 days: {chart(stats.due_next_30)} ({sum(stats.due_next_30):,}; today {stats.due_next_30[0]:,})"]
