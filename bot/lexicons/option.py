"""The ``lexicon`` option of the lab commands: a bundled list or one of the server's own.

The option is a string completed by ``autocomplete`` (the bundled lists, then the server's own,
``bot.guild_lists.choices``). ``chosen`` reads it, or the server's default (``/settings
lexicon:``), into a name and a ``Lexicon``; a name the server has no list of is answered
privately with one line naming the lists there are (and the name typed only where it may be
written back: ``UnknownList.said``). A default that names a list the server can
no longer use (removed before a removal reset the default, or meanwhile) gives full instead: the
default is set back to full, and the first reply that finds it so says so in a private note.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol, cast

import discord
from discord import app_commands

from bot import notes
from bot.lexicons.guild_lists import UnknownList
from bot.lexicons.language import ENGLISH, LANGUAGE, NotInLanguage, list_in
from bot.lexicons.notes import DEFAULT_GONE
from bot.lexicons.store import DEFAULT_LIST
from bot.views import send_notice
from solvers.lexicon import Lexicon, is_bundled
from solvers.list_names import split_name

if TYPE_CHECKING:
    from bot.db import Database
    from bot.lexicons.guild_lists import GuildLists

DESCRIPTION = "Word list: full (default), common, huge, or one of this server's own"


class WithLists(Protocol):
    """What the option needs of the bot (``bot.host.Host``): its database and the servers' lists."""

    @property
    def db(self) -> Database: ...

    @property
    def guild_lists(self) -> GuildLists: ...


def _lists_of(client: discord.Client) -> WithLists:
    return cast(WithLists, client)


async def autocomplete(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
    return await _lists_of(interaction.client).guild_lists.choices(interaction.guild_id, current)


async def chosen(interaction: discord.Interaction, typed: str | None,
                 language: str | None = None) -> tuple[str, Lexicon, bool] | None:
    """The list's name and lexicon (``typed``, else the server's default, else full, in
    ``language``, else the server's language: ``bot.lexicons.language``) and whether the server
    shows vulgar words; None when the player was told privately the list is unknown."""
    client = interaction.client
    settings = await _lists_of(client).db.guild_settings(interaction.guild_id) if interaction.guild_id else None
    typed = (typed or "").strip().lower()
    name = typed or (settings.anagram_lexicon if settings else DEFAULT_LIST)
    own = await _lists_of(client).guild_lists.language(interaction.guild_id, name) \
        if interaction.guild_id and not is_bundled(name) else None  # a server's list's language
    try:
        name = list_in(language or (settings.get(LANGUAGE) if settings else ENGLISH), name, bool(typed), own)
    except NotInLanguage as refused:
        await send_notice(interaction, refused.said())
        return None
    try:
        lexicon = await _lists_of(client).guild_lists.resolve(interaction.guild_id, name)
    except UnknownList as unknown:
        if typed:
            await send_notice(interaction, unknown.said(bool(settings and settings.show_vulgar)))
            return None
        await _default_gone(interaction, split_name(name)[1])  # the default as set: club, not fr/club
        name, lexicon = DEFAULT_LIST, await _lists_of(client).guild_lists.resolve(None, DEFAULT_LIST)
    return name, lexicon, bool(settings and settings.show_vulgar)


async def _default_gone(interaction: discord.Interaction, missing: str) -> None:
    """The server's default names a list it cannot use: set back to full, and said once."""
    assert interaction.guild_id is not None  # outside a server the default is full
    if await _lists_of(interaction.client).guild_lists.store.forget_default(interaction.guild_id, missing):
        notes.add(interaction, DEFAULT_GONE)
