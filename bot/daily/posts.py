"""The one task that makes every daily game's post in every guild, exactly once.

A game registers ``daily_message(guild_id, day)``. The task wakes when the next post (or retry)
falls due, at least hourly, and when a schedule changes. For each due (game, guild, day):

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

A bot that was down at post time posts when it is back; one killed mid-post finishes the post
after restart. A cluster (a process running some of the shards) posts only for the guilds on its
shards (``DailyCalendar.posts_for``): while it is down, its guilds' posts wait for it, and the
claim still keeps two processes from posting the same day. Changing a schedule never interrupts
a post in flight: it only wakes the task.
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

log = logging.getLogger(__name__)

MAX_SLEEP = 3600.0  # look again at least hourly
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


DailyMessageMaker = Callable[[int, dt.date], Awaitable[DailyMessage]]
AfterPost = Callable[[Schedule, dt.date, discord.Message], Awaitable[None]]
"""What a game does once its day's post is made (the together game: the day's thread)."""


class DailyPoster:
    def __init__(self, client: discord.Client, calendar: DailyCalendar) -> None:
        self.client = client
        self.calendar = calendar
        self.makers: dict[str, DailyMessageMaker] = {}
        self.after_posts: dict[str, AfterPost] = {}
        self._task: asyncio.Task | None = None
        self._sleeping = False  # the task is between rounds (safe to cancel), not posting
        self._look_again = False

    def register(self, game: str, daily_message: DailyMessageMaker, after_post: AfterPost | None = None) -> None:
        self.makers[game] = daily_message
        if after_post is not None:
            self.after_posts[game] = after_post

    def unregister(self, game: str) -> None:
        self.makers.pop(game, None)
        self.after_posts.pop(game, None)

    def restart(self) -> None:
        """Start the task, or make it look at the schedules again: at once when it sleeps, after
        the round in progress when it is posting (a post in flight is never interrupted)."""
        if self._task is not None and not self._task.done() and not self._sleeping:
            self._look_again = True
            return
        self.stop()
        self._task = asyncio.create_task(self._post_forever(), name="daily-posts")

    def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()
            self._task = None

    async def _post_forever(self) -> None:
        await self.client.wait_until_ready()
        while True:
            self._look_again = False
            try:
                for schedule, date in await self.calendar.due_posts():
                    await self.post(schedule, date)
                wake = await self.calendar.next_post_time()
            except Exception as error:
                report_failure(error, where="daily", what="The daily-post task failed; trying again shortly",
                               logger=log)
                wake = self.calendar.clock() + dt.timedelta(seconds=RETRY_SECONDS[0])
            if self._look_again:
                continue
            delay = MAX_SLEEP if wake is None else (wake - self.calendar.clock()).total_seconds()
            self._sleeping = True
            try:
                await asyncio.sleep(max(1.0, min(delay, MAX_SLEEP)))
            finally:
                self._sleeping = False

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
