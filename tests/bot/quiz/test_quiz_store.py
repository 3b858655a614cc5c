"""The quiz's store on both backends: one round per channel, the first to type a word gets it,
a round ends once (keeping each player's misses), a challenge is played once and its clock
stops once, and the boards rank words, then time."""

import asyncio
import datetime as dt

import pytest

from bot.db import open_database
from bot.quiz.store import QuizStore, RoundRecord

T0 = dt.datetime(2026, 11, 26, 12, tzinfo=dt.UTC)
DAY = T0.date()
QUESTIONS = [("AEST", ("east", "eats", "sate", "seat", "teas")), ("ACT", ("act", "cat"))]


def record(round_id=1, channel_id=10, seconds=240):
    return RoundRecord(round_id, 5, channel_id, None, "full", "4s probability 1-2", seconds, T0,
                       T0 + dt.timedelta(seconds=seconds), None, 7)


@pytest.fixture
async def store(db_target):
    db = await open_database(db_target)
    yield QuizStore(db)
    await db.close()


async def test_one_round_a_channel_and_its_questions_kept(store):
    assert await store.start_round(record(), QUESTIONS)
    assert not await store.start_round(record(round_id=2), QUESTIONS)  # the channel's round runs
    assert await store.start_round(record(round_id=3, channel_id=11), QUESTIONS)  # another channel
    assert await store.questions(1) == QUESTIONS
    assert [r.round_id for r in await store.running()] == [1, 3]
    assert [r.round_id for r in await store.running(10)] == [1]


async def test_the_first_to_type_a_word_gets_it_and_nothing_counts_after_the_end(store):
    await store.start_round(record(), QUESTIONS)
    tries = await asyncio.gather(*(store.credit(1, "seat", 0, user, T0) for user in (21, 22, 23)))
    assert sorted(tries) == [False, False, True]
    assert await store.credit(1, "cat", 1, 22, T0 + dt.timedelta(seconds=1))
    assert [(f.word, f.position) for f in await store.found(1)] == [("seat", 0), ("cat", 1)]
    misses = [(5, 21, "AEST"), (5, 22, "AEST")]
    assert await store.end_round(1, T0 + dt.timedelta(seconds=240), misses, "full")
    assert not await store.end_round(1, T0 + dt.timedelta(seconds=241), misses, "full")  # once
    assert not await store.credit(1, "act", 1, 21, T0 + dt.timedelta(seconds=242))
    assert (await store.round(1)).ended_at == T0 + dt.timedelta(seconds=240)
    assert await store.running() == []
    assert await store.most_missed(5, T0 - dt.timedelta(days=7), [4]) == {"AEST": 2}
    assert await store.most_missed(5, T0 - dt.timedelta(days=7), [7, 8]) == {}
    assert await store.misses_of(21) == [("AEST", "full", T0 + dt.timedelta(seconds=240))]


async def test_a_paused_round_keeps_its_time_and_a_resumed_one_moves_its_end(store):
    await store.start_round(record(), QUESTIONS)
    await store.pause(1, 95.5)
    assert (await store.round(1)).paused_left == 95.5
    await store.move_end(1, T0 + dt.timedelta(seconds=500))
    assert (await store.round(1)).paused_left is None
    await store.set_message(1, 999)
    stored = await store.round(1)
    assert stored.ends_at == T0 + dt.timedelta(seconds=500) and stored.message_id == 999


async def test_a_challenge_is_played_once_and_ranked_by_words_then_time(store):
    first = await store.start_challenge(DAY, "today-4", 5, 21, T0, 7)
    again = await store.start_challenge(DAY, "today-4", 5, 21, T0 + dt.timedelta(minutes=5), 7)
    assert again.started_at == first.started_at == T0  # the clock started once
    assert await store.add_challenge_words(first, ["seat", "teas", "seat"], T0) == 2
    assert await store.challenge_words(DAY, "today-4", 5, 21) == {"seat", "teas"}
    assert await store.finish_challenge(first, T0 + dt.timedelta(seconds=80), 80.0, ["ACT"], "full")
    assert not await store.finish_challenge(first, T0 + dt.timedelta(seconds=90), 90.0, ["ACT"], "full")
    assert await store.add_challenge_words(first, ["cat"], T0 + dt.timedelta(seconds=95)) == 0  # after the end
    for user, words, seconds in ((22, ["seat", "teas"], 60.0), (23, ["seat", "teas", "east"], 200.0)):
        play = await store.start_challenge(DAY, "today-4", 5, user, T0, 7)
        await store.add_challenge_words(play, words, T0)
        await store.finish_challenge(play, T0 + dt.timedelta(seconds=seconds), seconds, [], "full")
    unfinished = await store.start_challenge(DAY, "today-4", 5, 24, T0, 7)
    await store.add_challenge_words(unfinished, ["seat", "teas", "east", "eats"], T0)
    board = await store.challenge_board(DAY, "today-4", 5)
    assert [(p.user_id, p.words_found, p.seconds_used) for p in board] == [(23, 3, 200.0), (22, 2, 60.0), (21, 2, 80.0)]
    assert await store.challenge_board(DAY, "today-4", 6) == []  # another server's board
