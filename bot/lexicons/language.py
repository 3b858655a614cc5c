"""A server's language and the ``language:`` option of the commands that take a word list.

``/settings language:`` sets the server's language (``LANGUAGE``, a column of ``guild_settings``,
migration 0017); a command given ``language:`` uses that one instead. English plays the server's
word lists as they are (``full``, ``common``, ``huge`` or one of its own uploaded in English);
another language has its bundled ``common`` and ``full`` lists (``fr/full``:
:mod:`solvers.list_names`) and the server's own lists uploaded in it (``fr/club``), read and
shown in its own letters (:mod:`solvers.alphabets`). The bot's own messages stay in English.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from discord import app_commands

from bot.lexicons.server_language import ENGLISH, LANGUAGE, NAMES, NotInLanguage, list_in  # noqa: F401 - its API
from solvers.alphabets import LANGUAGES

if TYPE_CHECKING:
    from bot.db import Database

CHOICES = [app_commands.Choice(name=f"{NAMES[code]} ({code})", value=code) for code in LANGUAGES]
DESCRIPTION = "The word list's language (default: the server's, set with /settings language:)"


async def asked_or_servers(db: Database, guild_id: int | None, asked: str | None) -> str:
    """The language a command runs in: ``asked`` (its ``language:`` option), else the server's
    (English outside a server)."""
    if asked:
        return asked
    return (await db.guild_settings(guild_id)).get(LANGUAGE) if guild_id is not None else ENGLISH
