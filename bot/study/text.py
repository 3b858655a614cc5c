"""The words of study both front doors show (no discord import): a card's prompt, a review's
result, the due line, the stats lines and the daily reminder. Typed words are repeated only
when ``solvers.screen.may_repeat`` allows (never a slur, never a flagged word)."""

from __future__ import annotations

import datetime as dt
import re
from zoneinfo import ZoneInfo

from fsrs import Rating

from bot.icons import ACCEPTED, REFUSED
from bot.study.model import (
    MAX_DECK,
    MAX_IMPORT_LINES,
    SET_CARDS_PER_DAY,
    WORD,
    AddResult,
    Arrival,
    DueCard,
    DueCounts,
    ReviewResult,
    StudyStats,
)
from bot.study.schedule import easy_seconds, good_seconds
from bot.text import plural, short_date
from solvers.screen import may_repeat

GRADES = {Rating.Again: "Again", Rating.Hard: "Hard", Rating.Good: "Good", Rating.Easy: "Easy"}
BARS = "·▁▂▃▄▅▆▇█"  # nothing due, then eighths of the busiest day
MAX_SHOWN_EXTRA = 10
RESTARTED = "This card's saved schedule was damaged, so it starts again as new."
_PLAIN_WORD = re.compile(r"[a-z]{1,20}")


def prompt_line(card: DueCard) -> str:
    """``AEINRST · 9 words · new``, or a word card's hive, the word's pattern (its first letter
    and length) and its definition with the word masked: ``R ACEILT (R in the centre) · R······
    (7 letters): the act of giving an account… · review``. A word without a definition shows its
    last letter too (``R·····L``), so the card asks for one word of the hive."""
    if card.kind == WORD:
        centre, rest = card.prompt[:1].upper(), card.prompt[1:].upper()
        hive = f"{centre} {rest} ({centre} in the centre)"
        if not card.pattern:  # a card made without its hint: the length at least
            return f"{hive} · a {card.length}-letter word of this hive · {card.state}"
        clue = f"{card.pattern} ({plural(card.length, 'letter')})" + (f": {card.definition}" if card.definition else "")
        return f"{hive} · {clue} · {card.state}"
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
    only when they may be), the grade and when the card comes back; first, when the card's stored
    schedule was damaged, that it starts again as new."""
    lines = [RESTARTED] if result.restarted else []
    if result.right:
        lines.append(f"{ACCEPTED.emoji} Right: {', '.join(w.upper() for w in result.right)}")
    if result.missed:
        lines.append(f"{REFUSED.emoji} Missed: {', '.join(w.upper() for w in result.missed)}")
    if result.extra:
        lines.append(extra_line(result.extra))
    lines.append(f"{grade_line(result)} · back in "
                 f"{interval(result.next_due - (result.reviewed_at or result.next_due))} "
                 f"({due_when(result, zone)})")
    return lines


def due_when(result: ReviewResult, zone: str = "UTC") -> str:
    """When a reviewed card comes back, in the player's zone: the time when it is the day of the
    review (``12:06 CET``), else the day (``Mon 30 Nov``)."""
    due = (result.next_due + dt.timedelta(seconds=30)).astimezone(ZoneInfo(zone))  # to the nearest minute
    reviewed = (result.reviewed_at or result.next_due).astimezone(ZoneInfo(zone))
    return f"{due:%H:%M %Z}" if due.date() == reviewed.date() else short_date(due.date())


def extra_line(extra: tuple[str, ...]) -> str:
    """The typed words that are not answers: ``Not answers: 2 words (XYZ, QQ)``. A word is
    repeated only when it is plain (1 to 20 letters a-z) and ``may_repeat`` passes it, at most
    ``MAX_SHOWN_EXTRA``; and none is when those shown together spell what none spells alone (a
    slur typed in pieces, "ni gg er"), read with spaces, joined, or in any order of two."""
    shown = [w for w in extra if _PLAIN_WORD.fullmatch(w) and may_repeat(w, show_flagged=False)][:MAX_SHOWN_EXTRA]
    together = [" ".join(shown), "".join(shown), *(a + b for a in shown for b in shown if a != b)]
    if not all(may_repeat(text, show_flagged=False) for text in together):
        shown = []
    return f"Not answers: {plural(len(extra), 'word')}" + (f" ({', '.join(w.upper() for w in shown)})" if shown else "")


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


def due_today(counts: DueCounts) -> str:
    """What is due today (``Study.due``), in the words every view uses: ``23 cards due today (20
    reviews, 3 new)``, or ``Nothing due today``."""
    if not counts.today:
        return "Nothing due today"
    parts = ([plural(counts.reviews, "review")] if counts.reviews else []) + (
        [f"{counts.new:,} new"] if counts.new else [])
    return f"{plural(counts.today, 'card')} due today" + (f" ({', '.join(parts)})" if parts else "")


def due_line(counts: DueCounts) -> str:
    """The review's line: ``23 cards due today (20 reviews, 3 new) · 2 of them later today``, or
    why nothing is."""
    if counts.today:
        return due_today(counts) + (f" · {counts.later_today:,} of them later today" if counts.later_today else "")
    if not counts.reviews_left or not counts.new_left:
        return "Nothing due today within today's limits"
    return "Nothing due today"


def coming(arrival: Arrival) -> str:
    """When cards just added come up, as ``Study`` counts them (its new-card limit, the new cards
    before them): ``they come up today``; ``5 come up today, the rest from tomorrow, 10 new a
    day``; ``they come up from Sat 3 Jan, 10 new a day``; or why none will."""
    one = arrival.cards == 1
    they = "it comes" if one else "they come"
    if arrival.today >= arrival.cards:
        return f"{they} up today"
    if arrival.first_day is None:
        return f"{'it waits' if one else 'they wait'}: your new cards a day is 0"
    day = "tomorrow" if arrival.first_day == arrival.tomorrow else short_date(arrival.first_day)
    if one:
        return f"it comes up {day if day == 'tomorrow' else 'on ' + day}"
    if not arrival.today:
        return f"they come up from {day}, {arrival.per_day:,} new a day"
    return (f"{arrival.today:,} {'comes' if arrival.today == 1 else 'come'} up today, the rest from {day}, "
            f"{arrival.per_day:,} new a day")


def soon(arrival: Arrival) -> str:
    """The same, shortest, beside a player's name in a public list: ``5 today``, ``3 today, 2
    from tomorrow``, ``5 from Sat 3 Jan``."""
    later = arrival.cards - arrival.today
    day = ("later" if arrival.first_day is None else "tomorrow" if arrival.first_day == arrival.tomorrow
           else short_date(arrival.first_day))
    parts = ([f"{arrival.today:,} today"] if arrival.today else []) + ([f"{later:,} from {day}"] if later else [])
    return ", ".join(parts)


def misses_origin(cards: int) -> str:
    """The first review of the day showing cards from misses says where they came from."""
    if cards == 1:
        return "This new card is an alphagram you missed in a quiz round or a daily challenge."
    return f"These {cards:,} new cards are alphagrams you missed in quiz rounds and daily challenges."


def misses_joined(arrival: Arrival) -> str:
    """Misses just taken into the deck: ``5 missed alphagrams join your study deck: they come up today.``"""
    joins = "joins" if arrival.cards == 1 else "join"
    return f"{plural(arrival.cards, 'missed alphagram')} {joins} your study deck: {coming(arrival)}."


def left_out(result: AddResult) -> list[str]:
    """What an addition left out by a limit, and what to do: today's cap on cards from sets, the
    deck's ceiling, an import's lines past the most it reads ("at least" when reading stopped)."""
    parts = []
    if result.capped:
        parts.append(f"{plural(result.capped, 'card')} left out by today's cap of {SET_CARDS_PER_DAY} new cards "
                     "from sets: add them tomorrow")
    if result.full:
        parts.append(f"{plural(result.full, 'card')} left out: a deck holds at most {MAX_DECK:,} cards")
    if result.unread:
        parts.append(f"{'at least ' if result.at_least else ''}{plural(result.unread, 'line')} left out past the first "
                     f"{MAX_IMPORT_LINES:,}: import them from another file")
    return parts


def reminder_line(counts: DueCounts) -> str:
    """The daily reminder: ``Your study deck: 23 cards due today (20 reviews, 3 new).``"""
    return f"Your study deck: {due_today(counts)}."


def chart(values: tuple[int, ...]) -> str:
    """A one-line bar chart: each value a block, scaled to the largest."""
    top = max(values, default=0)
    if not top:
        return BARS[0] * len(values)
    return "".join(BARS[min(len(BARS) - 1, -(-value * (len(BARS) - 1) // top))] for value in values)


def stats_lines(stats: StudyStats) -> list[str]:
    """The deck in a few lines: what is due today, cards by state, retention, streak, and the
    reviews due over the next 30 days (today's as counted above)."""
    states = " · ".join(f"{name} {count:,}" for name, count in stats.by_state.items())
    retention = (f"{stats.retention_30d:.0%} remembered of {plural(stats.reviews_30d, 'review')}"
                 if stats.retention_30d is not None else "no reviews yet")
    return [due_today(stats.due_today),
            f"Cards: {stats.total:,} ({states})",
            f"Last 30 days: {retention}",
            f"Streak: {plural(stats.streak, 'day')}",
            f"Reviews due, next 30 days: {chart(stats.due_next_30)} ({sum(stats.due_next_30):,})"]
