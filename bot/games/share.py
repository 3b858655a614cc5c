"""The Share button of a player's own result, for every daily game.

It sits only under a player's private reply about their own day (``PostButton.reply_view``), its
custom id carrying the player (``<key>:share:<date>:<owner>``). Pressed, it posts in public, as
the answer to the press, the game's spoiler-free summary of that player's day (the game's
``share_text``: counts, rank and par, never a letter or a word of the puzzle), pinging nobody.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Awaitable, Callable

import discord

from bot.views import send_notice

Summary = Callable[[int, int, dt.date], Awaitable[str | None]]
"""A game's summary of a player's day: (guild id, player id, day) -> text, or None before any play."""

NOT_YOURS = "Only the player whose result it is can share it: press **Share** on your own."
NOTHING_YET = "Nothing to share yet: play first, then share."


async def post(interaction: discord.Interaction, owner: int, date: dt.date, summary: Summary) -> None:
    """The owner's summary of ``date``, posted in public; anyone else (or nothing to share) is
    told why privately."""
    if interaction.user.id != owner:
        await send_notice(interaction, NOT_YOURS)
        return
    text = await summary(interaction.guild_id, owner, date)
    if text is None:
        await send_notice(interaction, NOTHING_YET)
        return
    await interaction.response.send_message(text, allowed_mentions=discord.AllowedMentions.none())
