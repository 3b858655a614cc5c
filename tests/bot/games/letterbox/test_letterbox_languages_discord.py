"""A bilingual server's boxes (issue 44): #letter-boxed runs the English Letter Boxed and
#boite the French one, the same day, each with its own post, box, chains, hints, Share, boards
and streaks; French words typed with or without accents. (One channel, one language, and each
stopped alone: tests/bot/daily/test_language_channels.py.)"""

import pytest

from solvers import letterbox
from solvers.lexicon import Lexicon
from tests.bot.games.letterbox.test_letterbox_discord import HOUR, START, Server, box_of

pytestmark = pytest.mark.both_backends  # the bot on SQLite, then on PostgreSQL

FRENCH = Lexicon.load("common", language="fr")


def labels(message):
    return [button["label"] for row in message.components for button in row["components"]]


async def test_a_bilingual_server_runs_two_boxes(simcord_env):
    server = Server(simcord_env)
    boite = server.guild.create_text_channel("boite")
    box_fr, box_en = letterbox.generate(START, FRENCH, Lexicon.load("full", language="fr")), box_of(START)
    await server.setup()
    made = await server.admin.slash(boite, "box setup", channel=boite, time="09:00", timezone="Europe/London",
                                    language="fr")
    assert made.response.content.startswith(f"🟥 The Letter Boxed (French) will be posted in <#{boite.id}>")
    await simcord_env.advance_time(9 * HOUR)
    english = server.posts()
    posted = [m for m in boite.history() if m.embeds and m.embeds[0].title.startswith("Letter Boxed (French) ·")]
    assert len(english) == 1 and len(posted) == 1
    assert " · ".join(side.upper() for side in box_fr.box.sides) in posted[0].embeds[0].description

    first, second = box_fr.solution
    shown = FRENCH.display(first)  # as French writes it: with its accents, when it has any
    played = await server.alice.slash(boite, "box play", words=shown)
    assert played.ephemeral and played.response.content.startswith(f"✅ {first.upper()}"), played.response.content
    solved = await server.alice.slash(boite, "box play", words=second)  # without accents: the same word
    assert labels(solved.response) == ["Share"], solved.response.content
    en_reply = await server.alice.slash(server.channel, "box play", words=box_en.solution[0])  # her English chain
    assert en_reply.response.content.startswith(f"✅ {box_en.solution[0].upper()}")
    refused = await server.bob.slash(boite, "box play", words=box_en.solution[0])  # an English word on the French box
    assert not refused.response.content.startswith("✅")

    form = await server.bob.click(posted[0], label="Play")  # the French post's form plays the French box
    by_form = await server.bob.submit_modal(form, {"words": first})
    assert by_form.response.content.startswith(f"✅ {first.upper()}")
    hint = (await server.bob.slash(boite, "box hint")).response
    nexts = [text for text in labels(hint) if text.startswith("Next hint")]
    assert hint.embeds[0].title.startswith("Hint 1 of") and nexts
    deeper = await server.bob.click(hint, label=nexts[0])
    assert deeper.response.embeds[0].title.startswith("Hint 2 of")
    assert f"Your chain: {first.upper()}" in deeper.response.embeds[0].description  # Bob's French chain

    shared = await server.alice.click(solved.response, label="Share")
    assert not shared.ephemeral and shared.response.content.startswith("🟥 Letter Boxed (French) ·")
    mine = await server.alice.slash(boite, "box today")
    assert mine.response.embeds[0].title.startswith("Letter Boxed (French) ·")

    db = simcord_env.bot.db
    days = await db.fetch_all("SELECT game, user_id, points FROM player_days ORDER BY game, user_id")
    assert [tuple(r) for r in days] == [("letterbox-fr", server.alice.id, 24)]  # a two-word solve
    chains = await db.fetch_all("SELECT language, user_id, words FROM letterbox_chains ORDER BY language, user_id")
    assert [tuple(r) for r in chains] == [("en", server.alice.id, box_en.solution[0]),
                                          ("fr", server.alice.id, f"{first} {second}"),
                                          ("fr", server.bob.id, first)]
