"""Cards from misses say what will happen, through SimCord: a quiz round's end names the players
whose study decks took its missed alphagrams and when they come up, a finished daily challenge
says so to its player, /study add says when its cards come up behind them, and the first review
of the day showing cards from misses says where they came from."""

import pytest

from tests.bot.quiz.club import Club as ChallengeClub
from tests.bot.quiz.test_quiz_discord import Quizzers, asked, settle
from tests.bot.study.deck_club import prompt_of

pytestmark = pytest.mark.both_backends

ORIGIN = "alphagrams you missed in quiz rounds and daily challenges."


def study_of(env):
    return env.bot.get_cog("Study").service


async def test_a_rounds_end_says_whose_decks_take_its_misses_and_when(simcord_env):
    club, study = Quizzers(simcord_env), study_of(simcord_env)
    await club.bob.slash(club.channel, "study settings", new_per_day=1)
    await club.bob.slash(club.channel, "study add", length=2, **{"from": 1, "to": 3})  # 3 new cards before them
    await club.carol.slash(club.channel, "study settings", from_misses=False)
    await club.start()
    words = [w for q in asked() for w in q.answers]
    for who, word in ((club.alice, words[0]), (club.bob, words[1]), (club.carol, words[2])):
        await who.send(club.channel, f"{club.me} {word}")
    await settle(simcord_env)
    await simcord_env.advance_time(60)
    (end,) = club.ends()
    missed = sum(1 for q in asked() if set(q.answers) - set(words[:3]))
    assert missed and len(await study.export_rows(club.alice.id)) == missed  # in the decks at once
    line = next(x for x in end.embeds[0].description.splitlines() if x.startswith("Missed alphagrams join"))
    # Bob's 1 new card a day: today's is one of his 3 cards, his next 2 on Fri 2 and Sat 3 January
    assert line == (f"Missed alphagrams join your study decks: <@{club.alice.id}> {missed} today · "
                    f"<@{club.bob.id}> {missed} from Sun 4 Jan")  # Carol takes no cards from misses
    assert club.pinged() == []

    card = (await club.alice.slash(club.channel, "study review")).response
    description, first = card.embeds[0].description, prompt_of(card)
    assert description.endswith(f"These {missed} new cards are {ORIGIN}" if missed > 1 else
                                "This new card is an alphagram you missed in a quiz round or a daily challenge.")
    assert card.embeds[0].footer.text.startswith(f"{missed} card{'s' * (missed > 1)} due today ({missed} new)")
    shown = await club.alice.click(card, label="Answer")
    result = (await club.alice.submit_modal(shown, {"words": ""})).response
    if missed > 1:  # the next card from misses says nothing more today
        following = (await club.alice.click(result, label="Next ›")).response
        assert prompt_of(following) != first and ORIGIN not in following.embeds[0].description


async def test_a_finished_challenge_says_when_its_misses_come_up_and_study_add_agrees(simcord_env):
    club, study = ChallengeClub(simcord_env), study_of(simcord_env)
    started = await club.start("alice", "7s")
    finished = (await club.alice.click(started.response, label="Finish")).response
    cards = len(await study.export_rows(club.alice.id))
    assert cards == 50
    description = finished.embeds[0].description
    assert description.splitlines()[0].startswith("Finished: 0 of ")
    assert description.splitlines()[1] == \
        "50 missed alphagrams join your study deck: 20 come up today, the rest from tomorrow, 20 new a day."
    again = (await club.open("alice", "7s")).response  # said once: the cards are in the deck
    assert again.embeds[0].description.startswith("Finished: 0 of ") and "study deck" not in again.embeds[0].description
    # today's 20 new cards are the misses: a set added now comes after them, and says so
    added = (await club.alice.slash(club.channel, "study add", length=2, **{"from": 1, "to": 3})).response.content
    assert added == "3 new cards from 2s probability 1–3 (full): they come up from Sat 3 Jan, 20 new a day."
    card = (await club.alice.slash(club.channel, "study review")).response
    assert card.embeds[0].description.endswith(f"These 20 new cards are {ORIGIN}")
    assert card.embeds[0].footer.text.startswith("20 cards due today (20 new) · ")
