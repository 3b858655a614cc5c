"""A write that is one call of a server-side function on PostgreSQL (``migrations/postgres/0009``)
and the same steps in Python on SQLite (``bot.db.transaction.Routine``) is one rule written twice,
on purpose: one round trip where the database is across a network. This test holds the twins
equal: every routine is called with the same cases on both backends, and what each call returns
and what each leaves in its tables (with the rows their triggers write) must be the same."""

import datetime as dt

import pytest

from bot.daily.store import _CLAIM, _CONFIRM
from bot.db import open_database
from bot.games.bee.store import _GUESS
from bot.games.letterbox.store import _PLAY

DAY, OTHER_DAY = "2026-11-21", "2026-11-22"
T0 = dt.datetime(2026, 11, 21, 9, tzinfo=dt.UTC)


def at(seconds: float) -> str:
    return (T0 + dt.timedelta(seconds=seconds)).isoformat()


# (routine, its arguments), in order: new, repeated, raced and refused cases of each rule.
CASES = [
    (_GUESS, (1, "en", DAY, 10, "halcyon", 14, 1, at(1))),  # a new word: inserted, the player's total
    (_GUESS, (1, "en", DAY, 10, "halcyon", 14, 1, at(2))),  # found before: nothing added
    (_GUESS, (1, "en", DAY, 10, "nacho", 5, 0, at(3))),
    (_GUESS, (1, "en", DAY, 20, "halcyon", 14, 1, at(4))),  # another player: their own
    (_GUESS, (2, "en", DAY, 10, "halcyon", 14, 1, at(5))),  # another server: its own
    (_GUESS, (1, "en", OTHER_DAY, 10, "nacho", 5, 0, at(6))),  # another day: its own
    (_GUESS, (1, "fr", DAY, 10, "halcyon", 14, 1, at(7))),  # another language's bee: its own
    (_PLAY, (1, "en", DAY, 10, "", "", "powerful", "", 0, 0, at(10))),  # the first word of a chain
    (_PLAY, (1, "en", DAY, 10, "", "", "tribe", "", 0, 0, at(11))),  # expected an empty chain: refused, the stored back
    (_PLAY, (1, "en", DAY, 10, "powerful", "", "powerful libertine", "powerful libertine", 2, 3, at(12))),  # a solve
    (_PLAY, (1, "en", DAY, 10, "powerful libertine", "powerful libertine", "", "", 0, 0, at(13))),  # a restart
    (_PLAY, (1, "en", DAY, 10, "", "powerful libertine", "longer chain of words", "longer chain of words", 4, 1,
             at(14))),  # a longer solve never replaces the best
    (_PLAY, (1, "en", DAY, 20, "", "", "powerful", "", 0, 0, at(15))),
    (_PLAY, (1, "fr", DAY, 10, "", "", "poire", "", 0, 0, at(16))),  # another language's box: its own chain
    (_PLAY, (1, "fr", DAY, 10, "poire", "", "poire epure", "poire epure", 2, 24, at(17))),  # its own solve and day
    (_CLAIM, ("bee", 1, DAY, 100, at(20), at(140), "solo")),  # a new claim
    (_CLAIM, ("bee", 1, DAY, 100, at(30), at(150), "solo")),  # taken, its retry not come: none
    (_CLAIM, ("bee", 1, DAY, 100, at(140), at(260), "together")),  # taken over after its retry: the style kept
    (_CONFIRM, ("bee", 1, DAY, 4242)),
    (_CONFIRM, ("bee", 1, DAY, 4343)),  # confirmed already: unchanged
    (_CLAIM, ("bee", 1, DAY, 100, at(999), at(1200), "solo")),  # made: never claimed again
    (_CLAIM, ("letterbox", 1, DAY, 101, at(40), at(160), "together")),
    (_CONFIRM, ("letterbox", 2, DAY, 77)),  # no such claim
]
TABLES = {"bee_guesses": "guild_id, language, puzzle_date, user_id, word, points, pangram",
          "letterbox_chains": "*", "letterbox_solves": "*", "player_days": "*",
          "daily_posts": "game, guild_id, day, channel_id, message_id, attempts, retry_at, skipped, play"}


async def run_cases(target) -> tuple[list, dict]:
    db = await open_database(target)
    try:
        for language, day in (("en", DAY), ("en", OTHER_DAY), ("fr", DAY)):
            await db.write("INSERT INTO bee_puzzles (language, puzzle_date, letters, center, answers, max_score) "
                           "VALUES (?, ?, 'achlnoy', 'h', 'halcyon nacho', 19)", (language, day))
        returned = []
        for routine, args in CASES:
            row = await db.call(routine, args)
            returned.append(tuple(row))
        tables = {table: sorted(tuple(r) for r in await db.fetch_all(f"SELECT {columns} FROM {table}"))
                  for table, columns in TABLES.items()}
        return returned, tables
    finally:
        await db.close()


@pytest.fixture
def sqlite_target(tmp_path):
    return tmp_path / "twins.sqlite3"


async def test_each_postgres_function_and_its_sqlite_twin_give_the_same_answers(sqlite_target, migrated_postgres_url):
    on_sqlite, on_postgres = await run_cases(sqlite_target), await run_cases(migrated_postgres_url)
    for (routine, args), mine, theirs in zip(CASES, on_sqlite[0], on_postgres[0], strict=True):
        assert mine == theirs, (routine.function, args)
    assert on_sqlite[1] == on_postgres[1]
    assert all(on_sqlite[1].values())  # every table was written: the cases reach every rule's write
