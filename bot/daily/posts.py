"""The one task that makes every daily game's post in every guild, exactly once.

A game registers ``daily_message(guild_id, day)``; the task wakes when the next post falls
due (and at least hourly), and for each due (game, guild, day): builds the message, claims
the post in the database (only one claim per day can ever succeed), sends, and records the
message id. A send that Discord refuses for good (no access, channel gone) skips the day; any
other Discord error releases the claim and the post is retried a few minutes later. A bot
that was down at post time posts as soon as it is back.
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

log = logging.getLogger(__name__)

MAX_SLEEP = 3600.0  # look again at least hourly
RETRY_AFTER_FAILURE = 300.0


@dataclass(slots=True)
class DailyMessage:
    """A day's post. Built afresh for every send (a discord.File can be sent only once)."""

    embeds: list[discord.Embed]
    files: list[discord.File] = field(default_factory=list)
    view: discord.ui.View | None = None


DailyMessageMaker = Callable[[int, dt.date], Awaitable[DailyMessage]]


class DailyPoster:
    def __init__(self, client: discord.Client, calendar: DailyCalendar) -> None:
        self.client = client
        self.calendar = calendar
        self.makers: dict[str, DailyMessageMaker] = {}
        self._task: asyncio.Task | None = None

    def register(self, game: str, daily_message: DailyMessageMaker) -> None:
        self.makers[game] = daily_message

    def unregister(self, game: str) -> None:
        self.makers.pop(game, None)

    def restart(self) -> None:
        """(Re)start the task, e.g. after a schedule changed."""
        self.stop()
        self._task = asyncio.create_task(self._post_forever(), name="daily-posts")

    def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()
            self._task = None

    async def _post_forever(self) -> None:
        await self.client.wait_until_ready()
        while True:
            failed = False
            try:
                for schedule, date in await self.calendar.due_posts():
                    failed |= not await self.post(schedule, date)
                wake = await self.calendar.next_post_time()
            except Exception:
                log.exception("The daily-post task failed; trying again shortly")
                wake, failed = None, True
            delay = MAX_SLEEP if wake is None else (wake - self.calendar.clock()).total_seconds()
            await asyncio.sleep(max(1.0, min(delay, RETRY_AFTER_FAILURE if failed else MAX_SLEEP)))

    async def post(self, schedule: Schedule, date: dt.date) -> bool:
        """Make the guild's post of ``date`` unless it was made already. False when it should be retried."""
        maker = self.makers.get(schedule.game)
        if maker is None:
            log.warning("No daily game %r is loaded; its posts wait", schedule.game)
            return True
        store = self.calendar.store
        message = await maker(schedule.guild_id, date)
        if not await store.claim_post(schedule.game, schedule.guild_id, date, schedule.channel_id):
            return True
        try:
            channel = self.client.get_channel(schedule.channel_id) or await self.client.fetch_channel(schedule.channel_id)
            sent = await channel.send(embeds=message.embeds, files=message.files,
                                      **({"view": message.view} if message.view else {}))
        except (discord.Forbidden, discord.NotFound):
            log.warning("Cannot post %s in channel %s of guild %s: missing access or deleted; skipping %s",
                        schedule.game, schedule.channel_id, schedule.guild_id, date)
            return True
        except discord.HTTPException:
            log.exception("Posting %s in guild %s failed; will retry", schedule.game, schedule.guild_id)
            await store.release_post(schedule.game, schedule.guild_id, date)
            return False
        await store.set_post_message(schedule.game, schedule.guild_id, date, sent.id)
        log.info("Posted %s of %s in guild %s", schedule.game, date, schedule.guild_id)
        return True
