"""The daily word ladder played alone through SimCord, as members of a server would: the post,
rungs played and refused, undo and restart, hints, Share, a bot restart mid-day, and the ladder
and the box in one channel (played together: test_ladder_together_discord.py)."""

import datetime as dt
import re

import discord
import pytest

from bot.daily.posts import POST_LINES
from solvers import ladder

HOUR = 3600
START = dt.date(2026, 1, 1)  # SimCord's clock starts at 2026-01-01 00:00 UTC
DAY = ladder.generate(START)  # gorge → cooks, par 6


class Server:
    def __init__(self, env):
        self.env = env
        self.guild = env.create_guild("Puzzle Club")
        self.channel = self.guild.create_text_channel("puzzles")
        admins = self.guild.create_role("Admins", permissions=discord.Permissions(manage_guild=True))
        self.admin = self.guild.add_member(env.create_user("admin"), roles=[admins])
        self.alice = self.guild.add_member(env.create_user("alice"))
        self.bob = self.guild.add_member(env.create_user("bob"))

    async def setup(self, game="ladder"):
        return await self.admin.slash(self.channel, f"{game} setup", channel=self.channel, time="09:00",
                                      timezone="Europe/London")

    def posts(self, title="Word Ladder ·"):
        return [m for m in self.channel.history() if m.embeds and m.embeds[0].title.startswith(title)]

    async def start_day(self):
        await self.setup()
        await self.env.advance_time(9 * HOUR)
        return self.posts()[-1]


def labels(message):
    return [button["label"] for row in message.components for button in row["components"]]


@pytest.fixture
def server(simcord_env):
    return Server(simcord_env)


async def test_the_post_shows_the_ends_and_par_and_no_rung(server):
    result = await server.setup()
    assert result.ephemeral and "Word Ladder" in result.response.content
    post = await server.start_day()
    embed = post.embeds[0]
    assert embed.title == "Word Ladder · #1 · Thursday 1 January 2026"
    assert "GORGE → … → COOKS" in embed.description and "par 6 rungs" in embed.description
    said = set(re.findall(r"[a-z]+", (embed.description + post.attachments[0].description).lower()))
    assert not said & set(DAY.ladder[1:-1])  # spoiler-free: no rung between the ends
    assert post.attachments[0].filename == "ladder.png"
    assert [b.label for row in post.components for b in row.children] == ["Play", "My ladder", "Undo", "Restart",
                                                                          "Hint"]
    assert len(embed.description.splitlines()) <= POST_LINES


async def test_rungs_played_refused_undone_and_restarted(server):
    post = await server.start_day()
    first = await server.alice.slash(server.channel, "ladder play", words="forge")
    assert first.ephemeral and first.response.content.startswith("✅ FORGE")
    assert labels(first.response) == ["Play again"]
    refusals = {"xqzzt": "not in the word list", "forged": "has 6 letters", "gorge": "already on your ladder",
                "forks": "changes 2 letters of FORGE"}
    for word, reason in refusals.items():
        refused = await server.alice.slash(server.channel, "ladder play", words=word)
        assert refused.ephemeral and reason in refused.response.content, refused.response.content
    undone = await server.alice.click(post, label="Undo")
    assert undone.ephemeral and undone.response.content.startswith("Took back FORGE.")
    await server.alice.slash(server.channel, "ladder play", words="forge forte")
    restarted = await server.alice.click(post, label="Restart")
    assert "Cleared your ladder of 2 rungs" in restarted.response.content
    mine = await server.alice.click(post, label="My ladder")
    assert "Start from **GORGE**" in mine.response.embeds[0].description


async def test_a_solve_is_announced_without_its_rungs_and_shared(server):
    await server.start_day()
    before = len(server.channel.history())
    solved = await server.alice.slash(server.channel, "ladder play", words=" ".join(DAY.ladder[1:]))
    assert "Solved in **6 rungs**, at par" in solved.response.content and labels(solved.response) == ["Share"]
    (news,) = [m for m in server.channel.history()[before:] if not m.embeds]
    assert news.content == f"{server.alice.mention} climbed today's ladder in 6 rungs, at par 🏁!"
    shared = await server.alice.click(solved.response, label="Share")
    lines = shared.response.content.splitlines()
    assert lines[0] == "🪜 Word Ladder · #1 · Thursday 1 January 2026"
    assert lines[1].startswith(f"{server.alice.mention}: solved in **6 rungs** · par 6 · at par")
    assert lines[2] == "🟩" * 6
    assert not set(re.findall(r"[a-z]+", shared.response.content.lower())) & set(DAY.ladder)
    board = await server.alice.slash(server.channel, "leaderboard", game="ladder", period="today")
    assert board.response is not None


async def test_hints_escalate_in_place(server):
    post = await server.start_day()
    await server.alice.slash(server.channel, "ladder play", words="forge")
    hint = await server.alice.click(post, label="Hint")
    assert "Change the **fourth** letter" in hint.response.embeds[0].description
    second = await server.alice.click(hint.response, label="Next hint (2 of 3)")
    assert "It becomes **T**." in second.response.embeds[0].description
    third = await server.alice.click(second.response, label="Next hint (3 of 3)")
    assert "The next rung: **FORTE**." in third.response.embeds[0].description
    assert labels(third.response) == []


async def test_a_climb_survives_a_restart_of_the_bot(server, simcord_env, new_bot):
    post = await server.start_day()
    await server.alice.slash(server.channel, "ladder play", words="forge forte")
    await simcord_env.restart_bot(new_bot())
    mine = await server.alice.click(post, label="My ladder")
    assert "GORGE → FORGE → FORTE" in mine.response.embeds[0].description


async def test_the_ladder_and_the_box_in_one_channel(server):
    await server.setup("box")
    await server.start_day()
    assert len(server.posts("Letter Boxed ·")) == 1 and len(server.posts()) == 1
    played = await server.bob.slash(server.channel, "ladder play", words="forge")
    assert played.response.content.startswith("✅ FORGE")
    boxed = await server.bob.slash(server.channel, "box play", words="forge")
    assert not boxed.response.content.startswith("✅")  # the box judges its own words
