"""A bilingual server (issue 44): #bee plays the English bee and #abeille the French one, the same
day, each with its own hive, answers, boards and streaks; French words typed with or without
accents."""

import datetime as dt

from solvers import bee
from solvers.lexicon import Lexicon
from tests.bot.games.bee.test_bee_discord import START, Server, non_pangram, puzzle_of


async def test_a_bilingual_server_runs_two_bees(simcord_env):
    server = Server(simcord_env)
    abeille = server.guild.create_text_channel("abeille")
    french = Lexicon.load("common", language="fr")
    hive_fr = bee.generate(french, START)
    await server.setup()
    made = await server.admin.slash(abeille, "bee setup", channel=abeille, time="09:00", timezone="Europe/London",
                                    language="fr")
    assert made.response.content.startswith(f"🐝 The Spelling Bee (French) will be posted in <#{abeille.id}>")
    await simcord_env.advance_time(9 * 3600)
    english = [m for m in server.channel.history() if m.embeds and m.embeds[0].title.startswith("Spelling Bee ·")]
    posted = [m for m in abeille.history() if m.embeds and m.embeds[0].title.startswith("Spelling Bee (French) ·")]
    assert len(english) == 1 and len(posted) == 1

    word_en, word_fr = non_pangram(puzzle_of(START)), non_pangram(hive_fr)
    shown = french.display(word_fr)  # with its accents, when it has any
    fr_reply = await server.alice.slash(abeille, "bee guess", word=shown.upper())
    assert fr_reply.response.content.startswith(f"✅ **{word_fr.upper()}**"), fr_reply.response.content
    again = await server.alice.slash(abeille, "bee guess", word=word_fr)  # without accents: the same word
    assert again.response.content.startswith("You already found")
    en_reply = await server.alice.slash(server.channel, "bee guess", word=word_en)
    assert en_reply.response.content.startswith(f"✅ **{word_en.upper()}**")
    refused = await server.bob.slash(abeille, "bee guess", word=word_en)  # an English word in the French hive
    assert not refused.response.content.startswith("✅")

    form = await server.bob.click(posted[0], label="Guess")  # the French post's form plays the French bee
    by_form = await server.bob.submit_modal(form, {"word": word_fr})
    assert by_form.response.content.startswith(f"✅ **{word_fr.upper()}**")

    db = simcord_env.bot.db
    days = await db.fetch_all("SELECT game, user_id, points FROM player_days ORDER BY game, user_id")
    alice, bob = server.alice.id, server.bob.id
    assert [tuple(r) for r in days] == [("bee", alice, bee.score(word_en, puzzle_of(START))),
                                        ("bee-fr", alice, bee.score(word_fr, hive_fr)),
                                        ("bee-fr", bob, bee.score(word_fr, hive_fr))]
    found = await server.alice.slash(abeille, "bee found")
    assert word_fr.upper() in found.response.embeds[0].description.upper() or word_fr in str(found.response.embeds[0])
    assert dt.date(2026, 1, 1) == START


async def test_each_languages_bee_is_stopped_on_its_own(simcord_env):
    server = Server(simcord_env)
    abeille = server.guild.create_text_channel("abeille")
    await server.setup()
    await server.admin.slash(abeille, "bee setup", channel=abeille, time="09:00", timezone="Europe/London",
                             language="fr")
    stopped = await server.admin.slash(abeille, "bee stop", language="fr")
    assert stopped.ephemeral and "Spelling Bee (French)" in stopped.response.content
    schedules = await simcord_env.bot.daily.calendar.store.guild_schedules(server.guild.id)
    assert {(s.game, s.active) for s in schedules} == {("bee", True), ("bee-fr", False)}
    await simcord_env.advance_time(9 * 3600)
    assert not [m for m in abeille.history() if m.embeds]  # no French post; the English one came
    assert [m for m in server.channel.history() if m.embeds and m.embeds[0].title.startswith("Spelling Bee ·")]
