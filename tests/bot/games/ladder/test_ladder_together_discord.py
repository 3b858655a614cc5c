"""The word ladder played together, through SimCord: one climb built in the day's thread, each
typed rung judged (a refused one gets ❌, never a line in the channel), undo by a rung's player or a
moderator, restart by two players, the solve announced with its players, Share, /ladder today and
the next morning's post crediting the team; a restart of the bot mid-day; the ladder beside the
box in one channel, solo and together."""

import discord
import pytest

from bot.chat.outcome import CHECK, CROSS, SOLVED, WAIT
from bot.daily.posts import POST_CHARS, POST_LINES, message_size
from bot.days.chain_store import TeamChainStore
from bot.games.ladder.together import TABLES
from tests.bot.conftest import INTENT_ON
from tests.bot.games.bee.test_bee_together_discord import mention, settle
from tests.bot.games.ladder.test_ladder_discord import DAY, HOUR, START

RUNGS = DAY.ladder[1:]  # the published ladder after its start: par rungs, the end last


class LadderClub:
    def __init__(self, env):
        self.env = env
        self.guild = env.create_guild("Ladder Club")
        self.channel = self.guild.create_text_channel("puzzles")
        admins = self.guild.create_role("Admins", permissions=discord.Permissions(manage_guild=True,
                                                                                  manage_messages=True))
        self.admin = self.guild.add_member(env.create_user("admin"), roles=[admins])
        self.players = [self.guild.add_member(env.create_user(name)) for name in ("ann", "bo", "cy")]

    async def start(self, **games):
        for game, play in games.items():
            await self.admin.slash(self.channel, f"{game} setup", channel=self.channel, time="09:00",
                                   timezone="Europe/London", play=play)
        await self.env.advance_time(9 * HOUR)

    def thread(self, prefix="Word Ladder ·"):
        (thread,) = [t for t in self.channel.threads if t.name.startswith(prefix)]
        return thread

    def progress(self):
        (message,) = [m for m in self.thread().history() if m.embeds
                      and m.embeds[0].title.startswith("Team Word Ladder")]
        return message.embeds[0]

    def reactions(self, message):
        (stored,) = [m for m in self.thread().history() if m.id == message.id]
        return [str(r.emoji) for r in stored.reactions]

    def said(self):
        return [m.content for m in self.thread().history() if m.author.id == self.env.bot.user.id and m.content]

    async def climb(self):
        return await TeamChainStore(self.env.bot.db, TABLES).chain(self.guild.id, START)


@pytest.fixture
async def club(simcord_env):
    server = LadderClub(simcord_env)
    await server.start(ladder="together")
    return server


async def test_players_climb_one_ladder_and_the_solve_names_them(club, simcord_env):
    thread = club.thread()
    assert thread.name == "Word Ladder · Thu 1 Jan"
    post = [m for m in club.channel.history() if m.embeds and m.embeds[0].title.startswith("Word Ladder ·")][-1]
    assert "climbs one ladder together" in post.embeds[0].description
    refused = await club.players[0].send(thread, f"{mention(simcord_env)} {DAY.end}")  # not one letter away
    sent = []
    for n, rung in enumerate(RUNGS):
        sent.append(await club.players[n % 3].send(thread, f"{mention(simcord_env)} {rung}"))
        await settle(simcord_env, 1.0)
    await settle(simcord_env)
    assert club.reactions(refused) == [CROSS]
    assert [club.reactions(m) for m in sent] == [[CHECK]] * (len(RUNGS) - 1) + [[CHECK, SOLVED]]
    ann, bo, cy = (f"<@{p.id}>" for p in club.players)
    (said,) = club.said()
    assert said.startswith(f"The team climbed today's ladder in {len(RUNGS)} rungs, at par")
    assert said.endswith(f"By {ann}, {bo}, {cy}.") and DAY.end.upper() not in said
    shown = club.progress().description
    assert f"||{RUNGS[0].upper()}||" in shown and "The team's best: " in shown and "at par (10 points)" in shown
    assert (await club.climb()).best.words == RUNGS


async def test_a_together_day_is_the_teams_everywhere_a_player_looks(club, simcord_env):
    thread = club.thread()
    ann, bo, cy = club.players
    for n, rung in enumerate(RUNGS):
        await club.players[n % 3].send(thread, f"{mention(simcord_env)} {rung}")
        await settle(simcord_env, 1.0)
    today = await bo.slash(club.channel, "ladder today")
    assert today.ephemeral and today.response.embeds[0].title.startswith("Team Word Ladder")
    before = len(club.channel.history())
    await bo.click(today.response, label="Share")
    (shared,) = club.channel.history()[before:]
    assert shared.content.startswith("🪜 Team Word Ladder · #") and "3 players" in shared.content
    assert not any(rung.upper() in shared.content.upper() for rung in RUNGS)  # spoiler-free
    stats = await ann.slash(club.channel, "stats", game="ladder")
    assert "Together: **1** day played" in stats.response.embeds[0].description
    board = (await ann.slash(club.channel, "leaderboard")).response.embeds[0]  # the server's boards, as it plays
    assert board.title.startswith("Word Ladder together") and "The team solved 1 ladder: " in board.description
    assert f"{len(RUNGS)} rungs (par {DAY.par})" in board.description and f"<@{ann.id}>: 2 rungs" in board.description
    await simcord_env.advance_time(24 * HOUR)
    post = [m for m in club.channel.history() if m.embeds and m.embeds[0].title.startswith("Word Ladder ·")][-1]
    (result,) = [e for e in post.embeds if e.title.startswith("Yesterday, together")]
    assert f"The team climbed it in {len(RUNGS)} rungs, at par (10 points), by <@{ann.id}>, <@{bo.id}>, " \
           f"<@{cy.id}>: ||" in result.description
    lines, chars = message_size(post.content, post.embeds)
    assert lines <= POST_LINES and chars <= POST_CHARS
    assert any(m.embeds and m.embeds[0].title.startswith("Team Word Ladder") and "Our ladder: ||" in
               m.embeds[0].description for m in thread.history())  # the recap, in the day's thread


@INTENT_ON
async def test_undo_and_restart_as_the_team_box(club, simcord_env):
    ann, bo, cy = club.players
    thread = club.thread()
    await ann.send(thread, RUNGS[0])
    await bo.send(thread, RUNGS[1])
    await settle(simcord_env)
    refused = await ann.send(thread, "undo")  # bo's rung
    await settle(simcord_env)
    assert club.reactions(refused) == [] and (await club.climb()).words == RUNGS[:2]
    await bo.send(thread, "undo")
    await settle(simcord_env)
    assert (await club.climb()).words == RUNGS[:1]
    asked = await ann.send(thread, "restart")
    await settle(simcord_env)
    assert club.reactions(asked) == [WAIT] and (await club.climb()).words == RUNGS[:1]
    assert "asked to start again" in club.progress().description
    await cy.send(thread, "restart")
    await settle(simcord_env)
    assert (await club.climb()).words == ()
    await ann.send(thread, "hello there")  # chatter: no word of the day's length, no reaction, nothing said
    await settle(simcord_env)
    assert club.said() == []
    await ann.send(thread, RUNGS[0])
    await settle(simcord_env)
    undone = await club.admin.click(
        [m for m in club.channel.history() if m.embeds and m.embeds[0].title.startswith("Word Ladder ·")][-1],
        label="Undo")  # a moderator takes back anyone's rung, from the post
    assert undone.ephemeral and (await club.climb()).words == ()


@INTENT_ON
async def test_a_restart_of_the_bot_mid_day_keeps_the_climb_and_its_room(club, simcord_env, new_bot):
    thread = club.thread()
    await club.players[0].send(thread, RUNGS[0])
    await settle(simcord_env)
    await simcord_env.restart_bot(new_bot())
    await settle(simcord_env)
    after = await club.players[1].send(thread, RUNGS[1])
    await settle(simcord_env)
    assert club.reactions(after) == [CHECK] and (await club.climb()).words == RUNGS[:2]
    assert f"||{RUNGS[1].upper()}||" in club.progress().description  # the same progress message, edited


async def test_the_ladder_together_and_the_box_solo_in_one_channel(simcord_env):
    club = LadderClub(simcord_env)
    await club.start(box="solo", ladder="together")
    ann = club.players[0]
    assert [t.name for t in club.channel.threads] == ["Word Ladder · Thu 1 Jan"]  # the box is played alone
    await ann.send(club.thread(), f"{mention(simcord_env)} {RUNGS[0]}")
    await settle(simcord_env)
    assert (await club.climb()).words == RUNGS[:1]
    boxed = await ann.slash(club.channel, "box play", words=RUNGS[0])
    assert boxed.ephemeral and (await club.climb()).words == RUNGS[:1]  # the box judged its own word
    played = await ann.slash(club.channel, "ladder play", words=RUNGS[1])  # the command plays the team's climb
    assert played.ephemeral and (await club.climb()).words == RUNGS[:2]


async def test_both_together_in_one_channel_each_in_its_thread(simcord_env):
    club = LadderClub(simcord_env)
    await club.start(box="together", ladder="together")
    assert sorted(t.name for t in club.channel.threads) == ["Letter Boxed · Thu 1 Jan", "Word Ladder · Thu 1 Jan"]
    await club.players[0].send(club.thread(), f"{mention(simcord_env)} {RUNGS[0]}")
    await settle(simcord_env)
    assert (await club.climb()).words == RUNGS[:1]
    box_progress = [m for m in club.thread("Letter Boxed ·").history() if m.embeds][0].embeds[0].description
    assert "The chain is empty" in box_progress
