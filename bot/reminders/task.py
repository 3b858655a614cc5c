"""The streak reminders: for each daily game's schedule in a server where someone asked, a few
hours before the day being played ends, a private message to each player who asked, has a streak
of 3 days or more and has not played that day.

Each such schedule has a timer of the platform's (``bot.timers``, kind ``streak-reminder``, keyed
game:guild) due at its next reminder: set when someone asks, moved when the server's schedules
change, and fired by the cluster running the server's shard. A reminder is claimed in the
database before it is sent, so it goes out at most once, across restarts and clusters; one that
fails is not retried (a late reminder is worse than none). A player whose direct messages are
closed (Discord's error 50007) has their reminders turned off rather than failing every day.
Messages are paced well inside Discord's rate limits: one schedule's reminders at a time. A day
played together counts the player's together streak (``bot.days.together``: a day they found, or
played, a word for the team), and the reminder points to the day's thread.
"""

from __future__ import annotations

import asyncio
import datetime as dt
import logging

import discord

from bot.daily.calendar import DailyCalendar
from bot.daily.schedule import Play, Schedule
from bot.days.store import BoardsStore
from bot.days.team_store import TeamStore
from bot.plugins import DAILY_GAMES
from bot.reminders.store import ReminderStore
from bot.reminders.text import reminder_text
from bot.timers.service import Timers
from bot.timers.store import Timer, keyed
from solvers.screen import quoted

log = logging.getLogger(__name__)

STREAK_REMINDER = "streak-reminder"
REMIND_BEFORE = dt.timedelta(hours=3)
"""How long before the day being played ends (the game's next post) a reminder comes."""
PACE = 0.25
"""Seconds between two reminders (each is two requests: open the DM, send): far inside Discord's
global limit of 50 requests a second, leaving room for the bot's other work."""
CANNOT_DM = 50007


def day_played(schedule: Schedule, now: dt.datetime) -> tuple[dt.date, dt.datetime]:
    """The day being played at ``now`` by the schedule's clock, and when it ends (its next post)."""
    date = schedule.local_date(now)
    if not schedule.is_due(now):
        date -= dt.timedelta(days=1)
    return date, schedule.post_instant(date + dt.timedelta(days=1))


def next_reminder(schedule: Schedule, now: dt.datetime) -> dt.datetime:
    """The first moment after ``now`` at which a reminder of the schedule falls due."""
    date, ends = day_played(schedule, now)
    at = ends - REMIND_BEFORE
    return at if at > now else schedule.post_instant(date + dt.timedelta(days=2)) - REMIND_BEFORE


class StreakReminders:
    def __init__(self, client: discord.Client, calendar: DailyCalendar, timers: Timers) -> None:
        self.client, self.calendar, self.timers = client, calendar, timers
        self.store = ReminderStore(calendar.store.db)
        self.boards = BoardsStore(calendar.store.db)

    async def start(self) -> None:
        """Give a timer to each schedule of a server where someone asked that has none (a database
        from before the timers); the cog hooks ``look`` as the timers' handler."""
        have, asking = await self.timers.store.keys(STREAK_REMINDER), await self.store.asking_guilds()
        for schedule in await self.calendar.posting_schedules():
            if schedule.guild_id in asking and keyed(schedule.game, schedule.guild_id) not in have:
                await self._arm(schedule, self.calendar.clock())

    async def ask(self, guild_id: int, user_id: int) -> bool:
        """The player wants reminders in this server (False: they did already); the server's
        schedules get their reminder timers."""
        if not await self.store.ask(guild_id, user_id):
            return False
        await self.schedules_changed(guild_id)
        return True

    async def schedules_changed(self, guild_id: int) -> None:
        """Someone asked in the server, or its schedules changed: each of its schedules looks now."""
        if not await self.store.anyone_in(guild_id):
            return
        now = self.calendar.clock()
        for schedule in await self.calendar.store.guild_schedules(guild_id):
            await self._arm(schedule, now)

    async def _arm(self, schedule: Schedule, when: dt.datetime) -> None:
        await self.timers.at(STREAK_REMINDER, keyed(schedule.game, schedule.guild_id), when, {"game": schedule.game},
                             guild_id=schedule.guild_id)

    async def look(self, timer: Timer) -> dt.datetime | None:
        """A schedule's timer: send its reminders if due; when to look next (None: nobody asks in
        the server any more, or the schedule stopped)."""
        guild_id = timer.guild_id or 0
        schedule = await self.calendar.store.schedule(timer.payload["game"], guild_id)
        if schedule is None or not schedule.active or not await self.store.anyone_in(guild_id):
            return None
        now = self.calendar.clock()
        await self.remind(schedule, now)
        return next_reminder(schedule, self.calendar.clock())

    async def remind(self, schedule: Schedule, now: dt.datetime) -> int:
        """Send the schedule's reminders due at ``now``; how many were sent."""
        day, ends = day_played(schedule, now)
        if not (ends - REMIND_BEFORE <= now < ends) or schedule.game not in DAILY_GAMES:
            return 0
        if not await self.calendar.store.has_post(schedule.game, schedule.guild_id, day):
            return 0  # the day was never posted: nothing to keep a streak with
        guild = self.client.get_guild(schedule.guild_id)
        if guild is None:
            return 0
        game, where = DAILY_GAMES[schedule.game], schedule.channel_id
        together = await self.calendar.play_style(schedule.game, schedule.guild_id, day) is Play.TOGETHER
        if together and game.together is None:
            return 0
        days_of = game.together if together else game.key
        if together and (room := await TeamStore(self.store.db).team_day(game.key, schedule.guild_id, day)):
            where = room.channel_id  # the day's thread
        sent = 0
        for user_id in await self.store.due(schedule.game, schedule.guild_id, day, days_of):
            if await self.boards.day_results(days_of, schedule.guild_id, user_id, day, day):
                continue  # started today (a chain of the box not solved yet)
            if not await self.store.claim(schedule.guild_id, user_id, schedule.game, day, self.calendar.clock()):
                continue
            runs = await self.boards.streaks(days_of, schedule.guild_id, user_id)
            text = reminder_text(game, runs[0].days if runs else 0, quoted(guild.name, "your server"), where, ends,
                                 together)
            outcome = await self._send(user_id, text, schedule.guild_id)
            await self.store.outcome(schedule.guild_id, user_id, schedule.game, day, outcome)
            sent += outcome == "sent"
            await asyncio.sleep(PACE)
        return sent

    async def _send(self, user_id: int, text: str, guild_id: int) -> str:
        try:
            user = self.client.get_user(user_id) or await self.client.fetch_user(user_id)
            await user.send(text, allowed_mentions=discord.AllowedMentions.none())
        except discord.Forbidden as error:
            if error.code != CANNOT_DM:
                return "refused"
            await self.store.stop(guild_id, user_id)  # closed DMs: stop asking Discord every day
            log.info("Player %s takes no direct messages; their streak reminders are off", user_id)
            return "dms closed"
        except discord.HTTPException:
            log.warning("A streak reminder to %s failed", user_id, exc_info=True)
            return "failed"
        return "sent"
