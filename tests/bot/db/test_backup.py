"""``backup_database`` and ``restore_database`` (issue 35): backups taken while about 1,000
guesses a second are written through the real stores open, pass SQLite's integrity check and
hold the source's boards as of one moment; a restore round-trips on both backends; an existing
file is kept unless forced; a backup of PostgreSQL is a SQLite file of the same rows."""

import asyncio
import datetime as dt
import sqlite3
import threading
import time

import pytest

from bot.daily.calendar import DailyCalendar
from bot.days.store import BoardsStore
from bot.db import StoreError, open_database
from bot.db.backup import backup_database, restore_database
from bot.db.backup_sqlite import snapshot
from bot.games.bee.game import BeeGame
from solvers.lexicon import Lexicon
from tests.bot.db.test_copy import DAY, every_row, fill, what_players_see

GUILD = 5
NOON = dt.datetime(2026, 11, 23, 12, tzinfo=dt.UTC)
PER_TICK, TICK = 10, 0.01  # 10 guesses every 10 ms: about 1,000 a second


class TickingClock:
    """A clock one microsecond later at each call. A guess reads it just before its write is
    queued, so on SQLite (one writer, in queue order) ``guessed_at`` is the order of the commits."""

    def __init__(self) -> None:
        self.calls = 0

    def __call__(self) -> dt.datetime:
        self.calls += 1
        return NOON + dt.timedelta(microseconds=self.calls)


class Crowd:
    """Players guessing every word of the day's bee in turn, PER_TICK guesses every TICK seconds,
    in a background task, until stopped; ``acknowledged``: the (user, word) of each guess answered."""

    def __init__(self, game: BeeGame, answers: tuple[str, ...]) -> None:
        self.game, self.answers = game, answers
        self.acknowledged: list[tuple[int, str]] = []
        self.stopped = False

    async def run(self) -> None:
        loop = asyncio.get_running_loop()
        plays = ((user, word) for user in range(1, 10_000) for word in self.answers)
        next_tick = loop.time()
        while not self.stopped:
            await asyncio.gather(*(self.guess(*next(plays)) for _ in range(PER_TICK)))
            next_tick += TICK
            await asyncio.sleep(max(0.0, next_tick - loop.time()))

    async def guess(self, user: int, word: str) -> None:
        assert (await self.game.guess(GUILD, user, DAY, word)).accepted
        self.acknowledged.append((user, word))

    async def wait_for(self, count: int) -> None:
        while len(self.acknowledged) < count:
            await asyncio.sleep(TICK)


def guesses(path) -> dict[tuple[int, str], str]:
    with sqlite3.connect(path) as conn:
        return {(u, w): at for u, w, at in conn.execute("SELECT user_id, word, guessed_at FROM bee_guesses")}


def boards_from_guesses(rows) -> list[tuple[int, int, int, int]]:
    """(user, points, words, pangrams) of each player, summed from guesses (user, points, pangram)."""
    totals: dict[int, list[int]] = {}
    for user, points, pangram in rows:
        total = totals.setdefault(user, [0, 0, 0])
        total[0], total[1], total[2] = total[0] + points, total[1] + 1, total[2] + pangram
    return sorted((user, *total) for user, total in totals.items())


async def boards(target) -> list[tuple[int, int, int, int]]:
    """The leaderboard of the day as players see it (player_days, which the triggers keep)."""
    db = await open_database(target)
    try:
        standings = await BoardsStore(db).standings("bee", GUILD, DAY, DAY, 50)
    finally:
        await db.close()
    return sorted((s.user_id, s.points, s.words, s.highlights) for s in standings)


def integrity(path) -> str:
    with sqlite3.connect(path) as conn:
        return conn.execute("PRAGMA integrity_check").fetchone()[0]


async def test_backups_taken_while_a_thousand_guesses_a_second_are_written(tmp_path, db_target):
    db = await open_database(db_target)
    game = BeeGame(db, Lexicon.load("common"), DailyCalendar(db, clock=TickingClock()))
    crowd = Crowd(game, (await game.puzzle(DAY)).answers)
    writing = asyncio.create_task(crowd.run())
    taken = []
    try:
        for n in range(3):
            await crowd.wait_for(200 * (n + 1))
            before = set(crowd.acknowledged)
            report = await backup_database(db_target, tmp_path / f"backup-{n}.sqlite3")
            taken.append((report, before, len(crowd.acknowledged)))
        await crowd.wait_for(len(crowd.acknowledged) + 100)  # and the bot writes on afterwards
    finally:
        crowd.stopped = True
        await writing
        await db.close()

    final_rows = await every_row(db_target)
    # (user, word): (guild, day, user, word, points, pangram, at)
    final = {(r[2], r[3]): r for r in final_rows["bee_guesses"]}
    assert set(final) == set(crowd.acknowledged)
    assert await boards(db_target) == boards_from_guesses((r[2], r[4], r[5]) for r in final.values())
    for report, acknowledged_before, acknowledged_after in taken:
        assert integrity(report.file) == "ok"
        assert report.tables and all(t.source_rows == t.target_rows for t in report.tables)
        in_backup = guesses(report.file)
        assert acknowledged_before <= set(in_backup) <= set(final)  # every answered guess, none made up
        assert len(in_backup) < len(final) and acknowledged_after < len(crowd.acknowledged)
        if isinstance(db_target, str):  # PostgreSQL: the boards the backup shows are its own guesses' sums
            assert await boards(report.file) == \
                boards_from_guesses((final[g][2], final[g][4], final[g][5]) for g in in_backup)
            continue
        # SQLite commits in guessed_at order: the backup holds every guess up to a moment and none after
        moment = max(in_backup.values())
        as_of_moment = [r for r in final.values() if r[6] <= moment]
        assert set(in_backup) == {(r[2], r[3]) for r in as_of_moment}
        assert await boards(report.file) == boards_from_guesses((r[2], r[4], r[5]) for r in as_of_moment)
    assert len({len(guesses(report.file)) for report, _, _ in taken}) == 3  # three moments


async def test_a_restore_round_trips_every_row_on_both_backends(tmp_path, db_target):
    source = tmp_path / "source.sqlite3"
    await fill(source)
    report = await backup_database(source, tmp_path / "backup.sqlite3")
    assert await every_row(report.file) == await every_row(source)
    restored = await restore_database(report.file, db_target)
    assert {(t.table, t.target_rows) for t in restored.tables} == {(t.table, t.target_rows) for t in report.tables}
    assert await every_row(db_target) == await every_row(source)
    assert await what_players_see(db_target) == await what_players_see(source)
    with pytest.raises(StoreError, match="target is not empty"):  # a second restore into it: as db copy refuses
        await restore_database(report.file, db_target)


async def test_a_backup_of_postgres_is_a_sqlite_file_of_the_same_rows(tmp_path, postgres_url):
    await fill(postgres_url)
    report = await backup_database(postgres_url, tmp_path / "pg.sqlite3")
    assert "@" not in report.source or "***" in report.source
    assert integrity(report.file) == "ok"
    assert await every_row(report.file) == await every_row(postgres_url)
    assert await what_players_see(report.file) == await what_players_see(postgres_url)


async def test_an_existing_file_is_kept_unless_forced_and_nothing_is_left_behind(tmp_path):
    source, file = tmp_path / "source.sqlite3", tmp_path / "backups" / "nightly.sqlite3"
    await fill(source)
    file.parent.mkdir()
    file.write_bytes(b"last night's")
    with pytest.raises(StoreError, match="nightly.sqlite3 exists already: give another name, or add --force"):
        await backup_database(source, file)
    assert file.read_bytes() == b"last night's"
    report = await backup_database(source, file, force=True)
    assert await every_row(file) == await every_row(source) and report.size == file.stat().st_size
    assert [p.name for p in file.parent.iterdir()] == ["nightly.sqlite3"]  # no partial file, no journal
    with sqlite3.connect(file) as conn:  # one self-contained file: no WAL beside it when read elsewhere
        assert conn.execute("PRAGMA journal_mode").fetchone()[0] == "delete"
    with pytest.raises(StoreError, match="is the database itself"):
        await backup_database(source, source, force=True)


async def test_a_snapshot_that_fails_the_integrity_check_is_not_kept(tmp_path):
    source = tmp_path / "source.sqlite3"
    await fill(source)
    with sqlite3.connect(source) as conn:  # an index that no longer says what its entries hold: the rows still count
        conn.execute("PRAGMA writable_schema = ON")
        conn.execute("UPDATE sqlite_master SET sql = replace(sql, 'pangram)', 'points)') "
                     "WHERE name = 'bee_guesses_by_day'")
    with sqlite3.connect(source) as conn:
        assert conn.execute("SELECT COUNT(*) FROM bee_guesses").fetchone()[0] > 0
    with pytest.raises(StoreError, match=r"The snapshot of .*source.sqlite3 fails SQLite's integrity check \(.*\): "
                                         "the database may be damaged, so no backup was kept"):
        await backup_database(source, tmp_path / "backup.sqlite3")
    assert not [p.name for p in tmp_path.iterdir() if "backup" in p.name]


async def test_a_cancelled_backup_leaves_no_file(tmp_path, monkeypatch):
    source, file = tmp_path / "source.sqlite3", tmp_path / "backups" / "b.sqlite3"
    await fill(source)
    file.parent.mkdir()
    started, finished = threading.Event(), threading.Event()

    def slow_snapshot(*args):  # a big database: the snapshot's thread writes on after the cancel
        started.set()
        time.sleep(0.2)
        try:
            return snapshot(*args)
        finally:
            finished.set()

    monkeypatch.setattr("bot.db.backup.snapshot", slow_snapshot)
    task = asyncio.create_task(backup_database(source, file))
    await asyncio.to_thread(started.wait)
    task.cancel()  # as Ctrl-C does to `wordbot db backup`
    with pytest.raises(asyncio.CancelledError):
        await task
    assert await asyncio.to_thread(finished.wait, 10)  # what the thread wrote was removed after it
    assert list(file.parent.iterdir()) == []
