"""Streak reminders through SimCord: asked for with /remind, sent once by direct message a few
hours before the day ends, only to a player with a streak of 3 days or more who has not played;
never after an opt-out, never twice across a restart; closed DMs turn them off."""

import datetime as dt

import discord
import pytest

from bot.daily.schedule import Schedule
from bot.reminders.task import REMIND_BEFORE, next_reminder

pytestmark = pytest.mark.both_backends

HOUR = 3600
JAN = [dt.date(2026, 1, d) for d in range(1, 8)]  # SimCord's clock starts at 2026-01-01 00:00 UTC


class Club:
    def __init__(self, env):
        self.env = env
        self.guild = env.create_guild("Daily Club")
        self.channel = self.guild.create_text_channel("bee")
        admins = self.guild.create_role("Admins", permissions=discord.Permissions(manage_guild=True))
        self.admin = self.guild.add_member(env.create_user("admin"), roles=[admins])
        self.users = {name: env.create_user(name) for name in ("alice", "bob", "carol", "dave")}
        self.players = {name: self.guild.add_member(user) for name, user in self.users.items()}

    async def setup(self):
        await self.admin.slash(self.channel, "bee setup", channel=self.channel, time="09:00", timezone="UTC")

    async def play(self, name_or_id, days):
        user_id = name_or_id if isinstance(name_or_id, int) else self.players[name_or_id].id
        game = self.env.bot.get_cog("Bee").game
        for day in days:
            word = (await game.puzzle(day)).answers[0]
            assert (await game.guess(self.guild.id, user_id, day, word)).accepted

    async def remind(self, name, on=True):
        return await self.players[name].slash(self.channel, "remind", streak=on)

    def dms(self, name):
        return [m.content for m in self.users[name].dm_channel.history() if m.author.id == self.env.bot.user.id]

    async def until(self, when: dt.datetime):
        now = self.env.bot.daily.calendar.clock()
        await self.env.advance_time((when - now).total_seconds())


def at(day, hour, minute=0):
    return dt.datetime.combine(day, dt.time(hour, minute), tzinfo=dt.UTC)


@pytest.fixture
def club(simcord_env, monkeypatch):
    # The timers look again at least hourly as a safety net; each wake-up costs SimCord a settle,
    # so these days-long runs let them sleep straight to the next timer.
    monkeypatch.setattr("bot.timers.service.MAX_SLEEP", 7 * 24 * HOUR)
    return Club(simcord_env)


async def test_one_reminder_to_the_player_who_asked_and_has_a_streak(club, simcord_env, new_bot):
    await club.setup()
    await club.play("alice", JAN[:3])  # a streak of 3, not played on the 4th
    await club.play("bob", JAN[:4])  # played the 4th already
    await club.play("carol", JAN[:3])  # a streak, but never asked
    await club.play("dave", JAN[1:3])  # asked, but a streak of 2
    for name in ("alice", "bob", "dave"):
        said = await club.remind(name)
        assert said.ephemeral and "Streak reminders are on" in said.response.content
    await club.until(at(JAN[4], 5, 59))  # the 4th is played until the 5th's post at 09:00; 3 hours before: 06:00
    assert club.dms("alice") == []
    await club.until(at(JAN[4], 6, 1))
    (reminder,) = club.dms("alice")
    ends = int(at(JAN[4], 9).timestamp())
    assert reminder.startswith(f"🔥 Your Spelling Bee streak of 3 days in Daily Club ends <t:{ends}:R>")
    assert f"<#{club.channel.id}>" in reminder
    assert club.dms("bob") == club.dms("carol") == club.dms("dave") == []
    await simcord_env.restart_bot(new_bot())  # a restart inside the window sends nothing again
    await club.until(at(JAN[4], 8, 59))
    assert len(club.dms("alice")) == 1


async def test_a_together_streak_is_reminded_in_the_days_thread(club, simcord_env):
    """On a server that plays together, a day counts when the player found a word for the team: the
    reminder names the together streak and points to the day's thread."""
    await club.admin.slash(club.channel, "bee setup", channel=club.channel, time="09:00", timezone="UTC",
                           play="together")
    team = simcord_env.bot.get_cog("Bee").team
    for name, days in (("alice", JAN[:3]), ("bob", JAN[:4])):
        for day in days:
            word = (await team.game.puzzle(day)).answers[0 if name == "alice" else 1]
            assert (await team.credit(club.guild.id, club.players[name].id, day, [word])).new
    for name in ("alice", "bob"):
        said = await club.remind(name)
        assert "your together streak counts" in said.response.content
    await club.until(at(JAN[4], 6, 1))
    (reminder,) = club.dms("alice")
    (thread,) = [t for t in club.channel.threads if t.name == "Spelling Bee · Sun 4 Jan"]
    assert reminder.startswith("🔥 Your Spelling Bee together streak of 3 days in Daily Club ends")
    assert f"the team is playing today's hive in <#{thread.id}>" in reminder
    assert club.dms("bob") == []  # found a word for the team today


async def test_no_reminder_after_an_opt_out(club):
    await club.setup()
    await club.play("alice", JAN[:3])
    await club.remind("alice")
    off = await club.remind("alice", on=False)
    assert "Streak reminders are off." in off.response.content
    await club.until(at(JAN[4], 8))
    assert club.dms("alice") == []


async def test_a_player_with_closed_direct_messages_is_not_asked_every_day(club, simcord_env):
    # SimCord answers 50007 ("Cannot send messages to this user") for a DM to a bot account: the
    # same refusal a player who closed their direct messages gets.
    closed = club.guild.add_member(simcord_env.create_user("closed", bot=True))
    await club.setup()
    await club.play(closed.id, JAN[:3])
    reminders = simcord_env.bot.get_cog("Reminders").reminders
    store = reminders.store
    await reminders.ask(club.guild.id, closed.id)
    await club.until(at(JAN[4], 7))
    assert not await store.wants(club.guild.id, closed.id)  # turned off, logged quietly


def test_the_reminder_time_follows_the_post_time_and_its_zone():
    schedule = Schedule("bee", 1, 2, dt.time(9), "America/New_York")
    before_post = dt.datetime(2026, 3, 7, 10, tzinfo=dt.UTC)  # 05:00 New York, an hour before the reminder
    assert next_reminder(schedule, before_post) == dt.datetime(2026, 3, 7, 11, tzinfo=dt.UTC)  # 06:00 local
    after = dt.datetime(2026, 3, 7, 11, 30, tzinfo=dt.UTC)
    # The next is the 8th's: daylight saving starts that night in New York, so 06:00 local is 10:00 UTC.
    assert next_reminder(schedule, after) == dt.datetime(2026, 3, 8, 10, tzinfo=dt.UTC)
    assert REMIND_BEFORE == dt.timedelta(hours=3)


async def test_asking_sets_the_timers_at_once(club, simcord_env):
    # With nobody asking in the server, its schedules have no reminder timer; asking inside the
    # window sets them to now, and the reminder comes at once, not the next day.
    await club.setup()
    await club.play("alice", JAN[:3])
    await club.until(at(JAN[4], 6, 30))
    assert club.dms("alice") == [] and await simcord_env.bot.timers.store.keys("streak-reminder") == set()
    await club.remind("alice")
    await club.until(at(JAN[4], 6, 31))
    assert len(club.dms("alice")) == 1
