"""/stats, its year calendar and /leaderboard count challenge days (game: Daily Challenges): a
day is the challenges a player finished that day, its points the words found, its medals
counted beside them, three quarters of the words a top day and every word a perfect one."""

import datetime as dt

import pytest

from bot.icons import EVERY_WORD, THREE_QUARTERS
from bot.quiz.challenges.info import CHALLENGE
from tests.bot.quiz.club import START, Club, every_word

pytestmark = pytest.mark.both_backends  # the days are read with SQL of their own: on SQLite and PostgreSQL
DAY = 24 * 3600


async def test_stats_and_the_calendar_count_challenge_days(simcord_env):
    club = Club(simcord_env)
    fours, fives = every_word("4s"), every_word("5s", START + dt.timedelta(days=1))
    await club.play("alice", "4s", fours[:3], 40)
    await club.play("bob", "4s", fours[:5], 30)  # bob beats alice: her 4s wins silver
    await club.start("alice", "6s")  # started, never finished by her: finished at its deadline
    await simcord_env.advance_time(DAY)
    await club.play("alice", "5s", fives, 1)  # every word: a perfect day

    result = await club.alice.slash(club.channel, "stats", game=CHALLENGE.key)
    assert result.ephemeral
    (embed,) = result.response.embeds
    assert embed.title == "Daily Challenges stats"
    lines = embed.description.splitlines()
    assert lines[1] == f"**2** days played · **{3 + len(fives):,}** points · best day **{len(fives)}** (Fri 2 Jan)"
    assert f"**{3 + len(fives)}** words · **3** medals" in lines[2]  # silver in 4s, gold in 6s and in 5s
    assert lines[3] == f"{THREE_QUARTERS.emoji} **1** three-quarter day · {EVERY_WORD.emoji} **1** every-word day"
    assert lines[4].startswith("Streak **2 days**")
    (picture,) = result.response.attachments
    assert picture.filename == "stats.png"
    assert "played 2 of" in picture.description and "every word 1" in picture.description

    board = await club.bob.slash(club.channel, "leaderboard", game=CHALLENGE.key, period="all")
    rows = board.response.embeds[0].description.splitlines()
    assert rows[0].startswith(f"**1.** <@{club.alice.id}> · {3 + len(fives)} points")
    assert rows[1].startswith(f"**2.** <@{club.bob.id}> · 5 points")
    nobody = await club.carol.slash(club.channel, "stats", game=CHALLENGE.key)
    assert "has not played in this server yet" in nobody.response.embeds[0].description
