"""The Spelling Bee's SQL: puzzles by language and date, and accepted guesses (player_days follows by
trigger, under the language's bee: ``bee`` for English, ``bee-fr`` ...). A store reads one language's bee."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass

from bot.db import Database
from bot.db.database import Transaction
from bot.db.transaction import Routine


def bee_game_key(language: str) -> str:
    """The player_days game of a language's bee, as the guesses' trigger names it: ``bee`` (English),
    ``bee-fr`` ..."""
    return "bee" if language == "en" else f"bee-{language}"


@dataclass(frozen=True, slots=True)
class StoredPuzzle:
    puzzle_date: dt.date
    letters: str
    center: str
    answers: tuple[str, ...]
    max_score: int


@dataclass(frozen=True, slots=True)
class GuessRecord:
    """What storing a guess did: whether it was new, and the player's day total before and after."""

    inserted: bool
    points_before: int
    points_after: int


class BeeStore:
    def __init__(self, db: Database, language: str = "en") -> None:
        self.db = db
        self.language = language
        self.game = bee_game_key(language)

    async def get_puzzle(self, date: dt.date) -> StoredPuzzle | None:
        row = await self.db.fetch_one(
            "SELECT letters, center, answers, max_score FROM bee_puzzles WHERE language = ? AND puzzle_date = ?",
            (self.language, date.isoformat())
        )
        if row is None:
            return None
        return StoredPuzzle(date, row["letters"], row["center"], tuple(row["answers"].split()), row["max_score"])

    async def save_puzzle(self, puzzle: StoredPuzzle) -> StoredPuzzle:
        """Store a date's puzzle unless one is stored already; return the stored one."""
        await self.db.write(
            "INSERT INTO bee_puzzles (language, puzzle_date, letters, center, answers, max_score) "
            "VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (language, puzzle_date) DO NOTHING",
            (self.language, puzzle.puzzle_date.isoformat(), puzzle.letters, puzzle.center, " ".join(puzzle.answers),
             puzzle.max_score),
        )
        stored = await self.get_puzzle(puzzle.puzzle_date)
        assert stored is not None
        return stored

    async def add_guess(
        self, guild_id: int, date: dt.date, user_id: int, word: str, points: int, pangram: bool, at: dt.datetime
    ) -> GuessRecord:
        """Store an accepted word once per player and day; a repeat (even a simultaneous one) adds nothing.

        One ``Routine`` (``_GUESS``): on PostgreSQL one call of ``wordbot_bee_guess``, one round trip.
        """
        inserted, total = await self.db.call(
            _GUESS, (guild_id, self.language, date.isoformat(), user_id, word, points, int(pangram), at.isoformat()))
        return GuessRecord(inserted, total - points if inserted else total, total)

    async def found_words(self, guild_id: int, date: dt.date, user_id: int) -> list[tuple[str, int]]:
        """A player's words of the day, in the order found, with their points."""
        rows = await self.db.fetch_all(
            "SELECT word, points FROM bee_guesses WHERE guild_id = ? AND language = ? AND puzzle_date = ? "
            "AND user_id = ? ORDER BY guessed_at, word",
            (guild_id, self.language, date.isoformat(), user_id),
        )
        return [(row["word"], row["points"]) for row in rows]

    async def pangram_finders(self, guild_id: int, date: dt.date) -> dict[str, int]:
        """How many players of the guild found each pangram of the day."""
        rows = await self.db.fetch_all(
            "SELECT word, COUNT(*) AS players FROM bee_guesses "
            "WHERE guild_id = ? AND language = ? AND puzzle_date = ? AND pangram = 1 GROUP BY word",
            (guild_id, self.language, date.isoformat()),
        )
        return {row["word"]: row["players"] for row in rows}


async def _guess(tx: Transaction, guild_id: int, language: str, date: str, user_id: int, word: str, points: int,
                 pangram: int, at: str) -> tuple[bool, int]:
    """Whether the word is new, and the player's day total after it. The primary key decides what
    is new, across processes too. The insert and the total that follows it run in one
    transaction, and the trigger's update of the player's day holds that row until the commit, so
    no other guess lands between them and "total before" is exact."""
    inserted = await tx.fetch_all(
        "INSERT INTO bee_guesses (guild_id, language, puzzle_date, user_id, word, points, pangram, guessed_at) "
        "VALUES (?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING RETURNING points",
        (guild_id, language, date, user_id, word, points, pangram, at),
    ) != []
    row = await tx.fetch_one(  # kept up to date by the bee_guesses trigger
        "SELECT points FROM player_days WHERE game = ? AND guild_id = ? AND user_id = ? AND day = ?",
        (bee_game_key(language), guild_id, user_id, date),
    )
    return inserted, row[0] if row else 0


_GUESS = Routine("wordbot_bee_guess", ("BIGINT", "TEXT", "TEXT", "BIGINT", "TEXT", "INTEGER", "INTEGER", "TEXT"),
                 _guess)
"""Its PostgreSQL function (migrations/postgres/0015_daily_languages.sql, 0009's with the language) does the
same steps."""
