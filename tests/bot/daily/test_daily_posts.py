"""Daily posting through SimCord, for every registered daily game: the local time across
daylight saving, a restart mid-day, a bot that was down at post time."""

import datetime as dt
from zoneinfo import ZoneInfo

import discord
import pytest

from bot.plugins import DAILY_GAMES
from tests.bot.daily.games import KEYS, setup_options

pytestmark = pytest.mark.both_backends  # the bot on SQLite, then on PostgreSQL

HOUR = 3600
START = dt.date(2026, 1, 1)  # SimCord's clock starts at 2026-01-01 00:00 UTC


class Channel:
    """A server with one daily game's channel and an admin."""

    def __init__(self, env, game):
        self.env, self.game = env, game
        self.guild = env.create_guild("Daily Club")
        self.channel = self.guild.create_text_channel(game.key)
        admins = self.guild.create_role("Admins", permissions=discord.Permissions(manage_guild=True))
        self.admin = self.guild.add_member(env.create_user("admin"), roles=[admins])

    async def setup(self, time="09:00", timezone="Europe/London"):
        result = await self.admin.slash(self.channel, f"{self.game.command} setup", channel=self.channel, time=time,
                                        timezone=timezone, **setup_options(self.game.key))
        assert result.ephemeral \
            and result.response.content.startswith(f"{self.game.emoji} The {self.game.title} will be posted")

    def posts(self):
        return [m for m in self.channel.history() if m.embeds and m.embeds[0].title.startswith(f"{self.game.title} ·")]


@pytest.fixture(params=KEYS)
def club(request, simcord_env):
    return Channel(simcord_env, DAILY_GAMES[request.param])


async def test_two_weeks_of_posts_keep_local_time_across_daylight_saving(club, simcord_env, monkeypatch):
    # The timers look again at least hourly as a safety net; each wake-up costs SimCord a settle,
    # so this long run lets them sleep straight to the next post (what the poster computes anyway).
    monkeypatch.setattr("bot.timers.service.MAX_SLEEP", 7 * 24 * HOUR)
    # SimCord's clock starts on 1 January; British Summer Time starts on 29 March. The admin sets the
    # game up a week before (each post costs the test a puzzle and its picture: weeks of posts
    # before the change would show nothing more).
    first = dt.date(2026, 3, 22)
    for _ in range((first - START).days):  # a day at a time: each advance must settle within SimCord's limit
        await simcord_env.advance_time(24 * HOUR)
    await club.setup(time="09:00", timezone="Europe/London")
    for _ in range(14):
        await simcord_env.advance_time(24 * HOUR)
    posts = club.posts()
    london = [p.created_at.astimezone(ZoneInfo("Europe/London")) for p in posts]
    assert [t.date() for t in london] == [first + dt.timedelta(days=d) for d in range(14)]  # one a day, none missed
    assert {(t.hour, t.minute) for t in london} == {(9, 0)}
    by_date = {t.date(): p.created_at for t, p in zip(london, posts, strict=True)}
    assert by_date[dt.date(2026, 3, 28)].hour == 9 and by_date[dt.date(2026, 3, 29)].hour == 8  # in UTC


async def test_a_restart_mid_day_does_not_post_twice(club, simcord_env, new_bot):
    await club.setup(time="09:00", timezone="Europe/London")
    await simcord_env.advance_time(9 * HOUR)
    assert len(club.posts()) == 1
    await simcord_env.restart_bot(new_bot())
    await simcord_env.advance_time(2 * HOUR)
    assert len(club.posts()) == 1
    await simcord_env.advance_time(22 * HOUR)  # the next day's post still comes, once
    assert len(club.posts()) == 2


async def test_a_bot_that_was_down_at_post_time_posts_on_start_up(club, simcord_env, new_bot):
    # The schedule (due 00:00 UTC, i.e. now) was stored while this bot was not looking:
    await simcord_env.bot.daily.calendar.store.set_schedule(club.game.key, club.guild.id, club.channel.id,
                                                            dt.time(0, 0), "UTC", club.admin.id)
    assert club.posts() == []
    first, second = new_bot(), new_bot()
    await simcord_env.restart_bot(first)
    assert len(club.posts()) == 1
    await simcord_env.restart_bot(second)
    assert len(club.posts()) == 1
