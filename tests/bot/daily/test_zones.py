"""Time zones and times as an admin types them (bot/daily/zones.py), and what setup says of them."""

import datetime as dt
from zoneinfo import ZoneInfo

import pytest

from bot.daily.zones import POPULAR, Unreadable, matching_zones, read_time, read_zone, shown_zone, zones
from tests.bot.games.bee.test_bee_discord import Server


@pytest.mark.parametrize(("typed", "zone"), [
    ("Europe/London", "Europe/London"), ("europe/london", "Europe/London"), ("London", "Europe/London"),
    ("new york", "America/New_York"), ("NEW_YORK", "America/New_York"), ("São Paulo", "America/Sao_Paulo"),
    ("sao paulo", "America/Sao_Paulo"), ("EST", "America/New_York"), ("edt", "America/New_York"),
    ("CET", "Europe/Paris"), ("BST", "Europe/London"), ("IST", "Asia/Kolkata"), ("UTC", "UTC"),
    ("+02:00", "Etc/GMT-2"), ("UTC-5", "Etc/GMT+5"), ("gmt+10", "Etc/GMT-10"), ("+05:30", "Asia/Kolkata"),
    ("+0545", "Asia/Kathmandu"), ("-03:30", "America/St_Johns"), ("+00:00", "UTC"), ("Mumbai", "Asia/Kolkata"),
    ("san francisco", "America/Los_Angeles"), ("Tokyo", "Asia/Tokyo"),
])
def test_zones_are_read_from_names_cities_abbreviations_and_offsets(typed, zone):
    read = read_zone(typed)
    assert read.name == zone and read.name in zones()
    assert (read.read_as is None) == (typed == zone or typed.lower() == zone.lower())
    ZoneInfo(read.name)  # the tz database has it


def test_an_offset_zone_keeps_its_offset_all_year():
    zone = ZoneInfo(read_zone("+02:00").name)
    for month in (1, 7):
        assert dt.datetime(2026, month, 1, 12, tzinfo=zone).utcoffset() == dt.timedelta(hours=2)


@pytest.mark.parametrize("typed", ["", "   ", "Mars/Olympus", "+15:00", "+02:17", "atlantis", "x" * 500])
def test_what_is_no_zone_says_what_is_accepted(typed):
    with pytest.raises(Unreadable, match="(zone|offset|city)"):
        read_zone(typed)


@pytest.mark.parametrize(("typed", "time"), [
    ("09:00", dt.time(9)), ("9:00", dt.time(9)), ("9", dt.time(9)), ("9am", dt.time(9)), ("9 AM", dt.time(9)),
    ("9:30 pm", dt.time(21, 30)), ("9.30pm", dt.time(21, 30)), ("12am", dt.time(0)), ("12pm", dt.time(12)),
    ("21h", dt.time(21)), ("21h30", dt.time(21, 30)), ("noon", dt.time(12)), ("midnight", dt.time(0)),
    ("23:59", dt.time(23, 59)), ("0:00", dt.time(0)), ("9 a.m.", dt.time(9)),
])
def test_times_are_read_as_admins_type_them(typed, time):
    assert read_time(typed) == time


@pytest.mark.parametrize("typed", ["24:00", "9:60", "13pm", "0am", "nine", "", "9::30", "9:3"])
def test_what_is_no_time_says_how_to_give_one(typed):
    with pytest.raises(Unreadable, match="9am"):
        read_time(typed)


def test_the_autocomplete_offers_the_most_used_zones_first_and_reads_what_is_typed():
    assert [zone for _, zone in matching_zones("")] == [z for z in POPULAR if z in zones()][:25]
    assert matching_zones("")[0] == ("America/New_York", "America/New_York")
    assert "America/Adak" not in [zone for _, zone in matching_zones("")]
    assert matching_zones("EST")[0] == ("EST: America/New_York", "America/New_York")
    assert matching_zones("new york")[0][1] == "America/New_York"
    assert matching_zones("london")[0] == ("london: Europe/London", "Europe/London")
    assert matching_zones("gmt+10")[0] == ("gmt+10: UTC+10:00", "Etc/GMT-10")  # ten hours ahead, stored the tz way
    assert matching_zones("zzzz") == []


async def test_setup_reads_an_abbreviation_and_a_12_hour_time_and_says_so(simcord_env):
    server = Server(simcord_env)
    result = await server.admin.slash(server.channel, "bee setup", channel=server.channel, time="9am", timezone="EST")
    assert result.ephemeral
    lines = result.response.content.splitlines()
    assert "every day at 09:00 (America/New_York)" in lines[0]
    assert "EST was read as America/New_York" in result.response.content
    schedule = await simcord_env.bot.daily.calendar.store.schedule("bee", server.guild.id)
    assert (schedule.post_time, schedule.timezone) == (dt.time(9), "America/New_York")
    choices = await server.admin.autocomplete(server.channel, "bee setup", "timezone", "", channel=server.channel,
                                              time="09:00")
    assert choices[0]["value"] == "America/New_York"


def test_a_fixed_offset_is_shown_as_typed_never_with_the_tz_databases_opposite_sign():
    assert [shown_zone(n) for n in ("Etc/GMT-5", "Etc/GMT+5", "Etc/GMT-14", "Europe/London", "UTC")] == \
        ["UTC+05:00", "UTC-05:00", "UTC+14:00", "Europe/London", "UTC"]
    assert read_zone("GMT+5").read_as == "GMT+5 was read as UTC+05:00, a fixed offset without daylight saving; " \
                                         "a city's zone follows it."
    for hours in range(-12, 15):
        if hours:
            typed = f"UTC{hours:+03d}:00"
            assert shown_zone(read_zone(typed).name) == typed  # shown as it was typed, whatever the sign


async def test_setup_in_a_fixed_offset_says_it_as_the_admin_typed_it(simcord_env):
    server = Server(simcord_env)
    result = await server.admin.slash(server.channel, "bee setup", channel=server.channel, time="09:00",
                                      timezone="GMT+5")
    text = result.response.content
    assert "every day at 09:00 (UTC+05:00)" in text and "GMT+5 was read as UTC+05:00" in text
    assert "Etc/GMT" not in text
    settings = await server.admin.slash(server.channel, "settings")
    assert "UTC+05:00" in str(settings.response.embeds[0].to_dict() if settings.response.embeds
                              else settings.response.content) and "Etc/GMT" not in str(settings.response.content)
