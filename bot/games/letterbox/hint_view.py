"""The box's hints in Discord: the private hint reply, and its button for the next level.

The post's **Hint** button and ``/box hint`` answer with level 1 of the hint for the chain as
it stands (``bot.games.letterbox.hints``); the reply's **Next hint** button (custom id
``boxhint:<date>:<level>``, a language's box's ``letterbox-frhint:…``) shows the levels up to the
one it names, worked out afresh from the chain as it is then, in the same message, by the box
whose key it carries. The level lives in the custom id, so the button keeps working after a
restart and nothing is stored.
"""

from __future__ import annotations

import datetime as dt
import re

import discord

from bot.button_rows import buttons_view
from bot.daily import setup as daily
from bot.games.buttons import DailyGameCog
from bot.games.letterbox import embeds
from bot.games.letterbox.hints import HINT_LEVELS, Hint
from bot.host import host
from bot.views import apologise


class NextHintButton(discord.ui.DynamicItem[discord.ui.Button],
                     template=r"(?P<key>box|letterbox-[a-z]{2})hint:(?P<date>\d{4}-\d{2}-\d{2}):(?P<level>\d{1,2})"):
    """Shows the hint up to ``level`` for the box of ``date`` (``key``: whose box, its buttons'
    key), in place of the reply it sits under."""

    def __init__(self, date: dt.date, level: int, key: str = "box") -> None:
        super().__init__(discord.ui.Button(label=f"Next hint ({level} of {HINT_LEVELS})",
                                           style=discord.ButtonStyle.secondary,
                                           custom_id=f"{key}hint:{date.isoformat()}:{level}"))
        self.date, self.level, self.key = date, level, key

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Button,
                             match: re.Match[str]) -> NextHintButton:
        return cls(dt.date.fromisoformat(match["date"]), int(match["level"]), match["key"])

    async def callback(self, interaction: discord.Interaction) -> None:
        async with apologise(interaction):
            cog = host(interaction.client).providers.of(DailyGameCog, key=self.key)
            if await daily.todays_game(interaction, cog.game.days, post_date=self.date) is not None:
                await cog.send_hint(interaction, self.date, self.level, edit=True)


def hint_reply(hint: Hint, level: int, key: str = "box") -> tuple[discord.Embed, discord.ui.View | None]:
    """The hint up to ``level``, with the button for the next level while there is one."""
    view = None
    if level < hint.levels:
        view = buttons_view(NextHintButton(hint.puzzle.date, level + 1, key))
    return embeds.hint_embed(hint, level), view


async def send_hint(interaction: discord.Interaction, hint: Hint, level: int = 1, *, edit: bool = False,
                    key: str = "box") -> None:
    """A hint for a chain, privately: a new reply, or (``edit``) in place of the one whose button
    was pressed (``key``: whose box)."""
    embed, view = hint_reply(hint, level, key)
    if edit:
        await interaction.response.edit_message(embed=embed, view=view)
    else:
        await interaction.response.send_message(embed=embed, ephemeral=True, **({"view": view} if view else {}))
