"""What a daily game played together gives its rooms (:mod:`bot.games.together.rooms`): its
``RoomGame`` (letters, the move typed, how it shows), the ``News`` a move makes for its room, and
a ``DayRoom``, a together day's place."""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from bot.chat.outcome import Outcome, Player
from bot.chat.room import Room
from bot.daily.calendar import DailyCalendar
from bot.daily.play import Day
from bot.days.team_store import TeamStore
from bot.plugins import GameInfo


@dataclass(frozen=True, slots=True)
class News:
    """What a move changed for its room: whether the progress message is to be shown again, and
    lines the room hears (a rank reached, a box solved)."""

    guild_id: int
    date: dt.date
    changed: bool
    lines: tuple[str, ...] = ()


class RoomGame(Protocol):
    """What a daily game gives its rooms."""

    info: GameInfo
    calendar: DailyCalendar
    store: TeamStore
    commands: frozenset[str]  # words typed alone that are commands of the room (the box's undo, restart)

    def thread_name(self, date: dt.date) -> str: ...
    async def letters(self, date: dt.date) -> str: ...
    async def answers(self, date: dt.date) -> frozenset[str] | None:
        """The day's answers, when the game has a list of them (a plain message with one counts)."""
    async def typed(self, player: Player, day: Day, words: Sequence[str]) -> tuple[Outcome, News | None]:
        """A move typed in the day's room: ``words`` as the chat router read them, the day the room's."""
    async def render(self, guild_id: int, date: dt.date) -> dict[str, Any]: ...
    async def recap(self, guild_id: int, date: dt.date) -> dict[str, Any]:
        """The day's full recap (its answers, definitions, what the team missed), for its thread once
        the next day's post is made: that post stays short."""


@dataclass(slots=True)
class DayRoom:
    day: Day  # the together day played here
    channel_id: int  # the game's channel
    place_id: int  # the day's thread, or the game's channel
    message_id: int | None
    room: Room  # its places and its progress message (the platform's room)

    @property
    def guild_id(self) -> int:
        return self.day.guild_id

    @property
    def date(self) -> dt.date:
        return self.day.date
