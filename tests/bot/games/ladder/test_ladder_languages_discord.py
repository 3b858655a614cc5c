"""A bilingual server's word ladders (issue 45, point 7): #puzzles runs the English ladder and
#echelle the French one, the same day, each with its own post, ladder, climbs, hints, Share,
boards and streaks; French rungs typed with or without accents. (One channel, one language, and
each stopped alone: tests/bot/daily/test_language_channels.py.)"""

import pytest

from solvers import ladder
from solvers.lexicon import Lexicon
from tests.bot.games.ladder.test_ladder_discord import DAY, HOUR, START, Server, labels

pytestmark = pytest.mark.both_backends  # the bot on SQLite, then on PostgreSQL

FRENCH = Lexicon.load("common", language="fr")


def french_day():
    return ladder.generate(START, FRENCH, Lexicon.load("full", language="fr"))


async def bilingual(server):
    echelle = server.guild.create_text_channel("echelle")
    await server.setup()
    made = await server.admin.slash(echelle, "ladder setup", channel=echelle, time="09:00",
                                    timezone="Europe/London", language="fr")
    assert made.response.content.startswith(f"🪜 The Word Ladder (French) will be posted in <#{echelle.id}>")
    await server.env.advance_time(9 * HOUR)
    return echelle


async def test_a_bilingual_server_runs_two_ladders(simcord_env):
    server = Server(simcord_env)
    echelle = await bilingual(server)
    day_fr = french_day()
    english = server.posts("Word Ladder ·")
    posted = [m for m in echelle.history() if m.embeds and m.embeds[0].title.startswith("Word Ladder (French) ·")]
    assert len(english) == 1 and len(posted) == 1 and not server.posts("Word Ladder (French)")
    assert f"{day_fr.start.upper()} → … → {day_fr.end.upper()}" in posted[0].embeds[0].description

    # Alice climbs the French ladder by its published rungs, as French writes them (accents), in #echelle
    typed = " ".join(FRENCH.display(word) for word in day_fr.ladder[1:])
    solved = await server.alice.slash(echelle, "ladder play", words=typed)
    assert solved.ephemeral and labels(solved.response) == ["Share"], solved.response.content
    news = [m.content for m in echelle.history() if m.content.startswith(f"<@{server.alice.id}> climbed")]
    assert len(news) == 1 and f"in {day_fr.par} rungs" in news[0]
    en_reply = await server.alice.slash(server.channel, "ladder play", words=DAY.ladder[1])  # her English climb
    assert en_reply.response.content.startswith(f"✅ {DAY.ladder[1].upper()}")
    refused = await server.bob.slash(echelle, "ladder play", words=DAY.ladder[1])  # an English rung in French
    assert not refused.response.content.startswith("✅")

    # Bob's form from the French post plays the French ladder, a rung without its accents
    form = await server.bob.click(posted[0], label="Play")
    by_form = await server.bob.submit_modal(form, {"words": day_fr.ladder[1]})
    assert by_form.response.content.startswith(f"✅ {day_fr.ladder[1].upper()}")
    hint = (await server.bob.slash(echelle, "ladder hint")).response
    assert hint.embeds and hint.embeds[0].title.startswith("Hint 1 of")
    deeper = await server.bob.click(hint, label=next(text for text in labels(hint) if text.startswith("Next")))
    assert deeper.response.embeds[0].title.startswith("Hint 2 of")
    assert f"From **{day_fr.ladder[1].upper()}**" in deeper.response.embeds[0].description  # Bob's French climb

    shared = await server.alice.click(solved.response, label="Share")
    assert not shared.ephemeral and shared.response.content.startswith("🪜 Word Ladder (French) · #1 ·")
    assert f"solved in **{day_fr.par} rungs**" in shared.response.content

    db = simcord_env.bot.db
    days = await db.fetch_all("SELECT game, user_id, points FROM player_days ORDER BY game, user_id")
    assert [tuple(r) for r in days] == [("ladder-fr", server.alice.id, 10)]  # a solve at par; climbs alone are not
    climbs = await db.fetch_all("SELECT language, user_id, rungs FROM ladder_climbs ORDER BY language, user_id")
    assert [tuple(r) for r in climbs] == [("en", server.alice.id, DAY.ladder[1]),
                                          ("fr", server.alice.id, " ".join(day_fr.ladder[1:])),
                                          ("fr", server.bob.id, day_fr.ladder[1])]
    today = await server.bob.slash(echelle, "ladder today")
    assert today.response.embeds[0].title.startswith("Word Ladder (French) ·")
