"""The study service: a player's deck (the same in every server and in DMs), its due cards,
reviews scheduled with FSRS (``bot.study.schedule``), cards added from quiz misses, sets, the
bee, or a file (``bot.study.adding``), and its statistics. Both front doors (``cog.py``,
``terminal.py``) call only this.

Times are aware datetimes; a player's days (daily limits, stats, reminders) follow their zone.
Cards from quiz misses are pulled, not pushed: ``next_card``, ``due`` and ``stats`` first add
the player's misses not yet taken (while ``from_misses`` is on), each card once.
"""

from __future__ import annotations

import asyncio
import datetime as dt
import itertools
import logging
import math
from collections.abc import Callable, Iterable, Mapping
from dataclasses import replace
from zoneinfo import ZoneInfo

from fsrs import Rating

from bot.db import Database
from bot.plugins import misses_reader
from bot.study import adding, numbers, options
from bot.study.hints import Hint, word_hint
from bot.study.model import (
    WORD,
    AddResult,
    Arrival,
    DueCard,
    DueCounts,
    ExportRow,
    Reminder,
    ReviewResult,
    StudyError,
    StudySettings,
    StudyStats,
)
from bot.study.reminders.reminding import Reminding
from bot.study.reminders.timing import follow
from bot.study.schedule import CardState, card_state, iso, reviewed, utc
from bot.study.store import ReviewPlan, StudyStore
from bot.timers.store import TimerStore
from solvers.lexicon import Lexicon
from solvers.screen import may_repeat

log = logging.getLogger(__name__)

__all__ = ["AddResult", "Arrival", "DueCard", "DueCounts", "ExportRow", "Reminder", "ReviewResult", "Study",
           "StudyError", "StudySettings", "StudyStats", "day_start", "local_day"]

MAX_SECONDS = 24 * 3600.0


def local_day(now: dt.datetime, zone: str) -> dt.date:
    """The player's day at ``now`` in their zone."""
    return now.astimezone(ZoneInfo(zone)).date()


def skipped_named(skipped: Iterable[tuple[int, str]], most: int = 3) -> tuple[str, ...]:
    """The first import lines that made no card, to name them: ``line 4 (xyzzy)``, or
    ``line 9`` when its text may not be repeated (a slur, a flagged word) or is not printable."""
    named = []
    for number, text in itertools.islice(skipped, most):
        shown = text.isprintable() and text.isascii() and may_repeat(text, show_flagged=False)
        named.append(f"line {number:,} ({text})" if shown and text else f"line {number:,}")
    return tuple(named)


def day_start(day: dt.date, zone: str) -> dt.datetime:
    """The player's midnight starting ``day``, as an aware time."""
    return dt.datetime.combine(day, dt.time(0), ZoneInfo(zone))


class Study(Reminding):
    def __init__(self, db: Database, lexicons: Mapping[str, Lexicon],
                 clock: Callable[[], dt.datetime] = lambda: dt.datetime.now(dt.UTC)) -> None:
        """``clock``: now, for the times settings are changed at (the bot's is Discord's: a test's clock)."""
        self.db = db
        self.clock = clock
        self.lexicons = lexicons
        self.store = StudyStore(db)
        self.default_lexicon = "full" if "full" in lexicons else next(iter(lexicons), "full")

    # ------------------------------------------------------------------ settings

    async def settings(self, user_id: int) -> StudySettings:
        return options.from_row(await self.store.settings_row(user_id), self.default_lexicon)[0]

    async def change_settings(self, user_id: int, **changes: object) -> StudySettings:
        """Change some of the player's settings (names of ``StudySettings``'s fields, values as
        given or typed: "90%", "9am", "Europe/Paris", "off"); StudyError (one line) for an
        unknown name or a value out of range. Turning ``from_misses`` on takes only the misses
        made from then on."""
        before, since = options.from_row(await self.store.settings_row(user_id), self.default_lexicon)
        after = options.changed(before, changes, self.lexicons.keys())
        reader = misses_reader()
        if after.from_misses and not before.from_misses and reader is not None:  # misses made while off stay out
            last = await reader.last(self.db, user_id)
            since = iso(utc(last) + dt.timedelta(microseconds=1)) if last else since
        now = self.clock()
        await self.store.save_settings(user_id, options.to_row(after, since), now)
        if (after.remind_at, after.zone) != (before.remind_at, before.zone):  # the reminder's timer follows
            time = None if after.remind_at is None else (after.remind_at, after.zone)
            await follow(TimerStore(self.db), user_id, time, now)
        return after

    async def _ready(self, user_id: int, now: dt.datetime) -> StudySettings:
        """The player's settings, after taking their new quiz misses into the deck."""
        return (await self._take_misses(user_id, now))[0]

    async def take_misses(self, user_id: int, now: dt.datetime) -> Arrival | None:
        """Take the player's new misses into their deck now (as studying would), and say when they
        come up, for the reply that shows the misses; None when no card came."""
        settings, added = await self._take_misses(user_id, now)
        return await self._arrival(user_id, now, settings, added) if added else None

    async def _take_misses(self, user_id: int, now: dt.datetime) -> tuple[StudySettings, int]:
        """The player's settings, and how many cards their new misses added to the deck."""
        row = await self.store.settings_row(user_id)
        settings, since = options.from_row(row, self.default_lexicon)
        reader = misses_reader()  # the quiz's, through the plug-ins (bot.plugins): study reads only its own tables
        if not settings.from_misses or reader is None:
            return settings, 0
        last = await reader.last(self.db, user_id)
        if last is None or last < since:
            return settings, 0
        misses = await reader.since(self.db, user_id, since)
        if row is None:
            await self.store.save_settings(user_id, options.to_row(settings, since), now)
        cards = await adding.miss_cards(self.lexicons, settings.lexicon, misses)
        until = iso(utc(misses[-1].missed_at) + dt.timedelta(microseconds=1)) if misses else since
        added, _, _ = await self.store.add_cards(user_id, ((card, None) for card in cards), now, misses_until=until,
                                                 limit=adding.MAX_DECK)  # a full deck takes no more
        return settings, added

    async def _arrival(self, user_id: int, now: dt.datetime, settings: StudySettings, added: int) -> Arrival:
        """When the ``added`` new cards just put in the deck (the newest: the last new cards to come) come up."""
        due = await self._due(user_id, now, settings)
        new = (await self.store.due_counts(user_id, now, now))[1]
        return numbers.arrival(due, new - added, added, settings.new_per_day, local_day(now, settings.zone))

    # ------------------------------------------------------------------ studying

    async def next_card(self, user_id: int, now: dt.datetime) -> DueCard | None:
        """The card to study now: the most overdue studied card while today's reviews last, else
        the oldest new card while today's new cards last; None when nothing is due. The day's
        first new card from misses counts today's new cards from misses (``misses_today``), so
        that it says where they came from."""
        settings = await self._ready(user_id, now)
        today = local_day(now, settings.zone)
        row = await self.store.pick_card(user_id, now, today, settings.new_per_day, settings.reviews_per_day)
        if row is None:
            return None
        card = numbers.due_card(row, now, await self._hint(row))
        if row["source"] == "miss" and row["due"] is None and not await self.store.studied_new(user_id, today, "miss"):
            new_today = (await self._due(user_id, now, settings)).new  # the day's first new card from misses:
            card = replace(card, misses_today=await self.store.new_from(user_id, "miss", new_today))  # say whence
        return card

    async def due(self, user_id: int, now: dt.datetime) -> DueCounts:
        """What the player has to study today (``DueCounts``): the one count of "due" that
        ``/study review``, ``/study stats`` and the reminder show."""
        return await self._due(user_id, now, await self._ready(user_id, now))

    async def _due(self, user_id: int, now: dt.datetime, settings: StudySettings) -> DueCounts:
        today = local_day(now, settings.zone)
        new_done, reviews_done = await self.store.day_counts(user_id, today)
        studied, new, later = await self.store.due_counts(user_id, now, day_start(today + dt.timedelta(days=1),
                                                                                  settings.zone))
        return numbers.due_today(studied, later, new, settings.new_per_day - new_done,
                                 settings.reviews_per_day - reviews_done)

    async def review(self, user_id: int, card_id: int, typed: str, seconds: float, now: dt.datetime,
                     *, expected_reps: int) -> ReviewResult:
        """Check ``typed`` against the card, grade it, schedule it with FSRS and record it, in one
        transaction. A second call for the same (card_id, expected_reps) returns the stored
        result (a double submit or a restart never counts twice). StudyError: no such card."""
        seconds = min(MAX_SECONDS, max(0.0, seconds)) if math.isfinite(seconds) else MAX_SECONDS
        defaults = StudySettings()

        def plan(row) -> ReviewPlan:  # the row: the card and the player's retention and zone
            right, missed, extra, rating = numbers.graded(row, typed, seconds)
            before, damage = card_state(row, now)
            if damage:  # the result says so to the player (``ReviewResult.restarted``)
                log.warning("Study card %s had a schedule FSRS cannot take (%s): it starts again as new",
                            row["card_id"], damage)
            after = reviewed(before, rating, now, row["retention"] or defaults.retention)
            today = local_day(now, row["zone"] or defaults.zone).isoformat()
            return ReviewPlan(after, today, seconds, right, missed, extra, rating.value)

        done = await self.store.review(user_id, card_id, expected_reps, now, plan)
        if done is None:
            raise StudyError("That card is not in your deck, or it was studied since: ask for the next card.")
        return numbers.result(*done, await self._hint(done[0]))

    async def regrade(self, user_id: int, review_id: int, rating: Rating) -> ReviewResult:
        """The player's override of a grade: the card rescheduled from its state before that
        review, as if graded ``rating`` then. Only the card's latest review; StudyError otherwise."""
        try:
            rating = Rating(int(rating))
        except (TypeError, ValueError):
            raise StudyError("A grade is Again, Hard, Good or Easy.") from None
        settings = await self.settings(user_id)

        def redo(review) -> CardState:  # from the card as the review found it (a damaged one as new)
            reviewed_at = utc(review["reviewed_at"])
            return reviewed(card_state(review, reviewed_at, "before_")[0], rating, reviewed_at, settings.retention)

        done = await self.store.regrade(user_id, review_id, rating.value, redo)
        if done is None:
            raise StudyError("Only your latest review of a card can be graded again.")
        return numbers.result(*done, await self._hint(done[0]))

    @staticmethod
    async def _hint(row) -> Hint | None:
        """A word card's pattern and masked definition (the definitions load once, off the loop)."""
        if row["kind"] != WORD or not row["answers"]:
            return None
        return await asyncio.to_thread(word_hint, row["answers"].split()[0])

    # ------------------------------------------------------------------ cards in and out

    async def add_set(self, user_id: int, lexicon: str, length: int, first: int, last: int,
                      now: dt.datetime) -> AddResult:
        """The quiz's set ``length``s probability ``first``-``last`` (clean alphagrams only: no
        flagged word is ever in a card), at most ``adding.SET_CARDS_PER_DAY`` a day; with when they come up."""
        settings = await self._ready(user_id, now)  # the misses waiting come before them
        cards = await adding.set_cards(self.lexicons, lexicon, length, first, last)
        since = day_start(local_day(now, settings.zone), settings.zone)
        room = max(0, adding.SET_CARDS_PER_DAY - await self.store.added_since(user_id, "set", since))
        there = await self.store.keys(user_id, "alphagram", lexicon, [card.key for card in cards])
        fresh = [card for card in cards if card.key not in there]
        added, merged, full = await self.store.add_cards(user_id, ((card, None) for card in fresh[:room]), now,
                                                         limit=adding.MAX_DECK)
        return AddResult(added, merged + len(there), 0, max(0, len(fresh) - room), full=full,
                         arrival=await self._arrival(user_id, now, settings, added))

    async def add_missed_bee(self, user_id: int, guild_id: int, day: dt.date, now: dt.datetime) -> AddResult:
        """Word cards for the bee words the player missed on ``day`` in that server (its hive the
        prompt), with when they come up; StudyError when there was no bee that day."""
        settings = await self._ready(user_id, now)
        cards, skipped = await adding.bee_cards(self.db, self.lexicons, user_id, guild_id, day)
        added, merged, full = await self.store.add_cards(user_id, ((card, None) for card in cards), now,
                                                         limit=adding.MAX_DECK)
        return AddResult(added, merged, skipped, full=full, arrival=await self._arrival(user_id, now, settings, added))

    async def import_lines(self, user_id: int, lines: Iterable[str], lexicon: str, now: dt.datetime) -> AddResult:
        """One alphagram or word per line (a word becomes its alphagram's card; blank lines and
        lines starting with # are passed over), or the CSV ``export_rows`` makes (its header
        first), which keeps each card's schedule: a row whose schedule is out of range is skipped
        (``rows_skipped``, the first named). The first ``adding.MAX_IMPORT_LINES`` lines are read,
        the others counted (``unread``)."""
        if lexicon not in self.lexicons:
            raise StudyError(f"The word list is one of {', '.join(sorted(self.lexicons))}.")
        read = await adding.import_cards(self.lexicons, lexicon, lines, now)
        added, merged, full = await self.store.add_cards(user_id, read.cards, now, limit=adding.MAX_DECK)
        return AddResult(added, merged, len(read.skipped), 0, skipped_named(read.skipped), full, read.unread,
                         rows_skipped=len(read.bad), rows_named=tuple(f"line {n:,} {why}" for n, why in read.bad[:3]))

    async def export_rows(self, user_id: int) -> list[ExportRow]:
        now = dt.datetime.now(dt.UTC)
        return [numbers.export_row(row, now) for row in await self.store.all_cards(user_id)]

    # ------------------------------------------------------------------ stats and reminders

    async def stats(self, user_id: int, now: dt.datetime) -> StudyStats:
        settings = await self._ready(user_id, now)
        today = local_day(now, settings.zone)
        ends = [day_start(today + dt.timedelta(days=k), settings.zone) for k in range(1, numbers.DAYS + 1)]
        return numbers.stats(today, await self.store.states(user_id),
                             await self.store.reviews_since(user_id, today - dt.timedelta(days=numbers.DAYS - 1)),
                             await self.store.due_by_day(user_id, ends), await self.store.review_days(user_id),
                             await self._due(user_id, now, settings))
