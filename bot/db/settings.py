"""A server's settings: one row of ``guild_settings`` per server, one column per setting.

A setting is registered once, by the feature it belongs to (``register(Setting(...))`` in one of
its modules), and its column is added by a migration of each dialect; the database classes never
change for it. ``load`` reads every registered setting of a server in one statement (a server that
never set one has its default; so does a column left NULL), and ``save`` writes one, checked.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Generic, TypeVar

from bot.db.dialect import NOW

if TYPE_CHECKING:
    from bot.db.database import Database

V = TypeVar("V")
_COLUMN = re.compile(r"[a-z][a-z0-9_]{0,62}")
_NOT_SETTINGS = ("guild_id", "created_at", "updated_at")  # the table's own columns


def _same(value: Any) -> Any:
    return value


@dataclass(frozen=True, slots=True)
class Setting(Generic[V]):
    """One setting: its column in ``guild_settings``, its value for a server that never set it,
    how a value is stored and read back, and ``check`` (raises ValueError) for a value to refuse."""

    name: str
    default: V
    encode: Callable[[V], Any] = _same
    decode: Callable[[Any], V] = _same
    check: Callable[[V], None] | None = None


SETTINGS: dict[str, Setting[Any]] = {}
"""Every registered setting, by name (its column): what ``load`` reads and ``save`` may write."""


def register(setting: Setting[V]) -> Setting[V]:
    """Add a setting (its column must exist: a migration adds it). A name is registered once."""
    if not _COLUMN.fullmatch(setting.name) or setting.name in _NOT_SETTINGS:
        raise ValueError(f"{setting.name!r} cannot be a setting's column: lower-case letters, digits and _")
    if SETTINGS.setdefault(setting.name, setting) is not setting:
        raise ValueError(f"There is a setting called {setting.name} already.")
    return setting


@dataclass(frozen=True, slots=True)
class GuildSettings:
    """A server's value of every registered setting (its default where it set none)."""

    guild_id: int
    values: tuple[tuple[str, Any], ...]

    def get(self, setting: Setting[V]) -> V:
        return next((value for name, value in self.values if name == setting.name), setting.default)

    @property
    def anagram_lexicon(self) -> str:
        return self.get(ANAGRAM_LEXICON)

    @property
    def timezone(self) -> str | None:
        return self.get(TIMEZONE)

    @property
    def show_vulgar(self) -> bool:
        return self.get(SHOW_VULGAR)


async def load(db: Database, guild_id: int) -> GuildSettings:
    settings = tuple(SETTINGS.values())
    row = await db.fetch_one(f"SELECT {', '.join(s.name for s in settings)} FROM guild_settings WHERE guild_id = ?",
                             (guild_id,))
    return GuildSettings(guild_id, tuple(
        (s.name, s.default if row is None or row[s.name] is None else s.decode(row[s.name])) for s in settings))


async def save(db: Database, guild_id: int, setting: Setting[V], value: V) -> None:
    """Set one setting of a server (ValueError for a value its ``check`` refuses)."""
    if SETTINGS.get(setting.name) is not setting:  # only a registered name ever becomes a column name here
        raise ValueError(f"{setting.name} is not a registered setting")
    if setting.check is not None:
        setting.check(value)
    column = setting.name
    await db.write(
        f"INSERT INTO guild_settings (guild_id, {column}) VALUES (?, ?) "
        f"ON CONFLICT (guild_id) DO UPDATE SET {column} = excluded.{column}, updated_at = {NOW}",
        (guild_id, setting.encode(value)),
    )


# ------------------------------------------------------------------ the settings every server has

ANAGRAM_LEXICONS = ("full", "common", "huge")
"""The bundled word lists a server may choose for /anagram (or one of its own lists, by name)."""


def _check_lexicon(name: str) -> None:
    if name not in ANAGRAM_LEXICONS and not re.fullmatch(r"[a-z0-9-]{1,20}", name):
        raise ValueError(f"lexicon must be one of {ANAGRAM_LEXICONS} or a server list's name")


ANAGRAM_LEXICON = register(Setting("anagram_lexicon", "full", check=_check_lexicon))
TIMEZONE: Setting[str | None] = register(Setting("timezone", None))
"""An IANA name; None: never set (the server's day is UTC's). Its daily games post and its days turn by it."""
SHOW_VULGAR = register(Setting("show_vulgar", False, encode=int, decode=bool))
"""Whether public replies may show vulgar words."""
