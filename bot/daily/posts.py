"""Every daily game's post in every guild, exactly once.

A game registers ``daily_message(guild_id, day)``. Each (game, guild) schedule has a timer of the
platform's (``bot.timers``, kind ``daily-post``) due at its next post (or retry): a change of
schedule moves the guild's timers to now, and the timer's handler looks. For a due (game, guild, day):

1. claim the post in the database: one claim per day can exist; an unconfirmed claim may be
   taken over only after its ``retry_at`` (a crashed or failed attempt);
2. on a take-over, look in the channel first: a send may have reached Discord before a crash or
   a lost reply, and then the message found is recorded instead of posting again;
3. build the message and send it, within a time limit;
4. record the message id. Any failure (an error from Discord, a dropped connection, a picture
   that fails to render, a time-out) keeps the claim and retries it later, backing off from
   one minute to an hour. Only a refusal for good (no access, channel gone) skips the day. A
   database that is down (``bot.db.outage``) is logged as a warning, without a traceback: the
   post waits for it, as it does for Discord.

A bot that was down at post time posts when it is back (its timers are due); one killed mid-post
finishes the post after restart. A cluster (a process running some of the shards) fires the
timers of the guilds on its shards only: while it is down, its guilds' posts wait for it, and the
claim still keeps two processes from posting the same day. A schedule without a timer (a database
from before the timers) gets one at start-up (``start``).
"""

from __future__ import annotations

import asyncio
import datetime as dt
import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field

import discord

from bot.daily.calendar import DailyCalendar
from bot.daily.schedule import Schedule
from bot.daily.store import Claim
from bot.db.outage import report_failure
from bot.observe import metrics
from bot.timers.service import Timers
from bot.timers.store import Timer, keyed

log = logging.getLogger(__name__)

DAILY_POST = "daily-post"  # the kind of the schedules' timers, keyed game:guild
AT_ONCE = 4  # posts made at the same time (each in its own channel)
NOT_LOADED = dt.timedelta(hours=1)  # a game not loaded (its cog failed): its timer looks again then
CLAIM_SECONDS = 120.0  # a claim not confirmed by then may be taken over (the claimant died)
SEND_TIMEOUT = 60.0
RETRY_SECONDS = (60.0, 300.0, 900.0, 3600.0)  # back-off after the 1st, 2nd, 3rd, later failures
HISTORY_LOOKBACK = 50  # messages read when checking whether a post already went out


@dataclass(slots=True)
class DailyMessage:
    """A day's post. Built afresh for every send (a discord.File can be sent only once)."""

    embeds: list[discord.Embed]
    files: list[discord.File] = field(default_factory=list)
    view: discord.ui.View | None = None


POST_LINES = 20  # a public post fits a phone screen: at most this many lines
POST_CHARS = 1500  # and this many characters (Discord's own limit is 6,000 over a message's embeds)


def message_size(content: str | None, embeds: list[discord.Embed]) -> tuple[int, int]:
    """The lines and characters a message shows: its content, and each embed's title, description,
    fields and footer, a line each text line."""
    texts = [content or ""]
    for embed in embeds:
        texts += [embed.title or "", embed.description or "", embed.footer.text or ""]
        texts += [f"{field.name}\n{field.value}" for field in embed.fields]
    shown = [text for text in texts if text]
    return sum(len(text.splitlines()) for text in shown), sum(len(text) for text in shown)


DailyMessageMaker = Callable[[int, dt.date], Awaitable[DailyMessage]]
AfterPost = Callable[[Schedule, dt.date, discord.Message], Awaitable[None]]
"""What a game does once its day's post is made (the together game: the day's thread)."""
ScheduleListener = Callable[[int], Awaitable[None]]
"""Told a guild's id when its schedules change (the streak reminders move their timers)."""


class DailyPoster:
    def __init__(self, client: discord.Client, calendar: DailyCalendar, timers: Timers) -> None:
        self.client = client
        self.calendar = calendar
        self.timers = timers
        self.makers: dict[str, DailyMessageMaker] = {}
        self.after_posts: dict[str, AfterPost] = {}
        self.listeners: list[ScheduleListener] = []
        timers.handle(DAILY_POST, self._look, at_once=AT_ONCE)

    def register(self, game: str, daily_message: DailyMessageMaker, after_post: AfterPost | None = None) -> None:
        self.makers[game] = daily_message
        if after_post is not None:
            self.after_posts[game] = after_post

    def unregister(self, game: str) -> None:
        self.makers.pop(game, None)
        self.after_posts.pop(game, None)

    def listen(self, listener: ScheduleListener) -> None:
        self.listeners.append(listener)

    def unlisten(self, listener: ScheduleListener) -> None:
        if listener in self.listeners:
            self.listeners.remove(listener)

    async def start(self) -> None:
        """Give every schedule this process posts for a timer, where it has none (a database from
        before the timers, or a schedule set by another process that made none)."""
        have = await self.timers.store.keys(DAILY_POST)
        for schedule in await self.calendar.posting_schedules():
            if keyed(schedule.game, schedule.guild_id) not in have:
                await self._arm(schedule.game, schedule.guild_id, self.calendar.clock())

    async def changed(self, guild_id: int) -> None:
        """The guild's schedules changed (set up, moved, stopped; its time zone is every game's):
        each is looked at now, and the listeners are told."""
        now = self.calendar.clock()
        for schedule in await self.calendar.store.guild_schedules(guild_id):
            await self._arm(schedule.game, guild_id, now)
        for listener in list(self.listeners):
            await listener(guild_id)

    async def _arm(self, game: str, guild_id: int, when: dt.datetime) -> None:
        await self.timers.at(DAILY_POST, keyed(game, guild_id), when, {"game": game}, guild_id=guild_id)

    async def _look(self, timer: Timer) -> dt.datetime | None:
        """A schedule's timer: make its post if due; when to look next (None: the schedule stopped)."""
        schedule = await self.calendar.store.schedule(timer.payload["game"], timer.guild_id or 0)
        if schedule is None or not schedule.active:
            return None
        now = self.calendar.clock()
        if schedule.game not in self.makers:
            log.warning("No daily game %r is loaded; its posts wait", schedule.game)
            return now + NOT_LOADED
        post = await self.calendar.todays_post(schedule, now)
        if post is not None and post[1] <= now:
            await self.post(schedule, post[0])
        return await self.calendar.next_look(schedule, self.calendar.clock())

    async def post(self, schedule: Schedule, date: dt.date) -> bool:
        """Make the guild's post of ``date`` unless it was made (or is being made). False when it
        failed and will be retried."""
        maker = self.makers.get(schedule.game)
        if maker is None:
            log.warning("No daily game %r is loaded; its posts wait", schedule.game)
            return True
        store, now = self.calendar.store, self.calendar.clock()
        claim = await store.claim_post(schedule.game, schedule.guild_id, date, schedule.channel_id, now,
                                       now + dt.timedelta(seconds=CLAIM_SECONDS), schedule.play)
        if claim is None:
            return True
        try:
            message = await maker(schedule.guild_id, date)
            channel = self.client.get_channel(schedule.channel_id) or await self.client.fetch_channel(
                schedule.channel_id)
            sent = await self._already_sent(channel, claim, message) if claim.attempts > 1 else None
            if sent is None:
                async with asyncio.timeout(SEND_TIMEOUT):
                    sent = await self._send(channel, message, schedule.ping_role)
        except (discord.Forbidden, discord.NotFound) as error:
            log.warning("Cannot post %s in channel %s of guild %s (%s); skipping %s",
                        schedule.game, schedule.channel_id, schedule.guild_id, error, date)
            metrics.daily_failed(schedule.game, "skip")
            await store.skip(claim, f"{type(error).__name__}: {error}")
            return True
        except Exception as error:
            retry = RETRY_SECONDS[min(claim.attempts, len(RETRY_SECONDS)) - 1]
            report_failure(error, where="daily", what=f"Posting {schedule.game} of {date} in guild {schedule.guild_id} "
                           f"failed (attempt {claim.attempts}); retrying in {retry:.0f} s", guild_id=schedule.guild_id,
                           logger=log)
            metrics.daily_failed(schedule.game, "retry")
            await store.retry_later(claim, self.calendar.clock() + dt.timedelta(seconds=retry))
            return False
        await store.confirm(claim, sent.id)
        metrics.daily_posted(schedule, date, claim, now)
        log.info("Posted %s of %s in guild %s", schedule.game, date, schedule.guild_id)
        await self._after_post(schedule, date, sent)
        return True

    async def _after_post(self, schedule: Schedule, date: dt.date, sent: discord.Message) -> None:
        """The game's follow-up of a post made; a failure is logged (the game picks it up again
        when it resumes after a restart: the post is made and recorded either way)."""
        after = self.after_posts.get(schedule.game)
        if after is None:
            return
        try:
            await after(schedule, date, sent)
        except Exception as error:
            report_failure(error, where="daily", what=f"The follow-up of the {schedule.game} post of {date} in guild "
                           f"{schedule.guild_id} failed", guild_id=schedule.guild_id, logger=log)

    @staticmethod
    async def _send(channel: discord.abc.Messageable, message: DailyMessage, ping_role: int | None) -> discord.Message:
        """Send a post; it pings the schedule's role (the only ping the bot sends) while that role exists."""
        guild = getattr(channel, "guild", None)
        ping = ping_role is not None and guild is not None and guild.get_role(ping_role) is not None
        mentions = discord.AllowedMentions(everyone=False, users=False, replied_user=False,
                                           roles=[discord.Object(ping_role)] if ping else False)
        return await channel.send(content=f"<@&{ping_role}>" if ping else None, embeds=message.embeds,
                                  files=message.files, allowed_mentions=mentions,
                                  **({"view": message.view} if message.view else {}))

    async def _already_sent(self, channel: discord.abc.Messageable, claim: Claim,
                            message: DailyMessage) -> discord.Message | None:
        """Our post of the claim's day, if an earlier attempt did reach the channel."""
        title = message.embeds[0].title if message.embeds else None
        after = claim.first_claimed - dt.timedelta(minutes=1)
        async for earlier in channel.history(limit=HISTORY_LOOKBACK, after=after, oldest_first=False):
            if earlier.author.id == self.client.user.id and earlier.embeds and earlier.embeds[0].title == title:
                log.info("Found the %s post of %s in guild %s already sent; recording it",
                         claim.game, claim.day, claim.guild_id)
                return earlier
        return None
