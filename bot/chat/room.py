"""A room: where a game is played by typing. Together days (``bot.games.together.rooms``) and quiz
rounds (``bot.quiz.rooms``) are rooms.

A room is a public thread opened on a message (``open_thread``: when the bot may, else the game
plays in the channel with mentions), the places it reads typed words in (registered with the chat
router: the thread, plain messages; the channel, mentions), and one live message kept up to date
within Discord's edit budget (``bot.chat.live``), posted again when it is deleted. A game keeps
what it plays in the database and opens its rooms again after a restart; the room is the part
every game shares: open, read, show, close.
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable
from typing import Any, Protocol

import discord

from bot.chat.live import LiveMessage
from bot.chat.outcome import Place

log = logging.getLogger(__name__)

THREAD_PERMISSIONS = ("create_public_threads", "send_messages_in_threads")


class Router(Protocol):
    """What a room needs of the chat router (``bot.chat.router.ChatRouter``)."""

    def register(self, place_id: int, place: Place) -> None: ...
    def unregister(self, place_id: int) -> None: ...
    def place(self, place_id: int) -> Place | None: ...


async def open_thread(message: discord.Message | discord.PartialMessage, name: str, archive_minutes: int,
                      what: str) -> int | None:
    """A public thread on ``message``, or None when the bot may not open one there (the channel
    is then the room): not a text channel, a permission missing, or Discord refusing."""
    channel = message.channel
    guild = getattr(channel, "guild", None)
    if not isinstance(channel, discord.TextChannel) or guild is None:
        return None  # a thread, a forum, a voice channel's chat: the game is played where it is
    if not all(getattr(channel.permissions_for(guild.me), p) for p in THREAD_PERMISSIONS):
        return None
    try:
        thread = await message.create_thread(name=name, auto_archive_duration=archive_minutes)
    except discord.HTTPException as error:
        log.info("Could not open a thread for %s on message %s (%s); the channel is the room", what, message.id,
                 error)
        return None
    return thread.id


class Room:
    """One room's places and live message. ``what`` names it in the log."""

    def __init__(self, chat: Router, what: str) -> None:
        self.chat = chat
        self.what = what
        self.registered: list[int] = []
        self.live: LiveMessage | None = None

    def read(self, places: dict[int, Place]) -> None:
        """Read typed words in each place. A place another room reads already stays that room's
        (two games in one channel: each plays in its own thread); a room never takes over, nor
        on closing drops, another's place."""
        for place_id, place in places.items():
            if self.chat.place(place_id) is not None:
                continue
            self.chat.register(place_id, place)
            self.registered.append(place_id)

    def show(self, render: Callable[[], Awaitable[dict[str, Any]]], edit: Callable[..., Awaitable[None]],
             on_gone: Callable[[], Awaitable[None]]) -> LiveMessage:
        """The room's live message: rendered at each turn, edited within the budget, ``on_gone``
        when it was deleted (post it again and ``show`` anew)."""
        self.live = LiveMessage(render, edit, on_gone=on_gone, what=self.what)
        return self.live

    def changed(self) -> None:
        if self.live is not None:
            self.live.changed()

    @property
    def gone(self) -> bool:
        """The live message was deleted (or never shown)."""
        return self.live is None or self.live.closed

    async def close(self) -> None:
        """Read nothing more here; no edit of the live message is on its way once this returns."""
        for place_id in self.registered:
            self.chat.unregister(place_id)
        self.registered.clear()
        if self.live is not None:
            await self.live.close()
