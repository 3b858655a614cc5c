"""The play style of a daily game (issue 31, point 1), through SimCord: ``/bee setup play:`` and
``/box setup play:``, ``/settings play:``, what each reply says changes, the thread permissions a
together game lacks, and the style of a day fixed when it is posted. Nothing plays together yet:
a together day still plays solo."""

import datetime as dt

import discord
import pytest

from bot.daily.schedule import Play
from tests.bot.games.bee.test_bee_discord import HOUR, START, Server, non_pangram, puzzle_of

pytestmark = pytest.mark.both_backends  # the bot on SQLite, then on PostgreSQL

TOGETHER = "From the next post, the server plays one {} together in a thread of each day's post."
SOLO_AGAIN = "From the next post, each player plays the {} alone again, privately."


@pytest.fixture
def server(simcord_env):
    return Server(simcord_env)


def calendar(env):
    return env.bot.daily.calendar


async def styles(env, guild):
    return {s.game: s.play for s in await calendar(env).store.guild_schedules(guild.id)}


async def test_setup_with_together_says_what_changes(server, simcord_env):
    result = await server.admin.slash(server.channel, "bee setup", channel=server.channel, time="09:00",
                                      timezone="Europe/London", play="together")
    first, *rest = result.response.content.split("\n")
    assert result.ephemeral and first.startswith("🐝 The Spelling Bee will be posted in")
    assert rest == [TOGETHER.format("Spelling Bee")]  # the bot may open threads there: no warning
    assert await styles(simcord_env, server.guild) == {"bee": Play.TOGETHER}
    again = await server.setup(time="10:00")  # setup again without play: the style stays
    assert again.response.content.split("\n")[1:] == \
        ["The server plays the Spelling Bee together, in a thread of each day's post."]
    back = await server.admin.slash(server.channel, "bee setup", channel=server.channel, time="10:00",
                                    timezone="Europe/London", play="solo")
    assert back.response.content.split("\n")[1:] == [SOLO_AGAIN.format("Spelling Bee")]
    assert await styles(simcord_env, server.guild) == {"bee": Play.SOLO}
    plain = await server.setup()
    assert "\n" not in plain.response.content  # solo, unchanged: the reply is as it always was


async def test_setup_says_which_thread_permissions_are_missing(server, simcord_env):
    bot = simcord_env.bot.user
    no_threads = server.guild.create_text_channel(
        "no-threads",
        overwrites={bot: discord.PermissionOverwrite(create_public_threads=False, send_messages_in_threads=False)})
    result = await server.admin.slash(server.channel, "box setup", channel=no_threads, time="09:00",
                                      timezone="UTC", play="together")
    assert result.response.content.split("\n")[1:] == [
        TOGETHER.format("Letter Boxed"),
        f"I can't open threads in <#{no_threads.id}>: give me Create Public Threads, Send Messages in Threads there. "
        f"Until then the server plays together in <#{no_threads.id}> itself."]
    assert await styles(simcord_env, server.guild) == {"letterbox": Play.TOGETHER}  # set up all the same
    one_missing = server.guild.create_text_channel(
        "one-missing", overwrites={bot: discord.PermissionOverwrite(send_messages_in_threads=False)})
    again = await server.admin.slash(server.channel, "box setup", channel=one_missing, time="09:00", timezone="UTC")
    assert "give me Send Messages in Threads there" in again.response.content


async def test_a_switch_mid_day_applies_from_the_next_post(server, simcord_env):
    await server.start_day()  # solo, posted at 09:00
    puzzle = puzzle_of(START)
    result = await server.admin.slash(server.channel, "settings", play="together")  # the server's one daily game
    assert result.ephemeral
    assert result.response.content == TOGETHER.format("Spelling Bee") + "\nToday's hive stays solo."
    assert await calendar(simcord_env).play_style("bee", server.guild.id, START) is Play.SOLO
    guess = await server.alice.slash(server.channel, "bee guess", word=non_pangram(puzzle))
    assert guess.response.content.startswith("✅")  # today plays solo, as before
    await simcord_env.advance_time(24 * HOUR)
    tomorrow = START + dt.timedelta(days=1)
    assert [p.embeds[0].title for p in server.posts()] == ["Spelling Bee · #366 · Thursday 1 January 2026",
                                                           "Spelling Bee · #367 · Friday 2 January 2026"]
    assert await calendar(simcord_env).play_style("bee", server.guild.id, tomorrow) is Play.TOGETHER
    back = await server.admin.slash(server.channel, "settings", play="solo", game="bee")
    assert back.response.content == SOLO_AGAIN.format("Spelling Bee") + "\nToday's hive stays together."
    assert await calendar(simcord_env).play_style("bee", server.guild.id, tomorrow) is Play.TOGETHER
    word = non_pangram(puzzle_of(tomorrow))
    together = await server.bob.slash(server.channel, "bee guess", word=word)  # the day plays as it was posted
    assert together.response.content.startswith(f"You found 1 new word for the team: {word}")
    same = await server.admin.slash(server.channel, "settings", play="solo", game="bee")
    assert same.response.content == "The server already plays the Spelling Bee alone, each player privately."


async def test_two_games_of_one_server_and_what_settings_asks(server, simcord_env):
    none = await server.admin.slash(server.channel, "settings", play="together")
    assert none.response.content == \
        "There is no daily game in this server yet: start one with /bee setup, /box setup or /ladder setup."
    named = await server.admin.slash(server.channel, "settings", play="together", game="letterbox")
    assert named.response.content.startswith("There is no Letter Boxed in this server yet.")
    await server.admin.slash(server.channel, "bee setup", channel=server.channel, time="09:00",
                             timezone="Europe/London", play="together")
    await server.admin.slash(server.general, "box setup", channel=server.general, time="09:00",
                             timezone="Europe/London")
    which = await server.admin.slash(server.channel, "settings", play="solo")
    assert which.response.content == ("Say which game: `/settings play:solo game:Spelling Bee` or "
                                      "`/settings play:solo game:Letter Boxed`.")
    lone_game = await server.admin.slash(server.channel, "settings", game="bee")
    assert lone_game.response.content == "Give play: too, e.g. `/settings play:together game:Spelling Bee`."
    summary = await server.admin.slash(server.channel, "settings")
    assert "Spelling Bee played **together**, Letter Boxed played **solo**." in summary.response.content
    assert await styles(simcord_env, server.guild) == {"bee": Play.TOGETHER, "letterbox": Play.SOLO}
    await simcord_env.advance_time(9 * HOUR)  # both post
    both = (calendar(simcord_env).play_style(game, server.guild.id, START) for game in ("bee", "letterbox"))
    assert [await style for style in both] == [Play.TOGETHER, Play.SOLO]
    assert "settings" not in server.alice.available_commands(server.channel)  # only Manage Server switches it
