"""The SQLite store: the only module with SQL in it.

Migrations are the files ``migrations/NNNN_name.sql``. The versions applied are recorded
in ``schema_migrations``; at start-up the pending ones run in one transaction (all or
nothing). A database whose schema is newer than this code is refused, never touched.
Connections use WAL journaling, foreign keys and a busy timeout.
"""

from __future__ import annotations

import asyncio
import datetime as dt
import logging
import re
from dataclasses import dataclass
from importlib import resources
from pathlib import Path

import aiosqlite

log = logging.getLogger(__name__)

MIGRATION_FILE = re.compile(r"(\d{4})_([a-z0-9_]+)\.sql")
LEXICON_CHOICES = ("full", "common")


class StoreError(RuntimeError):
    """The database cannot be used as it is; the message says why and what to do."""


@dataclass(frozen=True, slots=True)
class Migration:
    version: int
    name: str
    sql: str


@dataclass(frozen=True, slots=True)
class SchemaStatus:
    current: int
    latest: int
    pending: tuple[Migration, ...]


@dataclass(frozen=True, slots=True)
class StoredPuzzle:
    puzzle_date: dt.date
    letters: str
    center: str
    answers: tuple[str, ...]
    max_score: int


@dataclass(frozen=True, slots=True)
class StoredSchedule:
    guild_id: int
    channel_id: int
    post_time: str  # HH:MM, local
    timezone: str
    active: bool


@dataclass(frozen=True, slots=True)
class GuessRecord:
    """What storing a guess did: whether it was new, and the player's day total before and after."""

    inserted: bool
    points_before: int
    points_after: int


@dataclass(frozen=True, slots=True)
class Standing:
    """A player's line on a leaderboard. ``rank`` is shared by equal points (1, 2, 2, 4)."""

    rank: int
    user_id: int
    points: int
    words: int
    pangrams: int
    days: int
    top_days: int  # days that reached the game's top-rank threshold (Genius for the bee)
    perfect_days: int  # days with every point (Queen Bee)


@dataclass(frozen=True, slots=True)
class PlayerTotals:
    days: int
    points: int
    words: int
    pangrams: int
    best_points: int
    best_day: dt.date | None
    top_days: int
    perfect_days: int


@dataclass(frozen=True, slots=True)
class Streak:
    first: dt.date
    last: dt.date
    days: int


@dataclass(frozen=True, slots=True)
class GuildSettings:
    guild_id: int
    anagram_lexicon: str = "full"


def available_migrations() -> list[Migration]:
    """The migrations shipped with this code, in version order."""
    found = []
    for entry in resources.files("migrations").iterdir():
        match = MIGRATION_FILE.fullmatch(entry.name)
        if match:
            found.append(Migration(int(match[1]), f"{match[1]}_{match[2]}", entry.read_text(encoding="utf-8")))
    found.sort(key=lambda m: m.version)
    versions = [m.version for m in found]
    if versions != list(range(1, len(found) + 1)):
        raise StoreError(f"Migration files must be numbered 0001, 0002, ... without gaps; found {versions}.")
    return found


async def connect(path: str | Path) -> aiosqlite.Connection:
    """Open the database (creating its folder) with WAL, foreign keys and a busy timeout."""
    path = Path(path)
    if str(path) != ":memory:":
        path.parent.mkdir(parents=True, exist_ok=True)
    try:
        conn = await aiosqlite.connect(path, isolation_level=None)
    except Exception as error:  # sqlite3.OperationalError and friends
        raise StoreError(f"Cannot open the database at {path}: {error}") from None
    conn.row_factory = aiosqlite.Row
    for pragma in ("journal_mode = WAL", "foreign_keys = ON", "busy_timeout = 5000", "synchronous = NORMAL"):
        await _execute(conn, f"PRAGMA {pragma}")
    return conn


async def _execute(conn: aiosqlite.Connection, sql: str, params: tuple = ()) -> None:
    """Run one statement to completion and close its cursor (an open one blocks COMMIT)."""
    async with conn.execute(sql, params) as cursor:
        await cursor.fetchall()


async def _fetchone(conn: aiosqlite.Connection, sql: str, params: tuple = ()) -> aiosqlite.Row | None:
    async with conn.execute(sql, params) as cursor:
        return await cursor.fetchone()


async def schema_status(conn: aiosqlite.Connection) -> SchemaStatus:
    """Which migrations the database has, and which of ours it lacks."""
    migrations = available_migrations()
    latest = migrations[-1].version if migrations else 0
    has_table = await _fetchone(
        conn, "SELECT name FROM sqlite_master WHERE type = 'table' AND name = 'schema_migrations'"
    )
    current = 0
    if has_table:
        current = (await _fetchone(conn, "SELECT COALESCE(MAX(version), 0) FROM schema_migrations"))[0]
    return SchemaStatus(current, latest, tuple(m for m in migrations if m.version > current))


async def upgrade(conn: aiosqlite.Connection) -> list[Migration]:
    """Apply every pending migration in one transaction; return those applied."""
    status = await schema_status(conn)
    if status.current > status.latest:
        raise StoreError(
            f"The database is at schema version {status.current}, newer than this wordbot knows "
            f"(up to {status.latest}). Upgrade wordbot, or point WORDBOT_DATABASE at another file."
        )
    if not status.pending:
        return []
    script = ["BEGIN IMMEDIATE;", _SCHEMA_MIGRATIONS_TABLE]
    for migration in status.pending:
        script.append(migration.sql)
        script.append(
            f"INSERT INTO schema_migrations (version, name) VALUES ({migration.version}, '{migration.name}');"
        )
    script.append("COMMIT;")
    try:
        await conn.executescript("\n".join(script))
    except Exception as error:
        if conn.in_transaction:
            await _execute(conn, "ROLLBACK")
        raise StoreError(f"Migration failed and was rolled back, nothing changed: {error}") from error
    for migration in status.pending:
        log.info("Applied migration %s", migration.name)
    return list(status.pending)


_SCHEMA_MIGRATIONS_TABLE = """
CREATE TABLE IF NOT EXISTS schema_migrations (
    version    INTEGER PRIMARY KEY,
    name       TEXT NOT NULL,
    applied_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
"""


class Store:
    """The bot's data, over one aiosqlite connection."""

    def __init__(self, conn: aiosqlite.Connection) -> None:
        self.conn = conn
        self._write = asyncio.Lock()  # one transaction at a time on the shared connection

    @classmethod
    async def open(cls, path: str | Path) -> Store:
        """Connect and bring the schema up to date (the start-up path)."""
        conn = await connect(path)
        try:
            await upgrade(conn)
        except BaseException:
            await conn.close()
            raise
        return cls(conn)

    async def close(self) -> None:
        await self.conn.close()

    async def _run(self, sql: str, params: tuple = ()) -> None:
        """One write statement, never inside another coroutine's open transaction."""
        async with self._write:
            await _execute(self.conn, sql, params)

    async def get_state(self, key: str) -> str | None:
        row = await _fetchone(self.conn, "SELECT value FROM bot_state WHERE key = ?", (key,))
        return row["value"] if row else None

    async def set_state(self, key: str, value: str) -> None:
        await self._run(
            "INSERT INTO bot_state (key, value) VALUES (?, ?) "
            "ON CONFLICT (key) DO UPDATE SET value = excluded.value, "
            "updated_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now')",
            (key, value),
        )

    async def guild_settings(self, guild_id: int) -> GuildSettings:
        row = await _fetchone(self.conn, "SELECT anagram_lexicon FROM guild_settings WHERE guild_id = ?", (guild_id,))
        return GuildSettings(guild_id, row["anagram_lexicon"]) if row else GuildSettings(guild_id)

    async def set_anagram_lexicon(self, guild_id: int, lexicon: str) -> None:
        if lexicon not in LEXICON_CHOICES:
            raise ValueError(f"lexicon must be one of {LEXICON_CHOICES}")
        await self._run(
            "INSERT INTO guild_settings (guild_id, anagram_lexicon) VALUES (?, ?) "
            "ON CONFLICT (guild_id) DO UPDATE SET anagram_lexicon = excluded.anagram_lexicon, "
            "updated_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now')",
            (guild_id, lexicon),
        )

    # ------------------------------------------------------------------ Spelling Bee

    async def get_puzzle(self, date: dt.date) -> StoredPuzzle | None:
        row = await _fetchone(
            self.conn,
            "SELECT letters, center, answers, max_score FROM bee_puzzles WHERE puzzle_date = ?",
            (date.isoformat(),),
        )
        if row is None:
            return None
        return StoredPuzzle(date, row["letters"], row["center"], tuple(row["answers"].split()), row["max_score"])

    async def save_puzzle(self, puzzle: StoredPuzzle) -> StoredPuzzle:
        """Store a date's puzzle unless one is stored already; return the stored one."""
        await self._run(
            "INSERT INTO bee_puzzles (puzzle_date, letters, center, answers, max_score) VALUES (?, ?, ?, ?, ?) "
            "ON CONFLICT (puzzle_date) DO NOTHING",
            (puzzle.puzzle_date.isoformat(), puzzle.letters, puzzle.center, " ".join(puzzle.answers), puzzle.max_score),
        )
        stored = await self.get_puzzle(puzzle.puzzle_date)
        assert stored is not None
        return stored

    async def set_schedule(self, guild_id: int, channel_id: int, post_time: str, timezone: str, user_id: int) -> None:
        await self._run(
            "INSERT INTO bee_schedules (guild_id, channel_id, post_time, timezone, active, updated_by) "
            "VALUES (?, ?, ?, ?, 1, ?) ON CONFLICT (guild_id) DO UPDATE SET channel_id = excluded.channel_id, "
            "post_time = excluded.post_time, timezone = excluded.timezone, active = 1, "
            "updated_by = excluded.updated_by, updated_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now')",
            (guild_id, channel_id, post_time, timezone, user_id),
        )

    async def stop_schedule(self, guild_id: int, user_id: int) -> bool:
        """Deactivate a guild's schedule; False when it had no active one."""
        async with self._write:
            async with self.conn.execute(
                "UPDATE bee_schedules SET active = 0, updated_by = ?, "
                "updated_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now') WHERE guild_id = ? AND active = 1",
                (user_id, guild_id),
            ) as cursor:
                return cursor.rowcount > 0

    async def get_schedule(self, guild_id: int) -> StoredSchedule | None:
        row = await _fetchone(
            self.conn,
            "SELECT guild_id, channel_id, post_time, timezone, active FROM bee_schedules WHERE guild_id = ?",
            (guild_id,),
        )
        return _schedule(row) if row else None

    async def active_schedules(self) -> list[StoredSchedule]:
        async with self.conn.execute(
            "SELECT guild_id, channel_id, post_time, timezone, active FROM bee_schedules WHERE active = 1"
        ) as cursor:
            return [_schedule(row) for row in await cursor.fetchall()]

    async def claim_post(self, guild_id: int, date: dt.date, channel_id: int) -> bool:
        """Claim the guild's post of ``date``: True for exactly one caller, ever."""
        async with self._write:
            async with self.conn.execute(
                "INSERT INTO bee_posts (guild_id, puzzle_date, channel_id) VALUES (?, ?, ?) "
                "ON CONFLICT (guild_id, puzzle_date) DO NOTHING",
                (guild_id, date.isoformat(), channel_id),
            ) as cursor:
                return cursor.rowcount == 1

    async def release_post(self, guild_id: int, date: dt.date) -> None:
        """Give up a claim whose message could not be sent, so a later attempt may post."""
        await self._run(
            "DELETE FROM bee_posts WHERE guild_id = ? AND puzzle_date = ? AND message_id IS NULL",
            (guild_id, date.isoformat()),
        )

    async def set_post_message(self, guild_id: int, date: dt.date, message_id: int) -> None:
        await self._run(
            "UPDATE bee_posts SET message_id = ? WHERE guild_id = ? AND puzzle_date = ?",
            (message_id, guild_id, date.isoformat()),
        )

    async def has_post(self, guild_id: int, date: dt.date) -> bool:
        row = await _fetchone(
            self.conn, "SELECT 1 FROM bee_posts WHERE guild_id = ? AND puzzle_date = ?", (guild_id, date.isoformat())
        )
        return row is not None

    async def add_guess(
        self, guild_id: int, date: dt.date, user_id: int, word: str, points: int, pangram: bool, at: dt.datetime
    ) -> GuessRecord:
        """Store an accepted word once per player and day; a repeat (even a simultaneous one) adds nothing.

        The primary key decides what is new. The write lock keeps the insert and the total
        that follows it together: every write on this connection takes the lock, so no
        other guess lands between them and "total before" is exact.
        """
        async with self._write:
            async with self.conn.execute(
                "INSERT INTO bee_guesses (guild_id, puzzle_date, user_id, word, points, pangram, guessed_at) "
                "VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING RETURNING points",
                (guild_id, date.isoformat(), user_id, word, points, int(pangram), at.isoformat()),
            ) as cursor:
                inserted = await cursor.fetchone() is not None
            row = await _fetchone(  # kept up to date by the bee_guesses trigger
                self.conn,
                "SELECT points FROM player_days WHERE game = 'bee' AND guild_id = ? AND user_id = ? AND day = ?",
                (guild_id, user_id, date.isoformat()),
            )
            total = row["points"] if row else 0
        return GuessRecord(inserted, total - points if inserted else total, total)

    async def found_words(self, guild_id: int, date: dt.date, user_id: int) -> list[tuple[str, int]]:
        """A player's words of the day, in the order found, with their points."""
        async with self.conn.execute(
            "SELECT word, points FROM bee_guesses WHERE guild_id = ? AND puzzle_date = ? AND user_id = ? "
            "ORDER BY guessed_at, word",
            (guild_id, date.isoformat(), user_id),
        ) as cursor:
            return [(row["word"], row["points"]) for row in await cursor.fetchall()]

    async def pangram_finders(self, guild_id: int, date: dt.date) -> dict[str, int]:
        """How many players of the guild found each pangram of the day."""
        async with self.conn.execute(
            "SELECT word, COUNT(*) AS players FROM bee_guesses "
            "WHERE guild_id = ? AND puzzle_date = ? AND pangram = 1 GROUP BY word",
            (guild_id, date.isoformat()),
        ) as cursor:
            return {row["word"]: row["players"] for row in await cursor.fetchall()}

    # ------------------------------------------------------------------ leaderboards and stats
    # `top_percent` is the share of a day's maximum that counts as a top day (Genius: 70);
    # the threshold rounds like solvers.bee.threshold: (max * percent * 2 + 100) / 200.

    async def standings(
        self, game: str, guild_id: int, first: dt.date, last: dt.date, top_percent: int
    ) -> list[Standing]:
        """Every player of the guild with points in [first, last], best first; ties share a rank
        and are ordered by words, then pangrams, then user id."""
        async with self.conn.execute(
            "SELECT RANK() OVER (ORDER BY SUM(points) DESC) AS rank, user_id, SUM(points) AS points, "
            "SUM(words) AS words, SUM(pangrams) AS pangrams, COUNT(*) AS days, "
            "SUM(points >= (max_points * ? * 2 + 100) / 200) AS top_days, "
            "SUM(points >= max_points) AS perfect_days "
            "FROM player_days WHERE game = ? AND guild_id = ? AND day BETWEEN ? AND ? "
            "GROUP BY user_id ORDER BY points DESC, words DESC, pangrams DESC, user_id",
            (top_percent, game, guild_id, first.isoformat(), last.isoformat()),
        ) as cursor:
            return [Standing(*row) for row in await cursor.fetchall()]

    async def player_totals(self, game: str, guild_id: int, user_id: int, top_percent: int) -> PlayerTotals:
        row = await _fetchone(
            self.conn,
            "SELECT COUNT(*), COALESCE(SUM(points), 0), COALESCE(SUM(words), 0), COALESCE(SUM(pangrams), 0), "
            "COALESCE(MAX(points), 0), "
            "(SELECT day FROM player_days WHERE game = ?1 AND guild_id = ?2 AND user_id = ?3 "
            " ORDER BY points DESC, day LIMIT 1), "
            "COALESCE(SUM(points >= (max_points * ?4 * 2 + 100) / 200), 0), COALESCE(SUM(points >= max_points), 0) "
            "FROM player_days WHERE game = ?1 AND guild_id = ?2 AND user_id = ?3",
            (game, guild_id, user_id, top_percent),
        )
        days, points, words, pangrams, best, best_day, top, perfect = row
        return PlayerTotals(days, points, words, pangrams, best,
                            dt.date.fromisoformat(best_day) if best_day else None, top, perfect)

    async def streaks(self, game: str, guild_id: int, user_id: int) -> list[Streak]:
        """Runs of consecutive days played, most recent first (days minus their row number
        are constant within a run)."""
        async with self.conn.execute(
            "WITH played AS (SELECT day, julianday(day) - ROW_NUMBER() OVER (ORDER BY day) AS run "
            "FROM player_days WHERE game = ? AND guild_id = ? AND user_id = ?) "
            "SELECT MIN(day), MAX(day), COUNT(*) FROM played GROUP BY run ORDER BY MAX(day) DESC",
            (game, guild_id, user_id),
        ) as cursor:
            return [Streak(dt.date.fromisoformat(a), dt.date.fromisoformat(b), n) for a, b, n in await cursor.fetchall()]

    async def daily_points(self, game: str, guild_id: int, user_id: int, first: dt.date, last: dt.date) -> dict[dt.date, int]:
        async with self.conn.execute(
            "SELECT day, points FROM player_days WHERE game = ? AND guild_id = ? AND user_id = ? AND day BETWEEN ? AND ?",
            (game, guild_id, user_id, first.isoformat(), last.isoformat()),
        ) as cursor:
            return {dt.date.fromisoformat(day): points for day, points in await cursor.fetchall()}

    async def set_player_name(self, guild_id: int, user_id: int, name: str) -> None:
        await self._run(
            "INSERT INTO players (guild_id, user_id, display_name) VALUES (?, ?, ?) "
            "ON CONFLICT (guild_id, user_id) DO UPDATE SET display_name = excluded.display_name, "
            "updated_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now')",
            (guild_id, user_id, name[:100]),
        )

    async def player_names(self, guild_id: int) -> dict[int, str]:
        async with self.conn.execute("SELECT user_id, display_name FROM players WHERE guild_id = ?", (guild_id,)) as cursor:
            return {user_id: name for user_id, name in await cursor.fetchall()}


def _schedule(row: aiosqlite.Row) -> StoredSchedule:
    return StoredSchedule(row["guild_id"], row["channel_id"], row["post_time"], row["timezone"], bool(row["active"]))
