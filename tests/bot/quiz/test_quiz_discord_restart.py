"""/quiz across restarts, through SimCord: a round the bot paused cleanly goes on with the time it
had left; after a crash a round goes on to its end time, or, when that has passed, ends with the
scores so far; the end's buttons answer after a restart; a cluster resumes its own servers' rounds."""

import dataclasses
import datetime as dt

import pytest

from bot.chat.outcome import CHECK
from bot.config import shard_of
from bot.db import open_database
from bot.quiz.store import QuizStore
from tests.bot.quiz.test_quiz_discord import Quizzers, asked, labels, settle

pytestmark = pytest.mark.both_backends  # the bot on SQLite, then on PostgreSQL


@pytest.fixture
def club(simcord_env):
    return Quizzers(simcord_env)


async def test_a_clean_stop_pauses_the_round_and_the_restart_gives_it_its_time_left(club, simcord_env, new_bot,
                                                                                    settings):
    await club.start()
    round_id = (await club.running()).round_id
    words = [w for q in asked() for w in q.answers]
    await club.alice.send(club.channel, f"{club.me} {words[0]}")
    await simcord_env.advance_time(20)
    simcord_env.settle_timeout = 30.0
    await simcord_env.bot.close()  # as Ctrl-C or SIGTERM does: the cog unloads and pauses its rounds
    db = await open_database(settings.database)  # the closed bot's database, as the next process finds it
    paused = await QuizStore(db).round(round_id)
    await db.close()
    assert paused.paused_left == pytest.approx(40, abs=0.5) and paused.ended_at is None
    assert "Paused: the bot is restarting. The round goes on with 0:40 left" in club.board().content
    await simcord_env.advance_time(300)  # the bot is away five minutes
    await simcord_env.restart_bot(new_bot())
    back = simcord_env.now()
    await settle(simcord_env, 1)
    resumed = await QuizStore(simcord_env.bot.db).round(round_id)
    assert resumed.paused_left is None and abs((resumed.ends_at - back).total_seconds() - 40) < 0.5
    assert f"Time's up <t:{int(resumed.ends_at.timestamp())}:R>" in club.board().content
    guess = await club.bob.send(club.thread(), f"{club.me} {words[1]}")
    await settle(simcord_env)
    assert club.reactions(guess, club.thread()) == [CHECK]
    await simcord_env.advance_time(30)
    assert club.ends() == []  # 34 of its 40 seconds
    await simcord_env.advance_time(6)
    (end,) = club.ends()
    assert end.embeds[0].description.startswith(f"Time's up: 2/{len(words)} words found.")
    assert labels(club.board()) == [] and simcord_env.errors == []


async def test_after_a_crash_the_round_goes_on_to_its_end_time(club, simcord_env, new_bot):
    await club.start()
    round_id = (await club.running()).round_id
    word = asked()[0].answers[0]
    await simcord_env.advance_time(10)
    await simcord_env.restart_bot(new_bot())  # no close(): as when the process is killed
    guess = await club.carol.send(club.thread(), f"{club.me} {word}")
    await settle(simcord_env)
    assert club.reactions(guess, club.thread()) == [CHECK]
    form = await club.alice.click(club.board(), label="Answer")  # the board's button answers after the restart
    second = asked()[1].answers[0]
    reply = await club.alice.submit_modal(form, {"words": second})
    assert reply.response.content.startswith(f"You found 1 new word: {second.upper()}.")
    assert (await QuizStore(simcord_env.bot.db).round(round_id)).ended_at is None
    await simcord_env.advance_time(50)
    (end,) = club.ends()
    assert f"<@{club.carol.id}> 1 word" in end.embeds[0].description and f"<@{club.alice.id}> 1 word" in \
        end.embeds[0].description
    record = await QuizStore(simcord_env.bot.db).round(round_id)
    assert record.ended_at == record.started_at + dt.timedelta(seconds=60)


async def test_after_a_crash_past_its_end_time_the_round_ends_with_the_scores_so_far(club, simcord_env, new_bot):
    await club.start()
    store = QuizStore(simcord_env.bot.db)
    record = await club.running()
    await club.alice.send(club.channel, f"{club.me} {asked()[0].answers[0]}")
    await settle(simcord_env)
    # The bot is down while the round's time runs out: its end moves into the past, then the
    # process is killed (its timer goes with it) and a new one starts.
    await store.move_end(record.round_id, simcord_env.now() - dt.timedelta(seconds=1))
    await simcord_env.restart_bot(new_bot())
    await settle(simcord_env)
    (end,) = club.ends()
    description = end.embeds[0].description
    assert description.startswith("The time ran out while the bot was away: 1/")
    assert f"1. <@{club.alice.id}> 1 word" in description and "||" in description
    assert labels(end) == ["Next round", "Missed only", "Stop"] and labels(club.board()) == []
    assert await QuizStore(simcord_env.bot.db).running() == []
    await simcord_env.restart_bot(new_bot())  # the end is posted once
    await settle(simcord_env)
    assert len(club.ends()) == 1


async def test_the_ends_buttons_answer_after_a_restart(club, simcord_env, new_bot):
    await club.start()
    await simcord_env.advance_time(61)
    (end,) = club.ends()
    await simcord_env.restart_bot(new_bot())
    pressed = await club.bob.click(end, label="Missed only")
    assert pressed.ephemeral and pressed.response.content.startswith("Your round is on")
    record = await club.running(club.thread())  # it goes on in the round's thread
    assert record.set_name.endswith("1-3 (3 a round), missed") and len(club.boards(club.thread())) == 1


async def test_a_cluster_resumes_only_the_rounds_of_its_own_servers(club, simcord_env, new_bot, settings):
    await club.start()
    record = await club.running()
    mine = shard_of(club.guild.id, 2)
    other = dataclasses.replace(settings, shard_ids=(1 - mine,))  # a cluster running the other shard only
    bot = new_bot(other)
    await simcord_env.restart_bot(bot)
    await settle(simcord_env)
    assert bot.get_cog("Quiz").rooms.rooms == {}
    await simcord_env.advance_time(120)
    assert club.ends() == [] and (await QuizStore(bot.db).round(record.round_id)).ended_at is None
