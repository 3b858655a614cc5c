"""The daily Spelling Bee played through SimCord, as members of a server would."""

import datetime as dt

import discord
import pytest

from solvers import bee
from solvers.lexicon import Lexicon

pytestmark = pytest.mark.both_backends  # the bot on SQLite, then on PostgreSQL

HOUR = 3600
START = dt.date(2026, 1, 1)  # SimCord's clock starts at 2026-01-01 00:00 UTC


class Server:
    def __init__(self, env):
        self.env = env
        self.guild = env.create_guild("Bee Club")
        self.channel = self.guild.create_text_channel("bee")
        self.general = self.guild.create_text_channel("general")
        admins = self.guild.create_role("Admins", permissions=discord.Permissions(manage_guild=True))
        self.admin = self.guild.add_member(env.create_user("admin"), roles=[admins])
        self.alice = self.guild.add_member(env.create_user("alice"))
        self.bob = self.guild.add_member(env.create_user("bob"))

    async def setup(self, time="09:00", timezone="Europe/London"):
        return await self.admin.slash(self.channel, "bee setup", channel=self.channel, time=time, timezone=timezone)

    def posts(self):
        return [m for m in self.channel.history() if m.embeds and m.embeds[0].title.startswith("Spelling Bee ·")]

    async def start_day(self, date=START):
        """Set up at 09:00 London and advance the clock to that day's post."""
        await self.setup()
        await self.env.advance_time((dt.datetime.combine(date, dt.time(9)) - dt.datetime(2026, 1, 1)).total_seconds())
        return self.posts()[-1]


def puzzle_of(date):
    return bee.generate(Lexicon.load("common"), date)


def non_pangram(puzzle):
    return next(w for w in puzzle.answers if w not in puzzle.pangrams)


@pytest.fixture
def server(simcord_env):
    return Server(simcord_env)


async def test_an_admin_sets_up_the_daily_post(server):
    result = await server.setup()
    assert result.ephemeral
    assert result.response.content.startswith(f"🐝 The Spelling Bee will be posted in <#{server.channel.id}> every day "
                                              "at 09:00 (Europe/London).")
    assert "<t:1767258000:F>" in result.response.content  # 2026-01-01 09:00 London = UTC


async def test_setup_and_stop_are_refused_to_members_without_manage_server(server, simcord_env):
    for command, options in (("bee setup", {"channel": server.channel, "time": "09:00", "timezone": "UTC"}),
                             ("bee stop", {})):
        result = await server.alice.slash(server.channel, command, **options)
        assert result.ephemeral
        assert result.response.content == "You need the Manage Server permission to use this command."
    assert [type(e).__name__ for e in simcord_env.errors] == ["MissingPermissions", "MissingPermissions"]
    assert server.posts() == [] and await simcord_env.bot.daily.calendar.store.schedule("bee", server.guild.id) is None


@pytest.mark.parametrize(
    ("time", "zone", "message"),
    [("25:00", "Europe/London", "Give the time as 09:00, 18:30, 9am"),
     ("09:00", "Mars/Olympus", "is not a time zone I know")],
)
async def test_bad_setup_values_say_what_to_fix(server, time, zone, message):
    result = await server.setup(time, zone)
    assert result.ephemeral and message in result.response.content


async def test_the_time_zone_is_autocompleted(server):
    choices = await server.admin.autocomplete(server.channel, "bee setup", "timezone", "new_y", channel=server.channel,
                                              time="09:00")
    assert choices[0]["value"] == "America/New_York"


async def test_setup_refuses_a_channel_the_bot_cannot_post_in(server, simcord_env):
    locked = server.guild.create_text_channel(
        "locked", overwrites={simcord_env.bot.user: discord.PermissionOverwrite(send_messages=False,
                                                                                attach_files=False)})
    result = await server.admin.slash(server.channel, "bee setup", channel=locked, time="09:00", timezone="UTC")
    assert result.ephemeral
    assert result.response.content == f"I can't post in <#{locked.id}>: give me Send Messages, Embed Links, Attach " \
                                      "Files there, then try again."


async def test_playing_before_any_setup_explains_how_to_start(server):
    result = await server.alice.slash(server.channel, "bee guess", word="hello")
    assert result.ephemeral and "/bee setup" in result.response.content


async def test_the_daily_post_arrives_at_the_local_time_exactly_once(server, simcord_env):
    await server.setup(time="09:00", timezone="Europe/Berlin")  # 08:00 UTC in January
    await simcord_env.advance_time(7 * HOUR + 59 * 60)
    assert server.posts() == []
    await simcord_env.advance_time(60)
    (post,) = server.posts()
    puzzle = puzzle_of(START)
    embed = post.embeds[0]
    assert embed.title == "Spelling Bee · #366 · Thursday 1 January 2026"
    assert f"**{puzzle.center.upper()}** · " + " ".join(puzzle.outer.upper()) in embed.description
    assert f"{len(puzzle.answers)} words · {puzzle.max_score} points" in embed.description
    assert embed.image.url == "attachment://hive.png"
    (image,) = post.attachments
    assert image.filename == "hive.png" \
        and image.description.startswith(f"Spelling Bee hive: centre letter {puzzle.center.upper()}")
    labels = [button.label for row in post.components for button in row.children]
    assert labels == ["Guess", "Hints", "Shuffle", "My words"]
    assert len(post.embeds) == 1  # no yesterday on the first day
    await simcord_env.advance_time(9 * HOUR)
    assert len(server.posts()) == 1  # still one post that day


async def test_guesses_through_the_slash_command(server):
    await server.start_day()
    puzzle = puzzle_of(START)
    word = non_pangram(puzzle)
    outside = next(ch for ch in "abcdefghijklmnopqrstuvwxyz" if ch not in puzzle.letters)
    cases = [
        (puzzle.letters[:3], f"**{puzzle.letters[:3].upper()}** is too short: words have at least 4 letters."),
        (puzzle.center * 3 + outside, f"**{outside.upper()}** is not in the hive"),
        (puzzle.center * 4, f"**{(puzzle.center * 4).upper()}** is not in today's word list."),
        ("d0g!", "Guesses are letters A–Z only"),
    ]
    for text, reply in cases:
        result = await server.alice.slash(server.channel, "bee guess", word=text)
        assert result.ephemeral and result.response.content.startswith(reply), text
    points = bee.score(word, puzzle)
    result = await server.alice.slash(server.channel, "bee guess", word=word.upper())
    assert result.ephemeral
    assert result.response.content.startswith(f"✅ **{word.upper()}** +{points} point")
    assert f"You have {points} point" in result.response.content
    again = await server.alice.slash(server.channel, "bee guess", word=word)
    assert again.response.content.startswith(f"You already found **{word.upper()}**.")
    wrong_place = await server.alice.slash(server.general, "bee guess", word=word)
    assert wrong_place.response.content == f"Play the Spelling Bee in <#{server.channel.id}>."


async def test_a_word_without_the_centre_letter(server):
    await server.start_day()
    puzzle = puzzle_of(START)
    word = next(w for w in Lexicon.load("common").words if len(w) >= 4 and set(w) <= set(puzzle.letters)
                and puzzle.center not in w)
    result = await server.alice.slash(server.channel, "bee guess", word=word)
    assert result.response.content == f"**{word.upper()}** is missing the centre letter **{puzzle.center.upper()}**."


async def test_guessing_through_the_button_and_modal(server):
    post = await server.start_day()
    puzzle = puzzle_of(START)
    shown = await server.alice.click(post, label="Guess")
    assert shown.modal is not None and shown.modal["title"] == "Guess a word"
    word = non_pangram(puzzle)
    result = await server.alice.submit_modal(shown, {"word": word})
    assert result.ephemeral and result.response.content.startswith(f"✅ **{word.upper()}**")
    shown = await server.alice.click(post, label="Guess")
    again = await server.alice.submit_modal(shown, {"word": word})
    assert again.response.content.startswith("You already found")
    shown = await server.bob.click(post, label="Guess")
    bad = await server.bob.submit_modal(shown, {"word": "zz"})
    assert "too short" in bad.response.content


async def test_a_pangram_is_announced_without_the_word(server):
    await server.start_day()
    puzzle = puzzle_of(START)
    before = len(server.channel.history())
    result = await server.alice.slash(server.channel, "bee guess", word=puzzle.pangrams[0])
    assert "Pangram! ✨" in result.response.content
    (announcement,) = server.channel.history()[before:]
    assert announcement.content == f"✨ {server.alice.mention} found a pangram!"
    assert puzzle.pangrams[0] not in announcement.content.lower()


async def test_reaching_genius_and_queen_bee_is_announced_once_each(server):
    await server.start_day()
    puzzle = puzzle_of(START)
    start = len(server.channel.history())
    for word in sorted(puzzle.answers, key=lambda w: (w in puzzle.pangrams, len(w))):
        await server.bob.slash(server.channel, "bee guess", word=word)
    said = [m.content for m in server.channel.history()[start:]]
    assert said.count(f"⭐ {server.bob.mention} reached **Genius**!") == 1
    assert said.count(f"👑 {server.bob.mention} is **Queen Bee**: every word found!") == 1
    assert all(w not in text.lower() for text in said for w in puzzle.answers)


async def test_hints_found_today_rules_and_shuffle(server):
    post = await server.start_day()
    puzzle = puzzle_of(START)
    word = non_pangram(puzzle)
    await server.alice.slash(server.channel, "bee guess", word=word)

    hints = (await server.alice.click(post, label="Hints")).response.embeds[0]
    assert f"Left for you: {len(puzzle.answers) - 1} words" in hints.description
    assert "Two-letter starts" in hints.description and word not in hints.description.lower()
    slash_hints = (await server.alice.slash(server.channel, "bee hints")).response.embeds[0]
    assert slash_hints.description == hints.description

    found = await server.alice.click(post, label="My words")
    assert found.ephemeral and found.response.embeds[0].title == f"Your words · 1 of {len(puzzle.answers)}"
    assert word in found.response.embeds[0].description
    assert "No words yet" in (await server.bob.slash(server.channel, "bee found")).response.embeds[0].description

    today = await server.alice.slash(server.channel, "bee today")
    assert today.ephemeral and "You found 1 of" in today.response.embeds[0].description
    assert [a.filename for a in today.response.attachments] == ["hive.png"]

    rules = await server.bob.slash(server.general, "bee rules")
    assert "Queen Bee 100%" in rules.response.embeds[0].description

    shuffle = await server.alice.click(post, label="Shuffle")
    assert shuffle.ephemeral and [a.filename for a in shuffle.response.attachments] == ["hive.png"]
    center, outer = shuffle.response.content.split(" · ")
    assert center == f"**{puzzle.center.upper()}**"
    assert sorted(outer.split()) == sorted(puzzle.outer.upper()) and outer.split() != list(puzzle.outer.upper())


async def test_a_restart_mid_day_loses_nothing_and_does_not_post_twice(server, simcord_env, settings, new_bot):
    post = await server.start_day()
    puzzle = puzzle_of(START)
    words = [w for w in puzzle.answers if w not in puzzle.pangrams][:3]
    for word in words:
        await server.alice.slash(server.channel, "bee guess", word=word)
    restarted = new_bot()
    await simcord_env.restart_bot(restarted)
    await simcord_env.advance_time(2 * HOUR)
    assert len(server.posts()) == 1
    found = await server.alice.click(post, label="My words")  # the old post's buttons still work
    assert found.response.embeds[0].title == f"Your words · 3 of {len(puzzle.answers)}"
    again = await server.alice.slash(server.channel, "bee guess", word=words[0])
    assert again.response.content.startswith("You already found")


async def test_yesterdays_answers_come_with_the_next_post(server, simcord_env):
    first_post = await server.start_day()
    puzzle = puzzle_of(START)
    await server.alice.slash(server.channel, "bee guess", word=puzzle.pangrams[0])
    await server.bob.slash(server.channel, "bee guess", word=puzzle.pangrams[0])
    await simcord_env.advance_time(24 * HOUR)
    post = server.posts()[-1]
    assert post.embeds[0].title == "Spelling Bee · #367 · Friday 2 January 2026"
    reveal = post.embeds[1]
    assert reveal.title == "Yesterday's answers · Thursday 1 January 2026"
    for word in puzzle.answers:  # each behind its bar, alone or with its definition (test_bee_definitions_discord)
        shown = f"**{word.upper()}**" if word in puzzle.pangrams else word
        assert f"||{shown}||" in reveal.description or f"||{shown} — " in reveal.description
    lines = reveal.description.split("\n")
    (line,) = [line for line in lines if line.startswith(f"||**{puzzle.pangrams[0].upper()}**")]
    assert line.endswith("|| (2 players)")
    for other in puzzle.pangrams[1:]:
        (line,) = [line for line in lines if line.startswith(f"||**{other.upper()}**")]
        assert line.endswith("|| (0 players)")
    stale = await server.alice.click(first_post, label="Guess")
    assert stale.ephemeral and stale.response.content.startswith("That hive was for Thursday 1 January 2026.")


async def test_a_guild_behind_utc_is_still_on_yesterday(server, simcord_env):
    await server.setup(time="09:00", timezone="America/New_York")  # now: 19:00 on 31 December there
    (post,) = server.posts()  # that day's 09:00 has passed: its hive is posted at once
    assert post.embeds[0].title == "Spelling Bee · #365 · Wednesday 31 December 2025"
    await simcord_env.advance_time(14 * HOUR)  # 14:00 UTC = 09:00 on 1 January in New York
    assert [p.embeds[0].title for p in server.posts()][1:] == ["Spelling Bee · #366 · Thursday 1 January 2026"]


async def test_a_guild_day_follows_its_time_zone(server, simcord_env):
    await server.setup(time="08:00", timezone="Asia/Tokyo")  # already 09:00 on 1 January in Tokyo
    (post,) = server.posts()  # posted at once: today's post time has passed
    assert post.embeds[0].title == "Spelling Bee · #366 · Thursday 1 January 2026"
    await simcord_env.advance_time(23 * HOUR)  # 23:00 UTC = 08:00 on 2 January in Tokyo
    assert server.posts()[-1].embeds[0].title == "Spelling Bee · #367 · Friday 2 January 2026"


async def test_stop_ends_the_daily_post(server, simcord_env):
    await server.start_day()
    result = await server.admin.slash(server.channel, "bee stop")
    assert result.ephemeral and "stopped" in result.response.content
    await simcord_env.advance_time(48 * HOUR)
    assert len(server.posts()) == 1
    refused = await server.alice.slash(server.channel, "bee guess", word="anything")
    assert "stopped" in refused.response.content
