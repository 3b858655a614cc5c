"""Typed play in chat, read in one place: is this message for a game, and what are its words?

A game registers the channel or thread it plays in (``bot.chat.register(place_id, Place(...))``,
see :mod:`bot.chat.outcome`). For every new message (never an edit) in a registered place:

- from a bot (this one included), a webhook or a system event, or in direct messages: ignored;
- mentioning this bot (``@wordbot``, not @everyone, @here or a role): read as guesses, every word
  in it, the first ``MAX_WORDS``; Discord sends a bot the text of a message that mentions it
  even without the Message Content intent;
- a plain message, where the place takes plain messages and the operator enabled the Message
  Content intent (``WORDBOT_MESSAGE_CONTENT=1``): a guess only when it is 1 to ``MAX_WORDS``
  words each made only of the place's letters; anything else is chat, left alone.

A player past the guess limits (:mod:`bot.chat.limits`) is skipped, with one private notice; so is
a message that comes while the bot stops (:mod:`bot.shutdown`), with "try again in a minute". A
database that is down (:mod:`bot.db.outage`) is not our bug: the player is told so, at most
once a minute, and a warning is logged, with an error id and no traceback. A game that fails
otherwise gets its error logged with an id (:mod:`bot.observe.errors`), which the player is told. The
game's ``take`` answers with an Outcome, which becomes at most two reactions through the pacer,
and its notice (if any) a direct message. The router writes nothing in public but reactions.
"""

from __future__ import annotations

import logging
import time

import discord

from bot.chat.limits import GuessLimits, Verdict, slow_down
from bot.chat.outcome import Outcome, Place, Player, reactions
from bot.chat.pacing import Pacer
from bot.chat.words import MAX_WORDS, Guesses, mentioned_guesses, plain_guesses
from bot.db.outage import DATABASE_DOWN, OutageNotices, is_database_down, report_outage
from bot.observe.errors import report, with_error_id
from bot.shutdown import RESTARTING, arrived_while_stopping
from bot.text import plural

log = logging.getLogger(__name__)

MORE_WORDS = f"I read the first {plural(MAX_WORDS, 'word')} of your message; send the rest in another one."
_READ = (discord.MessageType.default, discord.MessageType.reply)
_SILENT = discord.AllowedMentions.none()
APOLOGY = "Sorry, something went wrong on our side with your guesses. It has been logged; please try again."


def _now() -> float:
    return time.monotonic()  # looked up at each call (a test's simulated clock replaces it)


class ChatRouter:
    def __init__(self, client: discord.Client, *, plain_messages: bool) -> None:
        """``plain_messages``: the bot has the Message Content intent, so plain messages are read."""
        self.client = client
        self.plain_messages = plain_messages
        self.pacer = Pacer()
        self.limits = GuessLimits()
        self.outage_notices = OutageNotices()  # who was told the database is down, in the last minute
        self._places: dict[int, Place] = {}
        self.thread_watchers: list = []  # the games' rooms: told when a thread is deleted or changed

    def register(self, place_id: int, place: Place) -> None:
        """Read typed play in the channel or thread ``place_id`` for ``place`` (replacing any other)."""
        self._places[place_id] = place

    def unregister(self, place_id: int) -> None:
        """Stop reading typed play in ``place_id`` (nothing happens if it was not registered)."""
        self._places.pop(place_id, None)

    def place(self, place_id: int) -> Place | None:
        """The place registered as ``place_id``, if any."""
        return self._places.get(place_id)

    async def thread_gone(self, thread_id: int) -> None:
        """A thread was deleted: the rooms that play in it move."""
        for watcher in list(self.thread_watchers):
            await watcher.thread_gone(thread_id)

    async def thread_changed(self, thread: discord.Thread) -> None:
        """A thread was archived or locked (or otherwise changed): the rooms that play in it follow."""
        for watcher in list(self.thread_watchers):
            await watcher.thread_changed(thread)

    def stop(self) -> None:
        """The bot is closing: stop reacting (what waits is dropped)."""
        self.pacer.stop()

    async def on_message(self, message: discord.Message) -> None:
        """Take the guesses of a new message meant for a game, if it is one."""
        me = self.client.user
        author = message.author
        if (me is None or message.guild is None or author.bot or author.id == me.id or message.webhook_id
                or message.type not in _READ):
            return
        place = self._places.get(message.channel.id)
        if place is None:
            return
        guesses = self.guesses(message, place, me.id)
        if guesses is None or not guesses.words:
            return
        if arrived_while_stopping():  # the bot is stopping (bot.shutdown): new guesses are not taken
            if self.limits.may_notify(author.id, _now()):
                await self._tell(author, RESTARTING)
            return
        moderator = isinstance(author, discord.Member) and message.channel.permissions_for(author).manage_messages
        player = Player(author.id, author.display_name, message.guild.id, moderator)
        verdict = self.limits.check(player.id, len(guesses.words), _now())
        if verdict is not Verdict.READ:
            if verdict is Verdict.SLOW_DOWN:
                await self._tell(author, slow_down(self.limits.seconds_left(player.id, _now())))
            return
        try:
            outcome = await place.take(player, guesses.words)
        except Exception as error:  # logged with an error id; the player is told it, privately
            await self._failed(author, message, error)
            return
        self.pacer.react(message, reactions(outcome))
        await self._notify(author, player, outcome, guesses)

    def guesses(self, message: discord.Message, place: Place, my_id: int) -> Guesses | None:
        """The guesses of a message in ``place``, or None when it is not meant for the game."""
        if my_id in message.raw_mentions:
            return mentioned_guesses(message.content, place.language)
        if self.plain_messages and place.plain:
            return plain_guesses(message.content, place.letters, place.commands, place.answers, place.language)
        return None

    async def _failed(self, author: discord.abc.User, message: discord.Message, error: Exception) -> None:
        """A game could not take a message's guesses: the database is down (a warning; the player is
        told once a minute at most), or a bug of ours (its traceback; an apology, within the notices'
        limit). Either way nothing was acknowledged: no reaction says the guesses counted."""
        what = f"A game could not take the guesses of message {message.id} in {message.channel.id}"
        guild_id = message.guild.id if message.guild is not None else None
        if is_database_down(error):
            error_id = report_outage(error, what=what, guild_id=guild_id, logger=log)
            if self.outage_notices.may_tell(author.id, _now()):
                await self._tell(author, with_error_id(DATABASE_DOWN, error_id))
            return
        error_id = report(error, where="chat", what=what, guild_id=guild_id, logger=log)
        if self.limits.may_notify(author.id, _now()):
            await self._tell(author, with_error_id(APOLOGY, error_id))

    async def _notify(self, author: discord.abc.User, player: Player, outcome: Outcome, guesses: Guesses) -> None:
        lines = [line for line in (outcome.notice, MORE_WORDS if guesses.more else None) if line]
        if lines and self.limits.may_notify(player.id, _now()):
            await self._tell(author, "\n".join(lines))

    async def _tell(self, user: discord.abc.User, text: str) -> None:
        """A private notice (a direct message); a player who does not take them is left alone."""
        try:
            await user.send(text, allowed_mentions=_SILENT)
        except discord.Forbidden:  # 50007: their DMs are closed to the bot; there is nothing to follow up on
            log.debug("Player %s takes no direct messages; notice not sent", user.id)
        except (discord.HTTPException, OSError) as error:
            log.warning("A notice to player %s failed: %s", user.id, error)
