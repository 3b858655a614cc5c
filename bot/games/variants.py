"""What every daily game's language variants share in Discord (``bot.daily.languages``): the
``language:`` choice of /<game> setup and stop, a post's button and form class remade under a
variant's key (``bee-fr:guess:<date>``: the same rights, its own game), what a variant hooks up
(``GameVariant``; a chain game's post buttons: ``ChainVariant``), and which language's game a
slash command plays: the one its channel runs."""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable
from typing import Any, ClassVar, Protocol, TypeVar

import discord
from discord import app_commands

from bot.daily.calendar import DailyCalendar
from bot.daily.languages import LANGUAGE_NAMES
from bot.games import buttons
from bot.games.buttons import PostButton, PostForm, button_template

LANGUAGE_CHOICES = [app_commands.Choice(name=name, value=code) for code, name in LANGUAGE_NAMES.items()]
"""The ``language:`` option of /<game> setup and /<game> stop."""


class Variant(Protocol):
    key: str  # its daily game's key: 'bee-fr'


V = TypeVar("V", bound=Variant)


def variant_button(base: type[PostButton], key: str, language: str) -> type[PostButton]:
    """The game's post button, subclassed under the variant's key (its custom ids say which game),
    named for its language beside it (``bot.games.bee.cog.BeeButton_fr``)."""
    return type(f"{base.__name__}_{language}", (base,), {"key": key, "__module__": base.__module__},
                template=button_template(key, base.labels))


def variant_form(base: type[PostForm], key: str, language: str) -> type[PostForm]:
    """The game's play form, subclassed under the variant's key."""
    return type(f"{base.__name__}_{language}", (base,), {"key": key, "__module__": base.__module__}, title=base.title)


async def variant_of_channel(calendar: DailyCalendar, variants: Iterable[V],
                             interaction: discord.Interaction) -> V | None:
    """The game of another language whose channel a slash command comes from (None: English's)."""
    schedules = await calendar.store.guild_schedules(interaction.guild_id)
    return next((variant for variant in variants for schedule in schedules
                 if schedule.game == variant.key and schedule.active and schedule.channel_id == interaction.channel_id),
                None)


class GameVariant:
    """One language's daily game, as the platform asks of a daily game (``DailyGameCog``): its
    ``key``, post ``button`` class, ``definitions``, the field of its play form (``field``), and
    how it takes a play (``play_and_reply``) and makes a day's post (``daily_message``)."""

    key: str
    button: type[PostButton]
    definitions: Any  # bot.games.definitions.FoundDefinitions
    field: ClassVar[str] = "words"

    def hook(self, hooks) -> None:
        """Register the variant with the bot (``bot.hookups.Hookups``), as its game's cog does its own."""
        hooks.provide(buttons.DailyGameCog, self, key=self.key)
        hooks.form(self.key, *buttons.form(self.key, self.field, self.play_and_reply))
        hooks.items(self.button)
        hooks.pages(self.definitions.kind, self.definitions)
        hooks.daily(self.key, self.daily_message)

    async def play_and_reply(self, interaction: discord.Interaction, words: str, post_date: dt.date | None) -> None:
        raise NotImplementedError

    async def daily_message(self, guild_id: int, date: dt.date) -> Any:
        raise NotImplementedError


class ChainVariant(GameVariant):
    """A variant of a game played as a chain of words (the box, the ladder): its post's buttons
    open its form (play, again), give a hint, take back a word (undo) or clear the chain
    (restart), or show the player's own chain (any other: the box's *chain*, the ladder's *climb*).
    ``form``: its play form class; ``solo``: its replies (``undo``, ``restart``)."""

    form: type[PostForm]
    solo: Any  # its replies: play_reply, undo, restart, and its announcements and took_nothing rules
    game: Any

    async def play_and_reply(self, interaction: discord.Interaction, words: str, post_date: dt.date | None) -> None:
        solo = self.solo
        await buttons.take_and_reply(interaction, self.game, words, post_date, solo.play_reply, solo.announcements,
                                     solo.took_nothing)

    async def on_button(self, interaction: discord.Interaction, action: str, date: dt.date) -> None:
        from bot.daily import setup as daily

        if await daily.todays_game(interaction, self.game.days, post_date=date) is None:
            return
        if action in ("play", "again"):
            await interaction.response.send_modal(self.form(date))
        elif action == "hint":
            await self.send_hint(interaction, date)
        elif action in ("undo", "restart"):
            await (self.solo.undo if action == "undo" else self.solo.restart)(interaction, date)
        else:
            await self.send_own(interaction, date)

    async def send_hint(self, interaction: discord.Interaction, date: dt.date, level: int = 1, *,
                        edit: bool = False) -> None:
        raise NotImplementedError

    async def send_own(self, interaction: discord.Interaction, date: dt.date) -> None:
        """The player's own chain of the day, privately."""
        raise NotImplementedError
