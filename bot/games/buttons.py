"""What every daily game's cog shares in Discord: the buttons and the form of a day's post, and
the private reply to a move with the channel's announcements.

A post's buttons are a ``PostButton`` subclass per game, whose custom id names the action and
the post's day (and, for the Definitions and Share buttons of a player's private reply, whose
words or result): ``<key>:<action>:<date>[:<owner>]``. discord.py matches it against the class's
template, so the buttons keep working after a restart. A click goes to the game's cog
(``on_button``; Definitions to its ``definitions``, Share to ``bot.games.share``). The same
buttons sit under private replies (``reply_view``): Guess again, Shuffle, Share. A post's form
is a ``PostForm`` subclass with the custom id ``<key>:form:<date>``; the cog registers ``form``
with ``bot.forms``, which answers it by that id, however late it comes (after a restart too).
"""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Awaitable, Callable, Sequence
from typing import Any, ClassVar, Protocol, TypeVar

import discord

from bot.button_rows import buttons_view
from bot.daily import setup as daily
from bot.daily.play import Day, Refusal, Via
from bot.forms import FormHandler
from bot.games import share
from bot.games.definitions import FoundDefinitions
from bot.host import host
from bot.observe import metrics_bot
from bot.views import apologise, send_notice

Labels = dict[str, tuple[str, discord.ButtonStyle]]
"""A game's buttons: action -> (label, style)."""
_DATE = r"(?P<date>\d{4}-\d{2}-\d{2})"


OWNED = ("defs", "share")
"""The actions whose button carries its owner: a player's words, a player's result."""


class DailyGameCog(Protocol):
    definitions: FoundDefinitions

    async def share_text(self, guild_id: int, user_id: int, date: dt.date) -> str | None: ...

    async def on_button(self, interaction: discord.Interaction, action: str, date: dt.date) -> None: ...


def button_template(key: str, labels: Labels) -> str:
    """The custom-id template of a game's post buttons: ``<key>:<action>:<date>[:<owner>]``."""
    return rf"{key}:(?P<action>{'|'.join(map(re.escape, labels))}):{_DATE}(?::(?P<owner>\d+))?"


class PostButton(discord.ui.DynamicItem[discord.ui.Button], template=r"(?!)"):
    """A button of a daily post or of a player's private reply; the Definitions (``defs``) and
    Share (``share``) buttons carry their owner (whose words, whose result). A game subclasses it
    with its own template (``button_template``), ``key``, ``labels``, ``post_actions`` (the post's
    buttons, in order). Its game's cog answers it: the ``DailyGameCog`` provided under ``key``."""

    key: ClassVar[str]
    labels: ClassVar[Labels]
    post_actions: ClassVar[tuple[str, ...]]

    def __init__(self, action: str, date: dt.date, owner: int | None = None) -> None:
        label, style = self.labels[action]
        custom_id = f"{self.key}:{action}:{date.isoformat()}" + (f":{owner}" if owner is not None else "")
        super().__init__(discord.ui.Button(label=label, style=style, custom_id=custom_id))
        self.action, self.date, self.owner = action, date, owner

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Button,
                             match: re.Match[str]) -> PostButton:
        return cls(match["action"], dt.date.fromisoformat(match["date"]), int(match["owner"]) if match["owner"]
                   else None)

    async def callback(self, interaction: discord.Interaction) -> None:
        async with apologise(interaction):
            cog = host(interaction.client).providers.of(DailyGameCog, key=self.key)
            if self.action == "defs":  # any day's words, not only today's
                await cog.definitions.show(interaction, self.owner or 0, self.date)
            elif self.action == "share":  # any day's result, not only today's
                await share.post(interaction, self.owner or 0, self.date, cog.share_text)
            else:
                await cog.on_button(interaction, self.action, self.date)


    @classmethod
    def post_view(cls, date: dt.date) -> discord.ui.View:
        """The buttons under a day's post."""
        return buttons_view(*(cls(action, date) for action in cls.post_actions))

    @classmethod
    def definitions_view(cls, date: dt.date, owner: int) -> discord.ui.View | None:
        """The Definitions button of a player's words of a day."""
        return cls.reply_view(date, ("defs",), owner)

    @classmethod
    def reply_view(cls, date: dt.date, actions: Sequence[str], owner: int | None = None) -> discord.ui.View | None:
        """The buttons under a player's private reply about a day (None for none): the
        ``OWNED`` ones carry ``owner``."""
        return buttons_view(*(cls(action, date, owner if action in OWNED else None) for action in actions)) \
            if actions else None

    @classmethod
    def after_move(cls, date: dt.date, solved: bool, owner: int) -> dict:
        """Under a player's private reply to a move of a chain game (the box, the ladder): Play
        again while the chain is open, Share once it is solved."""
        return {"view": cls.reply_view(date, ("share",) if solved else ("again",), owner)}


def private(interaction: discord.Interaction) -> bool:
    """Whether the button pressed is on a private (ephemeral) reply rather than a post."""
    return interaction.message is not None and interaction.message.flags.ephemeral


class PostForm(discord.ui.Modal):
    """The form a post's button opens (a subclass gives its title and text field). It is answered
    by ``form`` from its custom id (``bot.forms``), not by this object."""

    key: ClassVar[str]

    def __init__(self, date: dt.date) -> None:
        super().__init__(timeout=None, custom_id=f"{self.key}:form:{date.isoformat()}")


Typed = Callable[[discord.Interaction, str, dt.date], Awaitable[None]]


def form(key: str, field: str, play: Typed) -> tuple[re.Pattern[str], FormHandler]:
    """What answers game ``key``'s post form (``<key>:form:<date>``, registered with ``bot.forms``):
    ``play(interaction, the text typed in ``field``, the post's day)``."""

    async def answer(interaction: discord.Interaction, match: re.Match[str], values: dict[str, str]) -> None:
        await play(interaction, values.get(field, ""), dt.date.fromisoformat(match["date"]))

    return re.compile(rf"{re.escape(key)}:form:{_DATE}"), answer


class Moved(Protocol):
    """A daily game's move as taken: its detail (the bee's guesses, the box's chain), of its day. What a
    move did for the chat router is the platform's one ``bot.chat.outcome.Outcome``."""

    day: Day


MovedT = TypeVar("MovedT", bound=Moved)


class TakesMoves(Protocol[MovedT]):
    async def take(self, guild_id: int, channel_id: int, player_id: int, words: str, *, name: str | None = None,
                   post_date: dt.date | None = None, via: Via = Via.COMMAND) -> MovedT | Refusal: ...


Reply = Callable[[MovedT, bool], Awaitable[tuple[str, dict[str, Any]]]]
"""A move's private reply: (outcome, may vulgar words show) -> (content, other send options)."""
Announce = Callable[[str, MovedT], list[str]]
"""A move's announcements in the game's channel: (the player's mention, outcome) -> lines."""


async def take_and_reply(interaction: discord.Interaction, game: TakesMoves[MovedT], typed: str,
                         post_date: dt.date | None,
                         reply: Reply[MovedT], announce: Announce[MovedT],
                         took_nothing: Callable[[MovedT], bool] | None = None) -> None:
    """A move from a slash command (``post_date`` None) or a post's form: the game takes it, the
    player gets the outcome privately (a refusal as its one line), and the channel hears what
    the game announces, pinging nobody. A move the day refuses, or one that ``took_nothing``
    (every word refused: not a word, not on the board...), is counted refused in the metrics."""
    via = Via.COMMAND if post_date is None else Via.POST
    outcome = await game.take(interaction.guild_id, interaction.channel_id, interaction.user.id, typed,
                              name=interaction.user.display_name, post_date=post_date, via=via)
    if isinstance(outcome, Refusal):
        await send_notice(interaction, outcome.message)
        return
    if took_nothing is not None and took_nothing(outcome):
        metrics_bot.note_refused(interaction)
    shown = (await host(interaction.client).db.guild_settings(interaction.guild_id)).show_vulgar
    content, extra = await reply(outcome, shown)
    await interaction.response.send_message(content, ephemeral=True, **extra)
    for line in announce(interaction.user.mention, outcome):
        await daily.announce(interaction.client, outcome.day.schedule, line)
