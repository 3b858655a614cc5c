"""Timers that fire while PostgreSQL is down, through SimCord: a quiz round's end and a challenge
play's time limit (a timer of ``bot.timers``). Each is logged as a warning with an error id (no
traceback), tried again later, and done once when the server is back."""

from bot.quiz.store import QuizStore
from bot.timers.service import LEASE
from tests.bot.quiz.club import Club, every_word, made
from tests.bot.quiz.test_quiz_discord import Quizzers, asked, settle
from tests.bot.stoppable_postgres import postgres, settings  # noqa: F401 - fixtures
from tests.bot.test_database_outage import outage_warnings


async def test_a_quiz_round_whose_time_runs_out_while_the_server_is_down_ends_once_it_is_back(simcord_env, postgres,
                                                                                              caplog):
    club = Quizzers(simcord_env)
    await club.start()  # a minute
    words = [w for q in asked() for w in q.answers]
    await club.alice.send(club.channel, f"{club.me} {words[0]}")
    await settle(simcord_env)
    postgres.stop()
    try:
        await simcord_env.advance_time(60)  # its time is up: the end cannot be stored, nor posted
        assert club.ends() == []
    finally:
        postgres.start()
    # its timer fires again a minute later, or once its claim runs out if that could not be stored
    await simcord_env.advance_time(LEASE.total_seconds() + 60)
    (end,) = club.ends()
    assert end.embeds[0].description.startswith(f"Time's up: 1/{len(words)} words found.")
    await simcord_env.advance_time(5 * 60)
    assert len(club.ends()) == 1 and await QuizStore(simcord_env.bot.db).running(club.channel.id) == []
    assert any("timer" in r.getMessage() for r in outage_warnings(caplog, "bot.timers.service"))


async def test_a_challenge_play_whose_time_runs_out_while_the_server_is_down_is_finished_once_it_is_back(
        simcord_env, postgres, caplog):
    club = Club(simcord_env)
    words = every_word("5s")
    started = await club.start("bob", "5s")
    await club.answer("bob", started.response, words[0])

    def shown():
        (message,) = [m for m in club.channel.history(viewer=club.bob) if m.id == started.response.id]
        return message.embeds[0].description

    postgres.stop()
    try:
        await simcord_env.advance_time(made("5s").seconds + 2)  # its time is up: the finish cannot be stored
        assert not shown().startswith("Finished")
    finally:
        postgres.start()
    # fired again (the timer service) a minute later, or once its claim runs out if that could not be stored
    await simcord_env.advance_time(LEASE.total_seconds() + 60)
    assert shown().startswith(f"Finished: 1 of {len(words)} words in 3:30.")
    assert any("timer" in r.getMessage() for r in outage_warnings(caplog, "bot.timers.service"))
