"""/study across a restart: a card shown before it is answered after it (its Answer button, and a
form opened before it and sent after), a result's buttons pressed after it; and a form sent twice
is one review. Then hostile input: slurs, flagged words and junk in the form are never written
back, and a typed option that is no time or zone gets one line that does not repeat it."""

import re

import pytest

from tests.bot.study.deck_club import Club, answers_of, labels, prompt_of
from tests.bot.test_no_echo_discord import FLAGGED, SLUR, SLUR_FORMS, echoes, sent_texts

pytestmark = pytest.mark.both_backends


@pytest.fixture
def club(simcord_env):
    return Club(simcord_env)


async def reviews(club, who="alice") -> int:
    return (await club.service.stats(club.users[who].id, club.env.bot.daily.calendar.clock())).reviews_30d


async def test_a_card_shown_before_a_restart_is_answered_after_it(club, simcord_env, new_bot):
    answers = answers_of()
    await club.add("alice")
    card = (await club.study("alice")).response
    first = prompt_of(card)  # the message shows the next card later: it is edited in place
    opened = await club.members["alice"].click(card, label="Answer")  # a form open across the restart
    await simcord_env.advance_time(5)
    await simcord_env.restart_bot(new_bot())
    sent = await club.members["alice"].submit_modal(opened, {"words": " ".join(answers[first])})
    result = sent.response
    assert "✅ Right:" in result.embeds[0].description and labels(result)[-1] == "Next ›"
    await simcord_env.restart_bot(new_bot())
    following = (await club.members["alice"].click(result, label="Next ›")).response  # a result's button, after
    assert prompt_of(following) in answers and prompt_of(following) != first
    await simcord_env.restart_bot(new_bot())
    answered = await club.answer("alice", following, "")  # a card's Answer button, after
    assert answered.response.embeds[0].title == "Study · Again"
    regraded = await club.members["alice"].click(answered.response, label="Good")
    assert "Grade: Good (your choice)" in regraded.response.embeds[0].description
    assert await reviews(club) == 2


async def test_a_form_sent_twice_is_one_review(club, simcord_env):
    await club.add("alice")
    card = (await club.study("alice")).response
    opened = await club.members["alice"].click(card, label="Answer")
    again = await club.members["alice"].click(card, label="Answer")
    first = await club.members["alice"].submit_modal(opened, {"words": ""})
    second = await club.members["alice"].submit_modal(again, {"words": "other words"})
    assert first.response.embeds[0].description == second.response.embeds[0].description  # the stored result
    assert await reviews(club) == 1


async def test_hostile_words_in_the_form_never_come_back(club, simcord_env):
    await club.add("alice")
    since = len(simcord_env.http_requests)
    card = (await club.study("alice")).response
    # within the form's 1,000 characters
    typed = " ".join([*SLUR_FORMS.values(), FLAGGED, FLAGGED.upper(), "zzqx", "<@1>", "@everyone", "x" * 870])
    result = (await club.answer("alice", card, typed)).response
    texts = sent_texts(simcord_env, since)
    assert echoes(texts, SLUR) == [] and echoes(texts, FLAGGED, whole_word=True) == []
    assert all(echoes(texts, form) == [] for form in SLUR_FORMS.values())
    description = result.embeds[0].description
    assert "@everyone" not in description and "<@1>" not in description
    assert "GG" not in description  # a slur typed in pieces (n.i.g.g.e.r) is no word at all, nor are its pieces
    assert re.search(r"^Not answers: \d+ words", description, re.M)  # the others are counted
    plain = (await club.answer("alice", (await club.study("alice")).response, f"zzqx {FLAGGED} everyone")).response
    assert "Not answers: 3 words (ZZQX, EVERYONE)" in plain.embeds[0].description


@pytest.mark.parametrize("option", ["reminder", "timezone"])
async def test_a_typed_setting_that_cannot_be_read_gets_one_line_without_it(club, simcord_env, option):
    for value in (SLUR_FORMS["full-width"], FLAGGED, "<@&1> 99:99"):
        since = len(simcord_env.http_requests)
        said = await club.study("alice", "study settings", **{option: value})
        line = said.response.content
        assert said.ephemeral and line and "\n" not in line
        texts = sent_texts(simcord_env, since)
        assert echoes(texts, value, whole_word=True) == [] and echoes(texts, SLUR) == []
    settings = await club.service.settings(club.users["alice"].id)
    assert settings.remind_at is None and settings.zone == "UTC"
