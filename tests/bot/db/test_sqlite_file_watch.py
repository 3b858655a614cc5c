"""SQLite's writer against a file that leaves its path: nothing is acknowledged that the next start
would not find. A file gone before a batch is never written; one that goes during a batch fails
the batch after its COMMIT, before any answer; the condition is logged once, with an error id."""

import logging
import sqlite3

import pytest

from bot.db import StoreError
from bot.db.sqlite import SqliteDatabase
from tests.bot.db.damage import damage, fill


@pytest.fixture
async def db(tmp_path):
    db = await SqliteDatabase.connect(tmp_path / "w.sqlite3")
    yield db
    await db.close()


def state(path, key):
    conn = sqlite3.connect(path)
    try:
        row = conn.execute("SELECT value FROM bot_state WHERE key = ?", (key,)).fetchone()
    finally:
        conn.close()
    return row[0] if row else None


def watch_errors(caplog):
    return [r for r in caplog.records if r.name == "bot.db.sqlite_watch" and r.levelno == logging.ERROR]


async def test_a_write_is_refused_once_the_file_left_and_never_reaches_it(db, tmp_path, caplog):
    path, away = tmp_path / "w.sqlite3", tmp_path / "away.sqlite3"
    await db.set_state("before", "kept")
    path.rename(away)
    for n in range(3):
        with pytest.raises(StoreError, match="was deleted or moved away. Writes are refused"):
            await db.set_state(f"refused {n}", "never written")
    assert len(watch_errors(caplog)) == 1 and "[error id " in watch_errors(caplog)[0].getMessage()
    away.rename(path)  # the same file back (its WAL never left): writes resume, and it says so
    await db.set_state("after", "kept")
    assert [state(path, key) for key in ("before", "refused 0", "refused 2", "after")] == ["kept", None, None, "kept"]
    assert any("writes resume" in r.getMessage() for r in caplog.records if r.levelno == logging.WARNING)


async def test_a_batch_whose_file_leaves_during_it_is_not_acknowledged(db, tmp_path):
    path, away = tmp_path / "w.sqlite3", tmp_path / "away.sqlite3"

    async def write_then_lose_the_file(tx):
        await tx.execute("INSERT INTO bot_state (key, value) VALUES ('during', 'committed, not acknowledged')")
        path.rename(away)  # as an operator's mv would, between the write and its COMMIT
        return "acknowledged"

    with pytest.raises(StoreError, match="deleted or moved away"):
        await db.transaction(write_then_lose_the_file)
    away.rename(path)  # put back: the write was committed (a player told it failed may repeat it)
    assert state(path, "during") == "committed, not acknowledged"


async def test_a_replaced_file_is_another_file(db, tmp_path):
    path = tmp_path / "w.sqlite3"
    await db.set_state("mine", "1")
    copy = tmp_path / "copy.sqlite3"
    copy.write_bytes(path.read_bytes())
    copy.replace(path)
    with pytest.raises(StoreError, match=r"another file than the one the bot opened \(replaced\)"):
        await db.set_state("theirs", "2")
    assert state(path, "theirs") is None
    assert "replaced" in await db.health_problem()


async def test_the_quick_check_runs_again_when_its_last_result_is_old(db, tmp_path, monkeypatch):
    """/healthz reports the last quick_check's result; a check is started when none ran yet or the
    last one is RECHECK_SECONDS old (0 here: at every health check), never two at once."""
    path = tmp_path / "w.sqlite3"
    fill(path)
    assert await db.health_problem() is None  # nothing known yet: sound until a check says otherwise
    assert (await db.integrity.checked()).sound
    monkeypatch.setattr(db.integrity, "RECHECK_SECONDS", 0.0)
    damage(path)
    assert await db.health_problem() is None  # the last result, while the new check runs
    report = await db.integrity.checked()
    assert not report.sound and report.check == "quick_check"
    assert "is damaged: SQLite's quick_check found" in await db.health_problem()
