"""The bee played together, in Discord: each together day's room.

A room is where a server's together day is played: a public thread opened on the day's post
(or the game's channel, when the bot may not open threads or the thread is gone), registered
with the chat router (``bot.chat``) so typed words are read there, with one live progress
message at its top (``bot.chat.live``), rendered from the database at each turn. Rooms live
in memory; what they stand on (``team_days``) is in the database, so a restart opens them again
with the same thread and message (``resume``).
"""

from __future__ import annotations

import asyncio
import datetime as dt
import logging
from dataclasses import dataclass, field

import discord

from bot.chat.live import LiveMessage
from bot.chat.outcome import Outcome, Place, Player
from bot.daily.play import Refusal, Via
from bot.daily.schedule import Play, Schedule
from bot.games.bee import team_embeds
from bot.games.bee.game import BEE, Guesses
from bot.games.bee.together import BeeTeam, TeamTake
from bot.games.together.store import TeamDay

log = logging.getLogger(__name__)

QUIET = discord.AllowedMentions.none()
THREAD_PERMISSIONS = ("create_public_threads", "send_messages_in_threads")
ARCHIVE_MINUTES = 1440  # a day: the thread stays open while the day is played


def thread_name(date: dt.date) -> str:
    return f"Spelling Bee · {date:%a} {date.day} {date:%b}"


def reached_line(take: TeamTake) -> str:
    badge = "👑" if take.reached == "Queen Bee" else "🧠"
    return f"{badge} The team reached **{take.reached}**!"


def chat_outcome(outcome: TeamTake | Guesses | Refusal) -> Outcome:
    """A move typed in chat, as the router shows it: reactions for the team's take, the refusal's
    line privately; a solo day's guesses are not played by typing (no reaction)."""
    if isinstance(outcome, Refusal):
        return Outcome(notice=outcome.message)
    if isinstance(outcome, Guesses):
        return Outcome()
    return Outcome(new_words=len(outcome.new), pangram=outcome.pangram, already_found=bool(outcome.already),
                   nothing_counted=not outcome.new and not outcome.already)


@dataclass(slots=True)
class Room:
    guild_id: int
    date: dt.date
    channel_id: int  # the game's channel
    place_id: int  # the day's thread, or the game's channel
    message_id: int | None
    live: LiveMessage | None = None
    registered: list[int] = field(default_factory=list)


class BeeRooms:
    def __init__(self, bot: discord.Client, team: BeeTeam) -> None:
        self.bot = bot
        self.team = team
        self.store = team.store
        self.calendar = team.game.calendar
        self.rooms: dict[int, Room] = {}  # by guild: the bee's together day in play
        self._resuming: asyncio.Task[None] | None = None
        self._tasks: set[asyncio.Task] = set()

    # ------------------------------------------------------------------ opening and closing

    async def after_post(self, schedule: Schedule, date: dt.date, post: discord.Message) -> None:
        """The day's post is made: a together day opens its room (a thread on the post); a solo
        day closes yesterday's room."""
        if await self.calendar.play_style(BEE, schedule.guild_id, date) is not Play.TOGETHER:
            await self.close(schedule.guild_id)
            return
        day = await self.store.team_day(BEE.key, schedule.guild_id, date)
        if day is None:
            place = await self._open_thread(post, date) or schedule.channel_id
            day = await self.store.open_day(BEE.key, schedule.guild_id, date, place)
        await self.enter(schedule, day)

    async def _open_thread(self, post: discord.Message, date: dt.date) -> int | None:
        channel = post.channel
        guild = getattr(channel, "guild", None)
        if guild is None or not all(getattr(channel.permissions_for(guild.me), p) for p in THREAD_PERMISSIONS):
            return None  # setup said which permission is missing: the channel is the room
        try:
            thread = await post.create_thread(name=thread_name(date), auto_archive_duration=ARCHIVE_MINUTES)
        except discord.HTTPException as error:
            log.warning("Could not open the bee's thread in channel %s (%s); the channel is the room", channel.id, error)
            return None
        return thread.id

    async def enter(self, schedule: Schedule, day: TeamDay) -> None:
        """Open the day's room in this process: its places read typed words; its progress message
        is sent when it has none, else shown again from the database."""
        await self.close(day.guild_id)
        puzzle = await self.team.game.puzzle(day.day)
        room = Room(day.guild_id, day.day, schedule.channel_id, day.channel_id, day.message_id)
        self.rooms[day.guild_id] = room
        for place_id, plain in {day.channel_id: day.channel_id != schedule.channel_id, schedule.channel_id: False}.items():
            self.bot.chat.register(place_id, Place(puzzle.letters, self._taker(place_id), plain=plain))  # type: ignore[attr-defined]
            room.registered.append(place_id)
        room.live = self._live(room)
        if room.message_id is None:
            await self._send_progress(room)
        else:
            room.live.changed()

    async def close(self, guild_id: int) -> None:
        room = self.rooms.pop(guild_id, None)
        if room is None:
            return
        for place_id in room.registered:
            self.bot.chat.unregister(place_id)  # type: ignore[attr-defined]
        if room.live is not None:
            await room.live.close()

    async def close_all(self) -> None:
        if self._resuming is not None:
            self._resuming.cancel()
        for guild_id in list(self.rooms):
            await self.close(guild_id)

    def resume_soon(self) -> None:
        """After a restart: open the rooms of today's together days of this process's servers."""
        self._resuming = asyncio.create_task(self._resume(), name="bee rooms")

    async def _resume(self) -> None:
        await self.bot.wait_until_ready()
        for schedule in await self.calendar.store.active_schedules(*self._shards()):
            if schedule.game != BEE.key:
                continue
            try:
                await self._resume_one(schedule)
            except Exception:
                log.exception("Could not open the bee's room again in guild %s", schedule.guild_id)

    def _shards(self) -> tuple:
        ids, count = getattr(self.bot, "shard_ids", None), getattr(self.bot, "shard_count", None)
        return (tuple(ids), count) if ids and count else ()

    async def _resume_one(self, schedule: Schedule) -> None:
        _, date = await self.calendar.today(BEE, schedule.guild_id)
        if await self.calendar.store.post_play(BEE.key, schedule.guild_id, date) is not Play.TOGETHER:
            return
        day = await self.store.team_day(BEE.key, schedule.guild_id, date)
        if day is not None:
            await self.enter(schedule, day)
            return
        state = await self.calendar.store.post_state(BEE.key, schedule.guild_id, date)
        if state is not None and state.message_id is not None:  # posted, but stopped before its room opened
            post = await self.bot.get_partial_messageable(schedule.channel_id).fetch_message(state.message_id)
            await self.after_post(schedule, date, post)

    # ------------------------------------------------------------------ the thread's fate

    async def thread_gone(self, thread_id: int) -> None:
        """The day's thread was deleted or locked: the game's channel is the room from now on."""
        room = next((r for r in self.rooms.values() if r.place_id == thread_id != r.channel_id), None)
        if room is None:
            return
        log.info("The bee's thread %s of guild %s is gone; playing on in the channel", thread_id, room.guild_id)
        await self.store.move_day(BEE.key, room.guild_id, room.date, room.channel_id)
        schedule = await self.calendar.store.schedule(BEE.key, room.guild_id)
        day = await self.store.team_day(BEE.key, room.guild_id, room.date)
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
                log.info("Could not reopen the bee's thread %s (%s)", thread.id, error)
                await self.thread_gone(thread.id)

    # ------------------------------------------------------------------ play

    def _taker(self, place_id: int):
        async def take(player: Player, words: tuple[str, ...]) -> Outcome:
            outcome = await self.team.move(player.guild_id, place_id, player.id, words, name=player.name, via=Via.CHAT)
            await self.after_take(outcome)
            return chat_outcome(outcome)

        return take

    async def after_take(self, outcome: TeamTake | Guesses | Refusal) -> None:
        """What a team's take changes: the progress message, and the room hears a rank reached."""
        if not isinstance(outcome, TeamTake) or outcome.day is None:
            return
        room = self.rooms.get(outcome.day.guild_id)
        if room is None or room.date != outcome.day.date:
            return
        if outcome.new and room.live is not None:
            room.live.changed()
        if outcome.reached:
            await self._say(room.place_id, reached_line(outcome))

    async def _say(self, place_id: int, text: str) -> None:
        try:
            await self.bot.get_partial_messageable(place_id).send(text, allowed_mentions=QUIET)
        except discord.HTTPException as error:
            log.warning("Could not speak in the bee's room %s: %s", place_id, error)

    # ------------------------------------------------------------------ the progress message

    async def _render(self, room: Room) -> dict:
        return {"embed": team_embeds.progress_embed(await self.team.progress(room.guild_id, room.date))}

    async def _edit(self, room: Room, **shown) -> None:
        if room.message_id is None:
            return
        message = self.bot.get_partial_messageable(room.place_id).get_partial_message(room.message_id)
        await message.edit(**shown, allowed_mentions=QUIET)

    async def _send_progress(self, room: Room) -> None:
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
            log.warning("Could not send the bee's progress in %s: %s", room.place_id, error)
            return
        room.message_id = sent.id
        await self.store.set_message(BEE.key, room.guild_id, room.date, sent.id)
        if room.live is not None and room.live.closed:  # the last one was deleted: a live message of the new one
            room.live = self._live(room)

    def _live(self, room: Room) -> LiveMessage:
        return LiveMessage(lambda: self._render(room), lambda **shown: self._edit(room, **shown),
                           on_gone=lambda: self._send_progress(room), what=f"the bee's progress in guild {room.guild_id}")

    def _later(self, work) -> None:
        task = asyncio.create_task(work)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)
