"""Study reminders: a player who asked (``/study settings reminder:09:00``) gets one direct message
a day at that time in their zone, "Your study deck: 23 cards due today (20 reviews, 3 new).", when
cards are due today (``Study.due``, the count /study review and /study stats show), with a button to start.

Each such player has a timer of the platform's (``bot.timers``, kind ``study-reminder``, keyed by
the player) due at their next reminder time: set or moved when they change their reminder or
zone, in Discord or in the terminal, gone when they turn it off (``timing``). A player's timer
is nobody's server's: the cluster running shard 0 fires it. Each reminder is claimed in the database before it is sent
(``Study.claim_reminder``), so it goes out at most once a day, across restarts and clusters; one
that fails is not retried (a late reminder is worse than none). A player whose direct messages
are closed (Discord's error 50007) has their reminder turned off, quietly, rather than failing
every day. One reminder is sent at a time, paced well inside Discord's rate limits.
"""

from __future__ import annotations

import asyncio
import datetime as dt
import logging

import discord

from bot.study.deck import DueCounts, Reminder, Study
from bot.study.reminders.timing import STUDY_REMINDER, follow, next_time
from bot.study.text import reminder_line
from bot.study.views import reminder_view
from bot.timers.service import Timers
from bot.timers.store import Timer

log = logging.getLogger(__name__)

PACE = 0.25
"""Seconds after each reminder (two requests: open the DM, send) before the next may go."""
CANNOT_DM = 50007


def reminder_text(due: DueCounts) -> str:
    """The reminder itself (``bot.study.text.reminder_line``), and how to stop it."""
    return (f"{reminder_line(due)} Press **Study now**, or `/study review` anywhere.\n"
            "-# You asked for this reminder; `/study settings reminder:off` stops it.")


class StudyReminders:
    def __init__(self, client: discord.Client, study: Study, timers: Timers) -> None:
        self.client, self.study, self.timers = client, study, timers

    async def start(self) -> None:
        """Give a timer to each player who asked and has none (a database from before the timers);
        the cog hooks ``look`` as the timers' handler."""
        have = await self.timers.store.keys(STUDY_REMINDER)
        now = self.timers.clock()
        for user_id, time in (await self.study.reminder_times()).items():
            if str(user_id) not in have:
                await follow(self.timers.store, user_id, time, now)

    async def look(self, timer: Timer) -> dt.datetime | None:
        """A player's timer: their reminder, if due; the next reminder time (None: turned off)."""
        user_id, now = int(timer.key), self.timers.clock()
        reminder = await self.study.to_remind(user_id, now)
        if reminder is not None and await self.study.claim_reminder(user_id, reminder.day):
            await self.send(reminder)
            await asyncio.sleep(PACE)
        time = await self.study.reminder_time(user_id)
        return None if time is None else next_time([time], self.timers.clock())

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
