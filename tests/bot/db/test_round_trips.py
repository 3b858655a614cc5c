"""On PostgreSQL a bee guess, a Letter Boxed play, and a daily post's claim and confirm each cost
one round trip: one statement (a server-side function call, or one upsert), with no BEGIN/COMMIT
of its own and no reset of the connection afterwards, prepared once per connection and then only
executed (asyncpg's statement cache is hit). Counted with asyncpg's query logger, on a pool of
one connection, so every statement the bot sends is seen."""

import asyncio
import datetime as dt

import pytest

from bot.daily.calendar import DailyCalendar
from bot.daily.store import DailyStore
from bot.db import open_database
from bot.db.postgres import PostgresDatabase, create_pool
from bot.games.bee.game import BeeGame, Verdict
from bot.games.bee.store import BeeStore, StoredPuzzle
from bot.games.letterbox.game import LetterBoxedGame, Ruling, points
from bot.games.letterbox.store import LetterBoxedStore
from solvers.letterbox import Box, DailyBox
from solvers.lexicon import Lexicon
from tests.clock import Clock

DAY = dt.date(2026, 11, 23)
NOON = dt.datetime(2026, 11, 23, 12, tzinfo=dt.UTC)
BOX = DailyBox(DAY, Box(("tuw", "bno", "efi", "lpr")), 5, ("powerful", "libertine"), 1000)


class Counted:
    """A database on one connection whose statements are logged."""

    def __init__(self, db: PostgresDatabase, sent: list[str]) -> None:
        self.db, self.sent = db, sent

    async def statements(self, action) -> tuple[object, list[str]]:
        """What ``action`` (an awaitable) gives, and the statements it sent."""
        await asyncio.sleep(0)
        self.sent.clear()
        result = await action
        for _ in range(3):  # the logger is called soon after each statement
            await asyncio.sleep(0)
        return result, list(self.sent)

    async def prepared(self, function: str) -> list[tuple[int, int]]:
        """The connection's prepared statements calling ``function``: (plans made, executions)."""
        async with self.db.pool.acquire() as conn:
            rows = await conn.fetch("SELECT generic_plans + custom_plans AS runs FROM pg_prepared_statements "
                                    "WHERE statement LIKE $1", f"%{function}%")
        return [row["runs"] for row in rows]


@pytest.fixture
async def counted(postgres_url):
    await (await open_database(postgres_url)).close()  # the tables and functions
    pool = await create_pool(postgres_url, max_size=1)
    sent: list[str] = []
    async with pool.acquire() as conn:
        conn.add_query_logger(lambda query: sent.append(query.query))
    db = PostgresDatabase(pool, postgres_url)
    yield Counted(db, sent)
    await db.close()


async def test_a_bee_guess_is_one_round_trip_of_one_prepared_call(counted):
    game = BeeGame(counted.db, Lexicon.load("common"), DailyCalendar(counted.db, clock=Clock(NOON)))
    puzzle = await game.puzzle(DAY)
    words = puzzle.answers[:4]
    first, sent = await counted.statements(game.guess(1, 10, DAY, words[0], "Ann"))
    assert first.accepted and [s.split("(")[0].strip() for s in sent] == \
        ["INSERT INTO players", "SELECT * FROM wordbot_bee_guess"]
    for word in words[1:]:  # the name is stored once per process (and again when it changes)
        result, sent = await counted.statements(game.guess(1, 10, DAY, word, "Ann"))
        assert result.accepted
        assert [s.split("(")[0] for s in sent] == ["SELECT * FROM wordbot_bee_guess"]
    again, sent = await counted.statements(game.guess(1, 10, DAY, words[0], "Ann"))
    assert again.verdict is Verdict.ALREADY_FOUND and len(sent) == 1
    refused, sent = await counted.statements(game.guess(1, 10, DAY, "zzzz", "Ann"))
    assert refused.verdict is not Verdict.ACCEPTED and sent == []  # judged without the database
    assert await counted.prepared("wordbot_bee_guess") == [len(words) + 1]  # prepared once, run each time


async def test_guesses_arriving_together_go_as_one_statement_per_batch(counted):
    game = BeeGame(counted.db, Lexicon.load("common"), DailyCalendar(counted.db, clock=Clock(NOON)))
    puzzle = await game.puzzle(DAY)
    await asyncio.gather(*(game.guess(2, user, DAY, puzzle.answers[0]) for user in range(10)))  # asyncpg learns
    # the array types, once per connection (its type introspection: a few statements the first time)
    results, sent = await counted.statements(
        asyncio.gather(*(game.guess(1, user, DAY, word) for user in range(10) for word in puzzle.answers[:3])))
    assert all(result.accepted for result in results)
    # no BEGIN/COMMIT
    assert [s for s in sent if not s.startswith(("SELECT * FROM wordbot_bee_guess(", "SELECT r.* FROM unnest("))] == []
    assert len(sent) <= len(results) // 2 and any(s.startswith("SELECT r.* FROM unnest(") for s in sent)
    for user in range(10):  # each word saw the exact total before it
        steps = sorted((r.total - r.points, r.total) for r in results[3 * user:3 * user + 3])
        assert [before for before, _ in steps] == [0] + [after for _, after in steps[:-1]]


async def test_a_failing_call_among_calls_sent_together_fails_alone(counted):
    store = BeeStore(counted.db)
    await store.save_puzzle(StoredPuzzle(DAY, "abcdefg", "a", ("abcd",), 100))
    no_puzzle = DAY + dt.timedelta(days=1)
    outcomes = await asyncio.gather(*(store.add_guess(1, no_puzzle if n % 5 == 2 else DAY, 10, f"w{n:02d}", 2, False,
                                                      NOON)
                                      for n in range(30)), return_exceptions=True)
    failed = [n for n, outcome in enumerate(outcomes) if isinstance(outcome, Exception)]
    assert failed == [n for n in range(30) if n % 5 == 2]
    assert all("foreign key" in str(outcomes[n]) for n in failed)
    totals = sorted(outcome.points_after for outcome in outcomes if not isinstance(outcome, Exception))
    assert totals == list(range(2, 2 * 24 + 1, 2))
    row = await counted.db.fetch_one("SELECT points, words FROM player_days WHERE game = 'bee' AND user_id = 10")
    assert tuple(row) == (48, 24)


async def test_a_letter_boxed_play_is_one_round_trip(counted):
    game = LetterBoxedGame(counted.db, Lexicon.load("common"), Lexicon.load("full"),
                           DailyCalendar(counted.db, clock=Clock(NOON)))
    await game.store.save_puzzle(BOX)
    await game.puzzle(DAY)
    first, sent = await counted.statements(game.play(1, 10, DAY, "powerful"))
    assert first.outcome is Ruling.PLAYED and [s.split("(")[0] for s in sent] == \
        ["SELECT * FROM wordbot_letterbox_play"]
    solved, sent = await counted.statements(game.play(1, 10, DAY, "libertine"))
    assert solved.outcome is Ruling.SOLVED and len(sent) == 1
    assert await counted.prepared("wordbot_letterbox_play") == [2]


async def test_a_play_judged_on_a_chain_another_process_changed_is_judged_again(counted):
    game = LetterBoxedGame(counted.db, Lexicon.load("common"), Lexicon.load("full"),
                           DailyCalendar(counted.db, clock=Clock(NOON)))
    await game.store.save_puzzle(BOX)
    await game.play(1, 10, DAY, "powerful")
    game.store = LetterBoxedStore(counted.db)  # another process: it never saw the chain
    played, sent = await counted.statements(game.play(1, 10, DAY, "libertine"))
    assert played.outcome is Ruling.SOLVED and played.chain == ("powerful", "libertine")
    assert len(sent) == 2  # refused as judged on an empty chain; judged again on the stored one
    again, sent = await counted.statements(game.play(1, 10, DAY, "libertine"))
    assert again.outcome is Ruling.ALREADY_SOLVED and len(sent) == 1
    assert (await game.store.chain(1, DAY, 10)).best.words == ("powerful", "libertine")


async def test_a_daily_claim_and_its_confirm_are_one_round_trip_each(counted):
    store = DailyStore(counted.db)
    retry = NOON + dt.timedelta(minutes=2)
    claim, sent = await counted.statements(store.claim_post("bee", 1, DAY, 7, NOON, retry))
    assert claim is not None and claim.attempts == 1 and len(sent) == 1 \
        and sent[0].startswith("SELECT * FROM wordbot_claim_post(")
    refused, sent = await counted.statements(store.claim_post("bee", 1, DAY, 7, NOON, retry))
    assert refused is None and len(sent) == 1
    taken_over, sent = await counted.statements(store.claim_post("bee", 1, DAY, 8, retry,
                                                                 retry + dt.timedelta(minutes=2)))
    assert (taken_over.attempts, taken_over.channel_id, taken_over.first_claimed) == (2, 8, NOON) and len(sent) == 1
    _, sent = await counted.statements(store.confirm(taken_over, 555))
    assert len(sent) == 1 and sent[0].startswith("SELECT * FROM wordbot_confirm_post(")
    assert (await store.post_state("bee", 1, DAY)).message_id == 555


async def test_the_claims_of_many_servers_at_once_go_as_few_statements(counted):
    store = DailyStore(counted.db)
    retry = NOON + dt.timedelta(minutes=2)
    await asyncio.gather(*(store.claim_post("bee", guild, DAY - dt.timedelta(days=1), 7, NOON, retry)
                           for guild in range(8)))  # asyncpg learns the array types
    claims, sent = await counted.statements(asyncio.gather(*(store.claim_post("bee", guild, DAY, 7, NOON, retry)
                                                             for guild in range(40))))
    assert [claim.guild_id for claim in claims] == list(range(40))
    assert len(sent) <= 20 and all(s.startswith(("SELECT * FROM wordbot_claim_post(", "SELECT r.* FROM unnest("))
                                   for s in sent)
    again = await asyncio.gather(*(store.claim_post("bee", guild, DAY, 7, NOON, retry) for guild in range(40)))
    assert again == [None] * 40
    _, sent = await counted.statements(
        asyncio.gather(*(store.confirm(claim, 1000 + claim.guild_id) for claim in claims)))
    assert len(sent) <= 20
    assert [(await store.post_state("bee", guild, DAY)).message_id for guild in range(40)] == \
        [1000 + g for g in range(40)]


async def test_one_players_plays_raced_from_two_processes_are_each_judged_on_the_stored_chain(postgres_url):
    dbs = [await open_database(postgres_url) for _ in range(2)]
    try:
        games = [LetterBoxedGame(db, Lexicon.load("common"), Lexicon.load("full"), DailyCalendar(db, clock=Clock(NOON)))
                 for db in dbs]
        await games[0].store.save_puzzle(BOX)
        played = await asyncio.gather(*(game.play(1, 10, DAY, "powerful") for game in games for _ in range(6)))
        assert sum(result.outcome is Ruling.PLAYED for result in played) == 1  # the others saw it, after it
        assert all(result.chain == ("powerful",) for result in played)
        solved = await asyncio.gather(*(game.play(1, 10, DAY, "libertine") for game in games for _ in range(6)))
        assert sum(result.outcome is Ruling.SOLVED for result in solved) == 1
        assert {result.outcome for result in solved} == {Ruling.SOLVED, Ruling.ALREADY_SOLVED}
        row = await dbs[1].fetch_one("SELECT points, words FROM player_days WHERE game = 'letterbox' AND user_id = 10")
        assert tuple(row) == (points(2, BOX.par), 2)  # the solve counted once
    finally:
        for db in dbs:
            await db.close()
