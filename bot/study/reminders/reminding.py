"""The study service's daily reminders: when a player asked to be reminded, whether today's is due
(their time has come in their zone, they were not reminded today, and cards are due), and the
claim that sends it at most once a day. Part of :class:`bot.study.deck.Study` (its base class),
which gives it its store and its count of cards due."""

from __future__ import annotations

import datetime as dt
from zoneinfo import ZoneInfo

from bot.study.model import DueCounts, Reminder
from bot.study.store import StudyStore


class Reminding:
    """The reminder queries of the study service (``store`` and ``due`` are the service's)."""

    store: StudyStore

    async def due(self, user_id: int, now: dt.datetime) -> DueCounts:
        raise NotImplementedError

    async def reminder_time(self, user_id: int) -> tuple[dt.time, str] | None:
        """The player's daily reminder: its local time and zone; None when they asked for none."""
        row = await self.store.settings_row(user_id)
        if row is None or row["remind_at"] is None:
            return None
        return dt.time.fromisoformat(row["remind_at"]), row["zone"]

    async def reminder_times(self) -> dict[int, tuple[dt.time, str]]:
        """Every player's daily reminder, by player."""
        return {row["user_id"]: (dt.time.fromisoformat(row["remind_at"]), row["zone"])
                for row in await self.store.reminder_settings()}

    async def to_remind(self, user_id: int, now: dt.datetime) -> Reminder | None:
        """The player's reminder if they asked for one, its time has come today in their zone, they
        were not reminded today, and cards are due today (``due``); else None."""
        row = await self.store.settings_row(user_id)
        if row is None or row["remind_at"] is None:
            return None
        local = now.astimezone(ZoneInfo(row["zone"]))
        if local.time() < dt.time.fromisoformat(row["remind_at"]) or await self.store.reminded(user_id, local.date()):
            return None
        counts = await self.due(user_id, now)
        return Reminder(user_id, local.date(), counts, bool(row["in_dm"])) if counts.today else None

    async def claim_reminder(self, user_id: int, day: dt.date) -> bool:
        """Claim the player's reminder of ``day``: True once per (player, day), across restarts."""
        return await self.store.claim_reminder(user_id, day, dt.datetime.now(dt.UTC))

    async def release_reminder(self, user_id: int, day: dt.date) -> None:
        """Give a claim back (the DM failed for a reason worth retrying)."""
        await self.store.release_reminder(user_id, day)

