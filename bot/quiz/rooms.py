"""Quiz rounds live in their channels: each round's board, its thread, its typed answers, its
timer and its end.

A round started (``begin``: stored already, by ``QuizStore.start_round``, which refuses a
second round in a channel) posts its board: the picture of its alphagrams with the Answer
button. The bot opens a public thread on it when it may, and reads answers with the chat router
(``bot.chat``): mentions in the channel, and plain messages in the thread when the Message
Content intent is on. The board is redrawn as words are found, within Discord's edit budget
(``bot.chat.live.LiveMessage``). A timer of the platform's (``bot.timers``, kind ``quiz-end``)
ends the round when its time is up; the last word found, or /quiz stop, ends it sooner. The
end is made once (``QuizRound.end``), then posted: the scores, the missed words behind
spoilers, and the Next round, Missed only and Stop buttons. An end the database refuses (it is
down) waits in memory, and the round's timer stores it once the database is back.

Rounds live in memory, on what the database holds, so a restart resumes them (``resume_soon``):
a round paused cleanly (``pause_all``, as the cog unloads) goes on with the time it had left;
after a crash, to its end time if that is to come, else it ends with the scores so far. A
process resumes the rounds of its own servers only (its shards).
"""

from __future__ import annotations

import asyncio
import dataclasses
import datetime as dt
import logging
from collections.abc import Sequence
from typing import TYPE_CHECKING

import discord

from bot.chat.outcome import Outcome, Place, Player
from bot.chat.room import Room as ChatRoom, open_thread
from bot.db.outage import is_database_down, report_failure
from bot.quiz import room_posts, text
from bot.quiz.buttons import board_view
from bot.quiz.round import QuizRound
from bot.quiz.store import QuizStore, RoundRecord
from bot.quiz.text import RoundSet, parse_set
from bot.timers.store import Timer
from solvers.list_names import language_of

if TYPE_CHECKING:
    from bot.host import Host

log = logging.getLogger(__name__)

QUIET = discord.AllowedMentions.none()
QUIZ_END = "quiz-end"  # the kind of the timers that end rounds (keyed by the round's id)


def utcnow() -> dt.datetime:
    return discord.utils.utcnow()  # looked up at each call (a test's simulated clock replaces it)


@dataclasses.dataclass(slots=True, eq=False)
class Room:
    round: QuizRound
    spec: RoundSet | None
    message_id: int | None
    thread_id: int | None = None
    room: ChatRoom | None = None  # its places and its live board (the platform's room), while it runs
    ending: bool = False

    @property
    def record(self) -> RoundRecord:
        return self.round.record

    @property
    def name(self) -> str:
        return text.title(self.spec, self.record.lexicon)

    def seconds_left(self, now: dt.datetime) -> float:
        return max(0.0, (self.record.ends_at - now).total_seconds())


class QuizRooms:
    def __init__(self, bot: Host, store: QuizStore) -> None:
        self.bot, self.store = bot, store
        self.rooms: dict[int, Room] = {}  # by the channel the round was started in
        self._tasks: set[asyncio.Task] = set()
        self._resuming: asyncio.Task[None] | None = None
        self._unstored: dict[int, tuple[Room, str, float, int | None, dt.datetime]] = {}
        """Rounds whose end the database refused (it was down): their timers store it."""

    def room_at(self, place_id: int | None) -> Room | None:
        """The round played in a channel or in its thread."""
        return next((r for r in self.rooms.values() if place_id in (r.record.channel_id, r.thread_id)), None)

    def room_of(self, round_id: int) -> Room | None:
        return next((r for r in self.rooms.values() if r.round.round_id == round_id), None)

    # ------------------------------------------------------------------ the start

    async def begin(self, round: QuizRound, spec: RoundSet | None) -> bool:
        """Post a stored round's board, open its thread and start its clock; False (and the round
        ended, unseen) when the board cannot be posted."""
        room = Room(round, spec, None)
        if not await self._post_board(room):
            await round.end(utcnow())
            return False
        channel = self.bot.get_channel(room.record.channel_id)
        if isinstance(channel, discord.TextChannel) and room.message_id is not None:  # a thread on the board
            board = channel.get_partial_message(room.message_id)
            room.thread_id = await open_thread(board, text.thread_name(room.name), room_posts.ARCHIVE_MINUTES,
                                               f"quiz round {room.round.round_id}")
        await self._enter(room)
        return True

    async def _post_board(self, room: Room) -> bool:
        shown = await self._render(room)
        try:
            sent = await self.bot.get_partial_messageable(room.record.channel_id).send(
                content=shown["content"], files=shown["attachments"], view=board_view(room.round.round_id),
                allowed_mentions=QUIET)
        except discord.HTTPException as error:
            log.warning("Could not post the board of round %s: %s", room.round.round_id, error)
            return False
        room.message_id = sent.id
        await self.store.set_message(room.round.round_id, sent.id)
        if room.room is not None and room.room.gone:  # the last board was deleted: a live board of the new one
            self._show(room)
        return True

    async def _enter(self, room: Room) -> None:
        """Read the round's answers, keep its board up to date, and end it on time."""
        self.rooms[room.record.channel_id] = room
        mentions = Place(room.round.letters, lambda player, words: self.typed(room, player, words), plain=False,
                         answers=frozenset(room.round.where), language=language_of(room.record.lexicon))
        plain = dataclasses.replace(mentions, plain=True)
        channel_is_thread = isinstance(self.bot.get_channel(room.record.channel_id), discord.Thread)
        room.room = ChatRoom(self.bot.chat, f"the board of quiz round {room.round.round_id}")
        room.room.read({room.record.channel_id: plain if channel_is_thread else mentions}
                       | ({room.thread_id: plain} if room.thread_id is not None else {}))
        self._show(room)
        await self.bot.timers.at(QUIZ_END, str(room.round.round_id), room.record.ends_at, guild_id=room.record.guild_id)

    async def time_up(self, timer: Timer) -> dt.datetime | None:
        """A round's timer (``bot.timers``): its time is up, or its end waits to be stored. A round
        this process does not hold (ended, or paused for a restart) is left alone; one whose end
        moved (resumed after a pause) is looked at again at its end."""
        round_id = int(timer.key)
        if (unstored := self._unstored.get(round_id)) is not None:
            await self._finish(*unstored)
        elif (room := self.room_of(round_id)) is not None and not room.ending:
            if utcnow() < room.record.ends_at:
                return room.record.ends_at
            await self.end(room, "time")
        return None

    async def _leave(self, room: Room) -> None:
        """The round leaves its channel: no more typed words read, no edit of its board on its way."""
        if self.rooms.get(room.record.channel_id) is room:
            del self.rooms[room.record.channel_id]
        if room.room is not None:
            await room.room.close()

    # ------------------------------------------------------------------ play

    async def typed(self, room: Room, player: Player, words: Sequence[str]) -> Outcome:
        """Typed words of a player: the first to type a word gets it; after the time, nothing counts."""
        now = utcnow()
        if room.ending or now >= room.record.ends_at:
            return Outcome()
        outcome = await room.round.credit(player, words, now)
        if outcome.new_words and room.room is not None:
            room.room.changed()
        if room.round.done:
            self._later(self.end(room, "solved"))
        return outcome

    async def answer(self, round_id: int, player: Player, words: Sequence[str]) -> str | None:
        """The form's words: the private reply, or None when the round is not running."""
        room = self.room_of(round_id)
        if room is None or room.ending:
            return None
        before = set(room.round.found)
        outcome = await self.typed(room, player, words)
        if outcome == Outcome():
            return None
        new = [w for w in words if w not in before and room.round.found.get(w) == player.id]
        wrong = sum(w not in room.round.where for w in words)
        return text.form_reply(new, len(words) - len(new) - wrong, wrong, len(room.round.found), room.round.total)

    # ------------------------------------------------------------------ the end

    async def end(self, room: Room, reason: str, by: int | None = None) -> bool:
        """End the round (once) and post its end; False when it was ending already."""
        if room.ending:
            return False
        room.ending = True
        now = utcnow()
        await self._leave(room)
        ended_at = min(now, room.record.ends_at)
        return await self._finish(room, reason, room.record.seconds - room.seconds_left(ended_at), by, ended_at)

    async def _finish(self, room: Room, reason: str, used: float, by: int | None, ended_at: dt.datetime) -> bool:
        """Store the round's end and post it. With the database down, the end waits here and the
        round's timer (due by its time limit) stores it and posts it once the database is back:
        the round has left the channel already. The end is stored once (``QuizRound.end``)."""
        round_id = room.round.round_id
        try:
            stored = await room.round.end(ended_at)
        except Exception as error:
            if not is_database_down(error):
                raise
            self._unstored[round_id] = (room, reason, used, by, ended_at)  # the caller says so
            raise
        self._unstored.pop(round_id, None)
        if not stored:
            return False
        await self._post_end(room, reason, used, by)
        if reason != "time":  # the timer that ends it by its time is done with
            await self.bot.timers.cancel(QUIZ_END, str(round_id))
        return True

    async def _post_end(self, room: Room, reason: str, used: float, by: int | None) -> None:
        await room_posts.post_end(self.bot, room.round, room.spec, room.message_id, room.thread_id, reason, used, by)

    # ------------------------------------------------------------------ the board

    async def _render(self, room: Room) -> dict:
        return await room_posts.running_board(room.round, room.name, room.record.started_by, room.record.ends_at)

    async def _edit(self, room: Room, **shown) -> None:
        if room.message_id is None:
            return
        message = self.bot.get_partial_messageable(room.record.channel_id).get_partial_message(room.message_id)
        await message.edit(**shown, allowed_mentions=QUIET)

    def _show(self, room: Room) -> None:
        room.room.show(lambda: self._render(room), lambda **shown: self._edit(room, **shown),  # type: ignore[union-attr]
                       on_gone=lambda: self._post_board(room))

    # ------------------------------------------------------------------ restarts

    async def pause_all(self) -> None:
        """The bot stops cleanly: each round keeps the time it has left, for the restart."""
        if self._resuming is not None:
            self._resuming.cancel()
        now = utcnow()
        for room in list(self.rooms.values()):
            if room.ending:
                continue
            await self._leave(room)
            left = room.seconds_left(now)
            await self.store.pause(room.round.round_id, left)
            if room.message_id is not None:
                try:
                    await self._edit(room, content=text.paused_content(room.name, left))
                except discord.HTTPException as error:
                    log.info("Could not show the pause on the board of round %s: %s", room.round.round_id, error)

    def resume_soon(self) -> None:
        self._resuming = asyncio.create_task(self._resume(), name="quiz rounds")

    async def _resume(self) -> None:
        await self.bot.wait_until_ready()
        settings = getattr(self.bot, "settings", None)
        for record in await self.store.running():
            if record.guild_id == 0 or (settings is not None and not settings.runs_guild(record.guild_id)):
                continue  # a terminal's round, or another cluster's server
            if self.room_of(record.round_id) is not None:
                continue
            try:
                await self._resume_one(record)
            except Exception as error:
                report_failure(error, where="background", what=f"Could not resume quiz round {record.round_id}",
                               guild_id=record.guild_id, logger=log)

    async def _resume_one(self, record: RoundRecord) -> None:
        now = utcnow()
        round = await QuizRound.load(self.store, record)
        room = Room(round, parse_set(record.set_name), record.message_id)
        if record.message_id is None:  # stopped before its board was posted: nobody saw it
            await round.end(min(now, record.ends_at))
            return
        if record.paused_left is not None:  # paused cleanly: the time it had left, from now
            ends_at = now + dt.timedelta(seconds=record.paused_left)
            await self.store.move_end(record.round_id, ends_at)
            round.record = dataclasses.replace(record, ends_at=ends_at, paused_left=None)
        elif record.ends_at <= now:  # its time ran out while the bot was away
            room.ending = True
            if await round.end(record.ends_at):
                room.thread_id = await room_posts.thread_of(self.bot, record.message_id)
                await self._post_end(room, "restart", float(record.seconds), None)
            return
        room.thread_id = await room_posts.thread_of(self.bot, record.message_id)
        await self._enter(room)
        room.room.changed()  # type: ignore[union-attr]  # the board shows its new end time

    def _later(self, work) -> None:
        task = asyncio.create_task(work)
        self._tasks.add(task)
        task.add_done_callback(self._done)

    def _done(self, task: asyncio.Task) -> None:
        self._tasks.discard(task)
        if not task.cancelled() and (error := task.exception()) is not None:
            report_failure(error, where="background", what="Could not end a quiz round", logger=log)
