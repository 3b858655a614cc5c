"""/challenge language: (issue 44) through SimCord: the day's challenges in French, playable, drawn
from the French lists by the day's seeds; their plays, boards and stats kept apart from English's
(the French ones a game of their own on /stats: 'Daily Challenges (French)'); the server's language
the default; a German challenge answered with its ä typed."""

import pytest

from bot.quiz.store import QuizStore
from solvers.lexicon import Lexicon
from solvers.quiz.challenges import challenge
from tests.bot.conftest import admin_of
from tests.bot.quiz.club import START, Club

pytestmark = pytest.mark.both_backends  # the plays are stored under their language's key: on both backends


def made(key: str, language: str):
    return challenge(START, key, Lexicon.load("full", language=language), Lexicon.load("common", language=language))


def words_of(key: str, language: str) -> list[str]:
    return [word for q in made(key, language).questions for word in q.answers]


async def test_a_french_challenge_is_played_apart_from_englishs(simcord_env):
    club = Club(simcord_env)
    admin = admin_of(simcord_env, club.guild)
    listed = await club.alice.slash(club.channel, "challenge play", language="fr")
    assert listed.ephemeral and "Today's 4s (French)" in str(listed.response.embeds[0].to_dict())
    opened = await club.alice.slash(club.channel, "challenge play", name="4s", language="fr")
    message = (await club.alice.click(opened.response, label="Start")).response
    french = words_of("4s", "fr")
    english = {word for q in made("4s", "en").questions for word in q.answers}
    only_french = [word for word in french if word not in english][:3]
    answered = (await club.answer("alice", message, " ".join(only_french + ["zzzz"]))).response
    await club.alice.click(answered, label="Finish")
    store = QuizStore(simcord_env.bot.db)
    assert await store.challenge_words(START, "4s-fr", club.guild.id, club.alice.id) == set(only_french)
    assert await store.challenge_play(START, "4s", club.guild.id, club.alice.id) is None  # English's not played
    play = await store.challenge_play(START, "4s-fr", club.guild.id, club.alice.id)
    assert play.words_total == len(french) and play.words_found == 3

    await admin.slash(club.channel, "settings", language="fr")  # now French by default
    board = await club.bob.slash(club.channel, "challenge board", name="4s")
    assert "Today's 4s (French)" in board.response.embeds[0].title and f"<@{club.alice.id}>" in str(
        board.response.embeds[0].description)
    english_board = await club.bob.slash(club.channel, "challenge board", name="4s", language="en")
    assert english_board.ephemeral  # nobody played English's 4s
    stats = await club.alice.slash(club.channel, "stats", game="challenge-fr")
    assert stats.response.embeds[0].title == "Daily Challenges (French) stats"
    assert "**1** days played" in stats.response.embeds[0].description \
        or "**1** day played" in stats.response.embeds[0].description
    nothing = await club.alice.slash(club.channel, "stats", game="challenge")
    assert "**1** day" not in (nothing.response.content or "") + str(nothing.response.embeds[0].description
                                                                   if nothing.response.embeds else "")
    assert simcord_env.errors == []


async def test_a_german_challenge_reads_its_umlauts(simcord_env):
    club = Club(simcord_env)
    german = words_of("5s", "de")
    umlaut = next(word for word in german if "ä" in word)
    opened = await club.bob.slash(club.channel, "challenge play", name="5s", language="de")
    message = (await club.bob.click(opened.response, label="Start")).response
    await club.answer("bob", message, f"{umlaut.upper()} {umlaut.replace('ä', 'a')}")
    store = QuizStore(simcord_env.bot.db)
    assert await store.challenge_words(START, "5s-de", club.guild.id, club.bob.id) == {umlaut}
