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

A schedule FSRS is given is first checked (``flaw``): a card written by an older release or
straight into the database may hold what FSRS cannot take (a negative or infinite stability, a
learning card without its step), and one such card, due first, would otherwise fail every review
of its player's deck. A damaged card starts again as new instead (``card_state``).
"""

from __future__ import annotations

import datetime as dt
import functools
from dataclasses import dataclass, replace

from fsrs import Card, Rating, Scheduler, State
from fsrs.scheduler import MAX_DIFFICULTY, MIN_DIFFICULTY

from bot.db.database import Row

NEW = 0
STATE_NAMES = {NEW: "new", State.Learning.value: "learning", State.Review.value: "review",
               State.Relearning.value: "relearning"}

STEPPED = (State.Learning.value, State.Relearning.value)  # FSRS needs a card's step in these

EARLIEST = dt.datetime(2000, 1, 1, tzinfo=dt.UTC)
YEARS_AHEAD = 100
_AHEAD = dt.timedelta(days=365.25 * YEARS_AHEAD)
MAX_STABILITY = 1_000_000.0
"""Days. FSRS reaches about 80,000 after a hundred years of Easy reviews on time; far above it
a number is not a schedule (and near the largest float, FSRS's arithmetic overflows)."""
MAX_STEP = 100
"""More learning steps than any scheduler is set to (FSRS's default has 2, relearning 1)."""

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


def flaw(card: CardState, now: dt.datetime) -> str | None:
    """What in ``card``'s schedule FSRS cannot take, briefly (``stability -5``, ``due
    9999-01-01``, ``step missing``), or None. The state is new or one of FSRS's; a studied card
    (not new) has a stability, a difficulty, a due date and a last review, and a step in learning
    and relearning. What is given is in range: stability finite, above 0 and at most
    ``MAX_STABILITY`` days; difficulty within FSRS's (1 to 10); a step a whole number from 0 to
    ``MAX_STEP``; times from 2000 to ``YEARS_AHEAD`` years after ``now``, with their zone."""
    if card.state not in STATE_NAMES:
        return f"state {card.state}"
    studied = card.state != NEW
    if card.step is None and card.state in STEPPED:
        return "step missing"
    if card.step is not None and not 0 <= card.step <= MAX_STEP:
        return f"step {card.step}"
    for name, value in (("stability", card.stability), ("difficulty", card.difficulty)):
        if value is None:
            if studied:
                return f"{name} missing"
        elif not (0 < value <= MAX_STABILITY if name == "stability" else MIN_DIFFICULTY <= value <= MAX_DIFFICULTY):
            return f"{name} {value:.10g}"  # NaN fails every comparison, and inf is past the most
    latest = now + _AHEAD
    for name, moment in (("due", card.due), ("last_review", card.last_review)):
        if moment is None:
            if studied:
                return f"{name} missing"
        elif moment.tzinfo is None or not EARLIEST <= moment <= latest:
            return f"{name} {moment.date().isoformat()}"
    return None


def restarted(card: CardState) -> CardState:
    """A damaged card as a new one: its count of reviews (each review's number) and lapses kept."""
    return CardState(reps=card.reps, lapses=card.lapses)


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


def read_time(text: str | None) -> dt.datetime | None:
    """A time as written in a file or a row (ISO 8601; one without its zone is UTC); ValueError
    when it is not one."""
    if text is None or not text.strip():
        return None
    moment = dt.datetime.fromisoformat(text.strip())
    return moment if moment.tzinfo else moment.replace(tzinfo=dt.UTC)


def card_state(row: Row, now: dt.datetime, prefix: str = "") -> tuple[CardState, str | None]:
    """A card's schedule as stored (``prefix`` "before_": as a review row keeps it), and what in
    it FSRS cannot take (``flaw``; None: nothing). A damaged schedule reads as a new card's
    (``restarted``), so that the card starts again instead of failing, and never holds up the
    cards behind it."""
    reps, lapses = (row["reps"] if not prefix else row["reps_before"]), row[prefix + "lapses"]
    try:
        due = read_time(row[prefix + "due"])
    except (TypeError, ValueError):
        return CardState(reps=reps, lapses=lapses), "due not a time"
    try:
        last_review = read_time(row[prefix + "last_review"])
    except (TypeError, ValueError):
        return CardState(reps=reps, lapses=lapses), "last_review not a time"
    card = CardState(row[prefix + "state"], row[prefix + "step"], row[prefix + "stability"], row[prefix + "difficulty"],
                     due, last_review, reps, lapses)
    problem = flaw(card, now)
    return (restarted(card), problem) if problem else (card, None)
