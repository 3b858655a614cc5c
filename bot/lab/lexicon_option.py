"""The ``lexicon`` option of the lab commands: a bundled list or one of the server's own.

The option is a string completed by ``autocomplete`` (the bundled lists, then the server's own,
``bot.guild_lists.choices``). ``chosen`` reads it, or the server's default (``/settings
lexicon:``), into a name and a ``Lexicon``; a name the server has no list of is answered
privately with one line naming the lists there are (and the name typed only where it may be
written back: ``UnknownList.said``).
"""

from __future__ import annotations

import discord
from discord import app_commands

from bot.lists.lexicons import UnknownList
from solvers.lexicon import Lexicon

DESCRIPTION = "Word list: full (default), common, huge, or one of this server's own"


async def autocomplete(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
    return await interaction.client.guild_lists.choices(interaction.guild_id, current)  # type: ignore[attr-defined]


async def chosen(interaction: discord.Interaction, typed: str | None) -> tuple[str, Lexicon, bool] | None:
    """The list's name and lexicon (``typed``, else the server's default, else full) and whether
    the server shows vulgar words; None when the player was told privately the list is unknown."""
    client = interaction.client
    settings = await client.db.guild_settings(interaction.guild_id) if interaction.guild_id else None  # type: ignore[attr-defined]
    name = (typed or "").strip().lower() or (settings.anagram_lexicon if settings else "full")
    try:
        lexicon = await client.guild_lists.resolve(interaction.guild_id, name)  # type: ignore[attr-defined]
    except UnknownList as unknown:
        await interaction.response.send_message(unknown.said(bool(settings and settings.show_vulgar)), ephemeral=True)
        return None
    return name, lexicon, bool(settings and settings.show_vulgar)
