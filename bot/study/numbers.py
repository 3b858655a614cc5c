"""Rows into what the service gives (``bot.study.model``), and the statistics' arithmetic."""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable, Mapping

from fsrs import Rating

from bot.db.database import Row
from bot.study.cards import check
from bot.study.hints import Hint
from bot.study.model import STATES, Arrival, DueCard, DueCounts, ExportRow, ReviewResult, StudyStats
from bot.study.schedule import STATE_NAMES, card_state, grade, utc
from solvers.list_names import language_of

DAYS = 30


def due_card(row: Row, now: dt.datetime, hint: Hint | None = None) -> DueCard:
    """A card as shown at ``now``: a damaged schedule as a new card's, as its review will take it."""
    answers = row["answers"].split()
    card, _ = card_state(row, now)
    return DueCard(row["card_id"], row["kind"], row["prompt"], len(answers), row["lexicon"], row["reps"],
                   STATE_NAMES[card.state], card.due, row["lapses"], len(answers[0]) if answers else 0,
                   hint.pattern if hint else "", hint.definition if hint else "")


def graded(row: Row, typed: str, seconds: float) -> tuple[tuple[str, ...], tuple[str, ...], tuple[str, ...], Rating]:
    answers = tuple(row["answers"].split())
    right, missed, extra = check(answers, typed, language_of(row["lexicon"]))
    return right, missed, extra, grade(len(right), len(answers), len(extra), seconds)


def result(card: Row, review: Row, hint: Hint | None = None) -> ReviewResult:
    """A review as recorded; ``restarted`` when the card it found was damaged (the review row keeps
    the card as it was, so a review sent again or regraded says so too)."""
    at = utc(review["reviewed_at"])
    assert at is not None  # NOT NULL
    damaged = card_state(review, at, "before_")[1] is not None
    return ReviewResult(review["review_id"], due_card(card, at, hint), tuple(review["right_words"].split()),
                        tuple(review["missed_words"].split()), tuple(review["extra_words"].split()),
                        Rating(review["rating"]), review["graded_by"], utc(review["next_due"]),  # type: ignore[arg-type]
                        review["seconds"], at, damaged)


def export_row(row: Row, now: dt.datetime) -> ExportRow:
    """A card as exported: a damaged schedule as a new card's, so that the file imports again."""
    card, _ = card_state(row, now)
    return ExportRow(row["card_key"], card.due, card.stability, card.difficulty, card.reps, card.lapses, row["kind"],
                     row["lexicon"], STATE_NAMES[card.state], card.step, card.last_review,
                     row["prompt"] if row["kind"] != "alphagram" else "")


def due_today(due_now: int, due_later: int, new: int, new_left: int, reviews_left: int) -> DueCounts:
    """What is due today, the one rule (``DueCounts``): of the studied cards due by now and due
    later today, as many as today's reviews left; of the ``new`` cards, as many as today's new
    cards left."""
    new_left, reviews_left = max(0, new_left), max(0, reviews_left)
    shown_new = min(new, new_left)
    return DueCounts(min(due_now + due_later, reviews_left), shown_new, min(due_now, reviews_left) + shown_new,
                     new_left, reviews_left)


def arrival(due: DueCounts, queued: int, added: int, per_day: int, today: dt.date) -> Arrival:
    """When ``added`` new cards, just put behind ``queued`` new cards (new cards come oldest
    first), come up: those within today's new cards left (``due``) today, the others from the
    day their place in the queue reaches at ``per_day`` new cards a day."""
    now = max(0, min(added, due.new_left - queued))
    first = None
    if now < added and per_day > 0:
        place = queued + now - due.new_left  # the first card left for later, counted from tomorrow's first
        first = today + dt.timedelta(days=1 + place // per_day)
    return Arrival(added, now, per_day, first, today + dt.timedelta(days=1))


def stats(today: dt.date, states: Mapping[int, int], reviews: Iterable[Row], due_by_day: list[int],
          days: list[dt.date], due: DueCounts) -> StudyStats:
    """The deck's statistics on the player's ``today`` (see ``StudyStats``); ``due_by_day``:
    the studied cards due today (overdue ones too), tomorrow, ... (30 counts), of which today's
    are counted as ``due`` says (within today's review limit: those past it come tomorrow)."""
    by_state = {name: 0 for name in STATES}
    for value, count in states.items():
        by_state[STATE_NAMES[value]] += count
    ratings = [row["rating"] for row in reviews]
    retention = sum(r != Rating.Again.value for r in ratings) / len(ratings) if ratings else None
    ahead = list(due_by_day)
    if ahead:
        if len(ahead) > 1:
            ahead[1] += max(0, ahead[0] - due.reviews)
        ahead[0] = due.reviews
    return StudyStats(by_state, retention, tuple(ahead), streak(today, days), len(ratings), sum(by_state.values()),
                      due)


def streak(today: dt.date, days: list[dt.date]) -> int:
    """Days in a row with a review, ending today (or yesterday, while today is still to play)."""
    if not days or (today - days[0]).days > 1:
        return 0
    count, expected = 0, days[0]
    for day in days:
        if day != expected:
            break
        count, expected = count + 1, day - dt.timedelta(days=1)
    return count
