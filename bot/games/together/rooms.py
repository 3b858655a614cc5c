"""The daily games played together, in Discord: each together day's room, for any daily game.

A room is where a server's together day is played: a public thread opened on the day's post
(or the game's channel, when the bot may not open threads or the thread is gone), registered
with the chat router (``bot.chat``) so typed words are read there, with one live progress
message at its top (``bot.chat.live``), rendered from the database at each turn. A room knows
its day (``bot.daily.play.Day``) and hands it, with the router's words, to the game: a typed
move reads neither again. Rooms live in memory; what they stand on (``team_days``) is in the
database, so a restart opens them again with the same thread and message (``resume``). A game
plugs in a ``RoomGame``: its letters, its move, how a move shows (reactions, news for the room)
and its progress message.

Where two games play together in one channel, each plays in its own thread; the channel itself
reads mentions for the first game whose room took it.
"""

from __future__ import annotations

import asyncio
import datetime as dt
import logging
from typing import TYPE_CHECKING

import discord

from bot.chat.outcome import Outcome, Place, Player
from bot.chat.room import Room, open_thread
from bot.daily.play import Day
from bot.daily.schedule import Play, Schedule
from bot.days.team_store import TeamDay
from bot.db.outage import report_failure
from bot.games.together.room_game import DayRoom, News, RoomGame

if TYPE_CHECKING:
    from bot.daily.play import DailyPlay
    from bot.daily.posts import DailyMessageMaker
    from bot.hookups import Hookups
    from bot.host import Host

log = logging.getLogger(__name__)

QUIET = discord.AllowedMentions.none()
ARCHIVE_MINUTES = 1440  # a day: the thread stays open while the day is played


class Rooms:
    def __init__(self, bot: Host, game: RoomGame) -> None:
        self.bot = bot
        self.game = game
        self.info = game.info
        self.store = game.store
        self.calendar = game.calendar
        self.rooms: dict[int, DayRoom] = {}  # by guild: the game's together day in play
        self._resuming: asyncio.Task[None] | None = None
        self._tasks: set[asyncio.Task] = set()

    def hook(self, hooks: Hookups, days: DailyPlay, daily_message: DailyMessageMaker) -> None:
        """A daily game played together, hooked into the platform: its posts (a post opens the
        day's room), its days' places (the day's thread), the threads it watches, and its rooms,
        opened again now (after a restart) and closed as its cog unloads."""
        hooks.daily(self.info.key, daily_message, self.after_post)
        hooks.add(lambda: days.add_places(self.places), lambda: days.remove_places(self.places))
        hooks.thread_watcher(self)
        hooks.add(self.resume_soon, self.close_all)

    # ------------------------------------------------------------------ opening and closing

    async def after_post(self, schedule: Schedule, date: dt.date, post: discord.Message) -> None:
        """The day's post is made: yesterday's together day gets its recap in its thread; a together
        day opens its room (a thread on the post); a solo day closes yesterday's room."""
        await self._recap(schedule, date - dt.timedelta(days=1))
        if await self.calendar.play_style(self.info, schedule.guild_id, date) is not Play.TOGETHER:
            await self.close(schedule.guild_id)
            return
        day = await self.store.team_day(self.info.key, schedule.guild_id, date)
        if day is None:
            thread = await open_thread(post, self.game.thread_name(date), ARCHIVE_MINUTES, f"the {self.info.key} day")
            day = await self.store.open_day(self.info.key, schedule.guild_id, date, thread or schedule.channel_id)
        await self.enter(schedule, day)

    async def _recap(self, schedule: Schedule, date: dt.date) -> None:
        """Post a together day's recap in its thread, once (claimed first: a failure loses the recap,
        never doubles it). A day played in the game's channel (no thread) gets none: the channel stays short."""
        day = await self.store.team_day(self.info.key, schedule.guild_id, date)
        if day is None or day.channel_id == schedule.channel_id:
            return
        if not await self.store.claim_recap(self.info.key, schedule.guild_id, date, self.calendar.clock()):
            return
        try:
            await self.bot.get_partial_messageable(day.channel_id).send(
                **await self.game.recap(schedule.guild_id, date), allowed_mentions=QUIET)
        except discord.HTTPException as error:
            log.warning("Could not post the %s recap of %s in %s: %s", self.info.key, date, day.channel_id, error)

    async def enter(self, schedule: Schedule, day: TeamDay) -> None:
        """Open the day's room in this process: its places read typed words; its progress message
        is sent when it has none, else shown again from the database."""
        await self.close(day.guild_id)
        letters, answers = await self.game.letters(day.day), await self.game.answers(day.day)
        places = frozenset((schedule.channel_id, day.channel_id))
        room = DayRoom(Day(self.info, day.guild_id, day.day, Play.TOGETHER, schedule, places), schedule.channel_id,
                       day.channel_id, day.message_id, Room(self.bot.chat, f"the {self.info.key} progress in guild "
                                                                           f"{day.guild_id}"))
        self.rooms[day.guild_id] = room
        room.room.read({place_id: Place(letters, self._taker(room), plain=plain, commands=self.game.commands,
                                        answers=answers)
                        for place_id, plain in {day.channel_id: day.channel_id != schedule.channel_id,
                                                schedule.channel_id: False}.items()})
        self._show(room)
        if room.message_id is None:
            await self._send_progress(room)
        else:
            room.room.changed()

    async def close(self, guild_id: int) -> None:
        room = self.rooms.pop(guild_id, None)
        if room is not None:
            await room.room.close()

    async def close_all(self) -> None:
        if self._resuming is not None:
            self._resuming.cancel()
        for guild_id in list(self.rooms):
            await self.close(guild_id)

    async def places(self, schedule: Schedule, date: dt.date, play: Play) -> list[int]:
        """A together day is played in its thread too (``bot.daily.play``'s places hook)."""
        if play is not Play.TOGETHER:
            return []
        day = await self.store.team_day(self.info.key, schedule.guild_id, date)
        return [day.channel_id] if day is not None else []

    def resume_soon(self) -> None:
        """After a restart: open the rooms of today's together days of this process's servers."""
        self._resuming = asyncio.create_task(self._resume(), name=f"{self.info.key} rooms")

    async def _resume(self) -> None:
        await self.bot.wait_until_ready()
        for schedule in await self.calendar.store.active_schedules(*self._shards()):
            if schedule.game != self.info.key:
                continue
            try:
                await self._resume_one(schedule)
            except Exception as error:
                report_failure(error, where="background", what=f"Could not open the {self.info.key} room again in "
                               f"guild {schedule.guild_id}", guild_id=schedule.guild_id, logger=log)

    def _shards(self) -> tuple:
        ids, count = getattr(self.bot, "shard_ids", None), getattr(self.bot, "shard_count", None)
        return (tuple(ids), count) if ids and count else ()

    async def _resume_one(self, schedule: Schedule) -> None:
        _, date = await self.calendar.today(self.info, schedule.guild_id)
        if await self.calendar.store.post_play(self.info.key, schedule.guild_id, date) is not Play.TOGETHER:
            return
        day = await self.store.team_day(self.info.key, schedule.guild_id, date)
        if day is not None:
            await self.enter(schedule, day)
            return
        state = await self.calendar.store.post_state(self.info.key, schedule.guild_id, date)
        if state is not None and state.message_id is not None:  # posted, but stopped before its room opened
            post = await self.bot.get_partial_messageable(schedule.channel_id).fetch_message(state.message_id)
            await self.after_post(schedule, date, post)

    # ------------------------------------------------------------------ the thread's fate

    async def thread_gone(self, thread_id: int) -> None:
        """The day's thread was deleted or locked: the game's channel is the room from now on."""
        room = next((r for r in self.rooms.values() if r.place_id == thread_id != r.channel_id), None)
        if room is None:
            return
        log.info("The %s thread %s of guild %s is gone; playing on in the channel", self.info.key, thread_id,
                 room.guild_id)
        await self.store.move_day(self.info.key, room.guild_id, room.date, room.channel_id)
        schedule = await self.calendar.store.schedule(self.info.key, room.guild_id)
        day = await self.store.team_day(self.info.key, room.guild_id, room.date)
        if schedule is not None and day is not None:
            await self.enter(schedule, day)

    async def thread_changed(self, thread: discord.Thread) -> None:
        """Archived: opened again (a day's thread stays open while the day is played); locked by a
        moderator, or not to be reopened: the channel is the room."""
        if not any(r.place_id == thread.id for r in self.rooms.values()):
            return
        if thread.locked:
            await self.thread_gone(thread.id)
        elif thread.archived:
            try:
                await thread.edit(archived=False)
            except discord.HTTPException as error:
                log.info("Could not reopen the %s thread %s (%s)", self.info.key, thread.id, error)
                await self.thread_gone(thread.id)

    # ------------------------------------------------------------------ play

    def _taker(self, room: DayRoom):
        async def take(player: Player, words: tuple[str, ...]) -> Outcome:
            outcome, news = await self.game.typed(player, room.day, words)
            await self.heard(news)
            return outcome

        return take

    async def heard(self, news: News | None) -> None:
        """What a move changed: the progress message shows it at its next turn; the room hears its lines."""
        room = self.rooms.get(news.guild_id) if news is not None else None
        if room is None or room.date != news.date:
            return
        if news.changed:
            room.room.changed()
        for line in news.lines:
            await self._say(room.place_id, line)

    async def _say(self, place_id: int, text: str) -> None:
        try:
            await self.bot.get_partial_messageable(place_id).send(text, allowed_mentions=QUIET)
        except discord.HTTPException as error:
            log.warning("Could not speak in the %s room %s: %s", self.info.key, place_id, error)

    # ------------------------------------------------------------------ the progress message

    async def _render(self, room: DayRoom) -> dict:
        return await self.game.render(room.guild_id, room.date)

    async def _edit(self, room: DayRoom, **shown) -> None:
        if room.message_id is None:
            return
        message = self.bot.get_partial_messageable(room.place_id).get_partial_message(room.message_id)
        await message.edit(**shown, allowed_mentions=QUIET)

    async def _send_progress(self, room: DayRoom) -> None:
        """Send the room's progress message (again, when the last one was deleted) and remember it."""
        if self.rooms.get(room.guild_id) is not room:
            return
        try:
            sent = await self.bot.get_partial_messageable(room.place_id).send(
                **await self._render(room), allowed_mentions=QUIET)
        except discord.NotFound:  # the thread is gone too; not awaited here: this may run inside the live edit
            self._later(self.thread_gone(room.place_id))
            return
        except discord.HTTPException as error:
            log.warning("Could not send the %s progress in %s: %s", self.info.key, room.place_id, error)
            return
        room.message_id = sent.id
        await self.store.set_message(self.info.key, room.guild_id, room.date, sent.id)
        if room.room.gone:  # the last one was deleted: a live message of the new one
            self._show(room)

    def _show(self, room: DayRoom) -> None:
        room.room.show(lambda: self._render(room), lambda **shown: self._edit(room, **shown),
                       on_gone=lambda: self._send_progress(room))

    def _later(self, work) -> None:
        task = asyncio.create_task(work)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)
