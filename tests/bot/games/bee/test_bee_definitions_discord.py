"""Definitions in the daily Spelling Bee, through SimCord: yesterday's answers with theirs in the
next post, and the Definitions button of a player's own words."""


import discord
import pytest

from bot.daily.posts import POST_LINES, message_size
from bot.games.bee.cog import definitions_view
from bot.glosses import LONG, Glosses
from bot.text import long_date
from solvers.lexicon import Lexicon
from solvers.wordcard import commonness_band
from tests.bot.games.bee.test_bee_discord import HOUR, START, Server, puzzle_of

pytestmark = pytest.mark.both_backends  # the bot on SQLite, then on PostgreSQL


@pytest.fixture
def server(simcord_env):
    return Server(simcord_env)


def own_lines(words):
    """The lines a player's Definitions list shows for these words, as the glosses give them."""
    lines = []
    for gloss in Glosses.load().glosses(sorted(words), LONG):
        text = discord.utils.escape_markdown(gloss.text)
        lines.append(f"**{gloss.word}** · {gloss.pos} · {text}" if gloss.defined else f"**{gloss.word}** · —")
    return lines


def plain_words(puzzle, count):
    return [w for w in puzzle.answers if w not in puzzle.pangrams][:count]


async def test_the_next_post_defines_the_pangrams_and_the_less_common_words_behind_spoilers(server, simcord_env):
    await server.start_day()
    puzzle = puzzle_of(START)
    await simcord_env.advance_time(24 * HOUR)
    post = server.posts()[-1]
    reveal = post.embeds[1].description
    lexicon, glosses = Lexicon.load("common"), Glosses.load()
    defined = []
    for word in puzzle.answers:
        gloss = glosses.gloss(word)
        shown = f"**{word.upper()}**" if word in puzzle.pangrams else word
        worth = word in puzzle.pangrams or commonness_band(lexicon.commonness(word)) != "everyday"
        if worth and gloss.defined and f"||{shown} — {discord.utils.escape_markdown(gloss.text)}||" in reveal:
            defined.append(word)
        else:
            assert f"||{shown}||" in reveal, word
    order = [g.word for g in await simcord_env.bot.get_cog("Bee").game.worth_defining(puzzle)]
    assert set(defined) == set(order[: len(defined)]) and set(puzzle.pangrams) <= set(defined)  # pangrams, rarest
    assert reveal.count("||") == 2 * len(puzzle.answers)  # each word and its definition under one bar
    lines = message_size(post.content, post.embeds)[0]
    assert lines <= POST_LINES and (len(defined) == len(order) or lines >= POST_LINES - 1)  # as many as fit


async def test_definitions_of_a_players_own_words_privately(server):
    await server.start_day()
    puzzle = puzzle_of(START)
    mine = plain_words(puzzle, 3) + [puzzle.pangrams[0]]
    for word in mine:
        await server.alice.slash(server.channel, "bee guess", word=word)
    bobs = plain_words(puzzle, 4)[3]
    await server.bob.slash(server.channel, "bee guess", word=bobs)
    found = await server.alice.slash(server.channel, "bee found")
    shown = await server.alice.click(found.response, label="Definitions")
    assert shown.ephemeral
    (embed,) = shown.response.embeds
    assert embed.title == f"Your words · {long_date(START)} · 4 words"
    assert embed.description.split("\n") == own_lines(mine)
    assert f"**{bobs}**" not in embed.description
    assert shown.response.components == []  # one page: no page buttons
    nothing = await server.admin.slash(server.channel, "bee found")
    assert "No words yet" in nothing.response.embeds[0].description and nothing.response.components == []


async def test_many_words_are_paged_and_the_buttons_work_after_a_restart(server, simcord_env, new_bot):
    post = await server.start_day()
    puzzle = puzzle_of(START)
    mine = plain_words(puzzle, 20)
    for word in mine:
        await server.alice.slash(server.channel, "bee guess", word=word)
    found = await server.alice.click(post, label="My words")
    await simcord_env.restart_bot(new_bot())
    first = await server.alice.click(found.response, label="Definitions")  # a reply from before the restart
    lines = own_lines(mine)
    assert first.response.embeds[0].description.split("\n") == lines[:15]
    second = await server.alice.click(first.response, label="Next ›")
    assert second.response.embeds[0].description.split("\n") == lines[15:]


async def test_someone_elses_button_and_a_player_without_words_get_one_line(server, simcord_env):
    await server.start_day()
    puzzle = puzzle_of(START)
    await server.alice.slash(server.channel, "bee guess", word=plain_words(puzzle, 1)[0])
    channel = simcord_env.bot.get_channel(server.channel.id)  # the buttons where anyone can press them
    await channel.send("Alice's", view=definitions_view(START, server.alice.id))
    await channel.send("Bob's", view=definitions_view(START, server.bob.id))
    alices, bobs = server.channel.history()[-2:]
    other = await server.bob.click(alices, label="Definitions")
    assert other.ephemeral
    assert other.response.content == f"These are <@{server.alice.id}>'s words. Use `/bee found` to see yours."
    none = await server.bob.click(bobs, label="Definitions")
    assert none.ephemeral and none.response.content == (
        f"You have no words on {long_date(START)} to define yet. Press **Guess** on the day's post to play.")
    await simcord_env.advance_time(24 * HOUR)  # the next day: yesterday's words can still be looked up
    later = await server.alice.click(alices, label="Definitions")
    assert later.response.embeds[0].description.split("\n") == own_lines(plain_words(puzzle, 1))
