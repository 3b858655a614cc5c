"""Letter Boxed played together, through SimCord: one chain built in the day's thread by three
players, undo by a word's player or a moderator, restart by two players, the solve announced with
the players' names, and both daily games together in one channel, each in its own thread."""

import discord
import pytest

from bot.chat.outcome import CHECK, CROSS, SOLVED, WAIT
from bot.daily.posts import POST_CHARS, POST_LINES, message_size
from bot.days.chain_store import BoxTeamStore
from bot.games.letterbox.game import LETTERBOX
from solvers import letterbox
from solvers.lexicon import Lexicon
from tests.bot.conftest import INTENT_ON
from tests.bot.games.bee.test_bee_discord import START
from tests.bot.games.bee.test_bee_together_discord import mention, settle

HOUR = 3600


class BoxTeam:
    def __init__(self, env):
        self.env = env
        self.guild = env.create_guild("Box Club")
        self.channel = self.guild.create_text_channel("puzzles")
        admins = self.guild.create_role("Admins", permissions=discord.Permissions(manage_guild=True,
                                                                                  manage_messages=True))
        self.admin = self.guild.add_member(env.create_user("admin"), roles=[admins])
        self.players = [self.guild.add_member(env.create_user(name)) for name in ("ann", "bo", "cy")]

    async def start(self, *games):
        for game in games:
            await self.admin.slash(self.channel, f"{game} setup", channel=self.channel, time="09:00",
                                   timezone="Europe/London", play="together")
        await self.env.advance_time(9 * HOUR)

    def thread(self, prefix="Letter Boxed ·"):
        (thread,) = [t for t in self.channel.threads if t.name.startswith(prefix)]
        return thread

    def progress(self):
        (message,) = [m for m in self.thread().history() if m.embeds
                      and m.embeds[0].title.startswith("Team Letter Boxed")]
        return message.embeds[0]

    def reactions(self, message, place=None):
        (stored,) = [m for m in (place or self.thread()).history() if m.id == message.id]
        return [str(r.emoji) for r in stored.reactions]


@pytest.fixture
async def club(simcord_env):
    server = BoxTeam(simcord_env)
    await server.start("box")
    return server


async def todays_box(env):
    return await env.bot.get_cog("DailyLetterBoxed").game.puzzle(START)


def chain_of(box, words):
    solved = letterbox.solve(Lexicon.load("full").without_vulgar(), box.box, limit=300, seconds=None)
    return next(s.words for s in solved.solutions if len(s.words) == words)


async def test_three_players_build_the_chain_and_the_solve_names_them(club, simcord_env):
    box = await todays_box(simcord_env)
    words = chain_of(box, 3)
    thread = club.thread()
    assert thread.name == "Letter Boxed · Thu 1 Jan"
    sent = []
    for player, word in zip(club.players, words, strict=True):
        sent.append(await player.send(thread, f"{mention(simcord_env)} {word}"))
        await settle(simcord_env, 1.0)
    await settle(simcord_env)
    assert [club.reactions(m) for m in sent] == [[CHECK], [CHECK], [CHECK, SOLVED]]
    said = [m.content for m in thread.history() if m.author.id == simcord_env.bot.user.id and m.content]
    ann, bo, cy = (f"<@{p.id}>" for p in club.players)
    assert said == \
        [f"{LETTERBOX.top_badge} The team solved today's box in 3 words, {box.par - 3} under par: {ann}, {bo}, {cy}!"]
    shown = club.progress().description
    assert f"1. ||{words[0].upper()}||, by {ann}" in shown and f"3. ||{words[2].upper()}||, by {cy}" in shown
    assert "The team's best: 3 words" in shown



async def test_a_together_day_is_the_teams_everywhere_a_player_looks(club, simcord_env):
    """/box today and Share show the team's chain and solve; /stats counts the day beside solo
    days; the next morning's post credits the team's solve and stays short, and the solution's
    definitions go into yesterday's thread."""
    box = await todays_box(simcord_env)
    words = chain_of(box, 3)
    thread = club.thread()
    ann, bo, cy = club.players
    for player, word in zip(club.players, words, strict=True):
        await player.send(thread, f"{mention(simcord_env)} {word}")
        await settle(simcord_env, 1.0)
    await settle(simcord_env)
    today = await bo.slash(club.channel, "box today")
    assert today.ephemeral and today.response.embeds[0].title.startswith("Team Letter Boxed")
    assert f"3. {words[2].upper()}, by <@{cy.id}>" in today.response.embeds[0].description
    before = len(club.channel.history())
    await bo.click(today.response, label="Share")
    (shared,) = club.channel.history()[before:]
    assert shared.content.startswith("🟥 Team Letter Boxed · #")
    assert "The team: solved in **3 words**" in shared.content and "3 players" in shared.content
    assert f"<@{bo.id}> played 1 word of it" in shared.content
    assert not any(word.upper() in shared.content.upper() for word in words)  # spoiler-free
    stats = await ann.slash(club.channel, "stats", game="letterbox")
    said = stats.response.embeds[0].description
    assert "has not played" not in said and "Together: **1** day played · **1** word played" in said
    await simcord_env.advance_time(24 * HOUR)
    post = [m for m in club.channel.history() if m.embeds and m.embeds[0].title.startswith("Letter Boxed ·")][-1]
    (result,) = [e for e in post.embeds if e.title.startswith("Yesterday, together")]
    assert (f"The team solved it in 3 words, {box.par - 3} under par (" in result.description
            and f"by <@{ann.id}>, <@{bo.id}>, <@{cy.id}>: ||" in result.description)
    assert "Nobody here solved it" not in result.description and f"<#{thread.id}>" in result.description
    lines, chars = message_size(post.content, post.embeds)
    assert lines <= POST_LINES and chars <= POST_CHARS, (lines, chars)
    (recap,) = [m for m in thread.history() if m.embeds and m.embeds[0].title.startswith("The day's box")]
    assert "Our solution: ||" in recap.embeds[0].description and "The team's chain:" in recap.embeds[0].description


@INTENT_ON
async def test_undo_is_for_the_words_player_or_a_moderator_typed_plainly(club, simcord_env):
    box = await todays_box(simcord_env)
    first, second = chain_of(box, 3)[:2]
    ann, bo, _ = club.players
    thread = club.thread()
    await ann.send(thread, first)
    await bo.send(thread, second)
    await settle(simcord_env)
    refused = await ann.send(thread, "undo")  # bo's word
    await settle(simcord_env)
    assert club.reactions(refused) == []  # nothing done: no mark, and a private note says why
    (note,) = [m.content for m in ann.user.dm_channel.history()]
    assert note.startswith(f"The last word is <@{bo.id}>'s: only they, or a member with Manage Messages, may take")
    chain = await BoxTeamStore(simcord_env.bot.db).chain(club.guild.id, START)
    assert chain.words == (first, second)
    mine = await bo.send(thread, "UNDO")
    by_moderator = await club.admin.send(thread, "undo")  # ann's word, by a member with Manage Messages
    await settle(simcord_env)
    assert club.reactions(mine) == [CHECK] and club.reactions(by_moderator) == [CHECK]
    assert (await BoxTeamStore(simcord_env.bot.db).chain(club.guild.id, START)).words == ()
    wrong = await ann.send(thread, f"{mention(simcord_env)} zzzz")
    await settle(simcord_env)
    assert club.reactions(wrong) == [CROSS]


async def test_restart_by_two_players_within_a_minute(club, simcord_env):
    box = await todays_box(simcord_env)
    ann, bo, _ = club.players
    thread = club.thread()
    await ann.send(thread, f"{mention(simcord_env)} {box.solution[0]}")
    await settle(simcord_env)
    asked = await ann.send(thread, f"{mention(simcord_env)} restart")
    await settle(simcord_env)
    assert (await BoxTeamStore(simcord_env.bot.db).chain(club.guild.id, START)).words == (box.solution[0],)
    assert club.reactions(asked) == [WAIT]  # nothing done yet: not ✅, and the room's message says why
    assert f"⏳ <@{ann.id}> asked to start again" in club.progress().description
    done = await bo.send(thread, f"{mention(simcord_env)} restart")
    await settle(simcord_env)
    assert (await BoxTeamStore(simcord_env.bot.db).chain(club.guild.id, START)).words == ()
    assert club.reactions(done) == [CHECK]
    assert "The chain is empty" in club.progress().description and "asked to start again" not in \
        club.progress().description


async def test_both_games_together_in_one_channel_each_in_its_own_thread(simcord_env):
    club = BoxTeam(simcord_env)
    await club.start("bee", "box")
    bee_thread, box_thread = club.thread("Spelling Bee ·"), club.thread("Letter Boxed ·")
    assert bee_thread.id != box_thread.id
    box = await todays_box(simcord_env)
    hive = await simcord_env.bot.get_cog("Bee").game.puzzle(START)
    in_box = await club.players[0].send(box_thread, f"{mention(simcord_env)} {box.solution[0]}")
    in_bee = await club.players[1].send(bee_thread, f"{mention(simcord_env)} {hive.answers[0]}")
    await settle(simcord_env)
    assert club.reactions(in_box, box_thread) == [CHECK] and club.reactions(in_bee, bee_thread) == [CHECK]
    played = await club.players[2].slash(box_thread, "box play", words=box.solution[1])
    assert played.ephemeral and (await BoxTeamStore(simcord_env.bot.db).chain(club.guild.id, START)).words == \
        box.solution


async def test_the_posts_undo_and_restart_buttons_work_on_the_teams_chain(club, simcord_env):
    box = await todays_box(simcord_env)
    ann, bo, _ = club.players
    await ann.send(club.thread(), f"{mention(simcord_env)} {box.solution[0]}")
    await settle(simcord_env)
    post = [m for m in club.channel.history() if m.embeds and m.embeds[0].title.startswith("Letter Boxed ·")][-1]
    assert "plays one chain together" in post.embeds[0].description
    refused = await bo.click(post, label="Undo")
    assert refused.ephemeral and refused.response.content.startswith(f"The last word is <@{ann.id}>'s")
    undone = await ann.click(post, label="Undo")
    assert undone.response.content == f"Took back {box.solution[0].upper()}."
    asked = await bo.click(post, label="Restart")
    assert asked.response.content.startswith("Noted.")
    assert (await BoxTeamStore(simcord_env.bot.db).chain(club.guild.id, START)).words == ()
