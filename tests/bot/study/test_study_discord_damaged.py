"""/study review through SimCord with a card whose stored schedule FSRS cannot take (written
straight into ``study_cards``, due before every other card): the player answers it, gets the
note that it starts again as new and no apology, and goes on to the next card."""

import pytest

from bot.study.text import RESTARTED
from tests.bot.study.deck_club import Club, answers_of, labels, prompt_of, texts_of
from tests.bot.study.test_study_damaged_cards import poison

pytestmark = pytest.mark.both_backends


async def test_a_damaged_card_is_reviewed_with_a_note_and_the_deck_goes_on(simcord_env):
    club = Club(simcord_env)
    answers = answers_of()
    await club.add("alice")
    damaged = sorted(answers)[1]
    await poison(simcord_env.bot.db, club.users["alice"].id, damaged, stability=-5.0, difficulty=float("nan"),
                 due="2025-12-01T00:00:00.000000+00:00", last_review="2025-11-20T00:00:00.000000+00:00")
    card = (await club.study("alice")).response
    assert prompt_of(card) == damaged and card.embeds[0].description.splitlines()[0].endswith(" · new**")
    result = (await club.answer("alice", card, " ".join(answers[damaged]))).response
    description = result.embeds[0].description
    assert description.splitlines()[1] == RESTARTED and "✅ Right: " in description
    assert labels(result) == ["Again", "Hard", "Good", "Easy", "Next ›"]
    regraded = (await club.members["alice"].click(result, label="Hard")).response  # its grade changed: the note stays
    assert regraded.embeds[0].title == "Study · Hard" and RESTARTED in regraded.embeds[0].description
    following = (await club.members["alice"].click(regraded, label="Next ›")).response
    assert prompt_of(following) in answers and prompt_of(following) != damaged
    other = (await club.answer("alice", following, " ".join(answers[prompt_of(following)]))).response
    assert "✅ Right: " in other.embeds[0].description and RESTARTED not in other.embeds[0].description
    said = [text for message in (card, result, following, other, regraded) for text in texts_of(message)]
    assert not any("wrong on our side" in text for text in said)
