"""A round over the store: the first to type a word gets it, wrong words cost nothing, the scores
and the missed words, the end made once with each player's misses kept, a reload after a restart."""

import datetime as dt

import pytest

from bot.chat.outcome import Player
from bot.db import open_database
from bot.quiz.round import Question, QuizRound
from bot.quiz.store import QuizStore, RoundRecord

T0 = dt.datetime(2026, 11, 26, 12, tzinfo=dt.UTC)
QUESTIONS = [Question("AEST", ("east", "eats", "sate", "seat", "teas")), Question("ACT", ("act", "cat")),
             Question("DGO", ("dog", "god"))]
ANN, BO, CY = (Player(n, name, 5) for n, name in ((21, "ann"), (22, "bo"), (23, "cy")))


@pytest.fixture
async def quiz(db_target):
    db = await open_database(db_target)
    store = QuizStore(db)
    record = RoundRecord(1, 5, 10, None, "full", "3s", 240, T0, T0 + dt.timedelta(seconds=240), None, 7)
    assert await store.start_round(record, [(q.alphagram, q.answers) for q in QUESTIONS])
    yield QuizRound(store, record, QUESTIONS)
    await db.close()


async def test_words_are_credited_once_to_the_first(quiz):
    first = await quiz.credit(ANN, ("seat", "teas", "nope"), T0)
    assert (first.new_words, first.already_found, first.nothing_counted) == (2, False, False)
    again = await quiz.credit(BO, ("seat",), T0)
    assert (again.new_words, again.already_found) == (0, True)
    wrong = await quiz.credit(CY, ("zzz", "qi"), T0)
    assert wrong.nothing_counted and wrong.new_words == 0
    mixed = await quiz.credit(BO, ("seat", "cat"), T0)
    assert (mixed.new_words, mixed.already_found) == (1, False)  # the verdict is the new word
    assert quiz.solved(0) == ("seat", "teas") and quiz.solved(1) == ("cat",)
    assert [(s.user_id, s.words) for s in quiz.scores()] == [(21, 2), (22, 1)]
    assert [(m.alphagram, m.words) for m in quiz.missed()] == [("AEST", ("east", "eats", "sate")), ("ACT", ("act",)),
                                                               ("DGO", ("dog", "god"))]


async def test_the_last_word_solves_the_round(quiz):
    words = [w for q in QUESTIONS for w in q.answers]
    assert not (await quiz.credit(ANN, words[:-1], T0)).solved
    last = await quiz.credit(BO, words[-1:], T0)
    assert last.solved and quiz.done and quiz.missed() == []


async def test_the_end_is_made_once_and_keeps_each_players_misses(quiz):
    await quiz.credit(ANN, ("seat", "act", "cat"), T0)
    await quiz.credit(CY, ("nope",), T0)  # took part, found nothing
    assert await quiz.end(T0 + dt.timedelta(seconds=240))
    assert not await quiz.end(T0 + dt.timedelta(seconds=241))
    late = await quiz.credit(BO, ("dog",), T0 + dt.timedelta(seconds=242))
    assert (late.new_words, late.already_found, late.nothing_counted) == (0, False, False)  # no reaction
    assert await quiz.store.most_missed(5, T0 - dt.timedelta(days=1), [3, 4]) == {"AEST": 2, "DGO": 2}


async def test_a_reload_sees_the_words_found(quiz):
    await quiz.credit(ANN, ("seat", "god"), T0)
    again = await QuizRound.load(quiz.store, await quiz.store.round(1))
    assert again.questions == quiz.questions and again.found == {"seat": 21, "god": 21}
    assert again.letters == "acdegost"
