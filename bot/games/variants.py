"""What every daily game's language variants share in Discord (``bot.daily.languages``): the
``language:`` choice of /<game> setup and stop, a post's button and form class remade under a
variant's key (``bee-fr:guess:<date>``: the same rights, its own game), and which language's
game a slash command plays: the one its channel runs."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Protocol, TypeVar

import discord
from discord import app_commands

from bot.daily.calendar import DailyCalendar
from bot.daily.languages import LANGUAGE_NAMES
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
