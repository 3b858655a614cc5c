"""A server's language and the ``language:`` option of the commands that take a word list.

``/settings language:`` sets the server's language (``LANGUAGE``, a column of ``guild_settings``,
migration 0017); a command given ``language:`` uses that one instead. English plays the server's
word lists as they are (``full``, ``common``, ``huge`` or one of its own); another language has
its bundled ``common`` and ``full`` lists (``fr/full``: :mod:`solvers.list_names`), read and
shown in its own letters (:mod:`solvers.alphabets`). The bot's own messages stay in English.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from discord import app_commands

from bot.db.settings import Setting, register
from solvers.alphabets import LANGUAGES
from solvers.list_names import LANGUAGE_BUNDLED, LANGUAGE_LISTS, LANGUAGE_NAMES

if TYPE_CHECKING:
    from bot.db import Database

ENGLISH = "en"
NAMES = {ENGLISH: "English", **LANGUAGE_NAMES}
CHOICES = [app_commands.Choice(name=f"{NAMES[code]} ({code})", value=code) for code in LANGUAGES]
DESCRIPTION = "The word list's language (default: the server's, set with /settings language:)"


def _check(code: str) -> None:
    if code not in LANGUAGES:
        raise ValueError(f"language must be one of {', '.join(LANGUAGES)}")


LANGUAGE = register(Setting("language", ENGLISH, check=_check))


class NotInLanguage(LookupError):
    """A list asked for by name that the language does not have (``huge``, a server's own list)."""

    def __init__(self, language: str) -> None:
        super().__init__(language)
        self.language = language

    def said(self) -> str:
        name = NAMES[self.language]
        return (f"The {name} word lists are {' and '.join(LANGUAGE_LISTS)}: choose one of them, or "
                f"language: English for huge and this server's own lists.")


async def asked_or_servers(db: Database, guild_id: int | None, asked: str | None) -> str:
    """The language a command runs in: ``asked`` (its ``language:`` option), else the server's
    (English outside a server)."""
    if asked:
        return asked
    return (await db.guild_settings(guild_id)).get(LANGUAGE) if guild_id is not None else ENGLISH


def list_in(language: str, name: str, asked: bool) -> str:
    """The name of the list to use: ``name`` (a list's name, ``asked`` when the player typed it,
    else the server's default) in ``language``: ``fr/full`` for ``full`` in French. A list the
    language does not have is refused when asked for (NotInLanguage), and ``full`` when it was a
    default."""
    if language == ENGLISH or name in LANGUAGE_BUNDLED:
        return name
    if name in LANGUAGE_LISTS:
        return f"{language}/{name}"
    if asked:
        raise NotInLanguage(language)
    return f"{language}/full"
