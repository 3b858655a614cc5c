"""The SQL of a server's own word lists and of word reports. Every statement is keyed by the
server (``guild_id``): one server's lists and reports are never read for another. A list is
stored in one statement of one transaction, which also checks the limit of lists per server,
so a list is stored whole or not at all."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass

from bot.db import Database
from bot.db.database import Transaction
from bot.db.dialect import NOW
from bot.db.settings import ANAGRAM_LEXICON

MAX_LISTS = 3
DEFAULT_LIST = ANAGRAM_LEXICON.default  # "full": the bundled list every server starts with
REASONS = ("not a word", "offensive", "missing")
_INFO = "name, word_count, digest, uploaded_by, created_at, language"  # ListInfo's fields


def utc_now() -> dt.datetime:
    return dt.datetime.now(dt.UTC)


def _stamp(moment: dt.datetime) -> str:
    """A moment as the database's NOW writes it: '2026-11-21T09:00:00.123Z'."""
    return moment.strftime("%Y-%m-%dT%H:%M:%S.") + f"{moment.microsecond // 1000:03d}Z"


class TooManyLists(Exception):
    """The server has MAX_LISTS lists already; ``names`` are theirs."""

    def __init__(self, names: list[str]) -> None:
        super().__init__(", ".join(names))
        self.names = names


@dataclass(frozen=True, slots=True)
class ListInfo:
    """A stored list, less its words."""

    name: str
    word_count: int
    digest: str
    uploaded_by: int  # a Discord user id; 0: the terminal
    created_at: str
    language: str = "en"  # what its words are read and played by (migration 0023; English before)


@dataclass(frozen=True, slots=True)
class Removed:
    """A list removed; ``was_default``: it was the server's default (``/settings lexicon:``), which
    is now DEFAULT_LIST."""

    was_default: bool


@dataclass(frozen=True, slots=True)
class ReportCount:
    """How many people reported ``word`` for ``reason`` (in one server, or in all: ``servers``)."""

    word: str
    reason: str
    reports: int
    servers: int = 1


class ListStore:
    def __init__(self, db: Database) -> None:
        self.db = db

    async def lists(self, guild_id: int) -> list[ListInfo]:
        rows = await self.db.fetch_all(
            f"SELECT {_INFO} FROM guild_word_lists WHERE guild_id = ? ORDER BY name", (guild_id,))
        return [ListInfo(*tuple(row)) for row in rows]

    async def info(self, guild_id: int, name: str) -> ListInfo | None:
        row = await self.db.fetch_one(
            f"SELECT {_INFO} FROM guild_word_lists WHERE guild_id = ? AND name = ?", (guild_id, name))
        return None if row is None else ListInfo(*tuple(row))

    async def words(self, guild_id: int, name: str) -> tuple[str, bytes] | None:
        """A list's digest and compressed words; None when the server has no list of that name."""
        row = await self.db.fetch_one(
            "SELECT digest, words FROM guild_word_lists WHERE guild_id = ? AND name = ?", (guild_id, name))
        return None if row is None else (row["digest"], bytes(row["words"]))

    async def save(self, guild_id: int, name: str, blob: bytes, word_count: int, digest: str, by: int,
                   language: str = "en") -> bool:
        """Store a list in ``language`` (a list of the same name is replaced); True when it
        replaced one. Raises TooManyLists when the server has MAX_LISTS others."""

        async def work(tx: Transaction) -> bool:
            await tx.lock(f"guild word lists {guild_id}")  # the count and the insert, one at a time
            rows = await tx.fetch_all("SELECT name FROM guild_word_lists WHERE guild_id = ? ORDER BY name", (guild_id,))
            names = [row[0] for row in rows]
            if name not in names and len(names) >= MAX_LISTS:
                raise TooManyLists(names)
            await tx.execute(
                "INSERT INTO guild_word_lists (guild_id, name, words, word_count, digest, uploaded_by, created_at, "
                "language) VALUES (?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (guild_id, name) DO UPDATE SET "
                "words = excluded.words, word_count = excluded.word_count, digest = excluded.digest, "
                "uploaded_by = excluded.uploaded_by, created_at = excluded.created_at, language = excluded.language",
                (guild_id, name, blob, word_count, digest, by, _stamp(utc_now()), language))
            return name in names

        return await self.db.transaction(work)

    async def remove(self, guild_id: int, name: str) -> Removed | None:
        """Delete a server's list, and in the same transaction set the server's default back to
        DEFAULT_LIST when it was this list; None when the server has no list of that name."""

        async def work(tx: Transaction) -> Removed | None:
            if not await tx.execute("DELETE FROM guild_word_lists WHERE guild_id = ? AND name = ?", (guild_id, name)):
                return None
            return Removed(was_default=await self._reset_default(tx, guild_id, name))

        return await self.db.transaction(work)

    async def forget_default(self, guild_id: int, name: str) -> bool:
        """Set the server's default back to DEFAULT_LIST if it still names ``name``, a list that
        cannot be used (removed before a removal reset the default, or meanwhile; or stored under
        a name that is not shown); True for the one call that changed it, so one reply says so."""

        async def work(tx: Transaction) -> bool:
            return await self._reset_default(tx, guild_id, name)

        return await self.db.transaction(work)

    @staticmethod
    async def _reset_default(tx: Transaction, guild_id: int, name: str) -> bool:
        return await tx.execute(
            f"UPDATE guild_settings SET anagram_lexicon = ?, updated_at = {NOW} WHERE guild_id = ? "
            "AND anagram_lexicon = ?",
            (DEFAULT_LIST, guild_id, name)) > 0

    async def report(self, guild_id: int, word: str, reason: str, user_id: int) -> bool:
        """Record a report; False when this person had reported this word for this reason already."""
        if reason not in REASONS:
            raise ValueError(f"reason must be one of {REASONS}")
        return await self.db.write(
            "INSERT INTO word_reports (guild_id, word, reason, user_id) VALUES (?, ?, ?, ?) "
            "ON CONFLICT (guild_id, word, reason, user_id) DO NOTHING", (guild_id, word, reason, user_id)) > 0

    async def reports(self, guild_id: int) -> list[ReportCount]:
        """A server's reports, counted per word and reason: the most reported first."""
        rows = await self.db.fetch_all(
            "SELECT word, reason, COUNT(*) AS n FROM word_reports WHERE guild_id = ? "
            "GROUP BY word, reason ORDER BY n DESC, word, reason", (guild_id,))
        return [ReportCount(row[0], row[1], row[2]) for row in rows]

    async def all_reports(self) -> list[ReportCount]:
        """Every server's reports, counted per word and reason across servers (for the operator)."""
        rows = await self.db.fetch_all(
            "SELECT word, reason, COUNT(*) AS n, COUNT(DISTINCT guild_id) AS s FROM word_reports "
            "GROUP BY word, reason ORDER BY n DESC, word, reason")
        return [ReportCount(row[0], row[1], row[2], row[3]) for row in rows]
