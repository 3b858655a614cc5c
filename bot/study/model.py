"""What the study service gives both front doors: settings, cards, results, counts (frozen
dataclasses; no discord, no SQL). ``bot.study.deck.Study`` makes them."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field

from fsrs import Rating

ALPHAGRAM, WORD = "alphagram", "word"
KINDS = (ALPHAGRAM, WORD)
STATES = ("new", "learning", "review", "relearning")
"""A card's state: ``new`` (never reviewed), then FSRS's Learning, Review, Relearning."""


SET_CARDS_PER_DAY = 200
"""New cards a player may add from sets in one of their days."""
MAX_IMPORT_LINES = 100_000
"""Lines an import reads; the lines past them are counted, not read."""
MAX_DECK = 100_000
"""Cards a player's deck holds at most (twice the deck the benchmark measures)."""


class StudyError(ValueError):
    """Something a player asked that cannot be done; the message is one line saying what to fix."""


@dataclass(frozen=True, slots=True)
class StudySettings:
    """A player's study settings, the same in every server and in DMs. ``remind_at`` None: no
    daily reminder; ``zone``: the IANA zone their days (limits, reminders, stats) follow."""

    retention: float = 0.9
    new_per_day: int = 20
    reviews_per_day: int = 200
    from_misses: bool = True
    remind_at: dt.time | None = None
    zone: str = "UTC"
    in_dm: bool = False
    lexicon: str = "full"


@dataclass(frozen=True, slots=True)
class DueCard:
    """A card as shown. ``prompt``: an alphagram card's sorted rack (lowercase); a word card's
    hive, its centre letter first then the other six (lowercase). ``answer_count``: how many
    words answer it (a word card: 1). ``length``: the answer's length (a word card's hint).
    ``reps``: the reviews so far, passed back to ``Study.review`` as ``expected_reps``.
    ``state``: one of ``STATES``. ``due``: when it is due (None: new). A word card's
    ``pattern`` (``R······``) and ``definition`` (the word masked; "" when none may be shown)
    tell its word from the hive's others of that length (``bot.study.hints``). ``misses_today``:
    on the day's first new card from misses, how many of today's new cards are misses (0: say
    nothing)."""

    card_id: int
    kind: str
    prompt: str
    answer_count: int
    lexicon: str
    reps: int
    state: str
    due: dt.datetime | None = None
    lapses: int = 0
    length: int = 0
    pattern: str = ""
    definition: str = ""
    misses_today: int = 0


@dataclass(frozen=True, slots=True)
class ReviewResult:
    """A review as recorded. ``extra``: typed words that are not answers (repeat them only
    through ``solvers.screen.may_repeat``). ``graded_by``: "answer" or "player" (a regrade).
    ``restarted``: the card's stored schedule was damaged (FSRS could not take it), so the
    review took it as a new card."""

    review_id: int
    card: DueCard
    right: tuple[str, ...]
    missed: tuple[str, ...]
    extra: tuple[str, ...]
    rating: Rating
    graded_by: str
    next_due: dt.datetime
    seconds: float
    reviewed_at: dt.datetime | None = None
    restarted: bool = False


@dataclass(frozen=True, slots=True)
class DueCounts:
    """What a player has to study today, by the one rule every view reads (``Study.due``: the
    review's footer, the stats and their picture, the reminder): ``reviews``, the studied cards due
    before the player's midnight (overdue ones too), within today's review limit; ``new``, the new
    cards today's new-card limit still lets in; ``due_now``, those of them that may be studied now
    (a card in a learning step may be due later today). ``new_left`` and ``reviews_left``: today's
    limits still unused."""

    reviews: int
    new: int
    due_now: int
    new_left: int
    reviews_left: int

    @property
    def today(self) -> int:
        return self.reviews + self.new

    @property
    def later_today(self) -> int:
        return self.today - self.due_now


@dataclass(frozen=True, slots=True)
class Arrival:
    """When cards just put in a deck come up (new cards come oldest first, ``per_day`` a day):
    ``today`` of the ``cards`` within today's new-card limit, the others from ``first_day`` (the
    player's date; None when none is left for later, or new cards are off: ``per_day`` 0);
    ``tomorrow``: the player's next date, to say "tomorrow"."""

    cards: int
    today: int
    per_day: int
    first_day: dt.date | None
    tomorrow: dt.date


@dataclass(frozen=True, slots=True)
class AddResult:
    """Cards put in a deck: ``added`` new, ``merged`` already there, ``skipped`` not made
    (no answer in the list, a flagged word, not letters), ``capped`` left out by today's cap,
    ``full`` left out because the deck holds all it may (``adding.MAX_DECK``). An import's
    ``unread``: lines past the most an import reads, not read (``at_least``: reading stopped
    before the end, so there are more). ``skipped_lines``: some of the import lines that made no
    card, as ``line 4 (xyzzy)`` (cut short; the text left out when ``may_repeat`` refuses it or it
    is not printable), to say which. ``rows_skipped``: an export's rows not taken (a field not a
    number or a date, a schedule out of range), the first named in ``rows_named`` (``line 4
    stability -5``). ``arrival``: when the added cards come up."""

    added: int = 0
    merged: int = 0
    skipped: int = 0
    capped: int = 0
    skipped_lines: tuple[str, ...] = field(default=(), repr=False)
    full: int = 0
    unread: int = 0
    at_least: bool = False
    rows_skipped: int = 0
    rows_named: tuple[str, ...] = field(default=(), repr=False)
    arrival: Arrival | None = None


@dataclass(frozen=True, slots=True)
class ExportRow:
    """One card as exported (CSV): card, due, stability, difficulty, reps, lapses, and what an
    import needs to rebuild it (kind, lexicon, state, step, last review; a word card's hive)."""

    card: str
    due: dt.datetime | None
    stability: float | None
    difficulty: float | None
    reps: int
    lapses: int
    kind: str = ALPHAGRAM
    lexicon: str = "full"
    state: str = "new"
    step: int | None = None
    last_review: dt.datetime | None = None
    prompt: str = ""


@dataclass(frozen=True, slots=True)
class StudyStats:
    """``by_state``: cards per state (every state of ``STATES``, 0 included); ``retention_30d``:
    the share of reviews of the last 30 days not graded Again (None: none); ``due_next_30``:
    30 counts, day 0 = today in the player's zone (day 0 includes everything overdue);
    ``streak``: days in a row with a review, ending today or yesterday; ``due_today``: what is due
    today (``Study.due``), whose reviews are day 0 of ``due_next_30``."""

    by_state: dict[str, int]
    retention_30d: float | None
    due_next_30: tuple[int, ...]
    streak: int
    reviews_30d: int
    total: int
    due_today: DueCounts


@dataclass(frozen=True, slots=True)
class Reminder:
    """A player to remind today (their local ``day``): ``due``, what is due today."""

    user_id: int
    day: dt.date
    due: DueCounts
    in_dm: bool = True
