"""Letter Boxed's SQL: boxes by language and date, each player's chain and best solve in a
language's box (player_days follows the best solve by trigger, under that language's game:
'letterbox', 'letterbox-fr' ...)."""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from bot.db import Database
from bot.db.database import Transaction
from bot.db.transaction import Routine
from solvers.letterbox import Box, DailyBox


@dataclass(frozen=True, slots=True)
class Solve:
    words: tuple[str, ...]
    points: int

    @property
    def word_count(self) -> int:
        return len(self.words)


@dataclass(frozen=True, slots=True)
class Chain:
    """A player's day: the chain as it stands and the best solve so far (None: not solved yet)."""

    words: tuple[str, ...]
    best: Solve | None


ChainChange = Callable[[Chain], tuple[Chain, Any]]
"""Given the chain as stored, the chain to store (its ``best`` too) and anything to hand back."""


@dataclass(frozen=True, slots=True)
class BestFound:
    words: tuple[str, ...]
    players: int


class LetterBoxedStore:
    def __init__(self, db: Database, language: str = "en") -> None:
        self.db, self.language = db, language
        self._seen: dict[tuple[int, str, str, int], Chain] = {}  # the chains last stored or read, newest last

    async def get_puzzle(self, date: dt.date) -> DailyBox | None:
        row = await self.db.fetch_one(
            "SELECT sides, par, solution, playable FROM letterbox_puzzles WHERE language = ? AND puzzle_date = ?",
            (self.language, date.isoformat()))
        if row is None:
            return None
        first, second = row["solution"].split()
        return DailyBox(date, Box(tuple(row["sides"].split())), row["par"], (first, second), row["playable"])

    async def save_puzzle(self, box: DailyBox) -> DailyBox:
        """Store a date's box unless one is stored already; return the stored one."""
        await self.db.write(
            "INSERT INTO letterbox_puzzles (language, puzzle_date, sides, par, solution, playable) "
            "VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (language, puzzle_date) DO NOTHING",
            (self.language, box.date.isoformat(), " ".join(box.box.sides), box.par, " ".join(box.solution),
             box.playable))
        stored = await self.get_puzzle(box.date)
        assert stored is not None
        return stored

    async def unfinished_days(self, guild_id: int, user_id: int, first: str, last: str) -> list[str]:
        """The days (ISO dates) in [first, last] the player has a chain of: begun, and not solved
        (a solve is a player_days row; a chain solved and restarted is both)."""
        rows = await self.db.fetch_all("SELECT puzzle_date FROM letterbox_chains WHERE guild_id = ? AND language = ? "
                                       "AND user_id = ? AND puzzle_date BETWEEN ? AND ?",
                                       (guild_id, self.language, user_id, first, last))
        return [row[0] for row in rows]

    async def chain(self, guild_id: int, date: dt.date, user_id: int) -> Chain:
        rows = await self.db.fetch_all(
            _CHAIN, (guild_id, self.language, date.isoformat(), user_id))
        return _chain(rows[0]["chain"], rows[0]["best"], rows[0]["points"])

    async def change_chain(self, guild_id: int, date: dt.date, user_id: int, change: ChainChange,
                           at: dt.datetime) -> Any:
        """Apply ``change`` to the player's chain and store what it returns, as one compare-and-set
        (``_PLAY``; on PostgreSQL one call of ``wordbot_letterbox_play``, one round trip): the
        change is worked out on the chain this process last saw (none: an empty one), and stored
        only if that is still the stored chain; if not, it is worked out again on the stored one
        that came back. So two plays of one player at once, in any processes, are applied one
        after the other. Returns what ``change`` hands back (it may run more than once: it must
        depend on nothing but the chain). The best solve is only ever replaced by one with fewer words."""
        key = (guild_id, self.language, date.isoformat(), user_id)
        before = self._seen.get(key, _NEW)
        while True:
            after, handed_back = change(before)
            best = after.best if after.best is not None and after.best != before.best else None
            applied, chain, best_words, best_points = await self.db.call(_PLAY, (
                *key, " ".join(before.words), " ".join(before.best.words) if before.best else "",
                " ".join(after.words), " ".join(best.words) if best else "", best.word_count if best else 0,
                best.points if best else 0, at.isoformat()))
            stored = _chain(chain, best_words, best_points)
            self._seen.pop(key, None)
            self._seen[key] = stored
            while len(self._seen) > _SEEN:
                del self._seen[next(iter(self._seen))]
            if applied:
                return handed_back
            before = stored

    async def best_found(self, guild_id: int, date: dt.date, limit: int = 3) -> list[BestFound]:
        """The guild's shortest solves of the day, each with how many players found it."""
        rows = await self.db.fetch_all(
            "SELECT words, COUNT(*) AS players FROM letterbox_solves WHERE guild_id = ? AND language = ? "
            "AND puzzle_date = ? GROUP BY words ORDER BY MIN(word_count), players DESC, words LIMIT ?",
            (guild_id, self.language, date.isoformat(), limit))
        return [BestFound(tuple(row["words"].split()), row["players"]) for row in rows]

    async def solvers_count(self, guild_id: int, date: dt.date) -> int:
        row = await self.db.fetch_one(
            "SELECT COUNT(*) AS players FROM letterbox_solves WHERE guild_id = ? AND language = ? AND puzzle_date = ?",
            (guild_id, self.language, date.isoformat()))
        return row["players"] if row else 0


_CHAIN = (
    "SELECT c.words AS chain, s.words AS best, s.points FROM (SELECT 1) AS one "
    "LEFT JOIN letterbox_chains AS c ON c.guild_id = ?1 AND c.language = ?2 AND c.puzzle_date = ?3 AND c.user_id = ?4 "
    "LEFT JOIN letterbox_solves AS s ON s.guild_id = ?1 AND s.language = ?2 AND s.puzzle_date = ?3 "
    "AND s.user_id = ?4")


def _chain(chain: str | None, best: str | None, points: int | None) -> Chain:
    return Chain(tuple((chain or "").split()), Solve(tuple(best.split()), points) if best else None)


async def _play(tx: Transaction, guild_id: int, language: str, date: str, user_id: int, expected_chain: str,
                expected_best: str, chain: str, best: str, word_count: int, points: int,
                at: str) -> tuple[bool, str, str | None, int | None]:
    """Store ``chain`` (and ``best``, when given and shorter than the stored best) if the stored
    chain and best are the expected ones; (applied, the chain, best words and points stored now)."""
    key = (guild_id, language, date, user_id)
    await tx.lock(f"letterbox {guild_id} {language} {date} {user_id}")  # one play at a time, any process
    row = await tx.fetch_one(_CHAIN, key)
    stored_chain, stored_best, stored_points = row["chain"] or "", row["best"], row["points"]
    if (stored_chain, stored_best or "") != (expected_chain, expected_best):
        return False, stored_chain, stored_best, stored_points
    if chain != stored_chain:
        await tx.execute(
            "INSERT INTO letterbox_chains (guild_id, language, puzzle_date, user_id, words, updated_at) "
            "VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (guild_id, language, puzzle_date, user_id) DO UPDATE SET "
            "words = excluded.words, updated_at = excluded.updated_at",
            (*key, chain, at))
    if best and best != stored_best and await tx.execute(
            "INSERT INTO letterbox_solves (guild_id, language, puzzle_date, user_id, words, word_count, points, "
            "solved_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (guild_id, language, puzzle_date, user_id) "
            "DO UPDATE SET "
            "words = excluded.words, "
            "word_count = excluded.word_count, points = excluded.points, solved_at = excluded.solved_at "
            "WHERE excluded.word_count < letterbox_solves.word_count",
            (*key, best, word_count, points, at)):
        stored_best, stored_points = best, points
    return True, chain, stored_best, stored_points


_PLAY = Routine("wordbot_letterbox_play", ("BIGINT", "TEXT", "TEXT", "BIGINT", "TEXT", "TEXT", "TEXT", "TEXT",
                                           "INTEGER", "INTEGER", "TEXT"), _play)
"""Its PostgreSQL function (migrations/postgres/0016_ladder_and_box_languages.sql, after 0009's) does the same steps."""
_NEW = Chain((), None)
_SEEN = 4096
"""Chains remembered per process: only a hint (a stale one costs one more round trip), never the truth."""
