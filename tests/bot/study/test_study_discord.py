"""/study through SimCord: a player studies in a server, then in a DM, the same deck; the cards
come one after another through the Answer form, each result with its right, missed and extra
words, its grade and next due date; a grade is overridden with a button; another player never
sees the deck; the stats come as a picture; a player who prefers DMs studies there."""

import pytest

from tests.bot.study.deck_club import Club, answers_of, labels, prompt_of, texts_of

pytestmark = pytest.mark.both_backends


@pytest.fixture
def club(simcord_env):
    return Club(simcord_env)


async def test_a_player_studies_in_a_server_then_in_a_dm_the_same_deck(club, simcord_env):
    answers = answers_of()
    added = await club.add("alice")
    assert added.ephemeral and added.response.content.startswith("3 new cards from 2s probability 1–3 (full)")
    shown = await club.study("alice")
    card = shown.response
    assert shown.ephemeral and labels(card) == ["Answer"]
    assert prompt_of(card) in answers and "3 cards due today (3 new)" in card.embeds[0].footer.text

    right = answers[prompt_of(card)]
    result = (await club.answer("alice", card, " ".join(right))).response
    assert result.id == card.id  # the card becomes its result, in place
    description = result.embeds[0].description
    assert f"✅ Right: {', '.join(w.upper() for w in right)}" in description and "Missed" not in description
    assert "Grade: " in description and "all right in 0 s" in description and " · back in " in description
    assert labels(result) == ["Again", "Hard", "Good", "Easy", "Next ›"]
    assert "2 cards due today (2 new) · " in result.embeds[0].footer.text  # Easy: back in days

    in_dm = await club.study("alice", in_dm=True)  # the same deck in a DM: the two cards left
    dm_card = in_dm.response
    assert prompt_of(dm_card) in answers and prompt_of(dm_card) != prompt_of(card)
    assert "2 cards due today (2 new) · " in dm_card.embeds[0].footer.text
    other = next(a for a in answers if a not in (prompt_of(card), prompt_of(dm_card)))
    missed = (await club.answer("alice", dm_card, f"{answers[prompt_of(dm_card)][0]} zzqx", in_dm=True)).response
    missed_text = missed.embeds[0].description
    assert "Not answers: 1 word (ZZQX)" in missed_text
    if len(answers[prompt_of(dm_card)]) > 1:
        assert "❌ Missed: " in missed_text
    following = (await club.users["alice"].click(missed, label="Next ›")).response
    assert prompt_of(following) == other
    last = (await club.answer("alice", following, "", in_dm=True)).response  # nothing typed: all missed, graded Again
    assert last.embeds[0].title == "Study · Again" and "Next ›" not in labels(last)
    done = await club.study("alice")
    assert done.response.embeds[0].title == "Study · all done for now"


async def test_the_grade_is_overridden_with_a_button(club):
    await club.add("alice")
    card = (await club.study("alice")).response
    result = (await club.answer("alice", card, "")).response
    assert result.embeds[0].title == "Study · Again"
    assert "Grade: Again (0 of " in result.embeds[0].description and "back in 1 minute" in result.embeds[0].description
    easy = (await club.members["alice"].click(result, label="Easy")).response
    description = easy.embeds[0].description
    assert easy.embeds[0].title == "Study · Easy" and "Grade: Easy (your choice) · back in " in description
    assert " day" in description.split("back in ")[1]  # the card comes back days later, not in a minute
    assert [b["disabled"] for row in easy.components for b in row["components"]][:4] == [False, False, False, True]


async def test_another_player_never_sees_the_deck(club, simcord_env):
    answers = answers_of()
    await club.add("alice")
    card = (await club.study("alice")).response
    await club.answer("alice", card, " ".join(answers[prompt_of(card)]))
    alone = await club.study("bob")
    assert alone.response.embeds[0].title == "Study · all done for now"
    stats = await club.study("bob", "study stats")
    assert stats.response.embeds[0].description.startswith("Nothing due today\nCards: 0 (")
    seen = [t for m in club.channel.history(viewer=club.members["bob"]) for t in texts_of(m)]
    seen += [t for m in club.dms("bob") for t in texts_of(m)]
    assert not any(alphagram.upper() in text for alphagram in answers for text in seen)
    with pytest.raises(Exception, match="not in your deck"):  # the service finds a card in its player's deck only
        await club.service.review(club.users["bob"].id, 1, "x", 1.0, simcord_env.bot.daily.calendar.clock(),
                                  expected_reps=0)


async def test_the_stats_come_as_a_picture(club):
    await club.add("alice")
    card = (await club.study("alice")).response
    await club.answer("alice", card, "")
    stats = await club.study("alice", "study stats")
    message = stats.response
    assert stats.ephemeral and [a.filename for a in message.attachments] == ["study-stats.png"]
    alt = message.attachments[0].description
    assert alt.startswith("Study stats: 3 cards (2 new, 1 learning, 0 review, 0 relearning).")
    assert "1 review, last 30 days" in alt and "0% recalled" in alt


async def test_a_player_who_prefers_dms_studies_there(club):
    said = await club.study("alice", "study settings", dm=True)
    assert said.ephemeral and "Study in: **direct messages**" in said.response.embeds[0].description
    await club.add("alice")
    pointer = await club.study("alice")
    assert pointer.ephemeral and pointer.response.content.startswith("Sent to our direct messages: ")
    (card,) = club.dms("alice")
    assert labels(card) == ["Answer"] and prompt_of(card) in answers_of()
    result = (await club.answer("alice", card, " ".join(answers_of()[prompt_of(card)]), in_dm=True)).response
    assert result.id == card.id and "✅ Right:" in result.embeds[0].description
    shown = await club.study("alice", "study stats")
    assert shown.ephemeral and shown.response.content.startswith("Sent to our direct messages: ")
    pictures = [a.filename for m in club.dms("alice") for a in m.attachments]
    assert pictures == ["study-stats.png"]
    back = await club.study("alice", "study settings", dm=False)
    assert "Study in: **private replies**" in back.response.embeds[0].description
    assert (await club.study("alice")).ephemeral and len(club.dms("alice")) == 2


async def test_yesterdays_missed_bee_words_become_word_cards(club, simcord_env):
    import datetime as dt

    import discord

    admins = club.guild.create_role("Admins", permissions=discord.Permissions(manage_guild=True))
    admin = club.guild.add_member(simcord_env.create_user("admin"), roles=[admins])
    none_yet = await club.study("alice", "study bee")
    assert none_yet.ephemeral and "/bee setup" in none_yet.response.content
    bee = club.guild.create_text_channel("bee")
    await admin.slash(bee, "bee setup", channel=bee, time="09:00", timezone="UTC")
    await simcord_env.advance_time(9 * 3600 + 60)
    game, day = simcord_env.bot.get_cog("Bee").game, dt.date(2026, 1, 1)
    puzzle = await game.puzzle(day)
    found = puzzle.answers[0]
    assert (await game.guess(club.guild.id, club.users["alice"].id, day, found)).accepted
    await simcord_env.advance_time(24 * 3600)  # the next day's post: the 1st is yesterday
    added = await club.study("alice", "study bee")
    line = added.response.content
    assert added.ephemeral and " new cards from the bee of Thursday 1 January" in line
    count = int(line.split()[0].replace(",", ""))
    assert 0 < count <= len(puzzle.answers) - 1
    card = (await club.study("alice")).response
    first_line = card.embeds[0].description.splitlines()[0]
    assert first_line.startswith(f"**{puzzle.center.upper()} ") and f"({puzzle.center.upper()} in the centre)" in \
        first_line
    pattern = first_line.split(" · ")[1].split(" (")[0]
    length = int(first_line.split(" (")[2].split(" letters")[0])
    fits = [w for w in puzzle.answers if w != found and len(w) == length == len(pattern) and w[0] == pattern[0].lower()]
    assert fits and (pattern[-1] == "·" or all(w[-1] == pattern[-1].lower() for w in fits))  # the pattern fits
    assert not any(w in first_line.lower() for w in fits)  # the definition never gives the word away
    assert "Type the one word of this hive that fits the pattern" in card.embeds[0].description
    answer = (await club.service.export_rows(club.users["alice"].id))[0].card  # the oldest new card comes first
    assert answer in fits
    result = (await club.answer("alice", card, answer.upper())).response
    assert f"✅ Right: {answer.upper()}" in result.embeds[0].description
    again = await club.study("alice", "study bee")  # asked twice: the same cards, merged
    assert again.response.content.startswith("0 new cards") and "already in your deck" in again.response.content


async def test_a_player_whose_dms_are_closed_studies_in_a_private_reply(club, simcord_env):
    # SimCord answers 50007 for a DM to a bot account: a player who closed their direct messages.
    closed = club.guild.add_member(simcord_env.create_user("closed", bot=True))
    await club.service.change_settings(closed.id, in_dm=True)
    await club.service.add_set(closed.id, "full", 2, 1, 3, simcord_env.bot.daily.calendar.clock())
    for command in ("study review", "study stats"):
        shown = await closed.slash(club.channel, command)
        assert shown.ephemeral and shown.response.content.startswith("I can't send you direct messages here")
        assert shown.response.embeds
    (picture,) = shown.response.attachments
    assert picture.filename == "study-stats.png" and picture.size > 1000  # the picture sent again, whole


async def test_a_slur_typed_in_pieces_is_counted_not_shown(club):
    await club.add("alice")
    card = (await club.study("alice")).response
    result = (await club.answer("alice", card, "ni gg er")).response
    description = result.embeds[0].description
    assert "Not answers: 3 words\n" in description and "GG" not in description
    other = (await club.answer("alice", (await club.members["alice"].click(result, label="Next ›")).response,
                               "zzqx qqq")).response
    assert "Not answers: 2 words (ZZQX, QQQ)" in other.embeds[0].description


async def test_add_takes_100_ranks_from_from_and_says_what_the_days_cap_left_out(club, monkeypatch):
    monkeypatch.setattr("bot.study.adding.SET_CARDS_PER_DAY", 2)
    monkeypatch.setattr("bot.study.text.SET_CARDS_PER_DAY", 2)
    added = (await club.study("alice", "study add", length=2, **{"from": 5})).response.content
    assert added.startswith("2 new cards from 2s probability 5–104 (full): they come up today; ")
    left = int(added.split("; ")[1].split()[0].replace(",", ""))
    assert left > 0 and f"{left} cards left out by today's cap of 2 new cards from sets: add them tomorrow." in added
