"""The SQL of the daily games played together as one chain a server and day: Letter Boxed's words
(``letterbox_team_*``), the word ladder's rungs (``ladder_team_*``), tables of one shape; player_days
follows by trigger under the game's together key (``letterbox-team``, ``ladder-team``)."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass

from bot.db import Database
from bot.db.database import Transaction


@dataclass(frozen=True, slots=True)
class TeamSolve:
    """The team's best solve of a day: its words, who played each, and its points."""

    words: tuple[str, ...]
    players: tuple[int, ...]
    points: int


@dataclass(frozen=True, slots=True)
class TeamChain:
    """The team's chain of a day: its words in order with who played each, and the best solve."""

    words: tuple[str, ...]
    players: tuple[int, ...]
    best: TeamSolve | None


async def _team_chain(tx: Transaction | Database, tables: str, guild_id: int, day: str) -> TeamChain:
    rows = await tx.fetch_all(f"SELECT word, user_id FROM {tables}_words WHERE guild_id = ? AND puzzle_date = ? "
                              "ORDER BY position", (guild_id, day))
    best = await tx.fetch_one(f"SELECT words, players, points FROM {tables}_solves WHERE guild_id "
                              "= ? AND puzzle_date = ?",
                              (guild_id, day))
    solve = (TeamSolve(tuple(best["words"].split()), tuple(int(p) for p in best["players"].split()), best["points"])
             if best else None)
    return TeamChain(tuple(r["word"] for r in rows), tuple(r["user_id"] for r in rows), solve)


class TeamChainStore:
    """The SQL of a daily game played together as one chain a server and day (Letter Boxed's words,
    the word ladder's rungs), in the game's tables ``<tables>_words``, ``<tables>_solves`` and
    ``<tables>_restarts``, all of one shape (SQLite 0011 and 0019)."""

    def __init__(self, db: Database, tables: str) -> None:
        assert tables.isidentifier(), tables  # a table name's prefix, written into the SQL
        self.db = db
        self.tables = tables

    async def chain(self, guild_id: int, date: dt.date) -> TeamChain:
        return await _team_chain(self.db, self.tables, guild_id, date.isoformat())

    async def change(self, guild_id: int, date: dt.date, change, at: dt.datetime):
        """Read the team's chain, apply ``change(chain) -> (chain to store, anything)`` and store it,
        one change at a time for a server's day, in any process; returns the anything. The best
        solve is only ever replaced by one of fewer words."""
        day, tables = date.isoformat(), self.tables

        async def work(tx: Transaction):
            await tx.lock(f"{tables.replace('_', ' ')} {guild_id} {day}")
            before = await _team_chain(tx, tables, guild_id, day)
            after, handed_back = change(before)
            kept = 0
            while kept < min(len(before.words), len(after.words)) and before.words[kept] == after.words[kept] \
                    and before.players[kept] == after.players[kept]:
                kept += 1
            if kept < len(before.words):
                await tx.execute(f"DELETE FROM {tables}_words WHERE guild_id = ? AND "
                                 "puzzle_date = ? AND position >= ?",
                                 (guild_id, day, kept))
            for position in range(kept, len(after.words)):
                await tx.execute(
                    f"INSERT INTO {tables}_words (guild_id, puzzle_date, position, word, user_id, played_at) "
                    "VALUES (?, ?, ?, ?, ?, ?)",
                    (guild_id, day, position, after.words[position], after.players[position], at.isoformat()))
            if after.best is not None and after.best != before.best:
                await tx.execute(
                    f"INSERT INTO {tables}_solves (guild_id, puzzle_date, words, players, "
                    "word_count, points, solved_at) "
                    "VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT (guild_id, puzzle_date) DO UPDATE SET "
                    "words = excluded.words, "
                    "players = excluded.players, word_count = excluded.word_count, points = excluded.points, "
                    f"solved_at = excluded.solved_at WHERE excluded.word_count < {tables}_solves.word_count",
                    (guild_id, day, " ".join(after.best.words), " ".join(map(str, after.best.players)),
                     len(after.best.words), after.best.points, at.isoformat()))
            return handed_back

        return await self.db.transaction(work)

    async def ask_restart(self, guild_id: int, date: dt.date, user_id: int, at: dt.datetime,
                          window: dt.timedelta) -> set[int]:
        """Record a player's ask to start the chain again; every player who asked within ``window``."""
        day, tables = date.isoformat(), self.tables

        async def work(tx: Transaction) -> set[int]:
            await tx.execute(
                f"INSERT INTO {tables}_restarts (guild_id, puzzle_date, user_id, asked_at) VALUES (?, ?, ?, ?) "
                "ON CONFLICT (guild_id, puzzle_date, user_id) DO UPDATE SET asked_at = excluded.asked_at",
                (guild_id, day, user_id, at.isoformat()))
            rows = await tx.fetch_all(
                f"SELECT user_id FROM {tables}_restarts WHERE guild_id = ? AND puzzle_date = ? AND asked_at >= ?",
                (guild_id, day, (at - window).isoformat()))
            return {row["user_id"] for row in rows}

        return await self.db.transaction(work)

    async def restart_asks(self, guild_id: int, date: dt.date, since: dt.datetime) -> set[int]:
        """The players who asked to start the chain again since ``since``."""
        rows = await self.db.fetch_all(
            f"SELECT user_id FROM {self.tables}_restarts WHERE guild_id = ? AND puzzle_date = ? AND asked_at >= ?",
            (guild_id, date.isoformat(), since.isoformat()))
        return {row["user_id"] for row in rows}

    async def clear_restarts(self, guild_id: int, date: dt.date) -> None:
        await self.db.write(f"DELETE FROM {self.tables}_restarts WHERE guild_id = ? AND puzzle_date = ?",
                            (guild_id, date.isoformat()))


class BoxTeamStore(TeamChainStore):
    """Letter Boxed's team chains (``letterbox_team_*``)."""

    def __init__(self, db: Database) -> None:
        super().__init__(db, "letterbox_team")


@dataclass(frozen=True, slots=True)
class TeamBoxDay:
    """A day a server solved its chain together (its box, its ladder): the best solve, who played
    its words, the day's par."""

    day: dt.date
    words: tuple[str, ...]
    players: tuple[int, ...]
    points: int
    par: int


async def team_solved_days(db: Database, tables: str, puzzles: str, guild_id: int, first: dt.date,
                           last: dt.date) -> list[TeamBoxDay]:
    """The days of a range a server solved its chain together (``<tables>_solves``, the par from
    ``puzzles``, English's: together days are played in English), oldest first."""
    assert tables.isidentifier() and puzzles.isidentifier(), (tables, puzzles)
    rows = await db.fetch_all(
        f"SELECT s.puzzle_date, s.words, s.players, s.points, p.par FROM {tables}_solves AS s "
        f"JOIN {puzzles} AS p ON p.puzzle_date = s.puzzle_date AND p.language = 'en' "
        "WHERE s.guild_id = ? AND s.puzzle_date BETWEEN ? AND ? ORDER BY s.puzzle_date",
        (guild_id, first.isoformat(), last.isoformat()))
    return [TeamBoxDay(dt.date.fromisoformat(r["puzzle_date"]), tuple(r["words"].split()),
                       tuple(int(p) for p in r["players"].split()), r["points"], r["par"]) for r in rows]

