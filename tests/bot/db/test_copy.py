"""``copy_database``: a whole history moves between SQLite and PostgreSQL, row for row, with the
boards and stats reading the same; a non-empty target, a source at another schema version and
a failure or a cancel mid-copy leave the target as it was."""

import asyncio
import datetime as dt
import sqlite3

import asyncpg
import pytest

from bot.daily.calendar import DailyCalendar
from bot.daily.play import Day
from bot.daily.schedule import Play
from bot.daily.store import DailyStore
from bot.days.store import BoardsStore
from bot.db import StoreError, open_database, sqlite_schema as database
from bot.db.copy import copy_database
from bot.db.copy_sides import _written_by
from bot.db.schema import available_migrations
from bot.db.url import is_postgres_url
from bot.games.bee.game import BeeGame
from bot.games.bee.together import BeeTeam
from bot.games.ladder.game import LadderGame
from bot.games.ladder.plugin import LADDER as LADDER_INFO
from bot.games.ladder.together import LadderTeam
from bot.games.letterbox.game import LETTERBOX, LetterBoxedGame
from bot.games.letterbox.together import BoxTeam
from bot.lab.tileset.store import Question, TilesetStore
from bot.lexicons.store import ListStore
from bot.quiz.store import QuizStore, RoundRecord
from bot.reminders.store import ReminderStore
from bot.study.deck import Study
from bot.timers.store import TimerStore
from solvers.ladder import DailyLadder
from solvers.letterbox import Box, DailyBox
from solvers.lexicon import Lexicon
from solvers.wordlist import digest, pack
from tests.clock import Clock

DAY = dt.date(2026, 11, 23)
NOON = dt.datetime(2026, 11, 23, 12, tzinfo=dt.UTC)
BOX = DailyBox(DAY, Box(("tuw", "bno", "efi", "lpr")), 5, ("powerful", "libertine"), 1000)
LADDER = DailyLadder(DAY, "cold", "warm", 4, ("cold", "cord", "card", "ward", "warm"), 12, 3)
GUILD, OTHER = 1, 2
ALICE, BOB = 11, 12


async def fill(target) -> None:
    """A history with a row in every table, made as the bot makes it: guesses, a chain and a
    solve, a schedule and its post, settings, a tileset best, player names, bot state, a
    server's word list and a word report."""
    db = await open_database(target)
    try:
        calendar = DailyCalendar(db, clock=Clock(NOON))
        bee = BeeGame(db, Lexicon.load("common"), calendar)
        puzzle = await bee.puzzle(DAY)
        for user, words in ((ALICE, puzzle.answers[:3]), (BOB, puzzle.answers[2:4])):
            for word in words:
                assert (await bee.guess(GUILD, user, DAY, word, name=f"player {user}")).accepted
        yesterday = DAY - dt.timedelta(days=1)
        assert (await bee.guess(OTHER, ALICE, yesterday, (await bee.puzzle(yesterday)).pangrams[0])).accepted
        letterbox = LetterBoxedGame(db, Lexicon.load("common"), Lexicon.load("full"), calendar)
        await letterbox.store.save_puzzle(BOX)
        await letterbox.play(GUILD, ALICE, DAY, "powerful libertine", name="Alice")
        await letterbox.play(GUILD, BOB, DAY, "powerful")  # a chain, not yet solved
        daily = DailyStore(db)
        await daily.set_schedule("bee", GUILD, 500, dt.time(9), "Europe/Paris", ALICE, ping_role=600)
        claim = await daily.claim_post("bee", GUILD, DAY, 500, NOON, NOON + dt.timedelta(minutes=5))
        await daily.confirm(claim, 9000)
        await db.set_show_vulgar(OTHER, True)
        await TilesetStore(db).record(Question("common", 10, 2, "skip"), ("ab", "cd"), 7, 5, 9, 1.5, ALICE)
        await BoardsStore(db).set_player_name(OTHER, BOB, "Bob")
        await db.set_state("last_sync", "2026-11-23")
        lists = ListStore(db)
        await lists.save(GUILD, "club", pack(("cat", "dog")), 2, digest(pack(("cat", "dog"))), ALICE)
        await lists.report(OTHER, "xyzzy", "not a word", BOB)
        team = BeeTeam(bee)  # a day played together: its place, the team's words, one chain of the box
        await team.store.open_day("bee", OTHER, DAY, 700)
        await team.credit(OTHER, BOB, DAY, list(puzzle.answers[:2]))
        boxes = BoxTeam(letterbox)
        together = Day(LETTERBOX, OTHER, DAY, Play.TOGETHER, None, frozenset())
        await boxes.play(together, ALICE, ["powerful", "libertine"])
        await boxes.restart(together, BOB, moderator=False)  # an ask to start again, waiting for a second
        reminders = ReminderStore(db)  # a player who asked for streak reminders, and one reminder made
        await reminders.ask(GUILD, ALICE)
        assert await reminders.claim(GUILD, ALICE, "bee", DAY, NOON)
        await reminders.outcome(GUILD, ALICE, "bee", DAY, "sent")
        quiz = QuizStore(db)  # a quiz round with a word found and a miss kept, a challenge played
        await quiz.start_round(RoundRecord(1, GUILD, 800, 801, "full", "3s", 240, NOON, NOON, None, ALICE),
                               [("ACT", ("act", "cat")), ("DGO", ("dog", "god"))])
        await quiz.credit(1, "cat", 0, BOB, NOON)
        await quiz.end_round(1, NOON, [(GUILD, BOB, "DGO")], "full")
        play = await quiz.start_challenge(DAY, "today-4", GUILD, ALICE, NOON, 10)
        await quiz.add_challenge_words(play, ["seat"], NOON)
        study = Study(db, {"common": Lexicon.load("common")})  # a deck with a card reviewed, settings, a reminder
        await study.change_settings(ALICE, remind_at="09:00", zone="Europe/Paris")
        assert (await study.import_lines(ALICE, ["dog", "seat"], "common", NOON)).added == 2
        card = await study.next_card(ALICE, NOON)
        await study.review(ALICE, card.card_id, "dog god", 4.0, NOON, expected_reps=card.reps)
        assert await study.claim_reminder(ALICE, DAY)
        await TimerStore(db).set("challenge-deadline", "a play", NOON, {"guild": GUILD}, GUILD, now=NOON)  # a timer
        ladder = LadderGame(db, Lexicon.load("common"), Lexicon.load("full"), calendar)  # a solve and a climb
        await ladder.store.save_puzzle(LADDER)
        assert (await ladder.play(GUILD, ALICE, DAY, "cord card ward warm")).played
        assert (await ladder.play(GUILD, BOB, DAY, "cord")).played
        climbs = LadderTeam(ladder)  # the team's climb of a together day, solved, and an ask to start again
        together = Day(LADDER_INFO, OTHER, DAY, Play.TOGETHER, None, frozenset())
        assert (await climbs.play(together, ALICE, ["cord", "card", "ward", "warm"])).result.played
        await climbs.restart(together, BOB, moderator=False)
    finally:
        await db.close()


async def every_row(target) -> dict[str, list[tuple]]:
    if is_postgres_url(target):
        conn = await asyncpg.connect(target)
        try:
            tables = [r[0] for r in await conn.fetch("SELECT tablename FROM pg_tables WHERE schemaname = 'public'")]
            return {t: sorted(tuple(r) for r in await conn.fetch(f"SELECT * FROM {t}"))
                    for t in tables if t != "schema_migrations"}
        finally:
            await conn.close()
    with sqlite3.connect(target) as conn:
        tables = [r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")]
        return {t: sorted(conn.execute(f"SELECT * FROM {t}").fetchall()) for t in tables if t != "schema_migrations"}


async def what_players_see(target) -> list:
    db = await open_database(target)
    try:
        boards = BoardsStore(db)
        seen = []
        for game in ("bee", "letterbox"):
            for guild in (GUILD, OTHER):
                seen.append(await boards.standings(game, guild, DAY - dt.timedelta(days=7), DAY, 50))
                seen.append(await boards.player_names(guild))
                for user in (ALICE, BOB):
                    seen.append(await boards.player_totals(game, guild, user, 50))
                    seen.append(await boards.streaks(game, guild, user))
                    seen.append(await boards.daily_points(game, guild, user, DAY - dt.timedelta(days=7), DAY))
        seen.append(await DailyStore(db).post_state("bee", GUILD, DAY))
        seen.append(await db.guild_settings(OTHER))
        seen.append(await TilesetStore(db).best(Question("common", 10, 2, "skip")))
        return seen
    finally:
        await db.close()


async def test_a_history_round_trips_sqlite_postgres_sqlite(tmp_path, postgres_url):
    source, back = tmp_path / "source.sqlite3", tmp_path / "back.sqlite3"
    await fill(source)
    rows, seen = await every_row(source), await what_players_see(source)
    assert all(rows.values()), [t for t, r in rows.items() if not r]  # every table has rows
    assert rows["player_days"] and rows["letterbox_chains"] and rows["letterbox_solves"]

    progress = []
    there = await copy_database(source, postgres_url, lambda *step: progress.append(step))
    assert await every_row(postgres_url) == rows  # player_days exactly, not doubled by the triggers
    assert {(c.table, c.source_rows) for c in there.tables} == {(t, len(r)) for t, r in rows.items()}
    assert all(c.source_rows == c.target_rows for c in there.tables) and there.rows == sum(map(len, rows.values()))
    assert there.tables[-1].table == "player_days" and ("bee_guesses", 6, 6) in progress
    assert "***" in there.target or "@" not in there.target

    back_report = await copy_database(postgres_url, back)
    assert await every_row(back) == rows
    assert back_report.tables == there.tables
    assert await what_players_see(back) == await what_players_see(postgres_url) == seen


async def test_sqlite_to_sqlite_copies_too_and_the_copy_keeps_working(tmp_path):
    source, target = tmp_path / "a.sqlite3", tmp_path / "b.sqlite3"
    await fill(source)
    await copy_database(source, target, batch_size=2)  # many small batches
    assert await every_row(target) == await every_row(source)
    db = await open_database(target)  # the triggers still feed player_days after the copy
    await db.write("INSERT INTO bee_guesses (guild_id, puzzle_date, user_id, word, points, pangram, guessed_at) "
                   "VALUES (?, ?, ?, 'zzzz', 1, 0, 'now')", (GUILD, DAY.isoformat(), BOB))
    await db.close()
    after = {r[2]: r[4] for r in (await every_row(target))["player_days"] if r[0] == "bee" and r[1] == GUILD}
    before = {r[2]: r[4] for r in (await every_row(source))["player_days"] if r[0] == "bee" and r[1] == GUILD}
    assert after == {**before, BOB: before[BOB] + 1}


async def test_a_target_with_any_row_is_refused_and_left_as_it_was(tmp_path, db_target):
    source = tmp_path / "source.sqlite3"
    await fill(source)
    db = await open_database(db_target)
    await db.set_state("mine", "keep")
    await db.close()
    with pytest.raises(StoreError, match=r"target is not empty \(bot_state have rows\)"):
        await copy_database(source, db_target)
    left = await every_row(db_target)
    assert [r[:2] for r in left.pop("bot_state")] == [("mine", "keep")] and not any(left.values())


async def test_a_source_at_another_schema_version_is_refused(tmp_path, db_target):
    old = tmp_path / "old.sqlite3"
    conn = await database.connect(old)
    await database.upgrade(conn, up_to=5)
    await conn.close()
    latest = available_migrations()[-1].version
    with pytest.raises(StoreError, match=rf"version 5, this wordbot's is {latest}: run `wordbot db "
                                         r"upgrade --database .*old"):
        await copy_database(old, db_target)
    with pytest.raises(StoreError, match="There is no database at"):
        await copy_database(tmp_path / "missing.sqlite3", db_target)
    with pytest.raises(StoreError, match="the same database"):
        await copy_database(old, tmp_path / "." / "old.sqlite3")


async def test_a_failure_mid_copy_leaves_the_target_empty(tmp_path, db_target):
    source = tmp_path / "source.sqlite3"
    await fill(source)
    with sqlite3.connect(source) as conn:  # a guess of a day with no puzzle: only foreign keys off let it in
        conn.execute("INSERT INTO bee_guesses (guild_id, puzzle_date, user_id, word, points, pangram, guessed_at) "
                     "VALUES (1, '1999-01-01', 1, 'orphan', 1, 0, 'then')")
    with pytest.raises(StoreError, match="Copying bee_guesses failed, so nothing was copied"):
        await copy_database(source, db_target)
    assert not any((await every_row(db_target)).values())
    with sqlite3.connect(source) as conn:
        conn.execute("DELETE FROM bee_guesses WHERE word = 'orphan'")
    await copy_database(source, db_target)  # and the target takes a whole copy afterwards
    assert await every_row(db_target) == await every_row(source)


async def test_a_cancelled_copy_leaves_the_target_empty(tmp_path, db_target):
    source = tmp_path / "source.sqlite3"
    await fill(source)

    def cancel_midway(table: str, done: int, total: int) -> None:
        if table == "bee_guesses":
            task.cancel()  # as Ctrl-C does to `wordbot db copy`

    task = asyncio.create_task(copy_database(source, db_target, cancel_midway, batch_size=1))
    with pytest.raises(asyncio.CancelledError):
        await task
    assert not any((await every_row(db_target)).values())


def test_the_tables_triggers_write_are_read_from_their_bodies():
    sqlite_trigger = ("CREATE TRIGGER t AFTER UPDATE OF points, word_count ON letterbox_solves BEGIN "
                      "UPDATE player_days SET points = NEW.points; END")
    plpgsql = "BEGIN INSERT INTO player_days AS d VALUES (1) ON CONFLICT DO UPDATE SET points = 1; RETURN NULL; END"
    refusal = "BEGIN RAISE EXCEPTION 'a best known tileset only ever gets better'; END"
    tables = ["letterbox_solves", "player_days", "tileset_best"]
    assert _written_by([sqlite_trigger, plpgsql, refusal], tables) == {"player_days"}
