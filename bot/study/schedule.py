"""When a card comes back: FSRS through the ``fsrs`` package, used as it documents
(``Scheduler(desired_retention=...)``, ``Card``, ``Rating``, ``review_card``), and the grade a
review earns from its answer (docs/study.md).

Grading, for a card with ``n`` answers, after ``seconds``:
- fewer than half the answers right (none, for a one-word card) -> Again;
- some answers missed, or a word typed that is not an answer -> Hard;
- all right and no wrong word: within ``easy_seconds(n)`` -> Easy, within ``good_seconds(n)``
  -> Good, slower -> Hard.

Fuzzing is off, so a review (and a regrade, recomputed from the card before it) always gives
the same due date: the terminal, the tests and a restart agree.
"""

from __future__ import annotations

import datetime as dt
import functools
from dataclasses import dataclass, replace

from fsrs import Card, Rating, Scheduler, State

from bot.db.database import Row

NEW = 0
STATE_NAMES = {NEW: "new", State.Learning.value: "learning", State.Review.value: "review",
               State.Relearning.value: "relearning"}

GOOD_BASE, GOOD_PER_WORD = 10.0, 5.0
EASY_BASE, EASY_PER_WORD = 3.0, 2.0


def good_seconds(answer_count: int) -> float:
    """The time within which an all-right answer is Good: 10 s and 5 s per answer."""
    return GOOD_BASE + GOOD_PER_WORD * max(1, answer_count)


def easy_seconds(answer_count: int) -> float:
    """The time within which an all-right answer is Easy: 3 s and 2 s per answer."""
    return EASY_BASE + EASY_PER_WORD * max(1, answer_count)


def grade(right: int, answer_count: int, extra: int, seconds: float) -> Rating:
    """The grade a review earns from its answer (see the module's docstring)."""
    if answer_count <= 0 or right * 2 < answer_count or right == 0:
        return Rating.Again
    if right < answer_count or extra:
        return Rating.Hard
    if seconds <= easy_seconds(answer_count):
        return Rating.Easy
    return Rating.Good if seconds <= good_seconds(answer_count) else Rating.Hard


@dataclass(frozen=True, slots=True)
class CardState:
    """A card's schedule as stored: ``state`` NEW (0) or an ``fsrs.State`` value, FSRS's fields,
    and our counts of reviews and lapses (an Again on a card in review)."""

    state: int = NEW
    step: int | None = None
    stability: float | None = None
    difficulty: float | None = None
    due: dt.datetime | None = None
    last_review: dt.datetime | None = None
    reps: int = 0
    lapses: int = 0


@functools.lru_cache(maxsize=64)
def scheduler(retention: float) -> Scheduler:
    return Scheduler(desired_retention=retention, enable_fuzzing=False)


def to_fsrs(card: CardState, now: dt.datetime) -> Card:
    if card.state == NEW:  # a new card is FSRS's fresh card: Learning, first step, due now
        return Card(card_id=1, due=now)
    return Card(card_id=1, state=State(card.state), step=card.step, stability=card.stability,
                difficulty=card.difficulty, due=card.due, last_review=card.last_review)


def reviewed(card: CardState, rating: Rating, now: dt.datetime, retention: float) -> CardState:
    """The card after a review graded ``rating`` at ``now``."""
    after, _ = scheduler(retention).review_card(to_fsrs(card, now), rating, now)
    lapse = card.state == State.Review.value and rating == Rating.Again
    return replace(card, state=after.state.value, step=after.step, stability=after.stability,
                   difficulty=after.difficulty, due=after.due, last_review=after.last_review,
                   reps=card.reps + 1, lapses=card.lapses + lapse)


def iso(moment: dt.datetime | None) -> str | None:
    """A time as stored: UTC, fixed width, so that text order is time order."""
    return moment.astimezone(dt.UTC).isoformat(timespec="microseconds") if moment else None


def utc(text: str | None) -> dt.datetime | None:
    return dt.datetime.fromisoformat(text) if text else None


def card_state(row: Row, prefix: str = "") -> CardState:
    return CardState(row[prefix + "state"], row[prefix + "step"], row[prefix + "stability"], row[prefix + "difficulty"],
                     utc(row[prefix + "due"]), utc(row[prefix + "last_review"]),
                     row["reps"] if not prefix else row["reps_before"], row[prefix + "lapses"])
