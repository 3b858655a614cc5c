"""Study reminders through SimCord: asked for with /study settings, one DM a day at the player's
time in their zone while cards are due today ("3 cards due today"), never twice (across a restart too),
never after an opt-out, and turned off quietly for a player whose DMs are closed (50007); the
task idles while nobody asked."""

import datetime as dt

import pytest

from bot.study.reminders import task
from bot.study.reminders.task import next_time
from tests.bot.study.deck_club import Club, answers_of, labels, prompt_of

pytestmark = pytest.mark.both_backends

HOUR = 3600


def at(day, hour, minute=0):
    return dt.datetime(2026, 1, day, hour, minute, tzinfo=dt.UTC)


@pytest.fixture
def club(simcord_env, monkeypatch):
    # The timers look again at least hourly as a safety net; each wake-up costs SimCord a settle,
    # so these days-long runs let them sleep straight to the next timer.
    monkeypatch.setattr("bot.timers.service.MAX_SLEEP", 7 * 24 * HOUR)
    return Club(simcord_env)


async def until(club, when):
    await club.env.advance_time((when - club.env.bot.daily.calendar.clock()).total_seconds())


def reminders(club, who="alice"):
    return [m.content for m in club.dms(who) if (m.content or "").startswith("Your study deck: ")]


async def test_one_reminder_a_day_at_the_players_time(club, simcord_env, new_bot):
    said = await club.study("alice", "study settings", reminder="09:00", timezone="UTC")
    assert "Daily reminder by DM: **at 09:00 UTC**" in said.response.embeds[0].description
    await club.add("alice")
    await until(club, at(1, 8, 59))
    assert reminders(club) == []
    await until(club, at(1, 9, 1))
    (reminder,) = reminders(club)
    assert reminder.startswith("Your study deck: 3 cards due today (3 new).")
    assert "`/study settings reminder:off`" in reminder
    await simcord_env.restart_bot(new_bot())  # a restart the same day sends nothing again
    await until(club, at(1, 23))
    assert len(reminders(club)) == 1
    await until(club, at(2, 9, 1))  # the cards are still due the next day: one more
    assert len(reminders(club)) == 2
    (message,) = [m for m in club.dms("alice") if m.content == reminders(club)[-1]][-1:]
    assert labels(message) == ["Study now"]
    card = (await club.users["alice"].click(message, label="Study now")).response
    assert prompt_of(card) in answers_of() and labels(card) == ["Answer"]


async def test_the_reminder_follows_the_players_zone(club):
    await club.study("bob", "study settings", reminder="9am", timezone="New York")
    await club.add("bob")
    await until(club, at(1, 13, 59))  # 08:59 in New York (UTC-5 in January)
    assert reminders(club, "bob") == []
    await until(club, at(1, 14, 1))
    assert len(reminders(club, "bob")) == 1


async def test_no_reminder_after_an_opt_out_nor_without_cards_due(club):
    await club.study("alice", "study settings", reminder="09:00")
    await club.add("alice")
    off = await club.study("alice", "study settings", reminder="off")
    assert "Daily reminder by DM: **off**" in off.response.embeds[0].description
    await club.study("bob", "study settings", reminder="09:00")  # asked, but nothing in the deck
    await until(club, at(2, 10))
    assert reminders(club) == [] and reminders(club, "bob") == []


async def test_a_player_with_closed_dms_is_turned_off_quietly(club, simcord_env, caplog):
    # SimCord answers 50007 ("Cannot send messages to this user") for a DM to a bot account: the
    # same refusal a player who closed their direct messages gets.
    closed = club.guild.add_member(simcord_env.create_user("closed", bot=True))
    service, now = club.service, simcord_env.bot.daily.calendar.clock()
    await service.change_settings(closed.id, remind_at="09:00")
    await service.add_set(closed.id, "full", 2, 1, 3, now)
    await club.study("alice", "study settings", reminder="09:00")  # wakes the task, as any change of reminder does
    await club.add("alice")
    await until(club, at(1, 9, 1))
    assert (await service.settings(closed.id)).remind_at is None
    assert len(reminders(club)) == 1  # the others still get theirs
    assert not [r for r in caplog.records if r.levelname in ("ERROR", "WARNING") and "study" in r.name]


async def test_a_players_reminder_is_a_timer_while_they_ask(club, simcord_env):
    timers, alice = simcord_env.bot.timers.store, str(club.users["alice"].id)
    await until(club, at(4, 0, 1))
    assert await timers.keys(task.STUDY_REMINDER) == set()  # nobody asked: nothing to wake for
    await club.study("alice", "study settings", reminder="06:00")  # asking sets the player's timer
    assert (await timers.get(task.STUDY_REMINDER, alice)).due_at == at(4, 6)
    await club.add("alice")
    await until(club, at(4, 6, 1))
    assert len(reminders(club)) == 1
    assert (await timers.get(task.STUDY_REMINDER, alice)).due_at == at(5, 6)  # and the next day's
    await club.study("alice", "study settings", reminder="off")  # turning it off takes it away
    assert await timers.keys(task.STUDY_REMINDER) == set()


def test_the_next_reminder_time_across_zones_and_daylight_saving():
    now = dt.datetime(2026, 3, 7, 15, tzinfo=dt.UTC)  # 10:00 in New York, 15:00 in London
    assert next_time([(dt.time(9), "America/New_York")], now) == dt.datetime(2026, 3, 8, 13, tzinfo=dt.UTC)  # DST
    assert next_time([(dt.time(16), "Europe/London"), (dt.time(9), "America/New_York")], now) == \
        dt.datetime(2026, 3, 7, 16, tzinfo=dt.UTC)
    assert next_time([], now) is None


async def test_the_reminder_the_stats_and_the_review_count_due_today_alike(club, simcord_env):
    """One deck, read three ways at the same moment: the DM, /study stats (its text and its
    picture) and /study review say the same "due today", from Study.due."""
    await club.study("alice", "study settings", reminder="09:00", timezone="UTC", new_per_day=2)
    await club.add("alice")  # 3 new cards, 2 a day
    card = (await club.study("alice")).response
    await club.answer("alice", card, "")  # Again: a review due a minute later; 1 new card left today
    await until(club, at(1, 9, 1))
    said = "2 cards due today (1 review, 1 new)"
    (reminder,) = reminders(club)
    assert reminder.startswith(f"Your study deck: {said}.")
    stats = (await club.study("alice", "study stats")).response
    assert stats.embeds[0].description.splitlines()[0] == said
    assert "2 cards due today" in stats.attachments[0].description  # the picture's tile
    assert "Reviews due over the next 30 days: today 1." in stats.attachments[0].description
    review = (await club.study("alice")).response
    assert review.embeds[0].footer.text.startswith(f"{said} · ")
