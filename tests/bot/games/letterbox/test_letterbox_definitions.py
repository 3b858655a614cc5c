"""Definitions in the daily Letter Boxed, through SimCord: the published pair with its definitions
in the next post, and the Definitions button of a player's chain."""

import discord
import pytest

from bot.days.store import Standing
from bot.games.letterbox import embeds
from bot.games.letterbox.game import MAX_CHAIN, DailyPost
from bot.games.letterbox.store import BestFound
from bot.glosses import LONG, Gloss, Glosses
from bot.text import long_date
from solvers.lexicon import Lexicon
from tests.bot.games.bee.test_bee_post_definitions import limit_breaches
from tests.bot.games.letterbox.test_letterbox_discord import HOUR, START, Server, box_of, chain_of


@pytest.fixture
def server(simcord_env):
    return Server(simcord_env)


def own_lines(words):
    lines = []
    for gloss in Glosses.load().glosses(words, LONG):
        text = discord.utils.escape_markdown(gloss.text)
        lines.append(f"**{gloss.word}** · {gloss.pos} · {text}" if gloss.defined else f"**{gloss.word}** · —")
    return lines


async def test_the_next_post_defines_the_published_pair_behind_spoilers(server, simcord_env):
    await server.start_day()
    box = box_of(START)
    await simcord_env.advance_time(24 * HOUR)
    reveal = server.posts()[-1].embeds[1].description
    for gloss in Glosses.load().glosses(box.solution, LONG):
        word = gloss.word.upper()
        shown = f"||{word} — {discord.utils.escape_markdown(gloss.text)}||" if gloss.defined else f"||{word}||"
        assert f"\n{shown}\n" in reveal


def test_the_widest_post_stays_within_discords_limits():
    box = box_of(START)
    longest = max(Lexicon.load("full").words, key=len)
    chains = [BestFound((longest,) * MAX_CHAIN, 10**6) for _ in range(3)]
    top = [Standing(rank, 10**18 + rank, 99999, 80, 9, 99, 99, 99) for rank in (1, 2, 2)]
    pair = tuple(Gloss(longest, "adjective", f"comparative of {longest}: " + "y" * LONG) for _ in range(2))
    message = embeds.daily_post_embeds(DailyPost(box, box, chains, 10**6, top, pair))
    assert limit_breaches(message) == []
    assert f"||{longest.upper()} — comparative of" in message[1].description


async def test_definitions_of_a_players_chain_work_after_a_restart_and_say_when_it_is_empty(server, simcord_env,
                                                                                            new_bot):
    post = await server.start_day()
    box = box_of(START)
    empty = await server.alice.click(post, label="My chain")
    assert empty.response.components == []  # no words yet: no Definitions button
    three = chain_of(box, 3)
    await server.alice.slash(server.channel, "box play", words=" ".join(three[:2]))
    mine = await server.alice.click(post, label="My chain")
    await simcord_env.restart_bot(new_bot())
    shown = await server.alice.click(mine.response, label="Definitions")
    assert shown.ephemeral
    assert shown.response.embeds[0].title == f"Your words · {long_date(START)} · 2 words"
    assert shown.response.embeds[0].description.split("\n") == own_lines(three[:2])
    await server.alice.click(post, label="Restart")
    cleared = await server.alice.click(mine.response, label="Definitions")  # the chain is empty now
    assert cleared.response.content == (
        f"You have no words on {long_date(START)} to define yet. Press **Play** on the day's post to play.")
    await server.alice.slash(server.channel, "box play", words=" ".join(box.solution))
    await server.alice.click(post, label="Restart")  # the best solve's words stay hers
    today = await server.alice.slash(server.general, "box today")
    solved = await server.alice.click(today.response, label="Definitions")
    assert solved.response.embeds[0].description.split("\n") == own_lines(box.solution)
