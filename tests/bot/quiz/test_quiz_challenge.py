"""A player's play of a day's challenge over the store: the same questions in every server,
played once, the time limit honoured, finished once, the board by words then time with medals,
and the Week's Toughies from the server's stored misses."""

import datetime as dt

import pytest

from bot.db import open_database
from bot.quiz.challenge import MEDALS, Challenges, deadline
from bot.quiz.store import QuizStore
from solvers.quiz.challenges import TOUGHIES_KEY

DAY = dt.date(2026, 11, 26)
T0 = dt.datetime(2026, 11, 26, 12, tzinfo=dt.UTC)
pytestmark = pytest.mark.parametrize("db_target", ["sqlite"], indirect=True)


@pytest.fixture
async def games(db_target):
    db = await open_database(db_target)
    yield Challenges(QuizStore(db))
    await db.close()


async def test_the_same_questions_in_two_servers_and_a_play_once(games):
    one, two = await games.get(DAY, "5s", 1), await games.get(DAY, "5s", 2)
    assert one == two and len(one.questions) == 50
    first = await games.start(DAY, "5s", 1, 21, T0)
    later = await games.start(DAY, "5s", 1, 21, T0 + dt.timedelta(minutes=3))
    assert later.started_at == first.started_at == T0
    assert first.words_total == sum(len(q.answers) for q in one.questions)


async def test_answers_count_until_the_time_limit_and_the_end_is_made_once(games):
    made = await games.get(DAY, "4s", 1)
    play = await games.start(DAY, "4s", 1, 21, T0)
    words = [made.questions[0].answers[0], made.questions[1].answers[0]]
    said = await games.answer(play, [words[0].upper(), "zzzz", words[0]], T0 + dt.timedelta(seconds=10))
    assert (said.new, said.already, said.wrong, said.late, said.found) == ((words[0],), 0, 1, False, 1)
    again = await games.answer(play, [words[0]], T0 + dt.timedelta(seconds=11))
    assert (again.new, again.already) == ((), 1)
    late = await games.answer(play, [words[1]], deadline(play, made) + dt.timedelta(seconds=1))
    assert late.late and late.new == () and late.found == 1
    ended = await games.finish(play, deadline(play, made) + dt.timedelta(seconds=30))
    assert ended.seconds_used == made.seconds and ended.words_found == 1  # the clock stops at the limit
    assert (await games.finish(ended, deadline(play, made) + dt.timedelta(seconds=60))).finished_at == ended.finished_at
    after = await games.answer(ended, [words[1]], T0 + dt.timedelta(seconds=20))
    assert after.late and after.found == 1  # finished: nothing more counts
    missed = await games.store.most_missed(1, T0 - dt.timedelta(days=1), [4])
    assert len(missed) == len(made.questions) - 1  # every alphagram but the fully found ones


async def test_the_board_ranks_words_then_time_with_medals(games):
    made = await games.get(DAY, "4s", 1)
    every = [w for q in made.questions for w in q.answers]
    for user, count, seconds in ((21, 3, 100), (22, 3, 50), (23, 5, 170), (24, 1, 10), (25, len(every), 160)):
        play = await games.start(DAY, "4s", 1, user, T0)
        await games.answer(play, every[:count], T0 + dt.timedelta(seconds=1))
        await games.finish(play, T0 + dt.timedelta(seconds=seconds))
    board = await games.board(DAY, "4s", 1)
    assert [(s.user_id, s.rank, s.medal) for s in board] == [(25, 1, MEDALS[0]), (23, 2, MEDALS[1]), (22, 3, MEDALS[2]),
                                                             (21, 4, ""), (24, 5, "")]
    assert [s.perfect for s in board] == [True, False, False, False, False]
    assert await games.board(DAY, "4s", 2) == []


async def test_the_weeks_toughies_come_from_the_servers_misses_before_the_day(games):
    marathon = await games.get(DAY - dt.timedelta(days=2), "marathon", 1)
    racks = [q.alphagram for q in marathon.questions[:3]]
    store = games.store
    for user in (21, 22):
        await store.start_challenge(DAY - dt.timedelta(days=2), "marathon", 1, user, T0 - dt.timedelta(days=2), 10)
        play = await store.challenge_play(DAY - dt.timedelta(days=2), "marathon", 1, user)
        await store.finish_challenge(play, T0 - dt.timedelta(days=2), 10.0, racks[: 1 + (user == 22) * 2], "full")
    toughies = await games.get(DAY, TOUGHIES_KEY, 1)
    assert [q.alphagram for q in toughies.questions] == [racks[0], *sorted(racks[1:])]
    assert (await games.get(DAY, TOUGHIES_KEY, 2)).questions == ()  # another server missed nothing


async def test_two_answers_of_one_player_at_once_count_each_word_once(games):
    import asyncio

    made = await games.get(DAY, "4s", 1)
    play = await games.start(DAY, "4s", 1, 21, T0)
    words = [q.answers[0] for q in made.questions[:3]]
    first, second = await asyncio.gather(games.answer(play, words, T0), games.answer(play, words, T0))
    assert sorted(first.new + second.new) == sorted(words)  # each word new once, whichever answer got it
    assert await games.store.challenge_words(DAY, "4s", 1, 21) == set(words)
