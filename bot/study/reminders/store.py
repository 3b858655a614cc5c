"""The reminder times players asked for (their study settings), so the reminder task knows when
to look next. Who is due a reminder, and claiming it, are the study service's
(``Study.players_to_remind``, ``Study.claim_reminder``)."""

from __future__ import annotations

import datetime as dt

from bot.db import Database


def _time(value: object) -> dt.time | None:
    if isinstance(value, dt.time):
        return value
    try:
        return dt.time.fromisoformat(str(value))
    except ValueError:
        return None


class ReminderTimes:
    def __init__(self, db: Database) -> None:
        self.db = db

    async def asked(self) -> list[tuple[dt.time, str]]:
        """Every (local time, zone) at which someone asked for a reminder; empty when nobody did."""
        rows = await self.db.fetch_all("SELECT DISTINCT remind_at, zone FROM study_settings WHERE remind_at IS NOT NULL")
        return [(at, zone) for value, zone in rows if (at := _time(value)) is not None]
