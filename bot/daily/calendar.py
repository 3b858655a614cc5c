"""Schedules and due posts of every daily game: ids in, schedules and dates out; no Discord."""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable
from dataclasses import dataclass

from bot.config import shard_of
from bot.daily.schedule import Play, Schedule, parse_post_time, parse_timezone
from bot.daily.store import DailyStore
from bot.daily.zones import shown_zone
from bot.db import Database
from bot.plugins import GameInfo

Clock = Callable[[], dt.datetime]
GuildFilter = Callable[[int], bool]


@dataclass(frozen=True, slots=True)
class Shards:
    """The shards ``ids`` of ``count``: a cluster makes the posts of the guilds on them. As a
    ``posts_for`` filter, it is applied by the database's query rather than to every schedule."""

    ids: tuple[int, ...]
    count: int

    @classmethod
    def of(cls, ids: tuple[int, ...] | None, count: int | None) -> Shards | None:
        """The shards a process runs (its settings' ``shard_ids`` and ``shard_count``); None when all."""
        return None if ids is None or count is None else cls(tuple(ids), count)

    def __call__(self, guild_id: int) -> bool:
        return shard_of(guild_id, self.count) in self.ids


class NoSchedule(LookupError):
    """The guild does not run this daily game (or its first post is still to come); the message
    says how to start it (or when it comes). ``not_yet``: the game is set up, its first post to come."""

    def __init__(self, message: str, *, not_yet: bool = False) -> None:
        super().__init__(message)
        self.not_yet = not_yet


def utc_now() -> dt.datetime:
    return dt.datetime.now(dt.UTC)


class DailyCalendar:
    """Every daily game's schedules over the store. ``clock`` returns the current aware UTC time.
    ``posts_for(guild_id)`` says whether this process makes the guild's posts (a cluster makes
    those of the guilds on its shards: pass ``Shards``, and the database picks them); by default
    it makes every guild's."""

    def __init__(self, db: Database, clock: Clock | None = None, posts_for: GuildFilter | Shards | None = None) -> None:
        self.store = DailyStore(db)
        self.clock = clock or utc_now
        self.posts_for = posts_for or (lambda guild_id: True)

    async def setup(self, game: GameInfo, guild_id: int, channel_id: int, time: str, timezone: str,
                    user_id: int, play: Play | None = None, ping_role: int | None = None) -> Schedule:
        """Start (or move) the game's daily post. ``play``: the style of its next posts; None
        keeps the schedule's (solo for a new one). ``ping_role``: the role its posts ping; None
        keeps the schedule's (none for a new one)."""
        post_time, zone = parse_post_time(time), parse_timezone(timezone)
        await self.store.set_schedule(game.key, guild_id, channel_id, post_time, zone, user_id, play, ping_role)
        return await self.store.schedule(game.key, guild_id)

    async def set_play(self, game: GameInfo, guild_id: int, play: Play, user_id: int) -> Schedule:
        """Switch the style of the game's next posts (a day already posted keeps its own); the
        schedule after the switch (a stopped one too), or NoSchedule when the guild never set one up."""
        if not await self.store.set_play(game.key, guild_id, play, user_id):
            raise NoSchedule(_never_set_up(game))
        return await self.store.schedule(game.key, guild_id)

    async def play_style(self, game: GameInfo | str, guild_id: int, date: dt.date) -> Play:
        """How the guild plays the game on ``date``: the style its post of that day was made with;
        a day not posted (yet) has the schedule's style of now; a guild without a schedule, solo."""
        key = game if isinstance(game, str) else game.key
        posted = await self.store.post_play(key, guild_id, date)
        if posted is not None:
            return posted
        schedule = await self.store.schedule(key, guild_id)
        return schedule.play if schedule is not None else Play.SOLO

    async def first_post(self, schedule: Schedule) -> tuple[dt.datetime, bool]:
        """When a schedule's next post comes, and whether that is now (today's time has passed and
        its post is not made). A day already posted (before a change of time zone or post time)
        is not posted again: the next post is of the day after it."""
        now = self.clock()
        date = schedule.local_date(now)
        due = schedule.is_due(now)
        newest = await self.store.newest_post_day(schedule.game, schedule.guild_id, since=date)
        if due and newest is None:
            return now, True
        day = date + dt.timedelta(days=due)
        if newest is not None:
            day = max(day, newest + dt.timedelta(days=1))
        return schedule.post_instant(day), False

    async def stop(self, game: GameInfo, guild_id: int, user_id: int) -> bool:
        return await self.store.stop_schedule(game.key, guild_id, user_id)

    async def schedule(self, game: GameInfo, guild_id: int) -> Schedule:
        """The guild's active schedule of the game, or NoSchedule saying how to start one."""
        schedule = await self.store.schedule(game.key, guild_id)
        if schedule is None:
            raise NoSchedule(_never_set_up(game))
        if not schedule.active:
            raise NoSchedule(f"The {game.title} is stopped in this server. "
                             f"Someone with Manage Server can restart it with /{game.command} setup.")
        return schedule

    async def today(self, game: GameInfo, guild_id: int) -> tuple[Schedule, dt.date]:
        """The guild's schedule and the day being played: a day's post is played from when it is
        made until the game's next post. That is the schedule's local day once its post time has
        passed, or the newest post made since the local yesterday if that is newer: a change of
        time zone or post time (which moves the schedule's clock, not the posts) never takes
        the posted day away. Before a new schedule's first post there is nothing to play."""
        schedule = await self.schedule(game, guild_id)
        now = self.clock()
        date = schedule.local_date(now)
        posted = await self.store.newest_post_day(game.key, guild_id, since=date - dt.timedelta(days=1))
        due = date if schedule.is_due(now) else None
        days = [day for day in (due, posted) if day is not None]
        if days:
            return schedule, max(days)
        raise NoSchedule(f"The first {game.thing} of the {game.title} arrives at {schedule.post_time:%H:%M} "
                         f"({shown_zone(schedule.timezone)}). See you then!", not_yet=True)

    async def next_look(self, schedule: Schedule, now: dt.datetime) -> dt.datetime:
        """When the schedule's poster must look next: its next post, or sooner the retry of today's."""
        post, upcoming = await self.todays_post(schedule, now), schedule.next_post(now)
        return min(upcoming, post[1]) if post is not None and post[1] > now else upcoming

    async def posting_schedules(self) -> list[Schedule]:
        """The active schedules whose posts this process makes."""
        if isinstance(self.posts_for, Shards):
            return await self.store.active_schedules(self.posts_for.ids, self.posts_for.count)
        return [schedule for schedule in await self.store.active_schedules() if self.posts_for(schedule.guild_id)]

    async def todays_post(self, schedule: Schedule, now: dt.datetime) -> tuple[dt.date, dt.datetime] | None:
        """The schedule's post of its local today if it is not made yet (nor a later day's), and
        when it may be (re)tried: its post time, or the retry time of an unconfirmed claim."""
        date = schedule.local_date(now)
        if not schedule.is_due(now):
            return None
        state = await self.store.post_state(schedule.game, schedule.guild_id, date)
        if state is None:
            # A zone moved west can make the local today older than a day already posted:
            # that post stays until the next day's, never followed by an older one.
            if await self.store.newest_post_day(schedule.game, schedule.guild_id, since=date) is None:
                return date, schedule.post_instant(date)
        elif state.message_id is None and state.skipped is None and state.retry_at is not None:
            return date, state.retry_at
        return None


def _never_set_up(game: GameInfo) -> str:
    return (f"There is no {game.title} in this server yet. "
            f"Someone with Manage Server can start one with /{game.command} setup.")
