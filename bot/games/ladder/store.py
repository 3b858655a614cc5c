"""The word ladder's SQL: ladders by language and date, each player's climb and best solve in a
language's ladder (player_days follows the best solve by trigger, under that language's game:
'ladder', 'ladder-fr' ...). The team's one climb of a together day (English's) is ``bot.days``'."""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from bot.db import Database
from bot.db.transaction import Transaction
from solvers.ladder import DailyLadder


@dataclass(frozen=True, slots=True)
class Solve:
    """A solve: its rungs (after the start, the end last), points and seconds from the first rung."""

    rungs: tuple[str, ...]
    points: int
    seconds: int = 0


@dataclass(frozen=True, slots=True)
class Climb:
    """A player's day: the rungs as they stand, when the first was played, and the best solve."""

    rungs: tuple[str, ...]
    best: Solve | None
    started_at: dt.datetime | None = None


ClimbChange = Callable[[Climb], tuple[Climb, Any]]
"""Given the climb as stored, the climb to store (its ``best`` too) and anything to hand back."""


@dataclass(frozen=True, slots=True)
class BestFound:
    rungs: int
    players: int


class LadderStore:
    def __init__(self, db: Database, language: str = "en") -> None:
        self.db, self.language = db, language

    async def get_puzzle(self, date: dt.date) -> DailyLadder | None:
        row = await self.db.fetch_one(
            "SELECT start_word, end_word, par, ladder, ladders, everyday_ladders FROM ladder_puzzles "
            "WHERE language = ? AND puzzle_date = ?", (self.language, date.isoformat()))
        if row is None:
            return None
        return DailyLadder(date, row["start_word"], row["end_word"], row["par"], tuple(row["ladder"].split()),
                           int(row["ladders"]), int(row["everyday_ladders"]))

    async def save_puzzle(self, made: DailyLadder) -> DailyLadder:
        """Store a date's ladder unless one is stored already; return the stored one."""
        await self.db.write(
            "INSERT INTO ladder_puzzles (language, puzzle_date, start_word, end_word, par, ladder, ladders, "
            "everyday_ladders) VALUES (?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (language, puzzle_date) DO NOTHING",
            (self.language, made.date.isoformat(), made.start, made.end, made.par, " ".join(made.ladder), made.ladders,
             made.everyday_ladders))
        stored = await self.get_puzzle(made.date)
        assert stored is not None
        return stored

    async def unfinished_days(self, guild_id: int, user_id: int, first: str, last: str) -> list[str]:
        """The days (ISO dates) in [first, last] the player has a climb of (begun; a solve is a
        player_days row)."""
        rows = await self.db.fetch_all("SELECT puzzle_date FROM ladder_climbs WHERE guild_id = ? AND language = ? "
                                       "AND user_id = ? AND puzzle_date BETWEEN ? AND ?",
                                       (guild_id, self.language, user_id, first, last))
        return [row[0] for row in rows]

    async def climb(self, guild_id: int, date: dt.date, user_id: int) -> Climb:
        return await _climb(self.db, (guild_id, self.language, date.isoformat(), user_id))

    async def change_climb(self, guild_id: int, date: dt.date, user_id: int, change: ClimbChange,
                           at: dt.datetime) -> Any:
        """Read the player's climb, apply ``change`` and store what it returns, one change at a time
        for a player's day, in any process; returns what ``change`` hands back. The best solve is
        only ever replaced by one of fewer rungs."""
        day, language = date.isoformat(), self.language

        async def work(tx: Transaction) -> Any:
            await tx.lock(f"ladder {guild_id} {language} {day} {user_id}")
            before = await _climb(tx, (guild_id, language, day, user_id))
            after, handed_back = change(before)
            if after.rungs != before.rungs:
                await tx.execute(
                    "INSERT INTO ladder_climbs (guild_id, language, puzzle_date, user_id, rungs, started_at, "
                    "updated_at) VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT (guild_id, language, puzzle_date, user_id) "
                    "DO UPDATE SET rungs = excluded.rungs, updated_at = excluded.updated_at",
                    (guild_id, language, day, user_id, " ".join(after.rungs), at.isoformat(), at.isoformat()))
            best = after.best
            if best is not None and best != before.best:
                await tx.execute(
                    "INSERT INTO ladder_solves (guild_id, language, puzzle_date, user_id, rungs, rung_count, points, "
                    "seconds, solved_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) "
                    "ON CONFLICT (guild_id, language, puzzle_date, user_id) DO UPDATE SET rungs = excluded.rungs, "
                    "rung_count = excluded.rung_count, "
                    "points = excluded.points, seconds = excluded.seconds, solved_at = excluded.solved_at "
                    "WHERE excluded.rung_count < ladder_solves.rung_count",
                    (guild_id, language, day, user_id, " ".join(best.rungs), len(best.rungs), best.points, best.seconds,
                     at.isoformat()))
            return handed_back

        return await self.db.transaction(work)

    async def best_found(self, guild_id: int, date: dt.date) -> list[BestFound]:
        """The guild's solves of the day: how many players solved in each number of rungs, fewest first."""
        rows = await self.db.fetch_all(
            "SELECT rung_count, COUNT(*) AS players FROM ladder_solves WHERE guild_id = ? AND language = ? "
            "AND puzzle_date = ? GROUP BY rung_count ORDER BY rung_count", (guild_id, self.language, date.isoformat()))
        return [BestFound(row["rung_count"], row["players"]) for row in rows]


async def _climb(tx: Transaction | Database, key: tuple[int, str, str, int]) -> Climb:
    """The climb and best solve of (guild, language, day, player)."""
    where = "WHERE guild_id = ? AND language = ? AND puzzle_date = ? AND user_id = ?"
    climb = await tx.fetch_one(f"SELECT rungs, started_at FROM ladder_climbs {where}", key)
    solve = await tx.fetch_one(f"SELECT rungs, points, seconds FROM ladder_solves {where}", key)
    best = Solve(tuple(solve["rungs"].split()), solve["points"], solve["seconds"]) if solve else None
    if climb is None:
        return Climb((), best)
    return Climb(tuple(climb["rungs"].split()), best, dt.datetime.fromisoformat(climb["started_at"]))
