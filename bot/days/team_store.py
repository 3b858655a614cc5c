"""The SQL of the daily games played together by a server: where a day is played and its
progress message (``team_days``), and the Spelling Bee's words credited once per server
(``bee_team_words``; player_days follows by trigger under the game ``bee-team``)."""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence
from dataclasses import dataclass

from bot.db import Database
from bot.db.database import Transaction

BEE_TEAM = "bee-team"  # the player_days game of the bee's together days


@dataclass(frozen=True, slots=True)
class TeamDay:
    """Where a server's together day is played (its thread, or the game's channel) and its live
    progress message, once sent."""

    game: str
    guild_id: int
    day: dt.date
    channel_id: int
    message_id: int | None


@dataclass(frozen=True, slots=True)
class Credit:
    """A word found by the team: who typed it first, and what it scored."""

    word: str
    user_id: int
    points: int
    pangram: bool


@dataclass(frozen=True, slots=True)
class TeamTotal:
    """A server's together day, summed over its players."""

    day: dt.date
    points: int
    words: int
    pangrams: int
    max_points: int


class TeamStore:
    def __init__(self, db: Database) -> None:
        self.db = db

    # ------------------------------------------------------------------ where a day is played

    async def team_day(self, game: str, guild_id: int, day: dt.date) -> TeamDay | None:
        row = await self.db.fetch_one(
            "SELECT channel_id, message_id FROM team_days WHERE game = ? AND guild_id = ? AND day = ?",
            (game, guild_id, day.isoformat()))
        return TeamDay(game, guild_id, day, row["channel_id"], row["message_id"]) if row else None

    async def open_day(self, game: str, guild_id: int, day: dt.date, channel_id: int) -> TeamDay:
        """Remember where a day is played, unless it is remembered already; the stored one."""
        await self.db.write(
            "INSERT INTO team_days (game, guild_id, day, channel_id) VALUES (?, ?, ?, ?) "
            "ON CONFLICT (game, guild_id, day) DO NOTHING", (game, guild_id, day.isoformat(), channel_id))
        stored = await self.team_day(game, guild_id, day)
        assert stored is not None
        return stored

    async def move_day(self, game: str, guild_id: int, day: dt.date, channel_id: int) -> None:
        """The day is played somewhere else now (its thread was deleted): its progress message is to be sent again."""
        await self.db.write(
            "UPDATE team_days SET channel_id = ?, message_id = NULL WHERE game = ? AND guild_id = ? AND day = ?",
            (channel_id, game, guild_id, day.isoformat()))

    async def claim_recap(self, game: str, guild_id: int, day: dt.date, at: dt.datetime) -> bool:
        """Take the right to post the day's recap in its room: True for exactly one caller, ever."""
        return await self.db.write("UPDATE team_days SET recapped_at = ? WHERE game = ? AND guild_id = ? AND day = ? "
                                   "AND recapped_at IS NULL",
                                   (at.astimezone(dt.UTC).isoformat(timespec="seconds"), game, guild_id,
                                    day.isoformat())) > 0

    async def set_message(self, game: str, guild_id: int, day: dt.date, message_id: int | None) -> None:
        await self.db.write("UPDATE team_days SET message_id = ? WHERE game = ? AND guild_id = ? AND day = ?",
                            (message_id, game, guild_id, day.isoformat()))

    async def open_days(self, game: str, day: dt.date, guild_ids: Sequence[int]) -> list[TeamDay]:
        """The together days of ``day`` of these guilds (a process's own), to carry on after a restart."""
        if not guild_ids:
            return []
        marks = ", ".join("?" * len(guild_ids))
        rows = await self.db.fetch_all(
            "SELECT guild_id, channel_id, message_id FROM team_days WHERE game = ? AND day = ? AND "
            f"guild_id IN ({marks})",
            (game, day.isoformat(), *guild_ids))
        return [TeamDay(game, row["guild_id"], day, row["channel_id"], row["message_id"]) for row in rows]

    # ------------------------------------------------------------------ the bee's words

    async def credit_bee_words(self, guild_id: int, date: dt.date, user_id: int,
                               words: Sequence[tuple[str, int, bool]], at: dt.datetime) -> tuple[set[str], int]:
        """Credit ``(word, points, pangram)`` to the player, each word only if nobody of the server
        has it yet (the primary key decides, across processes too); the words credited now and the
        team's points after them. The day's team_days row is locked first (on PostgreSQL; SQLite has
        one writer), so the total is exact: no other credit of the day lands in between."""

        async def store(tx: Transaction) -> tuple[set[str], int]:
            await tx.execute("UPDATE team_days SET message_id = message_id WHERE game = 'bee' AND "
                             "guild_id = ? AND day = ?",
                             (guild_id, date.isoformat()))
            credited = set()
            for word, points, pangram in words:
                rows = await tx.fetch_all(
                    "INSERT INTO bee_team_words (guild_id, puzzle_date, word, user_id, points, pangram, found_at) "
                    "VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING RETURNING word",
                    (guild_id, date.isoformat(), word, user_id, points, int(pangram), at.isoformat()))
                credited.update(row[0] for row in rows)
            total = await tx.fetch_one("SELECT COALESCE(SUM(points), 0) FROM bee_team_words WHERE guild_id "
                                       "= ? AND puzzle_date = ?",
                                       (guild_id, date.isoformat()))
            return credited, total[0]

        return await self.db.transaction(store)

    async def bee_credits(self, guild_id: int, date: dt.date) -> list[Credit]:
        """The team's words of a day, in the order found."""
        rows = await self.db.fetch_all(
            "SELECT word, user_id, points, pangram FROM bee_team_words WHERE guild_id = ? AND puzzle_date = ? "
            "ORDER BY found_at, word", (guild_id, date.isoformat()))
        return [Credit(row["word"], row["user_id"], row["points"], bool(row["pangram"])) for row in rows]

    # ------------------------------------------------------------------ the team's view of the boards

    async def team_totals(self, game: str, guild_id: int, first: dt.date, last: dt.date) -> list[TeamTotal]:
        """Each together day of a server in a range, summed over its players, oldest first."""
        rows = await self.db.fetch_all(
            "SELECT day, SUM(points) AS points, SUM(words) AS words, SUM(pangrams) AS pangrams, "
            "MAX(COALESCE(max_points, 0)) AS max_points FROM player_days "
            "WHERE game = ? AND guild_id = ? AND day BETWEEN ? AND ? GROUP BY day ORDER BY day",
            (game, guild_id, first.isoformat(), last.isoformat()))
        return [TeamTotal(dt.date.fromisoformat(row["day"]), row["points"], row["words"], row["pangrams"],
                          row["max_points"]) for row in rows]

    async def finders(self, game: str, guild_id: int, first: dt.date, last: dt.date) -> list[tuple[int, int, int]]:
        """``(user_id, words found first, points)`` of a server's together days in a range, most words first."""
        rows = await self.db.fetch_all(
            "SELECT user_id, SUM(words) AS words, SUM(points) AS points FROM player_days "
            "WHERE game = ? AND guild_id = ? AND day BETWEEN ? AND ? GROUP BY user_id "
            "ORDER BY SUM(words) DESC, SUM(points) DESC, user_id",
            (game, guild_id, first.isoformat(), last.isoformat()))
        return [(row["user_id"], row["words"], row["points"]) for row in rows]


# ---------------------------------------------------------------------- Letter Boxed's one chain


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


async def _team_chain(tx: Transaction | Database, guild_id: int, day: str) -> TeamChain:
    rows = await tx.fetch_all("SELECT word, user_id FROM letterbox_team_words WHERE guild_id = ? AND puzzle_date = ? "
                              "ORDER BY position", (guild_id, day))
    best = await tx.fetch_one("SELECT words, players, points FROM letterbox_team_solves WHERE guild_id "
                              "= ? AND puzzle_date = ?",
                              (guild_id, day))
    solve = (TeamSolve(tuple(best["words"].split()), tuple(int(p) for p in best["players"].split()), best["points"])
             if best else None)
    return TeamChain(tuple(r["word"] for r in rows), tuple(r["user_id"] for r in rows), solve)


class BoxTeamStore:
    """The SQL of Letter Boxed played together: one chain a server and day."""

    def __init__(self, db: Database) -> None:
        self.db = db

    async def chain(self, guild_id: int, date: dt.date) -> TeamChain:
        return await _team_chain(self.db, guild_id, date.isoformat())

    async def change(self, guild_id: int, date: dt.date, change, at: dt.datetime):
        """Read the team's chain, apply ``change(chain) -> (chain to store, anything)`` and store it,
        one change at a time for a server's day, in any process; returns the anything. The best
        solve is only ever replaced by one of fewer words."""
        day = date.isoformat()

        async def work(tx: Transaction):
            await tx.lock(f"letterbox team {guild_id} {day}")
            before = await _team_chain(tx, guild_id, day)
            after, handed_back = change(before)
            kept = 0
            while kept < min(len(before.words), len(after.words)) and before.words[kept] == after.words[kept] \
                    and before.players[kept] == after.players[kept]:
                kept += 1
            if kept < len(before.words):
                await tx.execute("DELETE FROM letterbox_team_words WHERE guild_id = ? AND "
                                 "puzzle_date = ? AND position >= ?",
                                 (guild_id, day, kept))
            for position in range(kept, len(after.words)):
                await tx.execute(
                    "INSERT INTO letterbox_team_words (guild_id, puzzle_date, position, word, user_id, played_at) "
                    "VALUES (?, ?, ?, ?, ?, ?)",
                    (guild_id, day, position, after.words[position], after.players[position], at.isoformat()))
            if after.best is not None and after.best != before.best:
                await tx.execute(
                    "INSERT INTO letterbox_team_solves (guild_id, puzzle_date, words, players, "
                    "word_count, points, solved_at) "
                    "VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT (guild_id, puzzle_date) DO UPDATE SET "
                    "words = excluded.words, "
                    "players = excluded.players, word_count = excluded.word_count, points = excluded.points, "
                    "solved_at = excluded.solved_at WHERE excluded.word_count < letterbox_team_solves.word_count",
                    (guild_id, day, " ".join(after.best.words), " ".join(map(str, after.best.players)),
                     len(after.best.words), after.best.points, at.isoformat()))
            return handed_back

        return await self.db.transaction(work)

    async def ask_restart(self, guild_id: int, date: dt.date, user_id: int, at: dt.datetime,
                          window: dt.timedelta) -> set[int]:
        """Record a player's ask to start the chain again; every player who asked within ``window``."""
        day = date.isoformat()

        async def work(tx: Transaction) -> set[int]:
            await tx.execute(
                "INSERT INTO letterbox_team_restarts (guild_id, puzzle_date, user_id, asked_at) VALUES (?, ?, ?, ?) "
                "ON CONFLICT (guild_id, puzzle_date, user_id) DO UPDATE SET asked_at = excluded.asked_at",
                (guild_id, day, user_id, at.isoformat()))
            rows = await tx.fetch_all(
                "SELECT user_id FROM letterbox_team_restarts WHERE guild_id = ? AND puzzle_date = ? AND asked_at >= ?",
                (guild_id, day, (at - window).isoformat()))
            return {row["user_id"] for row in rows}

        return await self.db.transaction(work)

    async def restart_asks(self, guild_id: int, date: dt.date, since: dt.datetime) -> set[int]:
        """The players who asked to start the chain again since ``since``."""
        rows = await self.db.fetch_all(
            "SELECT user_id FROM letterbox_team_restarts WHERE guild_id = ? AND puzzle_date = ? AND asked_at >= ?",
            (guild_id, date.isoformat(), since.isoformat()))
        return {row["user_id"] for row in rows}

    async def clear_restarts(self, guild_id: int, date: dt.date) -> None:
        await self.db.write("DELETE FROM letterbox_team_restarts WHERE guild_id = ? AND puzzle_date = ?",
                            (guild_id, date.isoformat()))


@dataclass(frozen=True, slots=True)
class TeamBoxDay:
    """A day a server solved its box together: the best solve, who played its words, the day's par."""

    day: dt.date
    words: tuple[str, ...]
    players: tuple[int, ...]
    points: int
    par: int


async def team_box_days(db: Database, guild_id: int, first: dt.date, last: dt.date) -> list[TeamBoxDay]:
    """The days of a range a server solved its box together, oldest first."""
    rows = await db.fetch_all(
        "SELECT s.puzzle_date, s.words, s.players, s.points, p.par FROM letterbox_team_solves AS s "
        "JOIN letterbox_puzzles AS p ON p.puzzle_date = s.puzzle_date "
        "WHERE s.guild_id = ? AND s.puzzle_date BETWEEN ? AND ? ORDER BY s.puzzle_date",
        (guild_id, first.isoformat(), last.isoformat()))
    return [TeamBoxDay(dt.date.fromisoformat(r["puzzle_date"]), tuple(r["words"].split()),
                       tuple(int(p) for p in r["players"].split()), r["points"], r["par"]) for r in rows]
