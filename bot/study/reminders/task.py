"""Study reminders: a player who asked (``/study settings reminder:09:00``) gets one direct message
a day at that time in their zone, "14 cards due", when cards are due, with a button to start.

Each reminder is claimed in the database before it is sent (``Study.claim_reminder``), so it goes
out at most once a day, across restarts and clusters; one that fails is not retried (a late
reminder is worse than none). A player whose direct messages are closed (Discord's error 50007)
has their reminder turned off, quietly, rather than failing every day. Messages are paced well
inside Discord's rate limits.

The task sleeps until the next reminder time anyone asked for; while nobody asked it looks only
daily, and ``restart`` (a change of settings) wakes it at once.
"""

from __future__ import annotations

import asyncio
import datetime as dt
import logging
from collections.abc import Callable, Iterable
from zoneinfo import ZoneInfo

import discord

from bot.study.deck import Reminder, Study
from bot.study.text import reminder_line
from bot.study.views import reminder_view
from bot.waking import WakingTask

log = logging.getLogger(__name__)

MAX_SLEEP = 3600.0
"""While anyone asked, the task looks at least hourly (a safety net: it computes its next wake-up)."""
IDLE_SLEEP = 86400.0
"""While nobody has asked for reminders the task looks only daily; a change of settings wakes it."""
PACE = 0.25
"""Seconds between two reminders (each is two requests: open the DM, send)."""
CANNOT_DM = 50007


def reminder_text(due: int) -> str:
    """The reminder itself (``bot.study.text.reminder_line``), and how to stop it."""
    return (f"{reminder_line(due)} Press **Study now**, or `/study review` anywhere.\n"
            "-# You asked for this reminder; `/study settings reminder:off` stops it.")


def next_time(times: Iterable[tuple[dt.time, str]], now: dt.datetime) -> dt.datetime | None:
    """The first moment after ``now`` at which one of ``times`` (a time of day in a zone) comes."""
    best = None
    for at, zone_name in times:
        try:
            zone = ZoneInfo(zone_name)
        except (KeyError, ValueError):
            zone = ZoneInfo("UTC")
        local = now.astimezone(zone).date()
        for day in (local, local + dt.timedelta(days=1), local + dt.timedelta(days=2)):
            moment = dt.datetime.combine(day, at, tzinfo=zone).astimezone(dt.UTC)
            if moment > now:
                best = moment if best is None or moment < best else best
                break
    return best


class StudyReminders(WakingTask):
    name = "study-reminders"

    def __init__(self, client: discord.Client, study: Study,
                 clock: Callable[[], dt.datetime] = discord.utils.utcnow) -> None:
        super().__init__(client, clock)
        self.study = study

    async def round(self, now: dt.datetime) -> tuple[dt.datetime | None, float]:
        times = await self.asked()
        if not times:  # nobody asked: each wake-up would only find nobody again
            return None, IDLE_SLEEP
        await self.remind(now)
        return next_time(times, now), MAX_SLEEP

    async def asked(self) -> set[tuple[dt.time, str]]:
        """Every (local time, zone) at which someone asked for a reminder; empty when nobody did."""
        return {(dt.time.fromisoformat(row["remind_at"]), row["zone"])
                for row in await self.study.store.reminder_settings()}

    async def remind(self, now: dt.datetime) -> int:
        """Send the reminders due at ``now``; how many were sent."""
        sent = 0
        for reminder in await self.study.players_to_remind(now):
            if not await self.study.claim_reminder(reminder.user_id, reminder.day):
                continue
            sent += await self.send(reminder) == "sent"
            await asyncio.sleep(PACE)
        return sent

    async def send(self, reminder: Reminder) -> str:
        try:
            user = self.client.get_user(reminder.user_id) or await self.client.fetch_user(reminder.user_id)
            await user.send(reminder_text(reminder.due), view=reminder_view(),
                            allowed_mentions=discord.AllowedMentions.none())
        except discord.Forbidden as error:
            if error.code != CANNOT_DM:
                return "refused"
            await self.study.change_settings(reminder.user_id, remind_at=None)  # closed DMs: stop asking every day
            log.info("Player %s takes no direct messages; their study reminder is off", reminder.user_id)
            return "dms closed"
        except discord.HTTPException:
            log.warning("A study reminder to %s failed", reminder.user_id, exc_info=True)
            return "failed"
        return "sent"
