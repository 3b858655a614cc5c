"""The daily Letter Boxed played through SimCord, as members of a server would."""

import datetime as dt

import discord
import pytest

from bot.daily.posts import POST_CHARS, POST_LINES, message_size
from bot.pictures.box import render_box
from solvers import letterbox
from solvers.lexicon import Lexicon

HOUR = 3600
START = dt.date(2026, 1, 1)  # SimCord's clock starts at 2026-01-01 00:00 UTC


class Server:
    def __init__(self, env):
        self.env = env
        self.guild = env.create_guild("Puzzle Club")
        self.channel = self.guild.create_text_channel("letter-boxed")
        self.bee_channel = self.guild.create_text_channel("bee")
        self.general = self.guild.create_text_channel("general")
        admins = self.guild.create_role("Admins", permissions=discord.Permissions(manage_guild=True))
        self.admin = self.guild.add_member(env.create_user("admin"), roles=[admins])
        self.alice = self.guild.add_member(env.create_user("alice"))
        self.bob = self.guild.add_member(env.create_user("bob"))

    async def setup(self, time="09:00", timezone="Europe/London"):
        return await self.admin.slash(self.channel, "box setup", channel=self.channel, time=time, timezone=timezone)

    def posts(self, channel=None):
        return [m for m in (channel or self.channel).history()
                if m.embeds and m.embeds[0].title.startswith(("Letter Boxed ·", "Spelling Bee ·"))]

    def said(self, since=0):
        return [m.content for m in self.channel.history()[since:] if not m.embeds]

    async def start_day(self, date=START):
        await self.setup()
        await self.env.advance_time((dt.datetime.combine(date, dt.time(9)) - dt.datetime(2026, 1, 1)).total_seconds())
        return self.posts()[-1]


def box_of(date):
    return letterbox.generate(date)


def accepted():
    return Lexicon.load("full").without_vulgar()


def chain_of(box, count):
    """A solving chain of exactly ``count`` different words on the box (the published pair for 2)."""
    if count == 2:
        return list(box.solution)
    words = [accepted().words[i] for i in letterbox.playable(accepted(), box.box).tolist()]
    by_first = {}
    for word in sorted(words, key=len):
        by_first.setdefault(word[0], []).append(word)

    def extend(chain, used):
        if len(chain) == count:
            return chain if used >= set(box.box.letters) else None
        for word in by_first.get(chain[-1][-1], [])[:60]:
            if word in chain:
                continue
            if len(chain) + 1 < count and used | set(word) >= set(box.box.letters):
                continue  # would solve too early
            found = extend(chain + [word], used | set(word))
            if found:
                return found
        return None

    for first in sorted(words, key=lambda w: -len(set(w)))[:200]:
        found = extend([first], set(first))
        if found:
            return found
    raise AssertionError("no chain found")


@pytest.fixture
def server(simcord_env):
    return Server(simcord_env)


async def test_setup_posts_the_box_at_local_time_with_its_buttons(server, simcord_env):
    result = await server.setup(time="09:00", timezone="Europe/Berlin")  # 08:00 UTC in January
    assert result.ephemeral and result.response.content.startswith(
        f"🟥 The Letter Boxed will be posted in <#{server.channel.id}> every day at 09:00 (Europe/Berlin).")
    await simcord_env.advance_time(7 * HOUR + 59 * 60)
    assert server.posts() == []
    await simcord_env.advance_time(60)
    (post,) = server.posts()
    box = box_of(START)
    embed = post.embeds[0]
    assert embed.title == "Letter Boxed · #732 · Thursday 1 January 2026"
    assert " · ".join(side.upper() for side in box.box.sides) in embed.description
    assert f"**{box.par} words** or fewer is at par" in embed.description
    assert embed.image.url == "attachment://box.png"
    (image,) = post.attachments
    assert image.filename == "box.png" and image.description.startswith("Letter Boxed box: ")
    assert [b.label for row in post.components for b in row.children] == ["Play", "My chain", "Undo", "Restart", "Hint"]
    assert len(post.embeds) == 1
    await simcord_env.advance_time(9 * HOUR)
    assert len(server.posts()) == 1


async def test_setup_and_stop_need_manage_server(server, simcord_env):
    for command, options in (("box setup", {"channel": server.channel, "time": "09:00", "timezone": "UTC"}),
                             ("box stop", {})):
        result = await server.alice.slash(server.channel, command, **options)
        assert result.ephemeral and result.response.content == \
            "You need the Manage Server permission to use this command."
    assert [type(e).__name__ for e in simcord_env.errors] == ["MissingPermissions", "MissingPermissions"]
    assert await simcord_env.bot.daily.calendar.store.schedule("letterbox", server.guild.id) is None


async def test_playing_word_by_word_with_each_kind_of_refusal(server):
    await server.start_day()
    box = box_of(START)
    sides = box.box.sides
    off_box = next(ch for ch in "abcdefghijklmnopqrstuvwxyz" if ch not in box.box.letters)
    same_side = sides[0][0] + sides[0][1] + sides[1][0]
    cases = [
        ("d0g!", "❌ Words are letters A–Z only; remove '0'."),  # the punctuation around a word is dropped
        (sides[0][0] + off_box + sides[1][0], f"❌ {off_box.upper()} is not on the box."),
        (same_side, f"❌ {sides[0][0].upper()} and {sides[0][1].upper()} are on the same side"),
        (sides[1][0] + sides[0][0] * 2, f"❌ {sides[0][0].upper()} cannot follow itself"),
        (sides[0][0] + sides[1][0] + sides[2][0] + sides[3][0] + sides[1][1], "is not in the word list."),
    ]
    for typed, reply in cases:
        result = await server.alice.slash(server.channel, "box play", words=typed)
        assert result.ephemeral and reply in result.response.content, typed
    first, second = box.solution
    played = await server.alice.slash(server.channel, "box play", words=first)
    assert played.response.content.startswith(f"✅ {first.upper()}")
    assert f"Next word starts with **{first[-1].upper()}**." in played.response.content
    assert [a.filename for a in played.response.attachments] == ["box.png"]
    wrong = next(w for w in (accepted().words[i] for i in letterbox.playable(accepted(), box.box).tolist())
                 if w[0] != first[-1])
    refused = await server.alice.slash(server.channel, "box play", words=wrong)
    assert f"❌ {wrong.upper()} must start with {first[-1].upper()}, the last letter of {first.upper()}." in \
        refused.response.content
    assert "To begin a new chain instead, use **Restart** first." in refused.response.content
    elsewhere = await server.alice.slash(server.general, "box play", words=second)
    assert elsewhere.response.content == f"Play the Letter Boxed in <#{server.channel.id}>."
    before = len(server.channel.history())
    solved = await server.alice.slash(server.channel, "box play", words=second)
    assert "🎉 Solved in 2 words (a perfect two-word solve): 24 points." in solved.response.content
    assert server.said(before) == [f"💎 {server.alice.mention} solved today's box in 2 words, a perfect solve!"]
    assert all(w not in line.lower() for line in server.said() for w in box.solution)


async def test_the_play_form_undo_restart_and_my_chain(server):
    post = await server.start_day()
    box = box_of(START)
    three = chain_of(box, 3)
    shown = await server.bob.click(post, label="Play")
    assert shown.modal is not None and shown.modal["title"] == "Play Letter Boxed"
    result = await server.bob.submit_modal(shown, {"words": " ".join(three[:2])})
    assert result.ephemeral and result.response.content.startswith(f"✅ {three[0].upper()} → {three[1].upper()}")
    undo = await server.bob.click(post, label="Undo")
    assert undo.ephemeral and undo.response.content.startswith(f"Took back {three[1].upper()}.")
    mine = await server.bob.click(post, label="My chain")
    assert mine.ephemeral and f"Chain: {three[0].upper()} (1 word)" in mine.response.embeds[0].description
    assert [a.filename for a in mine.response.attachments] == ["box.png"]
    restart = await server.bob.click(post, label="Restart")
    assert restart.response.content.startswith("Cleared your chain of 1 word.")
    shown = await server.bob.click(post, label="Play")
    before = len(server.channel.history())
    solved = await server.bob.submit_modal(shown, {"words": " → ".join(three)})
    assert "Solved in 3 words" in solved.response.content
    assert server.said(before) == [f"🎯 {server.bob.mention} solved today's box in 3 words, {box.par - 3} under par!"]
    hint = await server.alice.click(post, label="Hint")
    assert hint.ephemeral and "12 letters left" in hint.response.embeds[0].description
    today = await server.bob.slash(server.general, "box today")
    assert "Best today: " in today.response.embeds[0].description and today.ephemeral
    rules = await server.alice.slash(server.general, "box rules")
    assert "up to 24 points for two words" in rules.response.embeds[0].description


async def test_my_chain_draws_the_players_chain_word_by_word(server):
    post = await server.start_day()
    box = box_of(START)
    two = chain_of(box, 3)[:2]
    await server.bob.slash(server.channel, "box play", words=" ".join(two))
    mine = await server.bob.click(post, label="My chain")
    assert mine.response.embeds[0].image.url == "attachment://box.png"
    (picture,) = mine.response.attachments
    assert await picture.read() == render_box(box.box.sides, tuple(two))
    assert picture.description.endswith(f"Chain in order, from {two[0][0].upper()}: 1 "
                                        f"{two[0].upper()}, 2 {two[1].upper()}.")
    theirs = await server.alice.click(post, label="My chain")  # no chain yet: the bare box
    assert await theirs.response.attachments[0].read() == render_box(box.box.sides)
    assert await theirs.response.attachments[0].read() != await picture.read()


async def test_a_restart_mid_game_loses_nothing(server, simcord_env, new_bot):
    post = await server.start_day()
    box = box_of(START)
    await server.alice.slash(server.channel, "box play", words=box.solution[0])
    await simcord_env.restart_bot(new_bot())
    await simcord_env.advance_time(2 * HOUR)
    assert len(server.posts()) == 1
    mine = await server.alice.click(post, label="My chain")  # the old post's buttons still work
    assert f"Chain: {box.solution[0].upper()} (1 word)" in mine.response.embeds[0].description
    shown = await server.alice.click(post, label="Play")
    solved = await server.alice.submit_modal(shown, {"words": box.solution[1]})
    assert "Solved in 2 words" in solved.response.content


async def test_the_next_post_reveals_yesterday_and_old_buttons_say_so(server, simcord_env):
    first_post = await server.start_day()
    box = box_of(START)
    await server.alice.slash(server.channel, "box play", words=" ".join(box.solution))
    await server.bob.slash(server.channel, "box play", words=" ".join(box.solution))
    three = chain_of(box, 3)
    await server.admin.slash(server.channel, "box play", words=" ".join(three))
    await simcord_env.advance_time(24 * HOUR)
    post = server.posts()[-1]
    assert post.embeds[0].title == "Letter Boxed · #733 · Friday 2 January 2026"
    reveal = post.embeds[1]
    assert reveal.title == "Yesterday's box · Thursday 1 January 2026"
    solution = " → ".join(w.upper() for w in box.solution)
    assert f"Our solution: ||{solution}||" in reveal.description
    assert f"||{solution}|| (2 players)" in reveal.description
    assert f"||{' → '.join(w.upper() for w in three)}|| (1 player)" in reveal.description
    assert "3 players solved it." in reveal.description
    assert "🥇" in reveal.description or "1." in reveal.description
    lines, chars = message_size(post.content, post.embeds)
    assert lines <= POST_LINES and chars <= POST_CHARS, (lines, chars)  # it fits a phone screen
    stale = await server.alice.click(first_post, label="Play")
    assert stale.ephemeral and stale.response.content.startswith("That box was for Thursday 1 January 2026.")


async def test_bee_and_letter_boxed_post_side_by_side_without_interfering(server, simcord_env):
    await server.admin.slash(server.bee_channel, "bee setup", channel=server.bee_channel, time="09:00",
                             timezone="Europe/London")
    await server.setup(time="09:00", timezone="Europe/London")
    await simcord_env.advance_time(9 * HOUR)
    box_posts = server.posts()
    bee_posts = server.posts(server.bee_channel)
    assert [p.embeds[0].title for p in box_posts] == ["Letter Boxed · #732 · Thursday 1 January 2026"]
    assert [p.embeds[0].title for p in bee_posts] == ["Spelling Bee · #366 · Thursday 1 January 2026"]
    box = box_of(START)
    await server.alice.slash(server.channel, "box play", words=" ".join(box.solution))
    from solvers import bee
    hive = bee.generate(Lexicon.load("common"), START)
    await server.alice.slash(server.bee_channel, "bee guess", word=hive.pangrams[0])
    stop = await server.admin.slash(server.channel, "box stop")
    assert "stopped" in stop.response.content
    await simcord_env.advance_time(24 * HOUR)
    assert len(server.posts()) == 1 and len(server.posts(server.bee_channel)) == 2
    board = await server.alice.slash(server.general, "leaderboard", game="letterbox", period="all")
    assert "24 points" in board.response.embeds[0].description
    stats = await server.alice.slash(server.general, "stats", game="letterbox")
    assert "💎 **1** two-word day" in stats.response.embeds[0].description
    bee_board = await server.alice.slash(server.general, "leaderboard", game="bee", period="all")
    assert "1 pangram" in bee_board.response.embeds[0].description
