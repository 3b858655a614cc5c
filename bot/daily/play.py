"""Which day of a daily game a player's move is for, and whether it may be played where it came
from: the refusals every daily game shares, as values that carry their message. No Discord.

Every front door asks the same question before a game judges a word: a slash command, a post's
button or form, the terminal. ``DailyPlay.day`` answers with the ``Day`` being played, or a
``Refusal`` the front door shows as it is (privately in Discord). A game's ``take`` starts with
it. A message typed in a together day's room is not asked about: the room knows its day and
hands it inward (``bot.games.together.rooms``).
"""

from __future__ import annotations

import datetime as dt
import enum
from collections.abc import Awaitable, Callable, Iterable
from dataclasses import dataclass

from bot.daily.calendar import DailyCalendar, NoSchedule
from bot.daily.schedule import Play, Schedule
from bot.plugins import GameInfo
from bot.text import long_date


class Via(enum.Enum):
    """Where a move comes from, which says what is checked besides the day."""

    COMMAND = "command"  # a slash command that plays: only in a place the day is played in
    POST = "post"  # a button or form of a day's post: that day only (``post_date``), wherever the post is
    LOOK = "look"  # a player's private look at their own day (hints, found, today): anywhere
    TERMINAL = "terminal"  # ``wordbot <game> play``: the day given (``post_date``), no schedule, no place


class Refused(enum.Enum):
    NO_GAME = "no game"  # never set up in this server, or stopped
    NOT_YET = "not yet"  # set up; its first post is still to come
    OLD_POST = "old post"  # a button or form of an earlier day's post
    ELSEWHERE = "elsewhere"  # not a place the day is played in


@dataclass(frozen=True, slots=True)
class Refusal:
    """Why a move is not played, with the one line that tells the player."""

    reason: Refused
    message: str


@dataclass(frozen=True, slots=True)
class Day:
    """The day a move plays: the game, the guild, its local date, the style it was posted with,
    the schedule (None in the terminal) and the channels and threads it is played in."""

    game: GameInfo
    guild_id: int
    date: dt.date
    play: Play
    schedule: Schedule | None
    places: frozenset[int]


PlaceFinder = Callable[[Schedule, dt.date, Play], Awaitable[Iterable[int]]]
"""A game's extra places of a day (the together game: the day's thread), beside the game's channel."""


class DailyPlay:
    """The day and place checks of one daily game over the calendar. ``add_places`` is the hook
    through which a day's thread becomes a place the day is played in."""

    def __init__(self, calendar: DailyCalendar, game: GameInfo) -> None:
        self.calendar = calendar
        self.game = game
        self._finders: list[PlaceFinder] = []

    def add_places(self, finder: PlaceFinder) -> None:
        self._finders.append(finder)

    def remove_places(self, finder: PlaceFinder) -> None:
        if finder in self._finders:
            self._finders.remove(finder)

    async def places(self, schedule: Schedule, date: dt.date, play: Play) -> frozenset[int]:
        """Where the day is played: the game's channel, and whatever the registered finders add."""
        found = {schedule.channel_id}
        for finder in self._finders:
            found.update(await finder(schedule, date, play))
        return frozenset(found)

    async def day(self, guild_id: int, channel_id: int | None, *, post_date: dt.date | None = None,
                  via: Via = Via.COMMAND) -> Day | Refusal:
        """The day a move from ``channel_id`` plays (``post_date``: the day of the post whose button
        or form it came from), or why it may not be played."""
        game = self.game
        if via is Via.TERMINAL:
            if post_date is None:
                raise ValueError("the terminal plays the day it is given")
            return Day(game, guild_id, post_date, Play.SOLO, None, frozenset())
        try:
            schedule, date = await self.calendar.today(game, guild_id)
        except NoSchedule as error:
            return Refusal(Refused.NOT_YET if error.not_yet else Refused.NO_GAME, str(error))
        if post_date is not None and post_date != date:
            return Refusal(Refused.OLD_POST, f"That {game.thing} was for {long_date(post_date)}. Today's {game.thing} "
                                             f"is in the newest post in <#{schedule.channel_id}>.")
        play = await self.calendar.play_style(game, guild_id, date)
        places = await self.places(schedule, date, play)
        if via is Via.COMMAND and channel_id not in places:
            return Refusal(Refused.ELSEWHERE, f"Play the {game.title} in {where(schedule, places)}.")
        return Day(game, guild_id, date, play, schedule, places)


def where(schedule: Schedule, places: frozenset[int]) -> str:
    """``<#thread> or <#channel>``: the day's other places first (its thread), the channel last."""
    others = sorted(places - {schedule.channel_id})
    return " or ".join(f"<#{place}>" for place in [*others, schedule.channel_id])
