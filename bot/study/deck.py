"""The study service: a player's deck (the same in every server and in DMs), its due cards,
reviews scheduled with FSRS (``bot.study.schedule``), cards added from quiz misses, sets, the
bee, or a file, and its statistics. Both front doors (``cog.py``, ``terminal.py``) call only this.

Times are aware datetimes; a player's days (daily limits, stats, reminders) follow their zone.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable, Mapping

from fsrs import Rating

from bot.db import Database
from bot.study.model import (AddResult, DueCard, DueCounts, ExportRow, Reminder, ReviewResult, StudyError,
                             StudySettings, StudyStats)
from solvers.lexicon import Lexicon

__all__ = ["AddResult", "DueCard", "DueCounts", "ExportRow", "Reminder", "ReviewResult", "Study", "StudyError",
           "StudySettings", "StudyStats"]


class Study:
    def __init__(self, db: Database, lexicons: Mapping[str, Lexicon]) -> None:
        self.db = db
        self.lexicons = lexicons

    async def settings(self, user_id: int) -> StudySettings:
        raise NotImplementedError

    async def change_settings(self, user_id: int, **changes: object) -> StudySettings:
        """Change some of the player's settings (names of ``StudySettings``'s fields);
        StudyError (one line) for an unknown name or a value out of range."""
        raise NotImplementedError

    async def next_card(self, user_id: int, now: dt.datetime) -> DueCard | None:
        """The card to study now (the most overdue review first, then new cards oldest first),
        within today's allowances; None when nothing is due."""
        raise NotImplementedError

    async def due(self, user_id: int, now: dt.datetime) -> DueCounts:
        raise NotImplementedError

    async def review(self, user_id: int, card_id: int, typed: str, seconds: float, now: dt.datetime,
                     *, expected_reps: int) -> ReviewResult:
        """Check ``typed`` against the card, grade it, schedule it with FSRS and record it, in one
        transaction. A second call for the same (card_id, expected_reps) returns the stored
        result (a double submit or a restart never counts twice). StudyError: no such card."""
        raise NotImplementedError

    async def regrade(self, user_id: int, review_id: int, rating: Rating) -> ReviewResult:
        """The player's override of a grade: the card rescheduled from its state before that
        review. Only the card's latest review; StudyError otherwise."""
        raise NotImplementedError

    async def add_set(self, user_id: int, lexicon: str, length: int, first: int, last: int,
                      now: dt.datetime) -> AddResult:
        """The quiz's set ``length``s probability ``first``-``last`` (clean alphagrams only),
        capped per day (``ADD_PER_DAY``)."""
        raise NotImplementedError

    async def add_missed_bee(self, user_id: int, guild_id: int, day: dt.date, now: dt.datetime) -> AddResult:
        """Word cards for the bee words the player missed on ``day`` in that server."""
        raise NotImplementedError

    async def import_lines(self, user_id: int, lines: Iterable[str], lexicon: str, now: dt.datetime) -> AddResult:
        """One alphagram or word per line (a word becomes its alphagram card), or the CSV
        ``export_rows`` writes (header first), which keeps each card's schedule."""
        raise NotImplementedError

    async def export_rows(self, user_id: int) -> list[ExportRow]:
        raise NotImplementedError

    async def stats(self, user_id: int, now: dt.datetime) -> StudyStats:
        raise NotImplementedError

    async def players_to_remind(self, now: dt.datetime) -> list[Reminder]:
        """Players who opted in, whose reminder time has come today in their zone, not yet
        reminded today, with cards due."""
        raise NotImplementedError

    async def claim_reminder(self, user_id: int, day: dt.date) -> bool:
        """Claim today's reminder for the player: True once per (player, day), across restarts."""
        raise NotImplementedError

    async def release_reminder(self, user_id: int, day: dt.date) -> None:
        """Give a claim back (the DM failed for a reason worth retrying)."""
        raise NotImplementedError
