"""A challenge's board in a server (words, then time, medals with ties, 💯), the Week's Toughies
from the server's stored misses, a restart mid-play, and bad input: one private line."""

import datetime as dt

import pytest

from bot.quiz.challenges import text
from solvers.lexicon import Lexicon
from solvers.quiz.challenges import toughies_challenge
from tests.bot.quiz.club import START, Club, every_word, made

DAY = 24 * 3600


@pytest.fixture
def club(simcord_env):
    return Club(simcord_env)


async def test_the_board_ranks_words_then_time_with_medals_and_ties(club, simcord_env):
    words = every_word("4s")
    await club.play("alice", "4s", words, 5)  # every word: finished at once, in 0:00
    await club.play("bob", "4s", words[:3], 50)
    await club.play("carol", "4s", words[:3], 50)  # the same words and time as bob: the same place
    await club.play("dave", "4s", words[:3], 80)
    await club.play("erin", "4s", words[:1], 10)
    before = len(simcord_env.http_requests)
    result = await club.alice.slash(club.channel, "challenge board", name="4s")
    assert not result.ephemeral  # a board is shown to the channel
    (embed,) = result.response.embeds
    assert embed.title == "Today's 4s board · Thursday 1 January 2026"
    total = len(words)
    assert embed.description.splitlines() == [
        f"🥇 **1.** <@{club.alice.id}> · {total} of {total} words · 0:00 💯",
        f"🥈 **2.** <@{club.bob.id}> · 3 of {total} words · 0:50",
        f"🥈 **2.** <@{club.carol.id}> · 3 of {total} words · 0:50",
        f"**4.** <@{club.dave.id}> · 3 of {total} words · 1:20",
        f"**5.** <@{club.erin.id}> · 1 of {total} words · 0:10",
    ]
    (sent,) = [r.json for r in simcord_env.http_requests[before:] if r.json and "data" in r.json]
    assert sent["data"]["allowed_mentions"] == {"parse": []}  # names, never a ping
    yesterday = await club.bob.slash(club.channel, "challenge board", name="4s", date="2025-12-31")
    assert yesterday.ephemeral and yesterday.response.content == "Nobody here has finished Today's 4s of " \
                                                                 "Wednesday 31 December 2025 yet."
    elsewhere = Club(simcord_env, "Elsewhere")
    assert (await elsewhere.alice.slash(elsewhere.channel, "challenge board", name="4s")).ephemeral  # its own board


@pytest.mark.parametrize("date", ["nonsense", "2026-13-01", "31/12/2025", "<@1> everyone"])
async def test_a_bad_date_gets_one_private_line(club, date):
    result = await club.alice.slash(club.channel, "challenge board", name="7s", date=date)
    assert result.ephemeral and result.response.content == text.BAD_DATE


async def test_no_board_for_a_day_to_come(club):
    result = await club.alice.slash(club.channel, "challenge board", name="7s", date="2026-01-02")
    assert result.ephemeral and result.response.content == "There is no board yet for a day still to come."


async def test_the_weeks_toughies_come_from_the_servers_misses(club, simcord_env):
    await club.play("alice", "marathon", [], 10)
    await club.play("bob", "7s", every_word("7s")[:1], 10)
    empty = await club.open("carol", "toughies")  # the misses of today count from tomorrow
    assert text.EMPTY_TOUGHIES in empty.response.embeds[0].description and not empty.response.components
    await simcord_env.advance_time(DAY)

    found = set(every_word("7s")[:1])
    counts: dict[str, int] = {}
    for key in ("marathon", "7s"):
        for q in made(key).questions:
            if not set(q.answers) <= found:
                counts[q.alphagram] = counts.get(q.alphagram, 0) + 1
    expected = toughies_challenge(counts, Lexicon.load("full"))
    assert len(expected.questions) == 50
    listed = (await club.carol.slash(club.channel, "challenge play")).response.embeds[0].description
    assert "**Week's Toughies** · 50 alphagrams · 5:00 · not started" in listed
    started = await club.start("carol", "toughies")
    alt = started.response.attachments[0].description
    assert alt.startswith("Anagram quiz board: Week's Toughies")
    shown = [part.split(" (")[0] for part in alt.split("Left: ")[1].split("; ")[:10]]
    assert shown == [q.alphagram.upper() for q in expected.questions[:10]]

    other = Club(simcord_env, "Quiet")
    nothing = await other.open("alice", "toughies")
    assert text.EMPTY_TOUGHIES in nothing.response.embeds[0].description and not nothing.response.components
    listed = (await other.alice.slash(other.channel, "challenge play")).response.embeds[0].description
    assert "**Week's Toughies** · none today" in listed


async def test_a_play_goes_on_after_a_restart(club, simcord_env, new_bot):
    words = every_word("7s")
    started = await club.start("alice", "7s")
    await club.answer("alice", started.response, words[0])
    bobs = await club.start("bob", "6s")
    await simcord_env.restart_bot(new_bot())  # bob's timer is in the database: the new bot has it
    answered = await club.answer("alice", started.response, words[1])  # the old message's button and form still work
    assert f"✅ 1 new: {words[1].upper()}" in answered.response.embeds[0].description
    assert f"2 of {len(words)} words found" in answered.response.embeds[0].description
    await simcord_env.advance_time(made("6s").seconds + 1)  # the restarted bot's timer finishes bob's play
    store = simcord_env.bot.get_cog("Challenge").plays.store
    bob = await store.challenge_play(START, "6s", club.guild.id, club.bob.id)
    assert bob.finished_at is not None and bob.seconds_used == made("6s").seconds
    finished = await club.bob.click(bobs.response, label="Finish")
    assert finished.response.embeds[0].description.startswith("Finished: 0 of")


async def test_a_play_whose_time_ran_out_while_the_bot_was_down_is_finished_at_its_deadline(club, simcord_env, new_bot):
    await club.start("alice", "8s")
    await simcord_env.bot.timers.stop()  # the bot is down: nothing fires
    await simcord_env.advance_time(made("8s").seconds + 60)
    await simcord_env.restart_bot(new_bot())
    play = await simcord_env.bot.get_cog("Challenge").plays.store.challenge_play(START, "8s", club.guild.id,
                                                                                 club.alice.id)
    assert play.finished_at == play.started_at + dt.timedelta(seconds=made("8s").seconds)
