"""PostgreSQL's group commit (``bot/db/pgwriter.py``): units arriving together share a
transaction, yet each caller gets its own answer, only after its commit, and a unit that fails
(or a batch that loses a deadlock to another process) costs no other unit anything."""

import asyncio

import pytest

from bot.db import open_database


@pytest.fixture
async def db(postgres_url):
    db = await open_database(postgres_url)
    await db.write("CREATE TABLE scratch (k TEXT PRIMARY KEY, v INTEGER NOT NULL CHECK (v >= 0))")
    yield db
    await db.close()


def put(key: str, value: int, runs: list[str] | None = None):
    """A unit of work: insert a row, and answer the transaction it ran in and the row count it saw."""

    async def work(tx):
        if runs is not None:
            runs.append(key)
        await tx.execute("INSERT INTO scratch (k, v) VALUES (?, ?)", (key, value))
        row = await tx.fetch_one("SELECT txid_current() AS xid, (SELECT COUNT(*) FROM scratch) AS n")
        return key, row["xid"], row["n"]

    return work


async def rows(db) -> dict[str, int]:
    return {row["k"]: row["v"] for row in await db.fetch_all("SELECT k, v FROM scratch")}


async def test_units_arriving_together_share_transactions_and_each_gets_its_own_answer(db):
    keys = [f"k{n:03d}" for n in range(120)]
    answers = await asyncio.gather(*(db.transaction(put(key, n)) for n, key in enumerate(keys)))
    assert [key for key, _, _ in answers] == keys
    transactions = {xid for _, xid, _ in answers}
    assert len(transactions) < len(keys) // 4  # batched: far fewer commits than units
    for xid in transactions:  # a batch's units ran one after the other, each seeing the ones before it
        seen = [n for _, x, n in answers if x == xid]
        assert seen == sorted(set(seen))  # (and other batches' rows once committed)
    assert await rows(db) == {key: n for n, key in enumerate(keys)}


async def test_a_unit_alone_runs_at_once_in_its_own_transaction(db):
    first = await db.transaction(put("a", 1))
    second = await db.transaction(put("b", 2))
    assert first[1] != second[1] and (first[2], second[2]) == (1, 2)


async def test_an_answer_comes_only_after_its_commit(db):
    async def put_then_look(n: int) -> bool:
        await db.transaction(put(f"k{n}", n))
        return await db.fetch_one("SELECT 1 FROM scratch WHERE k = ?", (f"k{n}",)) is not None  # another connection

    assert all(await asyncio.gather(*(put_then_look(n) for n in range(60))))


async def test_a_failing_unit_fails_alone_and_leaves_nothing(db):
    outcomes = await asyncio.gather(*(db.transaction(put(f"k{n}", -1 if n % 7 == 3 else n)) for n in range(50)),
                                    return_exceptions=True)
    failed = [n for n, outcome in enumerate(outcomes) if isinstance(outcome, Exception)]
    assert failed == [n for n in range(50) if n % 7 == 3]
    assert all("check constraint" in str(outcomes[n]) for n in failed)
    assert await rows(db) == {f"k{n}": n for n in range(50) if n % 7 != 3}


async def test_a_python_error_in_a_unit_undoes_its_statements_only(db):
    async def half_done(tx):
        await tx.execute("INSERT INTO scratch (k, v) VALUES ('half', 1)")
        raise ValueError("changed my mind")

    outcomes = await asyncio.gather(db.transaction(put("a", 1)), db.transaction(half_done), db.transaction(put("b", 2)),
                                    return_exceptions=True)
    assert isinstance(outcomes[1], ValueError) and outcomes[0][0] == "a" and outcomes[2][0] == "b"
    assert await rows(db) == {"a": 1, "b": 2}


async def test_batches_of_two_processes_that_deadlock_still_count_every_unit_once(postgres_url, db):
    other = await open_database(postgres_url)
    runs: list[str] = []

    def lock_both(name: str, first: str, second: str):
        async def work(tx):
            runs.append(name)
            await tx.lock(first)
            await tx.execute("SELECT pg_sleep(0.2)")  # both batches hold their first lock by now
            await tx.lock(second)
            await tx.execute("INSERT INTO scratch (k, v) VALUES (?, 1)", (name,))
            return name
        return work

    try:
        for writer in (db.writer, other.writer):
            writer.runners = 1  # each process's two units in one batch
        answers = await asyncio.gather(
            db.transaction(lock_both("a1", "x", "y")), db.transaction(lock_both("a2", "y", "y")),
            other.transaction(lock_both("b1", "y", "x")), other.transaction(lock_both("b2", "x", "x")))
    finally:
        await other.close()
    assert answers == ["a1", "a2", "b1", "b2"]
    assert await rows(db) == {"a1": 1, "a2": 1, "b1": 1, "b2": 1}
    assert len(runs) > 4  # the batch that lost the deadlock ran again, its units each alone


async def test_a_caller_that_gives_up_before_its_unit_begins_writes_nothing(db):
    db.writer.runners = 1

    async def slow(tx):
        await tx.execute("SELECT pg_sleep(0.3)")

    first = asyncio.create_task(db.transaction(slow))
    await asyncio.sleep(0.05)  # the slow unit's batch is running
    second = asyncio.create_task(db.transaction(put("late", 1)))
    await asyncio.sleep(0.05)
    second.cancel()
    await first
    with pytest.raises(asyncio.CancelledError):
        await second
    await db.transaction(put("after", 1))
    assert await rows(db) == {"after": 1}


async def test_closing_finishes_the_waiting_units_then_refuses_more(postgres_url):
    db = await open_database(postgres_url)
    await db.write("CREATE TABLE scratch (k TEXT PRIMARY KEY, v INTEGER NOT NULL)")
    pending = [asyncio.create_task(db.transaction(put(f"k{n}", n))) for n in range(20)]
    await asyncio.sleep(0)  # every unit submitted
    await db.writer.close()
    assert all(task.done() and not task.exception() for task in pending)
    with pytest.raises(Exception, match="closed"):
        await db.transaction(put("late", 1))
    assert len(await rows(db)) == 20
    await db.pool.close()
