"""A server that moves its time zone (or post time) keeps the day that was posted playable until
the game's next post, and the admin is told when a setup moves the other game's posts too."""

import datetime as dt

import discord
import pytest

from bot.daily.calendar import DailyCalendar, NoSchedule
from bot.db import open_database
from bot.games.bee.game import BEE
from bot.games.letterbox.game import LETTERBOX
from solvers import bee
from solvers.lexicon import Lexicon
from tests.bot.daily.due import due_posts
from tests.clock import Clock

GUILD, CHANNEL, ADMIN = 1, 2, 3
HOUR = 3600
DAY1 = dt.date(2026, 1, 1)  # SimCord's clock starts at 2026-01-01 00:00 UTC; London is on UTC in January


def utc(day: dt.date, hour: int, minute: int = 0) -> dt.datetime:
    return dt.datetime.combine(day, dt.time(hour, minute), tzinfo=dt.UTC)


@pytest.fixture
async def calendar(db_target):
    db = await open_database(db_target)
    yield DailyCalendar(db, Clock(utc(DAY1, 0)))
    await db.close()


async def post(calendar: DailyCalendar, day: dt.date) -> None:
    """The bee's post of ``day``, made now (as the posting task does)."""
    now = calendar.clock()
    claim = await calendar.store.claim_post(BEE.key, GUILD, day, CHANNEL, now, now + dt.timedelta(minutes=2))
    await calendar.store.confirm(claim, 1000 + day.toordinal())


async def setup(calendar: DailyCalendar, game, time: str, timezone: str) -> None:
    await calendar.setup(game, GUILD, CHANNEL, time, timezone, ADMIN)


@pytest.mark.parametrize("days_running", [1, 3])
async def test_the_posted_day_stays_playable_after_the_zone_moves_west(calendar, days_running):
    await setup(calendar, BEE, "09:00", "Europe/London")
    for offset in range(days_running):
        calendar.clock.now = utc(DAY1 + dt.timedelta(days=offset), 9)
        await post(calendar, DAY1 + dt.timedelta(days=offset))
    today = DAY1 + dt.timedelta(days=days_running - 1)
    calendar.clock.now = utc(today, 10)
    await setup(calendar, LETTERBOX, "09:00", "America/New_York")  # the server's zone: the bee's too
    schedule = await calendar.schedule(BEE, GUILD)
    assert await calendar.first_post(schedule) == (utc(today + dt.timedelta(days=1), 14), False)  # not today's again
    for hour in (10, 13, 14, 23):  # 09:00 New York is 14:00 UTC: today's post was already made
        calendar.clock.now = utc(today, hour, 59)
        assert (await calendar.today(BEE, GUILD))[1] == today
    calendar.clock.now = utc(today + dt.timedelta(days=1), 13, 59)  # before the next post (09:00 New York)
    assert (await calendar.today(BEE, GUILD))[1] == today
    calendar.clock.now = utc(today + dt.timedelta(days=1), 14)
    assert (await calendar.today(BEE, GUILD))[1] == today + dt.timedelta(days=1)


async def test_a_zone_moved_east_keeps_the_newer_post(calendar):
    # Auckland's 09:00 of 2 January is 20:00 UTC on 1 January: that post is made, then the server
    # moves to Honolulu, where it is the morning of 1 January, past its post time.
    await setup(calendar, BEE, "09:00", "Pacific/Auckland")
    calendar.clock.now = utc(DAY1, 20)
    await post(calendar, DAY1 + dt.timedelta(days=1))
    calendar.clock.now = utc(DAY1, 21)
    await setup(calendar, BEE, "09:00", "Pacific/Honolulu")
    assert (await calendar.today(BEE, GUILD))[1] == DAY1 + dt.timedelta(days=1)
    schedule = await calendar.schedule(BEE, GUILD)
    assert await calendar.first_post(schedule) == (utc(DAY1 + dt.timedelta(days=2), 19), False)  # 2 January was posted
    assert await due_posts(calendar) == []  # Honolulu's 1 January is due, but never posted after the 2nd
    calendar.clock.now = utc(DAY1 + dt.timedelta(days=1), 19)  # 09:00 in Honolulu on 2 January: posted already
    assert await due_posts(calendar) == []
    assert (await calendar.today(BEE, GUILD))[1] == DAY1 + dt.timedelta(days=1)
    calendar.clock.now = utc(DAY1 + dt.timedelta(days=2), 19)
    assert [(s.game, day) for s, day in await due_posts(calendar)] == [(BEE.key, DAY1 + dt.timedelta(days=2))]


async def test_a_later_post_time_keeps_todays_post(calendar):
    await setup(calendar, BEE, "09:00", "UTC")
    calendar.clock.now = utc(DAY1 + dt.timedelta(days=1), 9)
    await post(calendar, DAY1)  # the one of yesterday, late
    await post(calendar, DAY1 + dt.timedelta(days=1))
    calendar.clock.now = utc(DAY1 + dt.timedelta(days=1), 12)
    await setup(calendar, BEE, "18:00", "UTC")
    assert (await calendar.today(BEE, GUILD))[1] == DAY1 + dt.timedelta(days=1)


async def test_before_the_first_post_there_is_still_nothing_to_play(calendar):
    await setup(calendar, BEE, "09:00", "UTC")
    calendar.clock.now = utc(DAY1 - dt.timedelta(days=40), 9)
    await post(calendar, DAY1 - dt.timedelta(days=40))  # a month ago, before the game was stopped
    calendar.clock.now = utc(DAY1, 8)
    with pytest.raises(NoSchedule, match="The first hive of the Spelling Bee arrives at 09:00"):
        await calendar.today(BEE, GUILD)


class Server:
    def __init__(self, env):
        self.guild = env.create_guild("Word Club")
        self.bee = self.guild.create_text_channel("bee")
        self.box = self.guild.create_text_channel("letter-boxed")
        admins = self.guild.create_role("Admins", permissions=discord.Permissions(manage_guild=True))
        self.admin = self.guild.add_member(env.create_user("admin"), roles=[admins])
        self.alice = self.guild.add_member(env.create_user("alice"))

    async def setup(self, command, channel, time, timezone):
        """The setup's reply; a setup that would move the other game's zone is asked about first
        (``bot.daily.zone_choice``), and here the admin chooses to move the server."""
        result = await self.admin.slash(channel, f"{command} setup", channel=channel, time=time, timezone=timezone)
        assert result.ephemeral
        if result.response.components:
            assert "one time zone for every daily game" in result.response.content
            result = await self.admin.click(result.response, label=f"Use {timezone} for both")
        return result.response.content


async def test_bee_players_keep_todays_hive_when_the_box_moves_the_time_zone(simcord_env):
    server = Server(simcord_env)
    reply = await server.setup("bee", server.bee, "09:00", "Europe/London")
    assert "moves too" not in reply
    await simcord_env.advance_time(10 * HOUR)  # 10:00 London: today's hive was posted at 09:00
    reply = await server.setup("box", server.box, "09:00", "America/New_York")
    assert reply.splitlines()[1] == ("The server has one time zone, so the Spelling Bee moves too: "
                                     "it now posts at 09:00 America/New_York (was 09:00 Europe/London).")
    puzzle = bee.generate(Lexicon.load("common"), DAY1)
    word = next(w for w in puzzle.answers if w not in puzzle.pangrams)
    result = await server.alice.slash(server.bee, "bee guess", word=word)
    assert "arrives at" not in result.response.content
    assert word.upper() in result.response.content and "not in" not in result.response.content
    await simcord_env.advance_time(5 * HOUR)  # 09:00 New York: today's hive is not posted again
    bee_posts = [m for m in server.bee.history() if m.embeds and m.embeds[0].title.startswith("Spelling Bee ·")]
    assert len(bee_posts) == 1
    reply = await server.setup("box", server.box, "10:00", "America/New_York")  # same zone: nothing else moves
    assert len(reply.splitlines()) == 1
